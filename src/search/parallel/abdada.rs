//! ABDADA, simplified (Weill, "The ABDADA Distributed Minimax Search Algorithm", 1996; in
//! the form Kerrigan gave it, and issen-rs, a Rust Othello solver, uses for its endgame):
//! every thread searches the same root over the shared table, as Lazy SMP's do, and at a
//! node far enough from the leaves (YBWC's rule, [`Searcher::splittable`]), once its eldest
//! children are searched, a young brother that another thread is searching right now is
//! put off to the end of the node's moves. The threads thus spread over the young brothers
//! without any split point: what one finishes, the others find in the table. The table of
//! moves being searched is a small array of atomics (the position's key mixed with the
//! move), written on entering a move and cleared on leaving it; a slot another move takes
//! over only makes a thread search a move at once that it could have put off.

use super::ybwc::ELDEST;
use crate::game::{GameMove, MoveList};
use crate::search::endgame::Endgame;
use crate::search::searcher::{Node, Searcher};

/// A move of a position as the busy table knows it.
fn busy_key<G: Endgame>(pos: &G, mv: G::Move) -> u64 {
    pos.key() ^ (u64::from(mv.to_code()) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Searches the young brothers of a node (`moves[1..]`, from the last eldest on; the
    /// node at `(depth, beta, ply)`), putting off those another thread is searching; the
    /// node's value goes into `node`. Counted in the shares: `split`, a node that put a move
    /// off (`tried`, counted where it is decided, is every node that came here).
    pub(crate) fn search_deferring(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        node: &mut Node<G::Move>,
        (depth, beta, ply): (u32, i32, usize),
        futile: Option<i32>,
        pvs: bool,
    ) {
        let team = self.team.clone().expect("ABDADA needs a team");
        let mut later = G::Moves::default();
        for (j, &mv) in moves.iter().enumerate().skip(1) {
            let key = busy_key(pos, mv);
            if team.busy.is_busy(key) {
                later.push(mv);
                continue;
            }
            team.busy.enter(key);
            let cut = self.young_value(
                pos,
                (mv, ELDEST - 1 + j),
                node,
                (depth, beta, ply),
                futile,
                pvs,
            );
            team.busy.leave(key);
            if cut || self.course.stopped {
                return;
            }
        }
        self.shares.split += !later.is_empty() as u64;
        for &mv in later.iter() {
            let j = moves.iter().position(|&m| m == mv).unwrap_or(moves.len());
            let at = (mv, ELDEST - 1 + j);
            if self.young_value(pos, at, node, (depth, beta, ply), futile, pvs)
                || self.course.stopped
            {
                return;
            }
        }
    }

    /// One young brother searched into `node`; whether it cut the node off.
    #[allow(clippy::too_many_arguments)]
    fn young_value(
        &mut self,
        pos: &G,
        (mv, index): (G::Move, usize),
        node: &mut Node<G::Move>,
        (depth, beta, ply): (u32, i32, usize),
        futile: Option<i32>,
        pvs: bool,
    ) -> bool {
        let child = pos.play(mv);
        if self.skip_futile(node, pos, mv, &child, futile) {
            return false;
        }
        let window = (node.alpha, beta);
        let value = match pvs {
            true => self.move_value::<true>(pos, (mv, index), &child, depth, window, ply),
            false => self.move_value::<false>(pos, (mv, index), &child, depth, window, ply),
        };
        self.offer(node, pos, mv, index, value, beta, depth, ply)
    }
}
