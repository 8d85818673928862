//! Alpha-beta in negamax form (nega-alpha) with deep cut-offs. Fail-soft by default: a node
//! returns its best value even outside the window; with `failhard` values are clamped to the
//! window (a cut-off returns beta, a node that improves nothing returns alpha). Also the
//! memory-enhanced test that MTD(f) drives.

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher};

impl<G: Endgame, const COUNT: bool> Searcher<G, COUNT> {
    pub fn alphabeta(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
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
            let reduced = self.reduced_value(
                pos,
                mv,
                &child,
                i,
                depth,
                child_depth,
                a,
                ply,
                Self::alphabeta,
            );
            let value = match reduced {
                Some(value) => value,
                None => -self.alphabeta(&child, child_depth, -beta, -a, ply + 1),
            };
            if self.offer(&mut node, pos, mv, i, value, beta, depth, ply) {
                break;
            }
            let at = (depth, beta, ply);
            if self.split_after(pos, &mut moves, (i, deferred), &mut node, at, futile, false) {
                break;
            }
        }
        self.finish(pos, depth, alpha, beta, node, ply)
    }
}
