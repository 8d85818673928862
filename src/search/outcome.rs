//! What a search returns: its value, move, line, counts and costs.

use super::parallel::report::TeamReport;
use crate::counters::{Counters, CutHistogram};

/// What a search found and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome<M> {
    pub depth: u32,
    /// The root value for the side to move (finished games: margin ± `Game::WIN_BONUS`).
    pub score: i32,
    pub best_move: Option<M>,
    pub pv: Vec<M>,
    pub counters: Counters,
    /// Where the beta cut-offs happened.
    pub cuts: CutHistogram,
    pub time_ns: u64,
    /// Its CPU time and, where counted, instructions and cycles (over the same span).
    pub cost: crate::cost::Cost,
    /// The deepest ply a node reached (quiescence included).
    pub seldepth: u32,
    /// The threads and what each did.
    pub team: TeamReport,
    /// The score is an estimate, not a proven result, although the search ran to the end
    /// of the game (a Monte Carlo tree search that spent its budget before proving the root).
    pub estimate: bool,
    /// The memory the search's tables, tree or graph held at their largest (bytes): an
    /// alpha-beta search's tables as sized, a proof or Monte Carlo search's as grown.
    pub memory_bytes: u64,
}
