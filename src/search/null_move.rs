//! Null-move pruning (`+nullmove:R`, games with a null move: chess). At a node not in check
//! whose evaluation already reaches beta, the side to move passes and the opponent searches
//! R plies less than a real reply would get, with the null window at beta; if even that
//! reaches beta, a real move would too (the null-move observation: a move is almost always
//! better than none), and the node ends there. Zugzwang breaks the observation, so there is
//! no null move with only king and pawns (the game's `null_move` says so), nor two in a row.
//! Donninger, "Null move and deep search", ICCA Journal 16(3), 1993; CPW "Null Move Pruning".

use super::endgame::Endgame;
use super::mate_distance::is_decided;
use super::searcher::Searcher;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The node's value when its null move cuts it off.
    #[inline]
    pub(super) fn null_move_cut(
        &mut self,
        pos: &G,
        depth: u32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let reduction = self.options.variant.null_move?;
        if !G::HAS_NULL_MOVE || ply == 0 || depth <= reduction || self.memory.null_ply == ply {
            return None;
        }
        if is_decided::<G>(beta) || pos.evaluate(self.options.eval) < beta {
            return None;
        }
        let passed = pos.null_move()?;
        self.count(|c| c.null_try += 1);
        let outer = std::mem::replace(&mut self.memory.null_ply, ply + 1);
        let value = -self.alphabeta(&passed, depth - 1 - reduction, -beta, -beta + 1, ply + 1);
        self.memory.null_ply = outer;
        if value < beta || self.course.stopped {
            return None;
        }
        self.count(|c| c.null_cut += 1);
        // A mate found after passing proves no mate for the real moves: beta only.
        Some(match is_decided::<G>(value) {
            true => beta,
            false => self.bounded(value, beta - 1, beta),
        })
    }
}
