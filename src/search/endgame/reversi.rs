//! Reversi's exact-solving hooks: the last few empties by a specialised solver (from 6
//! empties the moves sorted fastest first and the bounds kept in a small table of its own,
//! `sorted` and `table`; below that no move list: the empty squares as a bitboard in
//! quadrant-parity order; stability cut-offs from 3 empties; two empties by their own code;
//! the last square scored by its flips alone, counted from a table), stable discs for
//! stability cut-offs (`stability`), and quadrant parity.

use super::hooks::Endgame;
use super::solving::Solving;
use crate::counters::Counters;
use crate::game::reversi::{bits::last_flip_count, flips, Reversi, ReversiMove};
use crate::game::{margin_floor, margin_score, Game};
use sorted::{solve_sorted, SORTED_EMPTIES};
pub use stability::stable_discs;
pub use table::SmallTable;

/// The most empties [`solve`] is offered (it is exact for any number; with its small table
/// it is slower than the main search beyond about 11).
pub const MAX_EMPTIES: usize = 14;

mod sorted;
mod stability;
mod table;

/// What the solver carries through one call: where it counts its nodes and its table;
/// with `TRACE`, its nodes by empties too (`solve --where`; the untraced solver is another
/// instance of the same code, with no counting of its own).
pub struct Small<'a, const TRACE: bool> {
    pub visits: &'a mut Counters,
    pub table: &'a mut SmallTable,
    /// Nodes by empties (indexed by the node's empties), with `TRACE`.
    pub by_empties: &'a mut [u64],
}

impl<const TRACE: bool> Small<'_, TRACE> {
    /// Counts an interior node with the empty squares `empty`.
    #[inline(always)]
    fn interior(&mut self, empty: u64) {
        self.visits.interior += 1;
        self.by_empties(empty);
    }

    /// Counts a leaf with the empty squares `empty`.
    #[inline(always)]
    fn leaf(&mut self, empty: u64) {
        self.visits.leaf += 1;
        self.by_empties(empty);
    }

    #[inline(always)]
    fn by_empties(&mut self, empty: u64) {
        if TRACE {
            if let Some(n) = self.by_empties.get_mut(empty.count_ones() as usize) {
                *n += 1;
            }
        }
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0x0000_0000_0000_00FF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
const BORDER: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The quadrant (0..3) of a square: a1-d4, e1-h4, a5-d8, e5-h8.
#[inline(always)]
pub fn quadrant(sq: u8) -> usize {
    ((sq as usize >> 4) & 2) | ((sq as usize >> 2) & 1)
}

const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Whether the quadrant of `sq` holds an odd number of the `empty` squares.
#[inline(always)]
pub fn odd_region(empty: u64, sq: u8) -> bool {
    (empty & QUADRANTS[quadrant(sq)]).count_ones() & 1 == 1
}

/// The final margin for the player (`p` to move; every square but `sq` and `p`'s discs the
/// opponent's) when the one empty square is `sq`, the flips counted a line at a time from a
/// table. The position counts as one leaf, passes included.
#[inline(always)]
fn last_square<const T: bool>(p: u64, sq: u8, s: &mut Small<T>) -> i32 {
    s.leaf(1 << sq);
    let diff = 2 * p.count_ones() as i32 - 63;
    let flipped = last_flip_count(p, sq as usize) as i32;
    if flipped > 0 {
        return diff + 2 * flipped + 1;
    }
    let flipped = last_flip_count(!p & !(1 << sq), sq as usize) as i32;
    if flipped > 0 {
        return diff - 2 * flipped - 1;
    }
    // Nobody can play: the empty square goes to the winner (63 discs: never a draw).
    diff + diff.signum()
}

/// The exact final margin for the player `p` (to move against `o`) with the empty squares
/// `empty` (`n` of them), fail-soft against (`alpha`, `beta`) in margins. `parity` has bit q
/// set when quadrant q holds an odd number of empties: squares there are tried first (from
/// `SORTED_EMPTIES` empties, among moves with as many replies). `passed`: the other side has
/// just passed. Inlined where it is called: one and two empties in line, more by their own
/// functions (so that the nodes of two empties, a fifth of all, pay no call).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn solve<const T: bool>(
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    empty: u64,
    parity: usize,
    passed: bool,
    s: &mut Small<T>,
) -> i32 {
    if empty & (empty - 1) == 0 {
        return last_square(p, empty.trailing_zeros() as u8, s);
    }
    let rest = empty & (empty - 1);
    if rest & (rest - 1) == 0 {
        return solve_two(p, o, alpha, beta, empty, parity, passed, s);
    }
    if empty.count_ones() >= SORTED_EMPTIES {
        return solve_sorted(p, o, alpha, beta, empty, parity, passed, s);
    }
    solve_few(p, o, alpha, beta, empty, parity, passed, s)
}

/// [`solve`] not inlined: after a pass (rare), so that [`solve`]'s inlining ends.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn solve_after_pass<const T: bool>(
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    empty: u64,
    parity: usize,
    s: &mut Small<T>,
) -> i32 {
    solve(p, o, alpha, beta, empty, parity, true, s)
}

/// [`solve`] from 3 empties to below `SORTED_EMPTIES`: no move list, the empty squares in
/// quadrant-parity order, a stability cut-off first.
#[allow(clippy::too_many_arguments)]
fn solve_few<const T: bool>(
    p: u64,
    o: u64,
    mut alpha: i32,
    beta: i32,
    empty: u64,
    parity: usize,
    passed: bool,
    s: &mut Small<T>,
) -> i32 {
    if empty.count_ones() >= STABLE_EMPTIES {
        if let Some(bound) = stability_bound(p, o, alpha) {
            s.interior(empty);
            return bound;
        }
    }
    let mut best = -65;
    let odd = ODD_SQUARES[parity];
    // Odd regions first, then the rest; only squares next to an opponent disc can flip.
    'moves: for group in [empty & odd, empty & !odd] {
        let mut rest = group;
        while rest != 0 {
            let sq = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if NEIGHBOURS[sq as usize] & o == 0 {
                continue;
            }
            let flipped = flips(p, o, sq as usize);
            if flipped == 0 {
                continue;
            }
            let value = after_move(p, o, sq, flipped, alpha, beta, empty, parity, s);
            if raise(&mut best, &mut alpha, value, beta) {
                break 'moves;
            }
        }
    }
    settle(p, o, (alpha, beta), best, empty, parity, passed, s)
}

/// [`solve`] at two empties, the last square scored in line. Its moves come in the order
/// [`solve`]'s parity gives them, the squares' order: two empties are either alone in their
/// quadrants (both odd) or share one (both even).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn solve_two<const T: bool>(
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    empty: u64,
    parity: usize,
    passed: bool,
    s: &mut Small<T>,
) -> i32 {
    let (first, second) = (
        empty.trailing_zeros() as u8,
        63 - empty.leading_zeros() as u8,
    );
    let (mut best, mut alpha) = (-65, alpha);
    for (sq, last) in [(first, second), (second, first)] {
        if NEIGHBOURS[sq as usize] & o == 0 {
            continue;
        }
        let flipped = flips(p, o, sq as usize);
        if flipped == 0 {
            continue;
        }
        let value = -last_square(o ^ flipped, last, s);
        if raise(&mut best, &mut alpha, value, beta) {
            break;
        }
    }
    settle(p, o, (alpha, beta), best, empty, parity, passed, s)
}

/// A node's value once its moves are tried: `best`, the best of them, when it had one; else
/// the end of the game when the other side has just passed too, or the other side's move
/// after a pass (which counts as an interior node).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn settle<const T: bool>(
    p: u64,
    o: u64,
    (alpha, beta): (i32, i32),
    best: i32,
    empty: u64,
    parity: usize,
    passed: bool,
    s: &mut Small<T>,
) -> i32 {
    if best > -65 {
        s.interior(empty);
        return best;
    }
    if passed {
        return game_over(p, o, empty, s);
    }
    s.interior(empty);
    -solve_after_pass(o, p, -beta, -alpha, empty, parity, s)
}

/// The stability cut-off for `p` to move against `o`: the most `p` can end with (the
/// opponent keeps at least its stable discs), when that is at or below `alpha`.
#[inline(always)]
fn stability_bound(p: u64, o: u64, alpha: i32) -> Option<i32> {
    // A cheap test first: all the opponent's discs.
    if 64 - 2 * (o.count_ones() as i32) > alpha {
        return None;
    }
    let bound = 64 - 2 * stable_discs(o, p).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}

/// The margin of a finished game (neither side can move) for `p`: the empties go to the
/// winner. One leaf.
#[inline(always)]
fn game_over<const T: bool>(p: u64, o: u64, empty: u64, s: &mut Small<T>) -> i32 {
    s.leaf(empty);
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    diff + diff.signum() * empty.count_ones() as i32
}

/// The value for `p` of its move on `sq` (which flips `flipped`): minus the opponent's.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn after_move<const T: bool>(
    p: u64,
    o: u64,
    sq: u8,
    flipped: u64,
    alpha: i32,
    beta: i32,
    empty: u64,
    parity: usize,
    s: &mut Small<T>,
) -> i32 {
    -solve(
        o ^ flipped,
        p | flipped | 1 << sq,
        -beta,
        -alpha,
        empty ^ 1 << sq,
        parity ^ 1 << quadrant(sq),
        false,
        s,
    )
}

/// Takes a move's value into the node's best and alpha; true when it cuts the node off.
#[inline(always)]
fn raise(best: &mut i32, alpha: &mut i32, value: i32, beta: i32) -> bool {
    if value > *best {
        *best = value;
        if value >= beta {
            return true;
        }
        *alpha = (*alpha).max(value);
    }
    false
}

/// From this many empties [`solve`] tries the stability cut-off at every node (Egaroucid's
/// last-empties search does from 4: `last4_nws`, <https://github.com/Nyanyan/Egaroucid>); two
/// empties go to [`solve_two`], which does not try it. From 3 since the stable discs are
/// found by edge tables: FFO 40..44 in 91.4 M nodes against 93.9 M from 4, 45..49 in
/// 464.1 M against 492.2 M, in the same time (from 4 instead of 5: 106.9 M against 125.4 M on
/// 40..44 in the same time, with an earlier solver).
const STABLE_EMPTIES: u32 = 3;

/// The quadrant-parity bits of `empty` (bit q: quadrant q holds an odd number of empties).
pub fn parity_bits(empty: u64) -> usize {
    (0..4).fold(0, |bits, q| {
        bits | (((empty & QUADRANTS[q]).count_ones() as usize & 1) << q)
    })
}

/// The squares of the quadrants whose bit is set, for each 4-bit parity.
const ODD_SQUARES: [u64; 16] = {
    let mut table = [0u64; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut q = 0;
        while q < 4 {
            if bits >> q & 1 == 1 {
                table[bits] |= QUADRANTS[q];
            }
            q += 1;
        }
        bits += 1;
    }
    table
};

/// The (up to 8) squares around each square.
const NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        let sides = (b << 1 & !FILE_A) | (b >> 1 & !FILE_H);
        let row = b | sides;
        table[sq] = (sides | row << 8 | row >> 8) & !b;
        sq += 1;
    }
    table
};

/// Reversi's default solver: iterative deepening to half the empties, then three selective
/// passes to the end (ProbCut), each one's value the next one's first guess and its moves the
/// first tried, then MTD(f) null-window passes to the end with a large table, ETC at 10+
/// empties, ordering by a shallow search with the evaluation at 14+ empties, fastest-first and
/// parity ordering below, stability cut-offs and the last 11 empties by specialised code with
/// its own small table (the best combination measured on FFO 40..49; see docs/search.md and
/// docs/evaluation.md).
pub const SOLVER: &str = "mtdf+tt:256+mobility+id+etc+probcut+parity+stab+last:11+evalsort:14";

/// Reversi's exact ladder: one endgame technique added a step, so that each one's effect on
/// the node counts shows, ending with the solver's techniques (on a 64 MiB table: the
/// ladder's positions need no more; a test checks the two agree).
pub const LADDER: [&str; 11] = [
    "pvs+tt:64",
    "mtdf+tt:64",
    "mtdf+tt:64+mobility",
    "mtdf+tt:64+mobility+parity",
    "mtdf+tt:64+mobility+parity+last:7",
    "mtdf+tt:64+mobility+parity+stab+last:7",
    "mtdf+tt:64+mobility+etc+parity+stab+last:7",
    "mtdf+tt:64+mobility+id+etc+parity+stab+last:7",
    "mtdf+tt:64+mobility+id+etc+parity+stab+last:7+evalsort:14",
    "mtdf+tt:64+mobility+id+etc+probcut+parity+stab+last:7+evalsort:14",
    "mtdf+tt:64+mobility+id+etc+probcut+parity+stab+last:11+evalsort:14",
];

/// The most discs one side can win by.
const MAX_MARGIN: i32 = 64;

impl Endgame for Reversi {
    const SOLVING: Solving = Solving {
        solver: SOLVER,
        ladder: &LADDER,
    };
    type SolverMemory = SmallTable;
    const SMALL_SOLVER_EMPTIES: u32 = MAX_EMPTIES as u32;
    const HAS_STABILITY: bool = true;
    const HAS_PARITY: bool = true;

    /// A final margin is a difference of discs: at most 64 either way.
    fn margin_range(&self) -> (i32, i32) {
        (-MAX_MARGIN, MAX_MARGIN)
    }

    fn solve_small(
        &self,
        alpha: i32,
        beta: i32,
        table: &mut SmallTable,
        visits: &mut Counters,
        by_empties: Option<&mut [u64]>,
    ) -> i32 {
        let (player, opponent) = self.player_opponent();
        let empty = !(player | opponent);
        let bonus = Self::WIN_BONUS;
        let alpha = margin_floor(alpha, bonus).clamp(-65, 65);
        let beta = (-margin_floor(-beta, bonus)).clamp(-65, 65);
        // A finished game, or a window beyond every margin (an MTD(f) guess of a coarse
        // evaluation: the most (least) a margin can be is a bound below alpha (above beta),
        // as the solver's windows must hold a margin for its table's bounds): one leaf.
        let settled = if empty == 0 {
            Some(self.final_margin())
        } else if alpha >= MAX_MARGIN || beta <= -MAX_MARGIN {
            Some(if alpha >= MAX_MARGIN {
                MAX_MARGIN
            } else {
                -MAX_MARGIN
            })
        } else {
            None
        };
        if let Some(margin) = settled {
            visits.leaf += 1;
            if let Some(n) = by_empties.and_then(|b| b.get_mut(empty.count_ones() as usize)) {
                *n += 1;
            }
            return margin_score(margin, bonus);
        }
        table.ready();
        let parity = parity_bits(empty);
        let margin = match by_empties {
            Some(by_empties) => {
                let s = &mut Small::<true> {
                    visits,
                    table,
                    by_empties,
                };
                solve(player, opponent, alpha, beta, empty, parity, false, s)
            }
            None => {
                let s = &mut Small::<false> {
                    visits,
                    table,
                    by_empties: &mut [],
                };
                solve(player, opponent, alpha, beta, empty, parity, false, s)
            }
        };
        margin_score(margin, bonus)
    }

    #[inline]
    fn stability_bound(&self, alpha: i32) -> Option<i32> {
        let (player, opponent) = self.player_opponent();
        stability_bound(player, opponent, alpha)
    }

    #[inline(always)]
    fn parity_rank(&self, mv: ReversiMove) -> u64 {
        match mv.square() {
            Some(sq) => !odd_region(!(self.black() | self.white()), sq) as u64,
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_split_the_board() {
        for (i, q) in QUADRANTS.iter().enumerate() {
            assert_eq!(q.count_ones(), 16);
            for sq in 0..64u8 {
                assert_eq!(q >> sq & 1 == 1, quadrant(sq) == i, "square {sq}");
            }
        }
    }
}
