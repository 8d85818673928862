//! The move loop of the depth-first searches, written once: nega-alpha (`alphabeta.rs`)
//! and principal variation search (`pvs.rs`) are this loop with one constant apart, and a
//! YBWC split point (`parallel/ybwc.rs`) searches its young brothers with the same step,
//! [`Searcher::move_value`].

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// A node searched to `depth` in the window (`alpha`, `beta`): opened (the table, the
    /// shortcuts, the moves), its moves searched in order until one cuts it off or the node
    /// splits, and closed. `PVS`: principal variation search, else nega-alpha.
    #[inline(always)]
    pub(super) fn search_node<const PVS: bool>(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let traced = self.traced();
        if traced {
            self.trace_enter(depth, alpha, beta, ply);
        }
        let mut moves = G::Moves::default();
        let (mut alpha, mut beta) = (alpha, beta);
        let deferred = match self.open(pos, depth, &mut alpha, &mut beta, ply, &mut moves) {
            Opened::Moves { deferred } => deferred,
            Opened::Settled(value) => {
                if traced {
                    self.trace_exit(value, None, false);
                }
                return value;
            }
        };
        let mut cut = None;
        let mut searched = false;
        let mut node = Node::new(alpha);
        let futile = self.futility_bound(pos, depth, alpha, ply);
        for i in 0..moves.len() {
            let mv = self.move_at(pos, &mut moves, i, deferred, ply, depth);
            let child = pos.play(mv);
            if self.skip_futile(&mut node, pos, mv, &child, futile) {
                continue;
            }
            if traced {
                self.trace_move(ply, mv);
                searched = true;
            }
            let window = (node.alpha, beta);
            let value = self.move_value::<PVS>(pos, (mv, i), &child, depth, window, ply);
            if traced {
                self.trace_searched(pos, depth, i, moves.len());
            }
            if self.offer(&mut node, pos, mv, i, value, beta, depth, ply) {
                if traced {
                    cut = Some(i);
                }
                break;
            }
            let at = (depth, beta, ply);
            if self.split_after(pos, &mut moves, (i, deferred), &mut node, at, futile, PVS) {
                break;
            }
        }
        let value = self.finish(pos, depth, alpha, beta, node, ply);
        if traced {
            self.trace_exit(value, cut, searched);
        }
        value
    }

    /// The value of move `mv`, the node's `index`-th (`child`: the position it leads to),
    /// against the window (`alpha`, `beta`): a late move's reduced search where it applies
    /// and holds, else the full-depth search. Nega-alpha searches with the window; PVS
    /// searches its first move with the window and the others with a null window around
    /// alpha, again with the window when one fails high inside it (counted in `research`;
    /// not once the search is stopped).
    #[inline(always)]
    pub(crate) fn move_value<const PVS: bool>(
        &mut self,
        pos: &G,
        (mv, index): (G::Move, usize),
        child: &G,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        let search = match PVS {
            true => Self::pvs,
            false => Self::alphabeta,
        };
        let child_depth = self.child_depth(child, depth, ply);
        if PVS && index == 0 {
            return -self.pvs(child, child_depth, -beta, -alpha, ply + 1);
        }
        let reduced = self.reduced_value(
            pos,
            mv,
            child,
            index,
            depth,
            child_depth,
            alpha,
            ply,
            search,
        );
        if let Some(value) = reduced {
            return value;
        }
        if !PVS {
            return -self.alphabeta(child, child_depth, -beta, -alpha, ply + 1);
        }
        let scout = -self.pvs(child, child_depth, -alpha - 1, -alpha, ply + 1);
        if scout > alpha && scout < beta && !self.course.stopped {
            self.count(|c| c.research += 1);
            return -self.pvs(child, child_depth, -beta, -alpha, ply + 1);
        }
        scout
    }
}
