//! The instrumented search engine: every variant written once over the
//! [`Game`](crate::game::Game) trait and monomorphised per game, with exact counters (see
//! [`Counters`]).

mod alphabeta;
mod aspiration;
mod bisect;
mod bnb;
mod check_extension;
mod checks;
mod config;
mod draws;
pub mod endgame;
mod etc;
mod eval_sort;
pub mod flow;
mod futility;
mod history;
mod iterative;
mod killer;
mod late_move_reduction;
pub mod mate_distance;
pub mod mcts;
pub mod minimal_graph;
pub mod minimal_tree;
mod move_loop;
mod mtdf;
mod negamax;
mod null_move;
mod ordering;
mod outcome;
pub mod parallel;
mod probcut;
pub mod progress;
pub mod proof;
mod pvs;
mod quiescence;
pub mod root_report;
mod run;
mod searcher;
mod shortcut;
pub mod span;
mod steps;
mod timed;
mod token;
mod trace_record;
mod trace_writer;
pub mod trail;
mod trail_record;
pub mod tt;
pub mod variants;

pub use crate::counters::Counters;
pub use config::{depth_label, threads_suffix, Clock, SearchConfig, END, MAX_DEPTH};
pub use endgame::Endgame;
pub use probcut::shallow_depth;
pub use run::{
    check, check_agent, check_memory, check_threads, check_traceable, game_result, report_root,
    search, search_traced, search_uncounted, solve_in_window, span_of, trail_of, SearchOutcome,
};
pub use searcher::{INF, MAX_PLY};
pub use timed::{
    Limit, MoveLimits, Thinker, Thought, TimeControl, POLICY_LOW_CLOCK, POLICY_LOW_MOVETIME,
    POLICY_MOVETIME,
};
pub use token::budget as token_budget;
pub use variants::{Base, Preset, TableUse, Variant, BASES, ENHANCEMENTS, PRESETS};

#[cfg(test)]
mod tests;
