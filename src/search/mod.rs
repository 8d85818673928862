//! The instrumented search engine: every variant written once over the [`Game`] trait and
//! monomorphised per game, with exact counters (see [`Counters`]).

mod alphabeta;
mod aspiration;
mod bisect;
mod bnb;
mod config;
mod context;
pub mod endgame;
mod etc;
mod history;
mod iterative;
mod killer;
mod mtdf;
mod negamax;
mod ordering;
mod pvs;
mod run;
pub mod spec;
mod timed;
mod token;
pub mod tt;

pub use crate::counters::Counters;
pub use config::{depth_label, Clock, SearchConfig, END, MAX_DEPTH};
pub use context::{INF, MAX_PLY};
pub use endgame::Endgame;
pub use run::{
    check, check_memory, game_result, search, search_uncounted, solve_in_window, SearchOutcome,
};
pub use spec::{Base, Preset, TableUse, Variant, BASES, ENHANCEMENTS, PRESETS};
pub use timed::{Limit, Thinker, Thought};
pub use token::budget as token_budget;

#[cfg(test)]
mod tests;
