//! Test positions: loading suites from files, folders and globs, in a stable order.
//!
//! Formats (all: `%` starts a comment that runs to the end of the line):
//! - FFO `.pos` (Reversi): the 64-square board line, then `Black to move` / `White to move`,
//!   then optionally one line of expected move values `a2:+38; b1:+24`.
//! - Ataxx `.pos`: one FEN line, then optionally one line of expected move values.
//! - `.obf` / `.fen` lists: one position a line, `position; move:value; move:value ...`
//!   (Edax's obf form for Reversi, `board side`; a FEN for Ataxx).
//! - `.epd` lists (chess): a FEN or EPD's four fields, then EPD's operations (`bm`, `am`,
//!   `id`, ...).

pub mod any;
mod builtin;
mod epd;
mod formats;
mod load;
mod natural;

pub use any::{AnyPosition, Case, Expected};
pub use builtin::SUITES;
pub use formats::{
    decode, parse_file, parse_position_line, write_list_line, write_pos_file, NOT_PROVED,
};
pub use load::load;
pub use natural::natural_cmp;

#[cfg(test)]
mod tests;
