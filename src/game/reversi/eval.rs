//! Reversi's evaluations and ordering terms: square weights, mobility, corner stability.

use super::bits::move_squares;

/// A classic square-weight table (corners high, the squares next to them low), a1..h8.
#[rustfmt::skip]
pub const SQUARE_WEIGHTS: [i32; 64] = [
    100, -20, 10,  5,  5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
     10,  -2, -1, -1, -1, -1,  -2,  10,
      5,  -2, -1, -1, -1, -1,  -2,   5,
      5,  -2, -1, -1, -1, -1,  -2,   5,
     10,  -2, -1, -1, -1, -1,  -2,  10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10,  5,  5, 10, -20, 100,
];

pub(super) const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The number of `moves`, corner moves counted twice.
#[inline(always)]
pub fn corner_weighted(moves: u64) -> i32 {
    (moves.count_ones() + (moves & CORNERS).count_ones()) as i32
}

/// The squares next to `discs` (in eight directions).
#[inline(always)]
pub(super) fn adjacent(discs: u64) -> u64 {
    let h = ((discs << 1) & !0x0101_0101_0101_0101) | ((discs >> 1) & !0x8080_8080_8080_8080);
    let row = discs | h;
    h | (row << 8) | (row >> 8)
}

/// Corners of `discs` and the edge squares next to them that `discs` also holds: discs
/// that can never flip.
#[inline(always)]
pub(super) fn corner_stability(discs: u64) -> u32 {
    let stable = (((0x0100_0000_0000_0001 & discs) << 1)
        | ((0x8000_0000_0000_0080 & discs) >> 1)
        | ((0x0000_0000_0000_0081 & discs) << 8)
        | ((0x8100_0000_0000_0000 & discs) >> 8)
        | CORNERS)
        & discs;
    stable.count_ones()
}

pub(super) fn weighted(mut discs: u64) -> i32 {
    let mut sum = 0;
    while discs != 0 {
        sum += SQUARE_WEIGHTS[discs.trailing_zeros() as usize];
        discs &= discs - 1;
    }
    sum
}

/// Mobility against the opponent's (corner moves count double) and corners held.
#[inline(always)]
pub(super) fn mobility_eval(player: u64, opponent: u64) -> i32 {
    let theirs = move_squares(opponent, player);
    let corners = (player & CORNERS).count_ones() as i32 - (opponent & CORNERS).count_ones() as i32;
    4 * (corner_weighted(move_squares(player, opponent)) - corner_weighted(theirs)) + 16 * corners
}
