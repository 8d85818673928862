//! Playouts: from a position below the tree, moves to the end of the game, uniformly at
//! random or guided by the evaluation (the best move by the evaluation three times in four,
//! a random one otherwise). Each drawn from the search's seeded generator.

use crate::game::{Eval, Game, GameMove, Side};
use crate::random::splitmix64;

/// A playout's rules.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// The evaluation guiding the moves, if guided.
    pub guide: Option<Eval>,
}

/// The share of a guided playout's moves drawn at random (of 4).
const RANDOM_IN_4: u64 = 1;

/// A draw below `n`.
#[inline]
pub fn below(state: &mut u64, n: usize) -> usize {
    ((splitmix64(state) as u128 * n as u128) >> 64) as usize
}

impl Policy {
    /// Plays `pos` out: its final position; each move into `played` as (side to move is
    /// the root's: 0, else 1; move index) when `record`, and the plies into `plies`.
    pub fn play_out<G: Game>(
        &self,
        mut pos: G,
        rng: &mut u64,
        mut played: Option<(&mut Vec<(usize, usize)>, Side)>,
        plies: &mut u64,
    ) -> G {
        while !pos.is_over() {
            let moves = pos.generate_moves();
            let mv = self.choose(&pos, &moves, rng);
            if let Some((list, root_side)) = played.as_mut() {
                list.push(((pos.side_to_move() != *root_side) as usize, mv.index()));
            }
            pos = pos.play(mv);
            *plies += 1;
        }
        pos
    }

    #[inline]
    fn choose<G: Game>(&self, pos: &G, moves: &[G::Move], rng: &mut u64) -> G::Move {
        match self.guide {
            Some(eval) if moves.len() > 1 && splitmix64(rng) % 4 >= RANDOM_IN_4 => {
                best_by_eval(pos, moves, eval)
            }
            _ => moves[below(rng, moves.len())],
        }
    }
}

/// The move whose position the evaluation scores best for the side making it (the first of
/// equals); a move that ends the game counts by its result.
fn best_by_eval<G: Game>(pos: &G, moves: &[G::Move], eval: Eval) -> G::Move {
    let mut best = (i32::MIN, moves[0]);
    for &mv in moves {
        let child = pos.play(mv);
        let score = match child.is_over() {
            true => -child.terminal_score(),
            false => -child.evaluate(eval),
        };
        if score > best.0 {
            best = (score, mv);
        }
    }
    best.1
}
