//! What the producers (sweep, play) write and the consumers (report, compare, merge) read:
//! the tables' schemas (`runs.csv`, `games.csv`, `moves.csv`), `meta.json`'s provenance and
//! shard identity, shards and their merge, and the run folder's guard (its lock, the rule for
//! results already there, files replaced whole, tables read back without a row cut by a
//! kill). `sweep`, `play` and `report` meet here and never import one another.

pub mod cell;
pub mod cuts;
pub mod folder;
pub mod games;
pub mod merge;
pub mod meta;
pub mod plan;
pub mod record;
pub mod runs;
pub mod shard;

pub use folder::{
    busy, complete_lines, create_table, keep_finished, lock, replace, FolderLock, LOCK_FILE,
};
pub use meta::{provenance, Provenance, ShardInfo, Sharding, META_FILE};
pub use record::{CaseKey, Record, Status, COLUMNS, ENGINE_EVAL};
pub use runs::{finished_cases, parse_runs, read_runs, write_runs, RUNS_FILE};
pub use shard::{fields_hash, Shard, ShardSpec};

/// The subfolder where a profile sweep keeps the same sweep with nodeprof's defaults; the
/// summary then shows both side by side.
pub const DEFAULTS_DIR: &str = "nodeprof-defaults";

/// The results tables of the two kinds of run folder: a sweep's and a match's.
const RESULT_FILES: [(&str, &str); 2] = [
    (RUNS_FILE, "a sweep's searches"),
    (games::GAMES_FILE, "a match's games"),
];

/// Refuses run folder `dir` when it holds the results of another kind of run than the one
/// that writes `own` (a play's games where a sweep would write its runs, or the reverse):
/// another plan's, replaced only with `force`.
pub fn refuse_other_kind(
    dir: &std::path::Path,
    own: &str,
    force: bool,
) -> Result<(), crate::error::StoreError> {
    let found = RESULT_FILES
        .iter()
        .filter(|(file, _)| *file != own)
        .map(|(file, what)| (dir.join(file), *what))
        .find(|(path, _)| path.metadata().is_ok_and(|m| m.len() > 0));
    let mine = RESULT_FILES
        .iter()
        .find(|(file, _)| *file == own)
        .map_or("", |f| f.1);
    match found {
        Some((path, what)) if !force => Err(crate::error::StoreError::OtherPlan {
            path,
            difference: format!("it holds {what}, not {mine}"),
        }),
        _ => Ok(()),
    }
}
