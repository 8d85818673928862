//! What a sweep is asked to do and what it did.

use std::path::PathBuf;
use std::time::Duration;

use crate::engine::EngineSpec;
use crate::game::{Eval, GameKind};
use crate::measure::Repeat;
use crate::search::{Clock, Variant};
use crate::store::ShardSpec;

/// Everything a sweep needs, in plain types.
#[derive(Clone, Debug)]
pub struct SweepSettings {
    pub positions: Vec<String>,
    pub game: Option<GameKind>,
    pub variants: Vec<Variant>,
    /// External engines, searched beside the variants.
    pub engines: Vec<EngineSpec>,
    /// The depths; `None` for the default of the positions' game (see `plan::default_depths`).
    pub depths: Option<Vec<u32>>,
    pub eval: Eval,
    pub shuffle: Option<u64>,
    pub jobs: usize,
    /// The thread counts each variant searches each case with (a dimension of the plan).
    pub threads: Vec<u32>,
    pub time_limit: Option<Duration>,
    /// What time limits are checked against (tests stand in for the system's clock).
    pub clock: Clock,
    pub out_dir: PathBuf,
    pub resume: bool,
    /// Replace a `runs.csv` of another plan.
    pub force: bool,
    /// Runs of each case (the median time is recorded).
    pub repeat: Repeat,
    pub quiet: bool,
    /// Add each case's minimal tree (where the full tree has at most this many nodes) and
    /// left-first minimal graph to its row.
    pub minimal: Option<u64>,
    /// Add each case's work and span under YBWC's rules (`--parallelism`) to its row.
    pub parallelism: bool,
    /// The command line, for `meta.json`.
    pub command_line: Vec<String>,
    /// Run only this shard of the plan's cases (see `shard`).
    pub shard: Option<ShardSpec>,
    /// The bench total this build must count before the sweep runs (the shards' gate).
    pub signature: Option<u64>,
    /// Shuffles the bench's move orders: tests stand in with it for a build that counts
    /// differently.
    #[doc(hidden)]
    pub bench_shuffle: Option<u64>,
}

/// What a sweep did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SweepSummary {
    /// The first failed case and its error.
    pub first_failure: Option<String>,
    pub planned: usize,
    pub skipped: usize,
    pub ok: usize,
    pub timed_out: usize,
    pub failed: usize,
    pub wall: Duration,
}
