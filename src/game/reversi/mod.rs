//! Reversi (Othello) on two 64-bit bitboards, relative to the side to move.
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63: row 1 first, as in
//! the FFO `.pos` board line.

pub mod bits;
mod eval;
mod notation;
pub mod pattern;
mod record;
mod rules;
#[cfg(test)]
mod tests;
mod text;
pub mod weights_file;

pub use bits::{flips, move_squares};
pub use eval::{corner_weighted, SQUARE_WEIGHTS};
pub use notation::{parse_side, ReversiMove};
pub use rules::{fastest_first_rank, Reversi};
