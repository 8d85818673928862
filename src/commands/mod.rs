//! One file per subcommand: its arguments (its struct of `cli.rs`) turned into its settings,
//! and its work, writing its text output to any `Write` so that the binary stays a thin
//! front end and the output formats can be tested.

pub mod ab;
pub mod ab_builds;
mod ab_plan;
mod ab_report;
pub mod ab_timing;
pub mod bench;
pub mod compare;
pub mod completions;
mod dispatch;
pub mod engine;
pub mod merge;
mod outcome;
pub mod perft;
pub mod play;
pub mod plot;
pub mod report;
pub mod search;
pub mod show;
pub mod solve;
mod solve_progress;
mod solve_table;
mod solve_where;
mod solve_where_root;
pub mod sprt;
pub mod sweep;
pub mod trace;
pub mod variants;

pub use dispatch::run;
pub use outcome::Outcome;
