//! Selective passes before a solve (`+probcut`): Multi-ProbCut (Buro, "Experiments with
//! Multi-ProbCut and a new high-quality evaluation function for Othello", 1997) applied to
//! searches to the end, as Edax and Egaroucid solve. At a node with 12 or more empties, a
//! shallow search (a third of the empties deep, scored by the evaluation) predicts the
//! final margin; a prediction beyond the window by the pass's margin ends the node as a fail
//! high (low) without searching it. Each pass is a PVS to the end, with margins of 2, 6 and
//! 12 discs in turn: cheap (a few percent of the solve's nodes) and often right, so it leaves
//! the exact search a first guess near the value and a table move at most of its nodes. Its
//! results are kept apart in the table (see `Searcher::table_depth`): the exact search never
//! cuts on them, so exactness never depends on ProbCut.

use super::endgame::Endgame;
use super::searcher::{to_the_end, Searcher, INF};
use super::trail::Stage;
use crate::game::margin_floor;

/// The selective passes' margins, in discs, in order.
const MARGINS: [i32; 3] = [2, 6, 12];
/// ProbCut tries nodes with at least this many empties...
const MIN_EMPTIES: u32 = 12;
/// ...with a shallow search of their empties divided by this (a third: FFO 45, 48 and 49
/// in 1.10 G nodes; a quarter 1.28 G, a half 1.17 G, measured with `+id` to five eighths of
/// the empties; docs/evaluation.md).
const SHALLOW_DIVISOR: u32 = 3;

/// The depth of ProbCut's shallow search at a node with `empties` empties; none where ProbCut
/// is not tried.
pub fn shallow_depth(empties: u32) -> Option<u32> {
    (empties >= MIN_EMPTIES).then_some(empties / SHALLOW_DIVISOR)
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The selective passes of a solve with `+probcut`, each from the last one's value (the
    /// first from `guess`, `+id`'s); the last pass's value, the exact search's first guess.
    pub(super) fn selective_passes(
        &mut self,
        pos: &G,
        depth: u32,
        guess: Option<i32>,
    ) -> Option<i32> {
        if !self.variant().probcut || !to_the_end(depth) || !self.variant().base.windowed() {
            return guess;
        }
        let mut guess = guess;
        for margin in MARGINS {
            self.count(|c| c.iteration += 1);
            self.course.selective = Some(margin);
            self.trail_stage(Stage::Selective(margin));
            let start = self.counters.nodes();
            let value = self.pvs(pos, depth, -INF, INF, 0);
            self.trail_pass(-INF, INF, value, start);
            self.course.selective = None;
            if self.course.stopped {
                return guess;
            }
            self.root.first = self.root.best;
            guess = Some(value);
        }
        guess
    }

    /// A selective pass's cut at a node to the end: the node's value (the window's bound)
    /// when a shallow search's value, read as a final margin, lies beyond the window's
    /// margins by the pass's margin.
    #[inline]
    pub(super) fn probcut(&mut self, pos: &G, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let margin = self.course.selective?;
        let shallow = shallow_depth(pos.empties())?;
        if ply == 0 {
            return None;
        }
        let bonus = G::WIN_BONUS;
        // A cut needs a bound inside the game's margins (Reversi's: 64 discs either way).
        let (lowest, highest) = pos.margin_range();
        let start = self.counters.nodes();
        let high = -margin_floor(-beta, bonus) + margin;
        let low = margin_floor(alpha, bonus) - margin;
        let cut = if high < highest && self.alphabeta(pos, shallow, high - 1, high, ply) >= high {
            Some((beta, true))
        } else if low > lowest && self.alphabeta(pos, shallow, low, low + 1, ply) <= low {
            Some((alpha, false))
        } else {
            None
        };
        self.trail_probcut(pos, ply, start, cut);
        cut.map(|(bound, _)| bound)
    }
}
