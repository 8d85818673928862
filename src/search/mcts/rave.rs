//! RAVE (Gelly and Silver 2007): all moves as first. After each iteration, every node on
//! its path credits those of its edges whose move its side to move played later in
//! the iteration (in the tree or the playout) with the iteration's reward; an edge's mean
//! is blended with that all-moves-as-first mean, weight `sqrt(k / (3n + k))` for an edge of
//! n visits, so that the blend trusts its own mean as its visits grow.

use super::graph::{Edge, Graph};
use crate::game::{Game, GameMove};

/// The child's mean blended with its all-moves-as-first mean.
#[inline]
pub fn blend<M>(child: &Edge<M>, k: f64) -> f64 {
    let n = child.visits as f64;
    let mean = child.value / n;
    if child.amaf_visits == 0 {
        return mean;
    }
    let beta = (k / (3.0 * n + k)).sqrt();
    let amaf = child.amaf_value / child.amaf_visits as f64;
    (1.0 - beta) * mean + beta * amaf
}

/// The moves of one iteration by side, as sets of move indexes, reused from one
/// iteration to the next.
pub struct Played {
    /// Each move of the iteration: its side (0: the root's side to move) and index.
    pub moves: Vec<(usize, usize)>,
    seen: [Vec<u64>; 2],
}

impl Played {
    pub fn new(move_indexes: usize) -> Played {
        let words = move_indexes.div_ceil(64);
        Played {
            moves: Vec::new(),
            seen: [vec![0; words], vec![0; words]],
        }
    }

    fn mark(&mut self, side: usize, index: usize) {
        self.seen[side][index / 64] |= 1 << (index % 64);
    }

    fn has(&self, side: usize, index: usize) -> bool {
        self.seen[side][index / 64] & (1 << (index % 64)) != 0
    }

    /// Credits the edges of the path's nodes (`path[i]` is left by `moves[i]`) with
    /// `root_reward`, the iteration's reward for the root's side to move; empties the sets.
    pub fn credit<G: Game>(&mut self, graph: &mut Graph<G>, path: &[usize], root_reward: f64) {
        for i in (0..self.moves.len()).rev() {
            let (side, index) = self.moves[i];
            self.mark(side, index);
            if i >= path.len() {
                continue;
            }
            let reward = match side {
                0 => root_reward,
                _ => 1.0 - root_reward,
            };
            for e in graph.edges_of(path[i]) {
                if self.has(side, graph.edges[e].mv.index()) {
                    let edge = &mut graph.edges[e];
                    edge.amaf_visits += 1;
                    edge.amaf_value += reward;
                }
            }
        }
        for &(side, index) in &self.moves {
            self.seen[side][index / 64] &= !(1 << (index % 64));
        }
        self.moves.clear();
    }
}
