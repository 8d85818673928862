//! Alpha-beta in negamax form (nega-alpha) with deep cut-offs. Fail-soft by default: a node
//! returns its best value even outside the window; with `failhard` values are clamped to the
//! window (a cut-off returns beta, a node that improves nothing returns alpha). Also the
//! memory-enhanced test that MTD(f) drives.

use super::context::{Probe, Searcher, INF};
use crate::game::Game;

impl<G: Game, const COUNT: bool> Searcher<G, COUNT> {
    pub fn alphabeta(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
        let mut moves = match self.expand(pos, depth == 0, ply) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        let first = match self.probe(pos, depth, alpha, beta, ply) {
            Probe::Cut(value) => return value,
            Probe::Continue(first) => first,
        };
        if let Some(value) = self.etc_cut(pos, &moves, depth, alpha, beta, ply) {
            return value;
        }
        self.order(pos, &mut moves, ply, first);
        let (mut best, mut best_move, mut a) = (-INF, None, alpha);
        for (i, &mv) in moves.iter().enumerate() {
            let value = -self.alphabeta(&pos.play(mv), depth - 1, -beta, -a, ply + 1);
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > a {
                    a = value;
                    self.pv.update(ply, mv);
                }
                if value >= beta {
                    self.on_cut(pos, mv, i, depth, ply);
                    break;
                }
            }
        }
        self.finish(pos, depth, alpha, beta, best, best_move, ply)
    }
}
