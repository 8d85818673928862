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
    /// from the other side is rarely wanted twice in a row, so it is not kept.) The changed
    /// squares come in four classes by their digit's change (+1: empty to 1, 1 to 2; -1: 1 to
    /// empty, 2 to 1; +2: empty to 2; -2: 2 to empty), each square's powers added or taken
    /// as they are, the +2 and -2 classes' sum doubled once at the end: no digit is read and
    /// nothing multiplied per square.
    #[inline(always)]
    pub fn indexes(&mut self, p: u64, o: u64, powers: &SquarePowers) -> Lanes {
        let changed = (p ^ self.first) | (o ^ self.second);
        if changed.count_ones() > (p | o).count_ones() {
            *self = Indexer::EMPTY;
        }
        let (first, second) = (self.first, self.second);
        let (empty_before, empty_now) = (!(first | second), !(p | o));
        let mut index = self.index;
        add_powers::<true>(&mut index, (p & empty_before) | (o & first), powers);
        add_powers::<false>(&mut index, (first & empty_now) | (second & p), powers);
        let mut twice = Lanes::ZERO;
        add_powers::<true>(&mut twice, o & empty_before, powers);
        add_powers::<false>(&mut twice, second & empty_now, powers);
        add_lanes::<true>(&mut index, &twice);
        add_lanes::<true>(&mut index, &twice);
        *self = Indexer {
            first: p,
            second: o,
            index,
        };
        index
    }
}

/// Adds (`ADD`) or takes the powers of each of `squares` to or from `index`'s lanes.
#[inline(always)]
fn add_powers<const ADD: bool>(index: &mut Lanes, mut squares: u64, powers: &SquarePowers) {
    while squares != 0 {
        // SAFETY: a square of a u64 is below 64.
        add_lanes::<ADD>(index, unsafe {
            powers.get_unchecked(squares.trailing_zeros() as usize)
        });
        squares &= squares - 1;
    }
}

/// `a += b` (`ADD`) or `a -= b`, lane by lane (wrapping): three 256-bit adds or subtractions
/// on the x86-64-v3 builds (written out, since the compiler otherwise turns the loops of
/// [`add_powers`] into 48 scalar adds a square).
#[inline(always)]
fn add_lanes<const ADD: bool>(a: &mut Lanes, b: &Lanes) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    // SAFETY: the build targets AVX2 (the cfg above); `Lanes` is 32-byte aligned and 96
    // bytes long, three aligned vectors.
    unsafe {
        use std::arch::x86_64::*;
        let (a, b) = (
            a.0.as_mut_ptr() as *mut __m256i,
            b.0.as_ptr() as *const __m256i,
        );
        for k in 0..LANES / 16 {
            let (x, y) = (_mm256_load_si256(a.add(k)), _mm256_load_si256(b.add(k)));
            let z = if ADD {
                _mm256_add_epi16(x, y)
            } else {
                _mm256_sub_epi16(x, y)
            };
            _mm256_store_si256(a.add(k), z);
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    for (lane, &x) in a.0.iter_mut().zip(&b.0) {
        *lane = if ADD {
            lane.wrapping_add(x)
        } else {
            lane.wrapping_sub(x)
        };
    }
}
