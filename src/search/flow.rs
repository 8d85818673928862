//! Node-budget search by the rule of a chess engine's devlog (its V4): no depth limit, a node
//! with R tokens left and M "virtual moves" left grants its next move ceil(R / M) tokens; a
//! move that gives check counts as W virtual moves (W = 2, `+checkweight:W`) and is granted W
//! shares. After a move is searched R drops by the tokens it used and M by its virtual moves,
//! so tokens a move did not use (its cut-offs skipped them) flow to the later moves. A
//! position that is evaluated uses one token, so the tokens a search used are its `leaf`s.
//!
//! A check is known once its move is made, so M starts at the number of moves and grows by
//! W - 1 when a move turns out to check: the devlog's worked example (100 tokens, five moves,
//! the second a check) then grants 20, 32, 16, 16, 16. Rounding up can grant the last moves a
//! few tokens more than are left, as the rule says.

use super::endgame::Endgame;
use super::searcher::{Node, Opened, Searcher, MAX_PLY};
use super::variants::DEFAULT_CHECK_WEIGHT;

/// A node's tokens as the rule shares them out.
#[derive(Debug)]
pub struct Shares {
    left: u64,
    virtual_left: u64,
    check_weight: u64,
}

impl Shares {
    pub fn new(tokens: u64, moves: usize, check_weight: u32) -> Shares {
        Shares {
            left: tokens,
            virtual_left: moves as u64,
            check_weight: check_weight as u64,
        }
    }

    fn weight(&self, check: bool) -> u64 {
        match check {
            true => self.check_weight,
            false => 1,
        }
    }

    /// The tokens of the next move (`check`: it gives check); 0 when none are left.
    pub fn grant(&mut self, check: bool) -> u64 {
        let weight = self.weight(check);
        self.virtual_left += weight - 1;
        self.left.div_ceil(self.virtual_left) * weight
    }

    /// The move just granted used `used` tokens.
    pub fn spend(&mut self, used: u64, check: bool) {
        self.left = self.left.saturating_sub(used);
        self.virtual_left -= self.weight(check);
    }
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The value of `pos` searched with `tokens`, and the tokens it used.
    pub fn flow(&mut self, pos: &G, tokens: u64, alpha: i32, beta: i32, ply: usize) -> (i32, u64) {
        let at_horizon = tokens <= 1 || ply + 1 >= MAX_PLY;
        let mut moves = G::Moves::default();
        if let Opened::Settled(value) = self.open_plain(pos, at_horizon, ply, 0, &mut moves) {
            // One evaluation, unless the search was stopped.
            return (value, u64::from(!self.course.stopped));
        }
        let weight = self
            .options
            .variant
            .check_weight
            .unwrap_or(DEFAULT_CHECK_WEIGHT);
        let mut shares = Shares::new(tokens, moves.len(), weight);
        let mut node = Node::new(alpha);
        let mut used = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.play(mv);
            let check = G::HAS_CHECKS && child.in_check();
            let grant = shares.grant(check);
            if grant == 0 {
                break;
            }
            let (value, spent) = self.flow(&child, grant, -beta, -node.alpha, ply + 1);
            shares.spend(spent, check);
            used += spent;
            // No depth: history records nothing for token searches.
            if self.offer(&mut node, pos, mv, i, -value, beta, 0, ply) {
                break;
            }
        }
        (node.best, used)
    }
}
