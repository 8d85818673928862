//! nodeprof: a benchmark suite and node-count profiler for game-tree search.
//!
//! The library holds everything; the `nodeprof` binary is a thin front end.

pub mod cli;
pub mod commands;
pub mod cost;
pub mod counters;
pub mod duration;
pub mod engine;
pub mod error;
pub mod game;
pub mod measure;
pub mod output;
pub mod parse;
pub mod play;
pub mod position;
pub mod provenance;
pub mod random;
pub mod report;
pub mod search;
pub mod stats;
pub mod store;
pub mod sweep;
pub mod trace;
pub mod train;
