//! Schaeffer's history heuristic: a move that cuts off (or is best) at remaining depth d
//! earns 2^d for its side; moves are tried in decreasing history order. Nothing is recorded
//! at depth 1, next to the leaves, where it would only add noise.

use crate::game::{GameMove, Side};

pub struct History {
    scores: Vec<u64>,
    indexes: usize,
}

/// History is recorded at this remaining depth and above.
pub const MIN_DEPTH: u32 = 2;

impl History {
    pub fn new(indexes: usize) -> History {
        History {
            scores: vec![0; 2 * indexes],
            indexes,
        }
    }

    #[inline]
    fn slot(&self, side: Side, mv: impl GameMove) -> usize {
        side as usize * self.indexes + mv.index()
    }

    pub fn record(&mut self, side: Side, mv: impl GameMove, depth: u32) {
        if depth >= MIN_DEPTH {
            let i = self.slot(side, mv);
            self.scores[i] = self.scores[i].saturating_add(1u64 << depth.min(62));
        }
    }

    pub fn score(&self, side: Side, mv: impl GameMove) -> u64 {
        self.scores[self.slot(side, mv)]
    }
}
