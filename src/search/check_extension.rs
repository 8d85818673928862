//! Check extension (`+checkext:P`): a move that gives check costs no depth before ply P, and
//! no line passes ply P. With P = 10 and depth 4 this is a chess engine devlog's V3: "depth 4,
//! extended by one ply after every checking move, until four non-checking moves have been
//! played or depth 10 is reached".

use super::endgame::Endgame;
use super::searcher::{to_the_end, Searcher};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The depth `child` (reached from a node at `depth` and `ply`) is searched to.
    #[inline(always)]
    pub(super) fn child_depth(&self, child: &G, depth: u32, ply: usize) -> u32 {
        if G::HAS_CHECKS && !to_the_end(depth) {
            if let Some(last) = self.options.variant.check_extension {
                if ply as u32 + 1 >= last {
                    return 0;
                }
                if child.in_check() {
                    return depth;
                }
            }
        }
        depth - 1
    }
}
