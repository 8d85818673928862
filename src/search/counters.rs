//! What a search counts. Exact meanings (also in README):
//!
//! - `leaf`: a position scored without searching its moves: the search horizon, a finished
//!   game, or (token) a position whose budget is one evaluation.
//! - `interior`: every other visited position, including a forced pass and a position that
//!   returns from a table cut-off (counted in `tt_cut` too). `leaf + interior` = visited
//!   positions = calls of the search function.
//! - `tt_probe`: table look-ups (ETC's look-ups of children included); `tt_hit`: look-ups
//!   that found an entry for the position; `tt_cut`: hits that ended the node.
//! - `beta_cut`: a move's value reached beta and the move loop stopped; `first_cut`: the same,
//!   on the first move tried (`first_cut / beta_cut` measures move ordering).
//! - `research`: searches of the same node again with another window (PVS re-searches,
//!   aspiration failures, MTD(f) passes after the first).

use std::ops::AddAssign;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    pub leaf: u64,
    pub interior: u64,
    pub tt_probe: u64,
    pub tt_hit: u64,
    pub tt_cut: u64,
    pub beta_cut: u64,
    pub first_cut: u64,
    pub research: u64,
}

impl Counters {
    /// Every visited position.
    pub fn nodes(&self) -> u64 {
        self.leaf + self.interior
    }

    /// The counters by name, in the order of the CSV columns.
    pub fn named(&self) -> [(&'static str, u64); 8] {
        [
            ("leaf", self.leaf),
            ("interior", self.interior),
            ("tt_probe", self.tt_probe),
            ("tt_hit", self.tt_hit),
            ("tt_cut", self.tt_cut),
            ("beta_cut", self.beta_cut),
            ("first_cut", self.first_cut),
            ("research", self.research),
        ]
    }
}

impl AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        self.leaf += other.leaf;
        self.interior += other.interior;
        self.tt_probe += other.tt_probe;
        self.tt_hit += other.tt_hit;
        self.tt_cut += other.tt_cut;
        self.beta_cut += other.beta_cut;
        self.first_cut += other.first_cut;
        self.research += other.research;
    }
}
