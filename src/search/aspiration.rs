//! Aspiration windows: search with the window (guess - W, guess + W) around the previous
//! iteration's value; if the value falls outside, search again with the full window
//! (counted in `research`).

use super::endgame::Endgame;
use super::searcher::{Searcher, INF};
use super::variants::Base;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn aspiration(&mut self, pos: &G, depth: u32, guess: i32, width: i32, base: Base) -> i32 {
        let (low, high) = (guess.saturating_sub(width), guess.saturating_add(width));
        let value = self.windowed(pos, depth, low, high, base);
        if value > low && value < high {
            return value;
        }
        self.count(|c| c.research += 1);
        self.windowed(pos, depth, -INF, INF, base)
    }
}
