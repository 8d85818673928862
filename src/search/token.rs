//! Node-budget ("token") search: no depth limit; a node with a budget of N evaluations shares
//! it out over its moves in order, as evenly as possible, the remainder going to the earlier
//! moves (moves beyond the budget get none and are not searched). A position with a budget of
//! one is evaluated. Alpha-beta cut-offs apply, and budget a cut-off leaves unused is lost.

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher, MAX_PLY};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn token(&mut self, pos: &G, budget: u64, alpha: i32, beta: i32, ply: usize) -> i32 {
        let at_horizon = budget <= 1 || ply + 1 >= MAX_PLY;
        let mut moves = G::Moves::default();
        if let Opened::Settled(value) = self.open_plain(pos, at_horizon, ply, 0, &mut moves) {
            return value;
        }
        let (share, extra) = (budget / moves.len() as u64, budget % moves.len() as u64);
        let mut node = Node::new(alpha);
        for (i, &mv) in moves.iter().enumerate() {
            let child_budget = share + ((i as u64) < extra) as u64;
            if child_budget == 0 {
                break;
            }
            let value = -self.token(&pos.play(mv), child_budget, -beta, -node.alpha, ply + 1);
            // No depth: history records nothing for token search.
            if self.offer(&mut node, pos, mv, i, value, beta, 0, ply) {
                break;
            }
        }
        node.best
    }
}

/// The budget of a token search "at depth d": `branching ^ d` evaluations.
pub fn budget(branching: u32, depth: u32) -> u64 {
    (branching as u64).saturating_pow(depth)
}
