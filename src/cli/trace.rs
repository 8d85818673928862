//! The arguments of `nodeprof trace`: the trace files to analyse and how.

use std::path::PathBuf;

use super::groups::GameArg;

#[derive(clap::Args, Debug)]
pub struct TraceArgs {
    /// Trace files (docs/probe.md); `-` reads standard input
    #[arg(required = true, value_name = "TRACE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub game: GameArg,
    /// The full tree's most nodes walked for each search's minimal tree (0: none), for a
    /// game nodeprof knows
    #[arg(long, value_name = "NODES", default_value_t = crate::measure::minimal::DEFAULT_TREE_CAP)]
    pub minimal: u64,
    /// Also write the analysis as CSV to this file (a row a search)
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}
