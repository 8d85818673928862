//! Evaluation ordering for exact solving (`+evalsort`): at nodes with many empties, each
//! move is scored by the evaluation after a shallow search of its child (the deeper the more
//! empties are left), and the moves are sorted by that score weighed against fastest-first,
//! as Edax (`move_evaluate`, <https://github.com/abulmo/edax-reversi>) and Egaroucid order
//! their endgame searches. Ordering never changes a solve's value, only its cost.

use arrayvec::ArrayVec;

use super::endgame::Endgame;
use super::ordering::{sort_by_keys, KEY_ROOM};
use super::searcher::{Searcher, INF};

/// The depth of the shallow search below each move at a node with `empties` empty squares
/// (0: the child's evaluation alone).
pub fn sort_depth(empties: u32) -> u32 {
    let (base, step) = tuning();
    empties.saturating_sub(base) / step
}

fn tuning() -> (u32, u32) {
    use std::sync::OnceLock;
    static T: OnceLock<(u32, u32, u64)> = OnceLock::new();
    let t = T.get_or_init(|| {
        let get = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
        (get("NP_BASE", 14) as u32, get("NP_STEP", 4) as u32, get("NP_W", 512))
    });
    (t.0, t.1)
}

/// How many fastest-first units (an opponent reply is 1024) one disc of evaluation is worth.
pub fn disc_weight() -> u64 {
    use std::sync::OnceLock;
    static T: OnceLock<u64> = OnceLock::new();
    *T.get_or_init(|| std::env::var("NP_W").ok().and_then(|v| v.parse().ok()).unwrap_or(512))
}

impl<G: Endgame, const COUNT: bool> Searcher<G, COUNT> {
    /// Sorts `moves` by their shallow-search value (in discs) and fastest-first together.
    pub(super) fn sort_by_evaluation(&mut self, pos: &G, moves: &mut [G::Move], ply: usize) {
        let depth = sort_depth(pos.empties());
        // Without the table: depth-limited values must not replace the exact entries.
        let table = self.memory.tt.take();
        let mut keys: ArrayVec<u64, KEY_ROOM> = ArrayVec::new();
        let weight = disc_weight();
        for &mv in moves.iter() {
            let child = pos.play(mv);
            let value = match depth {
                0 => -child.evaluate(self.options.eval),
                d => -self.alphabeta(&child, d, -INF, INF, ply + 1),
            };
            // Scores of finished games (beyond the evaluation's range) count as ±64 discs.
            let discs = value.clamp(-64, 64);
            keys.push(pos.mobility_rank(mv) + weight * (64 - discs) as u64);
        }
        self.memory.tt = table;
        sort_by_keys(moves, &mut keys);
    }
}
