//! Negamax: minimax in negamax form, every move of every node to the depth. Its leaves are
//! exactly the perft tree's.

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher, INF};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn negamax(&mut self, pos: &G, depth: u32, ply: usize) -> i32 {
        let mut moves = G::Moves::default();
        if let Opened::Settled(value) = self.open_plain(pos, depth == 0, ply, depth, &mut moves) {
            return value;
        }
        // No window: nothing is ever cut off.
        let mut node = Node::new(-INF);
        for (i, &mv) in moves.iter().enumerate() {
            let value = -self.negamax(&pos.play(mv), depth - 1, ply + 1);
            self.offer(&mut node, pos, mv, i, value, INF, depth, ply);
        }
        node.best
    }
}
