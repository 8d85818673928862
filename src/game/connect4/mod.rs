//! Connect 4 on the standard 7-column, 6-row board, held in bitboards in the usual
//! column-major layout with a sentinel row (John Tromp's, as Pascal Pons' tutorial uses).
//!
//! Bit `column * 7 + row` is the square in column `column` (0 = column 1, on the left) and row
//! `row` (0 = the bottom); bit 6 of each column is the sentinel, always empty.

pub mod bits;
pub mod classes;
mod rules;
#[cfg(test)]
pub(crate) mod tests;
mod text;

pub use rules::{Connect4, Connect4Move, CENTRE_FIRST};
