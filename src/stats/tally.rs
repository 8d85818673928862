//! What a match's games add up to, from the first agent's view: wins, losses and draws, and
//! the pentanomial counts of game pairs (one opening, colours swapped).

use std::collections::{HashMap, HashSet};

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

    /// The count a game scored `score` (1, 0.5 or 0) goes into: wins, losses or draws.
    fn count_of(&mut self, score: f64) -> &mut u64 {
        match score {
            s if s > 0.75 => &mut self.wins,
            s if s < 0.25 => &mut self.losses,
            _ => &mut self.draws,
        }
    }

    /// Adds one game scored `score` (1, 0.5 or 0).
    pub fn add_game(&mut self, score: f64) {
        *self.count_of(score) += 1;
    }

    /// Takes back a game added with [`Tally::add_game`].
    pub fn remove_game(&mut self, score: f64) {
        let count = self.count_of(score);
        *count = count.saturating_sub(1);
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

/// Results as games end: each game counts at once, a pair once both of its games are in. A
/// pair that repeats an earlier pair game for game (deterministic agents from the same
/// opening play the same two games) adds no information: once it is complete, its games
/// are taken out again and the pair is counted in `repeated_pairs` instead.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    pub tally: Tally,
    /// Scores and identities of pairs with one game in, by pair.
    unpaired: HashMap<u64, (f64, String)>,
    /// The complete pairs' games (their identities, sorted), to tell a repeat.
    seen: HashSet<[String; 2]>,
    /// The pairs left out as repeats.
    repeats: HashSet<u64>,
}

impl Results {
    /// Adds a game of pair `pair` scored `score` (1, 0.5 or 0); `game` tells games apart (the
    /// same text for the same game: opening, colours, length, final position).
    pub fn add(&mut self, pair: u64, score: f64, game: String) {
        self.tally.add_game(score);
        let Some((other, other_game)) = self.unpaired.remove(&pair) else {
            self.unpaired.insert(pair, (score, game));
            return;
        };
        let mut games = [other_game, game];
        games.sort();
        match self.seen.insert(games) {
            true => self.tally.add_pair(other, score),
            false => {
                self.tally.remove_game(other);
                self.tally.remove_game(score);
                self.repeats.insert(pair);
            }
        }
    }

    /// Whether pair `pair` repeated an earlier one and was left out.
    pub fn is_repeat(&self, pair: u64) -> bool {
        self.repeats.contains(&pair)
    }

    /// How many pairs were left out as repeats.
    pub fn repeated_pairs(&self) -> u64 {
        self.repeats.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_that_repeats_an_earlier_pair_is_left_out() {
        let mut results = Results::default();
        let game = |side: &str, end: &str| format!("start {side} 60 {end}");
        // Pair 1: a win and a draw; pair 2 plays the same two games (in the other order).
        results.add(1, 1.0, game("black", "A"));
        results.add(1, 0.5, game("white", "B"));
        results.add(2, 0.5, game("white", "B"));
        assert_eq!(results.tally.games(), 3, "a game counts as it ends");
        results.add(2, 1.0, game("black", "A"));
        // Pair 3: another game.
        results.add(3, 0.0, game("black", "C"));
        results.add(3, 1.0, game("white", "D"));
        let t = results.tally;
        assert_eq!((t.wins, t.losses, t.draws), (2, 1, 1));
        assert_eq!(t.penta, [0, 0, 1, 1, 0]);
        assert!(results.is_repeat(2) && !results.is_repeat(1) && !results.is_repeat(3));
        assert_eq!(results.repeated_pairs(), 1);
    }
}
