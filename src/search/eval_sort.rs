//! Evaluation ordering for exact solving (`+evalsort`): at nodes with many empties, each
//! move is scored by the evaluation after a shallow search of its child (the deeper the more
//! empties are left), and the moves are sorted by that score weighed against fastest-first,
//! as Edax (`move_evaluate`, <https://github.com/abulmo/edax-reversi>) and Egaroucid order
//! their endgame searches. Ordering never changes a solve's value, only its cost.

use arrayvec::ArrayVec;

use super::endgame::Endgame;
use super::ordering::{sort_by_keys, KEY_ROOM};
use super::searcher::{to_the_end, Searcher, INF};

/// The depth of the shallow search below each move at a node with `empties` empty squares
/// (0: the child's evaluation alone): 0 at 14 and 15 empties, 1 at 16 and 17, 2 at 18 and
/// 19, ..., 5 at 24 and 25 (tuned on FFO 40..49 once the evaluation was read from the
/// bitboards: docs/evaluation.md).
pub fn sort_depth(empties: u32) -> u32 {
    empties.saturating_sub(14) / 2
}

/// What one disc of the shallow search's value weighs against fastest-first, whose unit is
/// one opponent reply (1024): half a reply, about as Egaroucid weighs them (tuned on FFO
/// 40..44: docs/evaluation.md).
const DISC_WEIGHT: u64 = 512;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Whether the exact search leaves a node whose table entry was stored at `entry_depth`
    /// to the ordering searches instead of trying the entry's move first: when the move came
    /// from a depth-limited search (`+id`'s iterations, ProbCut's shallow searches), which
    /// the ordering searches order better (FFO 40..49 in 605 M nodes instead of 742 M). The
    /// selective passes' moves, searched to the end, stay first (without them 767 M).
    #[inline(always)]
    pub(super) fn leaves_to_evalsort(&self, depth: u32, entry_depth: u32) -> bool {
        self.options.variant.eval_sort.is_some()
            && to_the_end(depth)
            && self.course.selective.is_none()
            && !Self::searched_to_the_end(entry_depth)
    }

    /// Whether the order of a node's moves cannot change what an ordering search reads from
    /// it, so that ordering them is skipped: one ply from its leaves with beta open, every
    /// child is scored and none can cut, whatever the order, and nothing that depends on the
    /// order is kept (no table, killers or history; no pruning by the move's place: futility,
    /// LMR; no quiescence). At 16 and 17 empties, where `evalsort`'s searches are one ply
    /// deep, the same nodes in about 2% less time on FFO 40..44.
    #[inline(always)]
    pub(super) fn order_is_moot(&self, depth: u32, beta: i32) -> bool {
        let v = &self.options.variant;
        self.course.ordering_search
            && depth == 1
            && beta >= INF
            && self.memory.tt.is_none()
            && self.memory.killers.is_none()
            && self.memory.history.is_none()
            && v.futility.is_none()
            && v.lmr.is_none()
            && !v.quiesce
    }

    /// Sorts `moves` by their shallow-search value (in discs) and fastest-first together.
    pub(super) fn sort_by_evaluation(&mut self, pos: &G, moves: &mut [G::Move], ply: usize) {
        let depth = sort_depth(pos.empties());
        let start = self.counters.nodes();
        // Without the table: depth-limited values must not replace the exact entries.
        let table = self.memory.tt.take();
        let outer = std::mem::replace(&mut self.course.ordering_search, true);
        let mut keys: ArrayVec<u64, KEY_ROOM> = ArrayVec::new();
        let (lowest, highest) = pos.margin_range();
        for &mv in moves.iter() {
            let child = pos.play(mv);
            let value = match depth {
                0 => -child.evaluate(self.options.eval),
                d => -self.alphabeta(&child, d, -INF, INF, ply + 1),
            };
            // Scores of finished games (beyond the evaluation's range) count as the game's
            // widest margins (Reversi's: 64 discs either way).
            let discs = value.clamp(lowest, highest);
            keys.push(pos.mobility_rank(mv) + DISC_WEIGHT * (highest - discs) as u64);
        }
        self.memory.tt = table;
        self.course.ordering_search = outer;
        sort_by_keys(moves, &mut keys);
        self.trail_ordering(start);
    }
}
