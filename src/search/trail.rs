//! Where a solve's nodes go (`nodeprof solve --where`): the nodes of each stage of the search
//! (each iteration of `+id`, each selective pass of `+probcut`, the search to the end), the
//! root passes inside a stage (MTD(f)'s null windows, an aspiration's re-searches) with their
//! windows and values, the nodes of the ordering searches (`+evalsort`) and of ProbCut's
//! shallow searches apart, and the nodes by empties. Kept only when asked: an untraced search
//! pays one test a node.

/// A stage of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// An iteration of `+id` to this depth.
    Iteration(u32),
    /// A selective pass of `+probcut` with this margin (discs).
    Selective(i32),
    /// The search to the end that proves the value.
    Exact,
}

/// One search of the root: its window and its value (as final margins) and its nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The window's bounds (`None`: unbounded).
    pub alpha: Option<i32>,
    pub beta: Option<i32>,
    pub value: i32,
    pub nodes: u64,
}

impl Pass {
    /// The window as text (`-inf..inf` for the full one).
    pub fn window(&self) -> String {
        let bound = |x: Option<i32>, none: &str| x.map_or(none.to_string(), |x| x.to_string());
        format!("{}..{}", bound(self.alpha, "-inf"), bound(self.beta, "inf"))
    }

    /// `fail high` (the value is a lower bound), `fail low` (an upper bound) or `exact`.
    pub fn result(&self) -> &'static str {
        match self.value {
            v if self.beta.is_some_and(|beta| v >= beta) => "fail high",
            v if self.alpha.is_some_and(|alpha| v <= alpha) => "fail low",
            _ => "exact",
        }
    }
}

/// A stage's nodes: all of them, those of the ordering searches and of ProbCut's shallow
/// searches among them, and its root passes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageNodes {
    pub stage: Stage,
    pub nodes: u64,
    pub ordering: u64,
    pub probcut: u64,
    /// Nodes where ProbCut ran its shallow searches, and those it cut off.
    pub probcut_tries: u64,
    pub probcut_cuts: u64,
    /// Of the cut-offs, those the exact search's table decides (it holds a bound of the
    /// node's exact value on the claim's side or beyond it), and those it shows wrong.
    pub probcut_checked: u64,
    pub probcut_wrong: u64,
    pub passes: Vec<Pass>,
    /// Its span under YBWC's rules (see `span.rs`; none where the span is not measured).
    pub span: Option<u64>,
    /// The counters' nodes when the stage began.
    pub(super) start: u64,
}

/// What a ProbCut cut-off claimed of its node: a value of at least `bound` (`high`) or at
/// most `bound`, as the search's scores (at `ply`), in the trail's stage `stage`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    pub stage: usize,
    pub ply: usize,
    pub bound: i32,
    pub high: bool,
}

/// What the exact search's table says of a [`Claim`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The table holds no exact bound that decides it.
    Unchecked,
    Right,
    Wrong,
}

impl Claim {
    /// The verdict of the exact bounds `lower..=upper` of the node's value.
    pub fn verdict(&self, lower: i32, upper: i32) -> Verdict {
        match self.high {
            true if lower >= self.bound => Verdict::Right,
            true if upper < self.bound => Verdict::Wrong,
            false if upper <= self.bound => Verdict::Right,
            false if lower > self.bound => Verdict::Wrong,
            _ => Verdict::Unchecked,
        }
    }
}

/// Where a search's nodes went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trail {
    pub stages: Vec<StageNodes>,
    /// Nodes of the main search at each count of empties (index: empties).
    pub by_empties: Vec<u64>,
    /// Nodes of the game's last-empties solver (`last:N`), by their empties.
    pub solver_by_empties: Vec<u64>,
    /// Every node of the search (the counters' `nodes`).
    pub nodes: u64,
    /// The tree's work and span under YBWC's rules (see `span.rs`; none for a search YBWC
    /// does not split).
    pub span: Option<super::span::Span>,
}

impl Trail {
    pub(super) fn new() -> Trail {
        Trail {
            by_empties: vec![0; 65],
            solver_by_empties: vec![0; 65],
            ..Trail::default()
        }
    }

    /// Closes the stages once the search is over with `nodes` in all.
    pub(super) fn finish(&mut self, nodes: u64) {
        let ends: Vec<u64> = self.stages.iter().skip(1).map(|s| s.start).collect();
        for (stage, end) in self.stages.iter_mut().zip(ends.into_iter().chain([nodes])) {
            stage.nodes = end - stage.start;
        }
        self.nodes = nodes;
    }
}
