//! The training positions: seeded games, a random opening and then both sides played by one
//! of nodeprof's agents, every position before the end kept (each distinct position once,
//! in the order the games met it).

use std::collections::HashSet;

use crate::game::{Eval, Game, Reversi};
use crate::random::splitmix64;
use crate::search::{Limit, SearchConfig, Thinker};

/// How games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// Random plies at the start of a game: from `opening.0` to `opening.1`, by the game's seed.
    pub opening: (u32, u32),
    /// The agent's variant (`pvs+tt:1+id+mobility`) and depth, and the evaluation.
    pub variant: String,
    pub depth: u32,
    pub eval: Eval,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            opening: (4, 24),
            variant: "pvs+tt:1+id+mobility".into(),
            depth: 4,
            eval: Eval::Mobility,
        }
    }
}

/// A position of the training set: the side to move's discs, the opponent's, and the game it
/// came from (held-out games are every tenth).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub player: u64,
    pub opponent: u64,
    pub game: u32,
}

impl Sample {
    pub fn position(&self) -> Reversi {
        Reversi::from_discs(self.player, self.opponent, crate::game::Side::First)
            .expect("training positions never overlap")
    }

    pub fn empties(&self) -> u32 {
        (!(self.player | self.opponent)).count_ones()
    }

    pub fn held_out(&self) -> bool {
        self.game.is_multiple_of(10)
    }
}

/// The positions of game `game` (seeded by `seed` and the game's number), in order.
pub fn play_game(
    seed: u64,
    game: u32,
    play: &Play,
) -> Result<Vec<Sample>, super::error::TrainError> {
    let mut state = seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let (low, high) = play.opening;
    let opening = low + (splitmix64(&mut state) % (high - low + 1) as u64) as u32;
    let mut config = SearchConfig::new(play.variant.parse::<crate::search::Variant>()?);
    config.eval = play.eval;
    let mut thinker = Thinker::<Reversi>::new(&config)?;
    let mut pos = Reversi::start();
    let mut samples = Vec::new();
    let mut ply = 0;
    while !pos.is_over() {
        let (player, opponent) = pos.player_opponent();
        samples.push(Sample {
            player,
            opponent,
            game,
        });
        let moves = pos.generate_moves();
        let mv = if ply < opening {
            moves[(splitmix64(&mut state) % moves.len() as u64) as usize]
        } else {
            let limit = Limit {
                depth: Some(play.depth),
                ..Limit::default()
            };
            let thought = thinker.think(&pos, limit)?;
            thought.best_move.unwrap_or(moves[0])
        };
        pos = pos.play(mv);
        ply += 1;
    }
    Ok(samples)
}

/// Keeps each position's first sample only (the start and early openings repeat).
pub fn distinct(samples: Vec<Sample>) -> Vec<Sample> {
    let mut seen = HashSet::new();
    samples
        .into_iter()
        .filter(|s| seen.insert((s.player, s.opponent)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::error::TrainError;

    #[test]
    fn a_game_with_a_bad_variant_is_a_typed_error_naming_it() {
        let play = Play {
            variant: "alphabeta+nonsense".into(),
            ..Play::default()
        };
        let err = play_game(1, 0, &play).unwrap_err();
        assert!(matches!(err, TrainError::Spec(_)), "{err:?}");
        assert!(err.to_string().contains("nonsense"), "{err}");
    }
}
