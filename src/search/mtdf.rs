//! MTD(f) (Plaat et al.): null-window alpha-beta searches with a table, each one moving a
//! lower or an upper bound, until the bounds meet. The first guess is the previous
//! iteration's value (0 without one); every pass after the first counts as a re-search.

use super::endgame::Endgame;
use super::searcher::{Searcher, INF};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn mtdf(&mut self, pos: &G, depth: u32, guess: i32) -> i32 {
        let (mut value, mut lower, mut upper) = (guess, -INF, INF);
        let mut best_move = None;
        let mut passes = 0;
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            if passes > 0 {
                self.count(|c| c.research += 1);
            }
            passes += 1;
            let start = self.counters.nodes();
            value = self.alphabeta(pos, depth, beta - 1, beta, 0);
            self.trail_pass(beta - 1, beta, value, start);
            if value < beta {
                upper = value;
            } else {
                lower = value;
                // A pass that fails high proves its move reaches the new lower bound.
                best_move = self.root.best;
            }
        }
        self.root.best = best_move;
        value
    }
}
