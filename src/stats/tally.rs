//! What a match's games add up to, from the first agent's view: wins, losses and draws, and
//! the pentanomial counts of game pairs (one opening, colours swapped).

use std::collections::HashMap;

/// Results from the first agent's view: games, and game pairs by the pair's score
/// (`penta[k]`: pairs scoring k half-points: LL, LD, DD or WL, WD, WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub penta: [u64; 5],
}

impl Tally {
    pub fn games(&self) -> u64 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }

    /// Adds one game scored `score` (1, 0.5 or 0).
    pub fn add_game(&mut self, score: f64) {
        match score {
            s if s > 0.75 => self.wins += 1,
            s if s < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Adds a finished pair of games scored `a` and `b`.
    pub fn add_pair(&mut self, a: f64, b: f64) {
        self.penta[((a + b) * 2.0).round() as usize] += 1;
    }

    /// The mean score per game.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }
}

/// Results as games end: each game counts at once, a pair once both of its games are in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    pub tally: Tally,
    /// Scores of pairs with one game in, by pair.
    unpaired: HashMap<u64, f64>,
}

impl Results {
    /// Adds a game of pair `pair` scored `score` (1, 0.5 or 0).
    pub fn add(&mut self, pair: u64, score: f64) {
        self.tally.add_game(score);
        match self.unpaired.remove(&pair) {
            Some(other) => self.tally.add_pair(other, score),
            None => {
                self.unpaired.insert(pair, score);
            }
        }
    }
}
