//! Search traces (docs/probe.md): a search's every node, written as the search enters and
//! leaves it (by nodeprof's own search, `search --trace`, or by an engine's probe), read back
//! and analysed as nodeprof analyses its own searches (`nodeprof trace`): node types, where
//! the cut-offs happen, table use, the effective branching factor and, for a game nodeprof
//! knows, the distance from the minimal tree.

pub mod analyse;
mod file;
pub mod format;
pub mod table;

#[cfg(test)]
pub(crate) mod tests;

pub use analyse::{analyse, Search, Settings, Tally};
pub use file::TraceFile;
pub use format::TraceError;
