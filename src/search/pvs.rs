//! Principal variation search (NegaScout): the first move with the full window, the others
//! with a null window around alpha; a move that fails high inside the window is searched
//! again with the full window (counted in `research`).

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher};

impl<G: Endgame, const COUNT: bool> Searcher<G, COUNT> {
    pub fn pvs(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
        let mut moves = G::Moves::default();
        let (mut alpha, mut beta) = (alpha, beta);
        let deferred = match self.open(pos, depth, &mut alpha, &mut beta, ply, &mut moves) {
            Opened::Moves { deferred } => deferred,
            Opened::Settled(value) => return value,
        };
        let mut node = Node::new(alpha);
        let futile = self.futility_bound(pos, depth, alpha, ply);
        for i in 0..moves.len() {
            let mv = self.move_at(pos, &mut moves, i, deferred, ply, depth);
            let child = pos.play(mv);
            if self.skip_futile(&mut node, pos, mv, &child, futile) {
                continue;
            }
            let child_depth = self.child_depth(&child, depth, ply);
            let a = node.alpha;
            let value = if i == 0 {
                -self.pvs(&child, child_depth, -beta, -a, ply + 1)
            } else if let Some(value) =
                self.reduced_value(pos, mv, &child, i, depth, child_depth, a, ply, Self::pvs)
            {
                value
            } else {
                let scout = -self.pvs(&child, child_depth, -a - 1, -a, ply + 1);
                if scout > a && scout < beta {
                    self.count(|c| c.research += 1);
                    -self.pvs(&child, child_depth, -beta, -a, ply + 1)
                } else {
                    scout
                }
            };
            if self.offer(&mut node, pos, mv, i, value, beta, depth, ply) {
                break;
            }
            let at = (depth, beta, ply);
            if self.split_after(pos, &mut moves, (i, deferred), &mut node, at, futile, true) {
                break;
            }
        }
        self.finish(pos, depth, alpha, beta, node, ply)
    }
}
