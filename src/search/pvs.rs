//! Principal variation search (NegaScout): the first move with the full window, the others
//! with a null window around alpha; a move that fails high inside the window is searched
//! again with the full window (counted in `research`).

use super::context::{Probe, Searcher, INF};
use crate::game::Game;

impl<G: Game, const COUNT: bool> Searcher<G, COUNT> {
    pub fn pvs(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
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
            let child = pos.play(mv);
            let value = if i == 0 {
                -self.pvs(&child, depth - 1, -beta, -a, ply + 1)
            } else {
                let scout = -self.pvs(&child, depth - 1, -a - 1, -a, ply + 1);
                if scout > a && scout < beta {
                    self.count(|c| c.research += 1);
                    -self.pvs(&child, depth - 1, -beta, -a, ply + 1)
                } else {
                    scout
                }
            };
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
