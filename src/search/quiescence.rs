//! Quiescence search (`+quiesce`, games with captures): at the horizon the side to move may
//! "stand pat" on the position's evaluation or capture, and captures are played out until
//! none is better than standing pat. Captures are tried in MVV-LVA order; stand pat
//! counts as a move that is always there, so alpha-beta here finds exactly the value of a
//! minimax over {stand pat} and the captures (tested). The horizon position is a `leaf`; the
//! positions below it are `qnode`s.

use super::endgame::Endgame;
use super::ordering::captures_first;
use super::searcher::{Searcher, MAX_PLY};

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The quiet value of the horizon position `pos` (fail-soft against (`alpha`, `beta`)).
    pub fn quiesce(&mut self, pos: &G, alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand_pat = self.horizon(pos, ply);
        self.captures_below(pos, stand_pat, alpha, beta, ply)
    }

    /// A position below the horizon.
    fn quiesce_below(&mut self, pos: &G, alpha: i32, beta: i32, ply: usize) -> i32 {
        // Quiescence nodes count towards the deadline too (a stopped search's value is void).
        self.tick();
        if self.course.stopped {
            return 0;
        }
        self.count(|c| c.qnode += 1);
        self.course.max_ply = self.course.max_ply.max(ply);
        let stand_pat = match pos.is_over() {
            true => return self.final_value(pos, ply),
            false => pos.evaluate(self.options.eval),
        };
        self.captures_below(pos, stand_pat, alpha, beta, ply)
    }

    /// The best of standing pat and `pos`'s captures.
    fn captures_below(
        &mut self,
        pos: &G,
        stand_pat: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        // A finished game has no captures: its score stands.
        if stand_pat >= beta || ply + 1 >= MAX_PLY {
            return stand_pat;
        }
        let (mut best, mut alpha) = (stand_pat, alpha.max(stand_pat));
        let mut captures = pos.captures();
        captures_first(pos, &mut captures);
        for &mv in captures.iter() {
            let value = -self.quiesce_below(&pos.play(mv), -beta, -alpha, ply + 1);
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
