//! Branch-and-bound: Knuth and Moore's F1. A node gets a single bound from its parent (the
//! negated best value found there so far) and stops once its own value reaches it; unlike
//! alpha-beta, no bound passes from a grandparent down, so there are no deep cut-offs.

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher, INF};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn bnb(&mut self, pos: &G, depth: u32, bound: i32, ply: usize) -> i32 {
        let mut moves = G::Moves::default();
        if let Opened::Settled(value) = self.open_plain(pos, depth == 0, ply, depth, &mut moves) {
            return value;
        }
        // The child's single bound is the negated best value found here so far.
        let mut node = Node::new(-INF);
        for (i, &mv) in moves.iter().enumerate() {
            let value = -self.bnb(&pos.play(mv), depth - 1, -node.best, ply + 1);
            if self.offer(&mut node, pos, mv, i, value, bound, depth, ply) {
                break;
            }
        }
        node.best
    }
}
