//! The work behind each subcommand, writing its text output to any `Write`, so that the
//! binary stays a thin front end and the output formats can be tested.

pub mod bench;
pub mod merge;
pub mod perft;
pub mod report;
pub mod search;
pub mod show;
pub mod solve;
pub mod sprt;
pub mod variants;

pub use crate::report::text::thousands;
