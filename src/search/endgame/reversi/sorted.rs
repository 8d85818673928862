//! The solver's nodes from [`SORTED_EMPTIES`] empties: their moves sorted fastest first, their
//! bounds kept in the solver's table ([`super::table`]) and each child looked up there first.

use super::{
    after_move, game_over, raise, solve_after_pass, stability_bound, table, Small, MAX_EMPTIES,
    MAX_MARGIN, ODD_SQUARES,
};
use crate::game::reversi::{
    corner_weighted, fastest_first_rank, flips, move_squares, SQUARE_WEIGHTS,
};

/// From this many empties [`solve`] tries its moves fastest first ([`sorted_key`]), as
/// Egaroucid's endgame search does above its last 6 empties (`nega_alpha_end_simple_nws`,
/// <https://github.com/Nyanyan/Egaroucid>); below, in quadrant-parity order alone, where a
/// move generation a move costs more than the nodes it saves (docs/search.md).
pub(super) const SORTED_EMPTIES: u32 = 6;

/// [`solve`] at a node with [`SORTED_EMPTIES`] or more empties: the same search, the moves
/// sorted first, the node's bounds looked up in the solver's table first and stored after.
#[allow(clippy::too_many_arguments)]
pub(super) fn solve_sorted<const T: bool>(
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    empty: u64,
    parity: usize,
    passed: bool,
    s: &mut Small<T>,
) -> i32 {
    let legal = move_squares(p, o);
    if legal == 0 {
        if passed {
            return game_over(p, o, empty, s);
        }
        s.interior(empty);
        return -solve_after_pass(o, p, -beta, -alpha, empty, parity, s);
    }
    s.interior(empty);
    if let Some(bound) = stability_bound(p, o, alpha) {
        return bound;
    }
    let empties = empty.count_ones();
    if empties < table::MIN_EMPTIES {
        return sorted_moves(p, o, (alpha, beta), empty, parity, legal, s);
    }
    s.visits.tt_probe += 1;
    // The window narrowed to the stored bounds (never empty: the node ends when they meet
    // it); without an entry, as it came (a margin's window may reach beyond -64..64).
    let (lower, upper, window) = match s.table.bounds(p, o, empties) {
        Some((lower, upper)) => {
            s.visits.tt_hit += 1;
            if lower >= beta || upper <= alpha || lower == upper {
                s.visits.tt_cut += 1;
                return if upper <= alpha { upper } else { lower };
            }
            (lower, upper, (alpha.max(lower), beta.min(upper)))
        }
        None => (-MAX_MARGIN, MAX_MARGIN, (alpha, beta)),
    };
    let value = sorted_moves(p, o, window, empty, parity, legal, s);
    let bounds = if value <= window.0 {
        (lower, value)
    } else if value >= window.1 {
        (value, upper)
    } else {
        (value, value)
    };
    s.table.store(p, o, empties, bounds);
    value
}

/// [`solve_sorted`]'s moves: sorted fastest first, each child looked up in the table first
/// (one whose bound already beats `beta` ends the node; one that cannot raise `alpha` is
/// not searched).
#[inline(always)]
fn sorted_moves<const T: bool>(
    p: u64,
    o: u64,
    (mut alpha, beta): (i32, i32),
    empty: u64,
    parity: usize,
    legal: u64,
    s: &mut Small<T>,
) -> i32 {
    // (square, flips), one a legal move: at most one an empty square (the solver is offered
    // at most `MAX_EMPTIES`).
    let mut moves = [(0u8, 0u64); MAX_EMPTIES];
    let empties = empty.count_ones();
    let probe = empties > table::MIN_EMPTIES;
    // The children first, their table entries fetched while the others are found.
    let (mut found, mut rest) = (0, legal);
    while rest != 0 {
        let sq = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let flipped = flips(p, o, sq as usize);
        if probe {
            s.table
                .prefetch(o ^ flipped, p | flipped | 1 << sq, empties - 1);
        }
        moves[found] = (sq, flipped);
        found += 1;
    }
    let odd = ODD_SQUARES[parity];
    let mut best = -65;
    // Each move's key with its place in `moves` below it (keys tie in square order).
    let mut keys = [0u32; MAX_EMPTIES];
    let mut n = 0;
    for (i, &(sq, flipped)) in moves[..found].iter().enumerate() {
        let (child_p, child_o) = (o ^ flipped, p | flipped | 1 << sq);
        if probe {
            s.visits.tt_probe += 1;
            if let Some((lower, upper)) = s.table.bounds(child_p, child_o, empties - 1) {
                s.visits.tt_hit += 1;
                if -upper >= beta {
                    s.visits.tt_cut += 1;
                    return -upper;
                }
                if -lower <= alpha {
                    best = best.max(-lower);
                    continue;
                }
            }
        }
        keys[n] = sorted_key((child_p, child_o), sq, odd, empties) << 6 | i as u32;
        n += 1;
    }
    // The lowest key next, picked when it is needed (most cut-offs come at the first).
    while n > 0 {
        let mut low = 0;
        for j in 1..n {
            if keys[j] < keys[low] {
                low = j;
            }
        }
        let (sq, flipped) = moves[(keys[low] & 63) as usize];
        n -= 1;
        keys[low] = keys[n];
        let value = after_move(p, o, sq, flipped, alpha, beta, empty, parity, s);
        if raise(&mut best, &mut alpha, value, beta) {
            break;
        }
    }
    best
}

/// A move's place in [`solve_sorted`]'s order, lowest first. From [`RANKED_EMPTIES`], the
/// main search's fastest-first rank ([`fastest_first_rank`]) then odd quadrants first;
/// below, fewest opponent replies (corners counted twice), then odd quadrants, then the
/// better square by the classic square weights (corners first, X-squares last). The
/// squares' tie-break saves 0.2% of the nodes on FFO 40..44 and 0.8% on 45..49, in the same
/// time.
#[inline(always)]
fn sorted_key((child_p, child_o): (u64, u64), sq: u8, odd: u64, empties: u32) -> u32 {
    let replies = move_squares(child_p, child_o);
    // Weights run from -50 to 100: 100 minus a weight fits in 8 bits.
    let square = (100 - SQUARE_WEIGHTS[sq as usize]) as u32;
    let even = (odd >> sq & 1 == 0) as u32;
    if empties >= RANKED_EMPTIES {
        // At most 38 replies (2^6) x 2^10 and the tie-breaks below: 17 bits (18 with
        // `even`; [`sorted_moves`] puts a move's place below them in 6 more).
        let rank = fastest_first_rank(child_o, child_p | child_o, replies, square as u64) as u32;
        return rank << 1 | even;
    }
    (corner_weighted(replies) as u32) << 9 | even << 8 | square
}

/// From this many empties [`sorted_key`] takes the main search's rank (FFO 40..44 in 83.7 M
/// nodes against 89.4 M from 8).
const RANKED_EMPTIES: u32 = 7;
