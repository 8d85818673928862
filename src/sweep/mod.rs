//! Sweeps: every position x variant x depth, each finished case appended to `runs.csv` and
//! flushed at once, so an interrupted sweep keeps every finished row and `--resume` completes
//! it without repeating any.

pub mod bench;
pub mod merge;
pub mod meta;
pub mod plan;
pub mod record;
mod run;
mod settings;
pub mod shard;
mod table;

pub use record::{CaseKey, Record, COLUMNS};
pub use run::run;
pub use settings::{SweepSettings, SweepSummary, RUNS_FILE};
pub use table::{parse_runs, read_runs};

#[cfg(test)]
mod tests;
