//! Alpha-beta in negamax form (nega-alpha) with deep cut-offs. Fail-soft by default: a node
//! returns its best value even outside the window; with `failhard` values are clamped to the
//! window (a cut-off returns beta, a node that improves nothing returns alpha). Also the
//! memory-enhanced test that MTD(f) drives. The loop is `move_loop.rs`'s.

use super::endgame::Endgame;
use super::searcher::Searcher;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn alphabeta(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.search_node::<false>(pos, depth, alpha, beta, ply)
    }
}
