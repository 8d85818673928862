//! What `solve --where` shows of a search of another family than alpha-beta, which has no
//! stages or passes (the search that reports it: `run::report_root`): the root's proof and disproof numbers over a proof-number search (a
//! trail, at each doubling of the nodes: PN and PN² after each expansion, df-pn at its
//! root's iterations), and the root's moves after a Monte Carlo tree search, with their
//! visits, mean rewards and proven values.

use serde::{Deserialize, Serialize};

/// The root's numbers at one moment of a proof search (`solve --format json`: the
/// `proof_numbers` of a `where` object; null is infinite).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofPoint {
    /// The goal being proved: the root's side reaches a final margin of at least this.
    pub at_least: i32,
    /// The search's nodes so far (every proof of the search).
    pub nodes: u64,
    /// The root's proof number (None: infinite, disproved).
    pub proof: Option<u32>,
    /// The root's disproof number (None: infinite, proved).
    pub disproof: Option<u32>,
}

/// A root move after a Monte Carlo tree search (JSON: the `root_moves` of a `where` object).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootVisit<M> {
    #[serde(rename = "move")]
    pub mv: M,
    /// The iterations that went through it.
    pub visits: u64,
    /// Its mean reward for the root's side (0 lost, 1/2 drawn, 1 won); None when not visited.
    pub mean: Option<f64>,
    /// Its proven value for the root's side (MCTS-Solver: a win, draw or loss as 1, 0, -1,
    /// or the margin), where proven.
    pub proven: Option<i32>,
}

/// How a df-pn search used its table, at its end (JSON: the `table` of a `where` object).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableUsage {
    /// The table's entries.
    pub entries: u64,
    /// Those holding a position.
    pub used: u64,
    /// Stores that overwrote another position's entry (the one with less work under it).
    pub replaced: u64,
}

/// What a search of another family shows of its root.
#[derive(Clone, Debug, PartialEq)]
pub enum RootReport<M> {
    /// The points, the last at the search's end (its nodes the search's), and df-pn's
    /// table's use.
    Proof(Vec<ProofPoint>, Option<TableUsage>),
    /// The root's moves, most visited first, and the search's nodes.
    Visits(Vec<RootVisit<M>>, u64),
}
