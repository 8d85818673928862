//! The null-window bisection driver of Pascal Pons' Connect 4 tutorial (part 8): null-window
//! searches halving the range of possible values, each probe biased towards 0 (half the
//! bound) so that the first probes settle win, draw or loss. Solving bisects final margins
//! (the game's range, or -1..1 for `wld`); depth-limited searches bisect scores.

use super::endgame::Endgame;
use super::searcher::{to_the_end, winning_move, Searcher, INF};
use crate::game::{margin_floor, margin_score};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn bisect(&mut self, pos: &G, depth: u32) -> i32 {
        let exact = to_the_end(depth);
        if pos.is_over() {
            // Nothing to bisect: a finished game is a leaf (and no hook below speaks of it:
            // Connect 4's "win at once" would see the loser's open three).
            self.count(|c| c.leaf += 1);
            self.root.best = None;
            return pos.terminal_score();
        }
        if exact && self.variant().no_lose {
            // Nodes with `nolose` assume their side cannot win at once: the root is checked
            // first, uncounted, as the tutorial's solve does.
            if let Some(margin) = pos.win_now() {
                self.root.best = winning_move(pos);
                return margin_score(margin, G::WIN_BONUS);
            }
        }
        // Values are bisected as margins when solving, as scores otherwise.
        let to_value = |m: i32| match exact {
            true => margin_score(m, G::WIN_BONUS),
            false => m,
        };
        let to_margin = |v: i32| match exact {
            true => margin_floor(v, G::WIN_BONUS),
            false => v,
        };
        let (mut min, mut max) = match (exact, self.root.window) {
            (false, _) => pos.score_range(),
            (true, window) if window == (-INF, INF) => pos.margin_range(),
            (true, (alpha, beta)) => (
                margin_floor(alpha, G::WIN_BONUS),
                -margin_floor(-beta, G::WIN_BONUS),
            ),
        };
        let mut best_move = None;
        let mut passes = 0;
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            if passes > 0 {
                self.count(|c| c.research += 1);
            }
            passes += 1;
            self.root.best = None;
            let value = self.alphabeta(pos, depth, to_value(med), to_value(med + 1), 0);
            if self.course.stopped {
                break;
            }
            let margin = to_margin(value);
            if margin <= med {
                max = margin;
            } else {
                min = margin;
            }
            if self.root.best.is_some() && (margin > med || best_move.is_none()) {
                best_move = self.root.best;
            }
        }
        self.root.best = best_move;
        to_value(min)
    }
}
