//! What the threads of a parallel search did, besides the counts: the report a search
//! returns, and the per-thread shares summed into it.

use crate::counters::{Counters, CutHistogram};

/// How a thread of a parallel search shared its work (summed over the threads in a
/// [`TeamReport`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shares {
    /// YBWC and ABDADA: nodes far enough from the leaves to split, their two eldest
    /// searched without a cut-off (YBWC split them only when a thread was idle).
    pub tried: u64,
    /// YBWC: nodes whose young brothers, once the eldest were searched, were offered to
    /// other threads (split points). ABDADA: nodes that put off a young brother another
    /// thread was searching.
    pub split: u64,
    /// Moves a thread was searching when a cut-off elsewhere (YBWC) or the end of the main
    /// thread's search (Lazy SMP) made them useless, dropped unfinished.
    pub abandoned: u64,
    /// The positions the abandoned YBWC searches had visited (counted in the nodes too):
    /// work that went into no result.
    pub wasted: u64,
}

/// What the threads of a parallel search did, besides the counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamReport {
    /// The threads searched with (1: no team).
    pub threads: u32,
    /// Every thread's shares, summed.
    pub shares: Shares,
    /// The time each thread waited for work (ns), the main thread first.
    pub idle_ns: Vec<u64>,
    /// The nodes each thread visited, the main thread first.
    pub nodes: Vec<u64>,
}

impl TeamReport {
    /// The nodes of the threads other than the main one (counted in the nodes too).
    pub fn helper_nodes(&self) -> u64 {
        self.nodes.iter().skip(1).sum()
    }
}

/// What a parallel search's threads counted together.
pub(crate) struct Summed {
    pub(crate) counters: Counters,
    pub(crate) cuts: CutHistogram,
    pub(crate) too_deep: bool,
    pub(crate) seldepth: usize,
    pub(crate) report: TeamReport,
}
