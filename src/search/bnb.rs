//! Branch-and-bound: Knuth and Moore's F1. A node gets a single bound from its parent (the
//! negated best value found there so far) and stops once its own value reaches it; unlike
//! alpha-beta, no bound passes from a grandparent down, so there are no deep cut-offs.

use super::context::{Searcher, INF};
use crate::game::Game;

impl<G: Game, const COUNT: bool> Searcher<G, COUNT> {
    pub fn bnb(&mut self, pos: &G, depth: u32, bound: i32, ply: usize) -> i32 {
        let mut moves = match self.expand(pos, depth == 0, ply) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        self.order(pos, &mut moves, ply, None);
        let mut best = -INF;
        for (i, &mv) in moves.iter().enumerate() {
            let value = -self.bnb(&pos.play(mv), depth - 1, -best, ply + 1);
            if value > best {
                best = value;
                self.pv.update(ply, mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if best >= bound {
                    self.on_cut(pos, mv, i, depth, ply);
                    break;
                }
            }
        }
        best
    }
}
