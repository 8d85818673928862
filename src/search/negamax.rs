//! Negamax: minimax in negamax form, every move of every node to the depth. Its leaves are
//! exactly the perft tree's.

use super::context::{Searcher, INF};
use crate::game::Game;

impl<G: Game, const COUNT: bool> Searcher<G, COUNT> {
    pub fn negamax(&mut self, pos: &G, depth: u32, ply: usize) -> i32 {
        let mut moves = match self.expand(pos, depth == 0, ply) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        self.order(pos, &mut moves, ply, None);
        let mut best = -INF;
        for &mv in moves.iter() {
            let value = -self.negamax(&pos.play(mv), depth - 1, ply + 1);
            if value > best {
                best = value;
                self.pv.update(ply, mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
        }
        best
    }
}
