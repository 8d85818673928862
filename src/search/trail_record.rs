//! Keeping the trail of where a search's nodes go (see [`super::trail`]): what the search's
//! stages, root passes, ordering and ProbCut searches, the main search's nodes and the
//! last-empties solver's add to it, when one is kept.

use super::config::END;
use super::endgame::Endgame;
use super::searcher::table_key;
use super::searcher::{Searcher, INF};
use super::trail::{Claim, Pass, Stage, StageNodes, Verdict};

/// A score as a final margin (a finished game's score carries the game's win bonus).
fn as_margin<G: Endgame>(score: i32) -> i32 {
    match score {
        s if G::WIN_BONUS == 0 || s.abs() < G::WIN_BONUS => s,
        s => s - s.signum() * G::WIN_BONUS,
    }
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Begins a stage in the trail (when one is kept).
    pub(super) fn trail_stage(&mut self, stage: Stage) {
        let start = self.counters.nodes();
        if let Some(trail) = self.trail.as_deref_mut() {
            trail.stages.push(StageNodes {
                stage,
                nodes: 0,
                ordering: 0,
                probcut: 0,
                probcut_tries: 0,
                probcut_cuts: 0,
                probcut_checked: 0,
                probcut_wrong: 0,
                passes: Vec::new(),
                span: None,
                start,
            });
        }
    }

    /// Records a root pass with the window (`alpha`, `beta`) and its `value`, begun when the
    /// counters stood at `start` nodes.
    pub(super) fn trail_pass(&mut self, alpha: i32, beta: i32, value: i32, start: u64) {
        let nodes = self.counters.nodes() - start;
        if let Some(stage) = self.trail.as_deref_mut().and_then(|t| t.stages.last_mut()) {
            stage.passes.push(Pass {
                alpha: (alpha > -INF).then(|| as_margin::<G>(alpha)),
                beta: (beta < INF).then(|| as_margin::<G>(beta)),
                value: as_margin::<G>(value),
                nodes,
            });
        }
    }

    /// Adds the nodes since `start` to the stage's ordering searches.
    pub(super) fn trail_ordering(&mut self, start: u64) {
        let nodes = self.counters.nodes() - start;
        if let Some(stage) = self.trail.as_deref_mut().and_then(|t| t.stages.last_mut()) {
            stage.ordering += nodes;
        }
    }

    /// Adds ProbCut's try at `pos` (at `ply`) to the stage: the nodes of its shallow searches
    /// since `start`, and its cut-off if it made one (the bound it claimed, and whether the
    /// value is at least the bound or at most), kept for [`Searcher::check_claims`].
    pub(super) fn trail_probcut(
        &mut self,
        pos: &G,
        ply: usize,
        start: u64,
        cut: Option<(i32, bool)>,
    ) {
        let nodes = self.counters.nodes() - start;
        let Some(trail) = self.trail.as_deref_mut() else {
            return;
        };
        // ProbCut runs only inside a selective pass, which opened its stage.
        let Some(stage) = trail.stages.len().checked_sub(1) else {
            return;
        };
        let stats = &mut trail.stages[stage];
        stats.probcut += nodes;
        stats.probcut_tries += 1;
        if let Some((bound, high)) = cut {
            stats.probcut_cuts += 1;
            let claim = Claim {
                stage,
                ply,
                bound,
                high,
            };
            self.claims.push((*pos, claim));
        }
    }

    /// Once the solve is over: each ProbCut cut-off's claim against the exact search's table
    /// (an entry of the node's exact value, from the search to the end), counted in its
    /// stage as checked and wrong. Returns the claims with their verdicts.
    pub(super) fn check_claims(&mut self) -> Vec<(G, Claim, Verdict)> {
        let claims = std::mem::take(&mut self.claims);
        let mut checked = Vec::with_capacity(claims.len());
        for (pos, claim) in claims {
            let verdict = self
                .exact_bounds(&pos, claim.ply)
                .map_or(Verdict::Unchecked, |(lower, upper)| {
                    claim.verdict(lower, upper)
                });
            if let Some(stage) = self
                .trail
                .as_deref_mut()
                .map(|t| &mut t.stages[claim.stage])
            {
                stage.probcut_checked += (verdict != Verdict::Unchecked) as u64;
                stage.probcut_wrong += (verdict == Verdict::Wrong) as u64;
            }
            checked.push((pos, claim, verdict));
        }
        checked
    }

    /// The bounds of `pos`'s exact value (at `ply`) its table entry holds, if the search to
    /// the end stored one.
    fn exact_bounds(&self, pos: &G, ply: usize) -> Option<(i32, i32)> {
        let table = self.memory.tt.as_ref()?;
        let entry = table.probe(table_key(table, pos))?;
        let exact = entry.depth >= Self::table_depth(pos, END, false);
        let entry = Self::from_table(entry, ply);
        exact.then_some((entry.lower, entry.upper))
    }

    /// Counts a node of the main search at `empties`.
    #[inline(always)]
    pub(super) fn trail_node(&mut self, empties: u32) {
        if let Some(trail) = self.trail.as_deref_mut() {
            trail.by_empties[empties as usize] += 1;
        }
    }
}
