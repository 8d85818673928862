//! Principal variation search (NegaScout): the first move with the full window, the others
//! with a null window around alpha; a move that fails high inside the window is searched
//! again with the full window (counted in `research`). The loop is `move_loop.rs`'s.

use super::endgame::Endgame;
use super::searcher::Searcher;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn pvs(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.search_node::<true>(pos, depth, alpha, beta, ply)
    }
}
