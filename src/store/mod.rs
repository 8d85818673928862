//! What the producers (sweep, play) write and the consumers (report, compare, merge) read:
//! the tables' schemas (`runs.csv`, `games.csv`, `moves.csv`), `meta.json`'s provenance and
//! shard identity, shards and their merge, and the run folder's guard (its lock, the rule for
//! results already there, files replaced whole, tables read back without a row cut by a
//! kill). `sweep`, `play` and `report` meet here and never import one another.

pub mod cuts;
pub mod folder;
pub mod games;
pub mod merge;
pub mod meta;
pub mod plan;
pub mod record;
pub mod runs;
pub mod shard;

pub use folder::{busy, complete_lines, keep_finished, lock, replace, FolderLock, LOCK_FILE};
pub use meta::{provenance, Provenance, ShardInfo, Sharding, META_FILE};
pub use record::{CaseKey, Record, Status, COLUMNS, ENGINE_EVAL};
pub use runs::{finished_cases, parse_runs, read_runs, write_runs, RUNS_FILE};
pub use shard::{fields_hash, Shard, ShardSpec};

/// The subfolder where a profile sweep keeps the same sweep with nodeprof's defaults; the
/// summary then shows both side by side.
pub const DEFAULTS_DIR: &str = "nodeprof-defaults";
