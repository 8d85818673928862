//! Every instance's index kept from one evaluation to the next: a search evaluates positions
//! that differ from the last one evaluated in a few squares (a sibling, a cousin), so the
//! indexes are moved from the last position's by the squares that changed, each changed
//! square adding its powers of 3 to all 46 indexes at once (three 256-bit vectors of 16-bit
//! lanes on the x86-64-v3 builds), instead of being read again from the whole board. Edax
//! and Egaroucid update their indexes along the search's moves; here the update needs no
//! hook in the search: any two positions' difference serves, and a position far from the
//! last one is read from the empty board instead (the same sum over its discs).

use super::INSTANCES;

/// Lanes of index vectors: the 46 instances and two unused.
pub(super) const LANES: usize = 48;

/// One 16-bit value per instance, aligned for vector loads. Indexes are moved by wrapping
/// (modulo 2^16) sums of signed changes: every true index is below 3^10 < 2^16, so the
/// wrapped result is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Lanes(pub [u16; LANES]);

impl Lanes {
    pub const ZERO: Lanes = Lanes([0; LANES]);
}

/// For each square, the power of 3 that a digit of 1 on it adds to each instance's index
/// (0 in the lanes of instances without it).
pub(super) type SquarePowers = [Lanes; 64];

/// The powers of each square from its (instance, power) pairs.
pub(super) fn square_powers(by_square: &[Vec<(u8, u32)>]) -> Box<SquarePowers> {
    let mut powers = Box::new([Lanes::ZERO; 64]);
    for (sq, pairs) in by_square.iter().enumerate() {
        for &(instance, power) in pairs {
            debug_assert!((instance as usize) < INSTANCES);
            powers[sq].0[instance as usize] = power as u16;
        }
    }
    powers
}

/// The indexes of the last position it was moved to: `first`'s discs are digit 1, `second`'s
/// digit 2.
#[derive(Clone, Copy, Debug)]
pub struct Indexer {
    first: u64,
    second: u64,
    index: Lanes,
}

/// A square's digit change (new minus old, from -2 to 2) as a factor in every lane.
const FACTORS: [Lanes; 5] = [
    Lanes([(-2i16) as u16; LANES]),
    Lanes([(-1i16) as u16; LANES]),
    Lanes([0; LANES]),
    Lanes([1; LANES]),
    Lanes([2; LANES]),
];

impl Indexer {
    /// The empty board's indexes (all 0).
    pub const EMPTY: Indexer = Indexer {
        first: 0,
        second: 0,
        index: Lanes::ZERO,
    };

    /// Each instance's index for `p` to move against `o` (digit 1 for `p`'s discs, 2 for
    /// `o`'s), moved from the last position's, or from the empty board's where fewer squares
    /// differ from it. (A search's positions of one depth have one side to move; the view
    /// from the other side is rarely wanted twice in a row, so it is not kept.)
    #[inline(always)]
    pub fn indexes(&mut self, p: u64, o: u64, powers: &SquarePowers) -> Lanes {
        let mut squares = (p ^ self.first) | (o ^ self.second);
        if squares.count_ones() > (p | o).count_ones() {
            *self = Indexer::EMPTY;
            squares = p | o;
        }
        let mut index = self.index;
        while squares != 0 {
            let sq = squares.trailing_zeros();
            squares &= squares - 1;
            let digit = |first: u64, second: u64| (first >> sq & 1) + 2 * (second >> sq & 1);
            let change = 2 + digit(p, o) - digit(self.first, self.second);
            // SAFETY: each digit is 0, 1 or 2, so `change` is 0..=4; `sq` is below 64.
            let (factor, power) = unsafe {
                (
                    FACTORS.get_unchecked(change as usize),
                    powers.get_unchecked(sq as usize),
                )
            };
            for ((lane, &f), &x) in index.0.iter_mut().zip(&factor.0).zip(&power.0) {
                *lane = lane.wrapping_add(f.wrapping_mul(x));
            }
        }
        *self = Indexer {
            first: p,
            second: o,
            index,
        };
        index
    }
}
