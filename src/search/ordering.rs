//! Move ordering at a node, in this order of application: the fixed generation order (or,
//! with `fileorder`, file by file; optionally shuffled with a seed), mobility (fewest opponent replies first), history
//! (highest first), captures first by MVV-LVA, killers to the front, then the table's move (or, at the root of an
//! iterative deepening search, the previous iteration's best move) first of all. Sorts are
//! stable, so each step keeps the previous one's order among equals.

use arrayvec::ArrayVec;

use super::endgame::Endgame;
use super::searcher::{to_the_end, Searcher, INF};
use super::variants::SSO_MIN_EMPTIES;
use crate::game::{Game, GameMove};
use crate::random::splitmix64;

/// Room for the keys of any game's move list.
pub(super) const KEY_ROOM: usize = 320;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    #[inline]
    pub fn order(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        ply: usize,
        first: Option<G::Move>,
        depth: u32,
    ) {
        if moves.len() < 2 {
            return;
        }
        if self.options.variant.file_order {
            sort_by_key(moves, |&mv| mv.file_order_key());
        }
        if let Some(seed) = self.options.shuffle {
            // Seeded by the position too, so a position is always ordered the same way.
            let mut state = seed ^ pos.key();
            for i in (1..moves.len()).rev() {
                let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
                moves.swap(i, j);
            }
        }
        if G::HAS_THREATS && self.options.variant.threats {
            pos.sort_by_threats(moves);
        }
        match (self.options.variant.parity, self.options.variant.mobility) {
            // One sort by both keys, mobility first: the order of the parity sort followed
            // by the (stable) mobility sort, for half the sorting.
            (true, true) => sort_by_key(moves, |&mv| {
                let rank = pos.mobility_rank(mv);
                debug_assert!(rank < 1 << 63 && pos.parity_rank(mv) <= 1);
                rank << 1 | pos.parity_rank(mv)
            }),
            (true, false) => sort_by_key(moves, |&mv| pos.parity_rank(mv)),
            (false, true) => sort_by_key(moves, |&mv| pos.mobility_rank(mv)),
            (false, false) => {}
        }
        if let Some(fewest) = self.options.variant.eval_sort {
            if to_the_end(depth) && pos.empties() >= fewest {
                self.sort_by_evaluation(pos, moves, ply);
            }
        }
        if let Some(sso) = self.options.variant.sso {
            if to_the_end(depth) && pos.empties() >= SSO_MIN_EMPTIES {
                // Plain alpha-beta to the shallow depth, without the table: its depth-limited
                // results must not replace the exact entries of the same positions.
                let table = self.memory.tt.take();
                let mut keys: ArrayVec<u64, KEY_ROOM> = ArrayVec::new();
                for &mv in moves.iter() {
                    let value = -self.alphabeta(&pos.play(mv), sso - 1, -INF, INF, ply + 1);
                    keys.push((INF as i64 - value as i64) as u64);
                }
                self.memory.tt = table;
                sort_by_keys(moves, &mut keys);
            }
        }
        if let Some(history) = &self.memory.history {
            let side = pos.side_to_move();
            sort_by_key(moves, |&mv| u64::MAX - history.score(side, mv));
        }
        if G::HAS_CAPTURES && self.options.variant.mvv_lva {
            captures_first(pos, moves);
        }
        if let Some(killers) = &self.memory.killers {
            killers.bring_forward(ply, moves, 0);
        }
        let first = first.or(if ply == 0 { self.root.first } else { None });
        if let Some(first) = first {
            if let Some(j) = moves.iter().position(|&m| m == first) {
                moves[..=j].rotate_right(1);
            }
        }
        if ply == 0 && self.root.rotation > 0 {
            self.rotate_root(moves);
        }
    }

    /// A Lazy SMP helper's root moves, rotated by its index.
    #[cold]
    #[inline(never)]
    fn rotate_root(&self, moves: &mut [G::Move]) {
        let places = self.root.rotation % moves.len();
        moves.rotate_left(places);
    }
}

/// Stable insertion sort by a key computed once a move (move lists are short).
/// Captures first, most valuable victim then least valuable attacker (`mvvlva`, and
/// quiescence search's order); stable, so the rest keep their order.
#[inline]
pub(super) fn captures_first<G: Game>(pos: &G, moves: &mut [G::Move]) {
    sort_by_key(moves, |&mv| u64::from(u32::MAX - pos.capture_rank(mv)));
}

#[inline(always)]
fn sort_by_key<M: GameMove>(moves: &mut [M], key: impl Fn(&M) -> u64) {
    debug_assert!(moves.len() <= KEY_ROOM);
    // Pushed one by one: collecting into the array built it apart and copied it whole.
    let mut keys: ArrayVec<u64, KEY_ROOM> = ArrayVec::new();
    for mv in moves.iter() {
        keys.push(key(mv));
    }
    sort_by_keys(moves, &mut keys);
}

/// Stable insertion sort of `moves` by `keys` (one a move, sorted along).
pub(super) fn sort_by_keys<M: GameMove>(moves: &mut [M], keys: &mut [u64]) {
    for i in 1..moves.len() {
        let (k, m) = (keys[i], moves[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = k;
        moves[j] = m;
    }
}
