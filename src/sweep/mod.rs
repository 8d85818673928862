//! Sweeps: every position x variant x depth, each finished case appended to `runs.csv` and
//! flushed at once, so an interrupted sweep keeps every finished row and `--resume` completes
//! it without repeating any.

mod execute;
pub mod meta;
mod minimal;
mod move_loss;
pub mod plan;
pub mod row;
mod run;
mod settings;
mod span;
pub mod worker;

pub use run::{load_cases, run};
pub use settings::{SweepSettings, SweepSummary};

#[cfg(test)]
mod tests;
