//! Futility pruning at the frontier (`+futility:M`, games with captures: chess). At remaining
//! depth 1, when the side to move is not in check and its evaluation plus the margin M stays
//! at or below alpha, a quiet move that gives no check cannot raise the value above alpha
//! (its child is scored by the evaluation, which one quiet move seldom changes by M), so it
//! is skipped, and the node's value is at most the evaluation plus M. Heinz, "Extended
//! Futility Pruning", ICCA Journal 21(3), 1998; CPW "Futility Pruning".

use super::endgame::Endgame;
use super::mate_distance::is_decided;
use super::searcher::{Node, Searcher};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The bound a futile move leaves its node (the evaluation plus the margin), when quiet
    /// moves at this node are futile.
    #[inline]
    pub(super) fn futility_bound(
        &self,
        pos: &G,
        depth: u32,
        alpha: i32,
        ply: usize,
    ) -> Option<i32> {
        let margin = self.options.variant.futility? as i32;
        if !G::HAS_CAPTURES || depth != 1 || ply == 0 || is_decided::<G>(alpha) || pos.in_check() {
            return None;
        }
        let bound = pos.evaluate(self.options.eval) + margin;
        (bound <= alpha).then_some(bound)
    }

    /// Whether `mv` (to `child`) is skipped at a node whose quiet moves are futile below
    /// `bound`: then the node's best value is raised to the bound.
    #[inline]
    pub(super) fn skip_futile(
        &mut self,
        node: &mut Node<G::Move>,
        pos: &G,
        mv: G::Move,
        child: &G,
        bound: Option<i32>,
    ) -> bool {
        let Some(bound) = bound else {
            return false;
        };
        if !pos.is_quiet(mv) || child.in_check() {
            return false;
        }
        self.count(|c| c.futile += 1);
        node.best = node.best.max(bound);
        true
    }
}
