//! Late-move reductions (`+lmr:N`). With good move ordering the moves after the first few
//! rarely matter, so a quiet move after the first N, at remaining depth 3 or more, neither
//! played in check nor giving check, is searched one ply shallower with a null window at
//! alpha first; only if it beats alpha is it searched again at full depth (counted in
//! `research`). CPW "Late Move Reductions"; Romstad, "An Introduction to Late Move
//! Reductions" (2007).

use super::endgame::Endgame;
use super::searcher::Searcher;

/// Remaining depth from which moves are reduced.
pub const MIN_DEPTH: u32 = 3;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The value of the `index`-th move (`mv`, to `child`, searched to `child_depth` by
    /// `search`) when its reduced search fails low, or `None` when it must be searched in
    /// full.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn reduced_value(
        &mut self,
        pos: &G,
        mv: G::Move,
        child: &G,
        index: usize,
        depth: u32,
        child_depth: u32,
        alpha: i32,
        ply: usize,
        search: fn(&mut Self, &G, u32, i32, i32, usize) -> i32,
    ) -> Option<i32> {
        let after = self.options.variant.lmr?;
        let reducible = (index as u32) >= after
            && depth >= MIN_DEPTH
            && child_depth + 1 == depth
            && pos.is_quiet(mv)
            && !(G::HAS_CHECKS && (pos.in_check() || child.in_check()));
        if !reducible {
            return None;
        }
        self.count(|c| c.reduced += 1);
        let value = -search(self, child, child_depth - 1, -alpha - 1, -alpha, ply + 1);
        if value <= alpha {
            return Some(value);
        }
        self.count(|c| c.research += 1);
        None
    }
}
