//! Chess, on cozy-chess's move generator (<https://github.com/analog-hors/cozy-chess>): its
//! board, legal moves and Zobrist key, behind nodeprof's `Game` trait; FEN and EPD, UCI's
//! move form and SAN; PeSTO's evaluation.

mod board;
mod eval;
mod published;
mod rules;
#[cfg(test)]
mod tests;
mod text;

pub use eval::pesto;
pub use published::CPW_PERFT;
pub use rules::{Chess, ChessMove, MAX_MOVES};
pub use text::san_moves;
