//! Keeping the trail of where a search's nodes go (see [`super::trail`]): what the search's
//! stages, root passes, ordering and ProbCut searches, the main search's nodes and the
//! last-empties solver's add to it, when one is kept.

use super::endgame::Endgame;
use super::searcher::{Searcher, INF};
use super::trail::{Pass, Stage, StageNodes};

/// A score as a final margin (a finished game's score carries the game's win bonus).
fn as_margin<G: Endgame>(score: i32) -> i32 {
    match score {
        s if G::WIN_BONUS == 0 || s.abs() < G::WIN_BONUS => s,
        s => s - s.signum() * G::WIN_BONUS,
    }
}

impl<G: Endgame, const COUNT: bool> Searcher<G, COUNT> {
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
                passes: Vec::new(),
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

    /// Adds a node's ProbCut try to the stage: the nodes of its shallow searches since
    /// `start`, and whether it cut the node off.
    pub(super) fn trail_probcut(&mut self, start: u64, cut: bool) {
        let nodes = self.counters.nodes() - start;
        if let Some(stage) = self.trail.as_deref_mut().and_then(|t| t.stages.last_mut()) {
            stage.probcut += nodes;
            stage.probcut_tries += 1;
            stage.probcut_cuts += cut as u64;
        }
    }

    /// Counts a node of the main search at `empties`.
    #[inline(always)]
    pub(super) fn trail_node(&mut self, empties: u32) {
        if let Some(trail) = self.trail.as_deref_mut() {
            trail.by_empties[empties as usize] += 1;
        }
    }

    /// Counts `nodes` of the last-empties solver called at `empties`.
    #[inline(always)]
    pub(super) fn trail_solver(&mut self, empties: u32, nodes: u64) {
        if let Some(trail) = self.trail.as_deref_mut() {
            trail.solver_by_empties[empties as usize] += nodes;
        }
    }
}
