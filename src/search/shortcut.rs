//! Exact solving's shortcuts, tried on entering a node searched to the end of the game: the
//! game's specialised solver for the last few empties (`last:N`) and the stability cut-off
//! (`stab`): the opponent's stable discs bound the final margin; a bound at or below alpha
//! ends the node (counted as an interior node).

use super::endgame::Endgame;
use super::searcher::Searcher;
use crate::counters::Counters;
use crate::game::{margin_floor, margin_score};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    #[inline]
    pub fn endgame_shortcut(&mut self, pos: &G, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let empties = pos.empties();
        if self
            .options
            .variant
            .last
            .is_some_and(|last| empties <= last)
        {
            self.clear_pv(ply);
            let mut visits = Counters::default();
            // Traced (`solve --where`), the solver counts its nodes by their empties.
            let by_empties = match (COUNT, self.trail.as_deref_mut()) {
                (true, Some(trail)) => Some(&mut trail.solver_by_empties[..]),
                _ => None,
            };
            let small = &mut self.memory.small;
            let value = pos.solve_small(alpha, beta, small, &mut visits, by_empties);
            self.count(|c| *c += visits);
            return Some(self.bounded(value, alpha, beta));
        }
        if self.options.variant.stability {
            let bound = pos.stability_bound(margin_floor(alpha, G::WIN_BONUS))?;
            self.clear_pv(ply);
            self.count(|c| c.interior += 1);
            if COUNT {
                self.trail_node(empties);
            }
            return Some(self.bounded(margin_score(bound, G::WIN_BONUS), alpha, beta));
        }
        None
    }
}
