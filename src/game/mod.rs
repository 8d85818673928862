//! The games: one rules trait ([`Game`]) implemented by bitboard engines, so that perft and
//! every search variant are written once and monomorphised per game; each game's notation
//! ([`Notation`]); and the registry that lists them ([`GameKind`], `game_list!`).

pub mod ataxx;
pub mod chess;
pub mod connect4;
mod notation;
mod perft;
pub mod pgn;
pub mod record;
mod registry;
pub mod reversi;
mod rules;
pub mod tree;

pub use ataxx::{Ataxx, AtaxxMove};
pub use chess::{Chess, ChessMove};
pub use connect4::{Connect4, Connect4Move};
pub use notation::Notation;
pub use perft::{perft, perft_divide};
pub use record::{GameRecord, MoveNote, ReadGame, RecordClock, Termination};
pub use registry::GameKind;
pub use reversi::pattern::{eval_weights, EvalWeights};
pub use reversi::{Reversi, ReversiMove};
pub use rules::{margin_floor, margin_score, Eval, Game, GameMove, MoveError, MoveList, Side};
pub use tree::{TreeMove, TreeSpec, UniformTree};
