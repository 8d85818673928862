//! Reversi's bit kernels: legal move squares and flipped discs of 64-bit boards (a1 = bit 0,
//! h8 = bit 63), each in a portable form and an AVX2 form chosen at compile time, and BMI2's
//! bit gathering and scattering under a mask.

const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Moves of `p` along one direction pair (+dir and -dir) through discs of `mask`
/// (Kogge-Stone style parallel prefix, up to six discs in a row).
#[inline(always)]
fn moves_along(p: u64, mask: u64, dir: u32) -> u64 {
    let mut fl = mask & (p << dir);
    fl |= mask & (fl << dir);
    let pre_l = mask & (mask << dir);
    fl |= pre_l & (fl << (2 * dir));
    fl |= pre_l & (fl << (2 * dir));
    let mut fr = mask & (p >> dir);
    fr |= mask & (fr >> dir);
    let pre_r = mask & (mask >> dir);
    fr |= pre_r & (fr >> (2 * dir));
    fr |= pre_r & (fr >> (2 * dir));
    (fl << dir) | (fr >> dir)
}

/// Legal move squares of `p` against `o` (no pass).
#[inline(always)]
pub fn move_squares(p: u64, o: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: the avx2 target feature is enabled at compile time.
        unsafe { move_squares_avx2(p, o) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    move_squares_scalar(p, o)
}

/// The portable form of [`move_squares`].
#[inline(always)]
pub fn move_squares_scalar(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_FILES;
    (moves_along(p, inner, 1)
        | moves_along(p, o, 8)
        | moves_along(p, inner, 7)
        | moves_along(p, inner, 9))
        & !(p | o)
}

/// [`move_squares`] with the four direction pairs in the four lanes of an AVX2 register.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
unsafe fn move_squares_avx2(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    let shift2 = _mm256_add_epi64(shift, shift);
    let pp = _mm256_set1_epi64x(p as i64);
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(
            NOT_EDGE_FILES as i64,
            NOT_EDGE_FILES as i64,
            -1,
            NOT_EDGE_FILES as i64,
        ),
    );
    let mut fl = _mm256_and_si256(mask, _mm256_sllv_epi64(pp, shift));
    let mut fr = _mm256_and_si256(mask, _mm256_srlv_epi64(pp, shift));
    fl = _mm256_or_si256(fl, _mm256_and_si256(mask, _mm256_sllv_epi64(fl, shift)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(mask, _mm256_srlv_epi64(fr, shift)));
    let pre_l = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let pre_r = _mm256_srlv_epi64(pre_l, shift);
    fl = _mm256_or_si256(fl, _mm256_and_si256(pre_l, _mm256_sllv_epi64(fl, shift2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pre_r, _mm256_srlv_epi64(fr, shift2)));
    fl = _mm256_or_si256(fl, _mm256_and_si256(pre_l, _mm256_sllv_epi64(fl, shift2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pre_r, _mm256_srlv_epi64(fr, shift2)));
    let m = _mm256_or_si256(_mm256_sllv_epi64(fl, shift), _mm256_srlv_epi64(fr, shift));
    let m2 = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
    let m1 = _mm_or_si128(m2, _mm_unpackhi_epi64(m2, m2));
    (_mm_cvtsi128_si64(m1) as u64) & !(p | o)
}

/// The rays from each square: `RAYS[sq][d]` for directions d = (file step, row step)
/// in `DIRECTIONS`. The first four go towards higher square numbers.
pub(super) const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// Aligned so that each square's rays load as two AVX2 registers.
#[repr(C, align(64))]
struct Rays([[u64; 8]; 64]);

const RAYS: Rays = Rays({
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
});

/// Discs of `o` flipped when `p` plays on `sq`.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: the avx2 target feature is enabled at compile time.
        unsafe { flips_avx2(p, o, sq) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    flips_scalar(p, o, sq)
}

/// The portable form of [`flips`].
#[inline(always)]
pub fn flips_scalar(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &RAYS.0[sq];
    let mut flipped = 0;
    // Towards higher squares: the nearest non-opponent square is the lowest set bit.
    // Branch-free: whether a ray flips is data, and mispredictions cost more than the work.
    for &ray in &rays[..4] {
        let stop = ray & !o;
        let first = stop & stop.wrapping_neg();
        let outflanked = ((first & p != 0) as u64).wrapping_neg();
        flipped |= first.wrapping_sub(1) & ray & outflanked;
    }
    // Towards lower squares: the nearest is the highest set bit. Bit 0 stands in for an
    // empty ray; it is only taken as an outflank if it is on the ray and ours.
    for &ray in &rays[4..] {
        let stop = (ray & !o) | 1;
        let first = 1u64 << (63 - stop.leading_zeros());
        let outflanked = ((first & p & ray != 0) as u64).wrapping_neg();
        flipped |= ray & !((first << 1) - 1) & outflanked;
    }
    flipped
}

/// [`flips`] with four rays a register: the rising rays find their nearest non-opponent
/// square as the lowest set bit, the falling ones as the highest (found by spreading bits
/// down each ray, as AVX2 has no vector leading-zero count).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
unsafe fn flips_avx2(p: u64, o: u64, sq: usize) -> u64 {
    use std::arch::x86_64::*;
    let rays = RAYS.0[sq].as_ptr() as *const __m256i;
    let (up, down) = (_mm256_load_si256(rays), _mm256_load_si256(rays.add(1)));
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let zero = _mm256_setzero_si256();
    let ones = _mm256_set1_epi64x(-1);

    let stop = _mm256_andnot_si256(oo, up);
    let first = _mm256_and_si256(stop, _mm256_sub_epi64(zero, stop));
    let missed = _mm256_cmpeq_epi64(_mm256_and_si256(first, pp), zero);
    let flips_up = _mm256_andnot_si256(missed, _mm256_and_si256(_mm256_add_epi64(first, ones), up));

    // Falling: the squares below each non-opponent square along its ray (steps of 1, 7, 8
    // and 9 squares): one step down, then spread by 1, 2 and 4 more steps, every square up
    // to 8 below. A bit spread past a ray's end lands below it, never back on it.
    let step = _mm256_set_epi64x(9, 8, 7, 1);
    let stop = _mm256_andnot_si256(oo, down);
    let mut below = _mm256_srlv_epi64(stop, step);
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, step));
    below = _mm256_or_si256(
        below,
        _mm256_srlv_epi64(below, _mm256_add_epi64(step, step)),
    );
    let step4 = _mm256_slli_epi64::<2>(step);
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, step4));
    let top = _mm256_andnot_si256(below, stop);
    let missed = _mm256_cmpeq_epi64(_mm256_and_si256(top, pp), zero);
    let flips_down = _mm256_andnot_si256(
        missed,
        _mm256_andnot_si256(_mm256_or_si256(below, stop), down),
    );

    let f = _mm256_or_si256(flips_up, flips_down);
    let f2 = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256::<1>(f));
    _mm_cvtsi128_si64(_mm_or_si128(f2, _mm_unpackhi_epi64(f2, f2))) as u64
}

/// The four lines through each square (in `DIRECTIONS`' first four: its rank, its h1-a8
/// diagonal, its file and its a1-h8 diagonal, the square included) and the square's place
/// in each, as [`extract`] packs them.
struct Lines {
    masks: [[u64; 4]; 64],
    places: [[u8; 4]; 64],
}

const LINES: Lines = {
    let mut lines = Lines {
        masks: [[0; 4]; 64],
        places: [[0; 4]; 64],
    };
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            // DIRECTIONS[d] and DIRECTIONS[d + 4] are one line's two ways.
            let mask = RAYS.0[sq][d] | RAYS.0[sq][d + 4] | 1 << sq;
            lines.masks[sq][d] = mask;
            lines.places[sq][d] = (mask & ((1u64 << sq) - 1)).count_ones() as u8;
            d += 1;
        }
        sq += 1;
    }
    lines
};

/// The four lines through `sq`, the square included: its rank, its h1-a8 diagonal, its file
/// and its a1-h8 diagonal.
#[inline(always)]
pub fn lines_through(sq: usize) -> [u64; 4] {
    LINES.masks[sq]
}

/// The discs of `p` and `o` on one line of 8 squares (bit k: square k) after `colour` (0:
/// `p`, 1: `o`) plays on its empty square `x`: the placed disc, and the runs of the other
/// colour it brackets along the line.
pub const fn play_on_line(p: u8, o: u8, x: u32, colour: u32) -> (u8, u8) {
    let (mine, theirs) = if colour == 0 { (p, o) } else { (o, p) };
    let mut flipped = 0u8;
    let mut step = 0;
    while step < 2 {
        let mut run = 0u8;
        let mut k = x as i32;
        loop {
            k += if step == 0 { 1 } else { -1 };
            if k < 0 || k > 7 {
                break;
            }
            let bit = 1u8 << k;
            if theirs & bit != 0 {
                run |= bit;
            } else {
                if mine & bit != 0 {
                    flipped |= run;
                }
                break;
            }
        }
        step += 1;
    }
    let mine = mine | flipped | 1 << x;
    let theirs = theirs & !flipped;
    if colour == 0 {
        (mine, theirs)
    } else {
        (theirs, mine)
    }
}

/// For a move on place `k` of a full line whose mover's discs are `x` (one bit a place, the
/// others the opponent's): how many discs it flips. Index `k << 8 | x`; the bit of `k`
/// itself is ignored.
static LAST_FLIPS: [u8; 8 * 256] = {
    let mut table = [0u8; 8 * 256];
    let mut i = 0;
    while i < 8 * 256 {
        let (k, x) = ((i >> 8) as u32, i as u8);
        let mover = x & !(1 << k);
        let (after, _) = play_on_line(mover, !mover & !(1 << k), k, 0);
        table[i] = (after.count_ones() - mover.count_ones() - 1) as u8;
        i += 1;
    }
    table
};

/// How many discs a move on `sq`, the board's last empty square, flips for the side whose
/// discs are `mover` (every other square is the opponent's): [`flips`]`.count_ones()` read
/// from a table a line, without making the flips.
#[inline(always)]
pub fn last_flip_count(mover: u64, sq: usize) -> u32 {
    let (masks, places) = (&LINES.masks[sq], &LINES.places[sq]);
    let mut count = 0;
    for d in 0..4 {
        let x = extract(mover, masks[d]) as usize;
        count += LAST_FLIPS[(places[d] as usize) << 8 | x] as u32;
    }
    count
}

/// The bits of `x` under `mask`, packed into the low bits in square order (BMI2's `pext`,
/// one instruction on the x86-64-v3 builds).
#[inline(always)]
pub fn extract(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the build targets BMI2 (the cfg above).
    unsafe {
        std::arch::x86_64::_pext_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    extract_scalar(x, mask)
}

/// The portable form of [`extract`].
pub fn extract_scalar(x: u64, mask: u64) -> u64 {
    let (mut packed, mut bit, mut rest) = (0, 0, mask);
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        packed |= (x >> sq & 1) << bit;
        bit += 1;
    }
    packed
}

/// The low bits of `x` spread onto the squares of `mask` in square order, the inverse of
/// [`extract`] (BMI2's `pdep`).
#[inline(always)]
pub fn deposit(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the build targets BMI2 (the cfg above).
    unsafe {
        std::arch::x86_64::_pdep_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    deposit_scalar(x, mask)
}

/// The portable form of [`deposit`].
pub fn deposit_scalar(x: u64, mask: u64) -> u64 {
    let (mut spread, mut bit, mut rest) = (0, 0, mask);
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        spread |= (x >> bit & 1) << sq;
        bit += 1;
    }
    spread
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::splitmix64;

    #[test]
    fn last_flip_counts_are_the_flips_of_a_full_board() {
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..20_000 {
            let x = splitmix64(&mut seed);
            let sq = (x >> 58) as usize;
            let mover = x & !(1 << sq);
            let opponent = !mover & !(1 << sq);
            for (p, o) in [(mover, opponent), (opponent, mover)] {
                let expected = flips_scalar(p, o, sq).count_ones();
                assert_eq!(last_flip_count(p, sq), expected, "{p:#x} {sq}");
            }
        }
        // a1 with b1..g1 the opponent's and h1 the mover's: six flips along the rank.
        let mover = 1 << 7;
        assert_eq!(last_flip_count(mover, 0), 6);
        assert_eq!(last_flip_count(0, 0), 0);
    }

    #[test]
    fn extract_packs_the_masked_bits_in_square_order() {
        for f in [extract, extract_scalar] {
            assert_eq!(f(0b1011_0100, 0b1111_0000), 0b1011);
            assert_eq!(f(1 << 63 | 1, 1 << 63 | 1 << 7 | 1), 0b101);
            assert_eq!(f(!0, 0), 0);
        }
    }

    #[test]
    fn deposit_spreads_the_low_bits_onto_the_mask_and_undoes_extract() {
        for f in [deposit, deposit_scalar] {
            assert_eq!(f(0b1011, 0b1111_0000), 0b1011_0000);
            assert_eq!(f(0b101, 1 << 63 | 1 << 7 | 1), 1 << 63 | 1);
            assert_eq!(f(!0, 0), 0);
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            let x = splitmix64(&mut seed);
            let mask = x.rotate_left(17) & x.rotate_left(31);
            assert_eq!(deposit(extract(x, mask), mask), x & mask);
            assert_eq!(deposit_scalar(extract_scalar(x, mask), mask), x & mask);
        }
    }
}
