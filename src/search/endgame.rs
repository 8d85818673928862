//! Exact solving's shortcuts, tried on entering a node searched to the end of the game: the
//! game's specialised solver for the last few empties (`last:N`) and the stability cut-off
//! (`stab`): the opponent's stable discs bound the final margin; a bound at or below alpha
//! ends the node (counted as an interior node).

use super::context::Searcher;
use crate::game::{margin_floor, margin_score, Game, Visits};

impl<G: Game, const COUNT: bool> Searcher<G, COUNT> {
    #[inline]
    pub fn endgame_shortcut(&mut self, pos: &G, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let empties = pos.empties();
        if self.last > 0 && empties <= self.last {
            self.pv.clear(ply);
            let mut visits = Visits::default();
            let value = pos.solve_small(alpha, beta, &mut visits);
            self.count(|c| {
                c.leaf += visits.leaf;
                c.interior += visits.interior;
            });
            return Some(self.bounded(value, alpha, beta));
        }
        if self.stability {
            let bound = pos.stability_bound(margin_floor(alpha, G::WIN_BONUS))?;
            self.pv.clear(ply);
            self.count(|c| c.interior += 1);
            return Some(self.bounded(margin_score(bound, G::WIN_BONUS), alpha, beta));
        }
        None
    }

    /// Shallow alpha-beta for move ordering (no table, no ordering of its own); its
    /// positions are counted like the main search's.
    pub fn ordering_search(&mut self, pos: &G, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if depth == 0 {
            self.count(|c| c.leaf += 1);
            return if pos.is_over() {
                pos.terminal_score()
            } else {
                pos.ordering_eval()
            };
        }
        let moves = pos.generate_moves();
        if moves.is_empty() {
            self.count(|c| c.leaf += 1);
            return pos.terminal_score();
        }
        self.count(|c| c.interior += 1);
        let mut best = -super::INF;
        for &mv in moves.iter() {
            let value = -self.ordering_search(&pos.play(mv), depth - 1, -beta, -alpha);
            if value > best {
                best = value;
                if value >= beta {
                    break;
                }
                alpha = alpha.max(value);
            }
        }
        best
    }
}
