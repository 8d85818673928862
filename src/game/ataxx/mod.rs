//! Ataxx on a 7x7 board held in the low 49 bits of a u64, with gaps (blocked squares),
//! following the UAI conventions (see README: rules and perft conventions).
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., g1 = 6, a2 = 7, ..., g7 = 48.

mod bits;
mod notation;
mod rules;
#[cfg(test)]
mod tests;
mod text;

pub use bits::HALFMOVE_LIMIT;
pub use notation::AtaxxMove;
pub use rules::Ataxx;
