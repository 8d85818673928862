//! The 7x7 board in the low 49 bits of a u64: masks, shifts that drop what leaves the board,
//! and the rings of squares one and two steps from each square.

pub(super) const BOARD: u64 = (1 << 49) - 1;
pub(super) const PASS_SQUARE: u8 = 0xFF;
/// The game ends when the halfmove clock reaches this.
pub const HALFMOVE_LIMIT: u16 = 100;

const fn file_mask(file: u32) -> u64 {
    let mut m = 0;
    let mut r = 0;
    while r < 7 {
        m |= 1 << (r * 7 + file);
        r += 1;
    }
    m
}
const FILE_A: u64 = file_mask(0);
const FILE_B: u64 = file_mask(1);
const FILE_F: u64 = file_mask(5);
const FILE_G: u64 = file_mask(6);

/// Shifts one or two files towards g / towards a, and one or two ranks up / down,
/// dropping what falls off the board.
#[inline(always)]
fn east1(b: u64) -> u64 {
    (b & !FILE_G) << 1
}
#[inline(always)]
fn east2(b: u64) -> u64 {
    (b & !(FILE_F | FILE_G)) << 2
}
#[inline(always)]
fn west1(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}
#[inline(always)]
fn west2(b: u64) -> u64 {
    (b & !(FILE_A | FILE_B)) >> 2
}
#[inline(always)]
fn north(b: u64, ranks: u32) -> u64 {
    (b << (7 * ranks)) & BOARD
}
#[inline(always)]
fn south(b: u64, ranks: u32) -> u64 {
    b >> (7 * ranks)
}

/// Squares within one step (king distance 1) of `b`, `b` included.
#[inline(always)]
pub(super) fn dilate1(b: u64) -> u64 {
    let h = b | east1(b) | west1(b);
    h | north(h, 1) | south(h, 1)
}

/// Squares within two steps of `b`, `b` included.
#[inline(always)]
pub(super) fn dilate2(b: u64) -> u64 {
    let h = b | east1(b) | west1(b) | east2(b) | west2(b);
    h | north(h, 1) | south(h, 1) | north(h, 2) | south(h, 2)
}

/// Number of (from, to) pairs with `from` in `own`, `to` in `targets` at king distance
/// exactly 2: the jump moves, counted by shifting `own` along each of the 16 offsets.
#[inline(always)]
pub(super) fn count_jumps(own: u64, targets: u64) -> u32 {
    let pop = |b: u64| (b & targets).count_ones();
    let (e2, w2) = (east2(own), west2(own));
    let (e1, w1) = (east1(own), west1(own));
    let mut n = 0;
    for col in [e2, w2] {
        n += pop(col) + pop(north(col, 1)) + pop(south(col, 1));
        n += pop(north(col, 2)) + pop(south(col, 2));
    }
    for col in [e1, own, w1] {
        n += pop(north(col, 2)) + pop(south(col, 2));
    }
    n
}

const fn ring_tables() -> ([u64; 49], [u64; 49]) {
    let mut adjacent = [0u64; 49];
    let mut jumps = [0u64; 49];
    let mut sq = 0;
    while sq < 49 {
        let (f, r) = ((sq % 7) as i32, (sq / 7) as i32);
        let mut to: usize = 0;
        while to < 49 {
            let (tf, tr) = ((to % 7) as i32, (to / 7) as i32); // usize -> i32
            let (df, dr) = ((tf - f).abs(), (tr - r).abs());
            let dist = if df > dr { df } else { dr };
            if dist == 1 {
                adjacent[sq] |= 1 << to;
            } else if dist == 2 {
                jumps[sq] |= 1 << to;
            }
            to += 1;
        }
        sq += 1;
    }
    (adjacent, jumps)
}
const RINGS: ([u64; 49], [u64; 49]) = ring_tables();
/// The squares at king distance 1 (captures, clones) and 2 (jumps) from each square.
pub(super) const ADJACENT: [u64; 49] = RINGS.0;
pub(super) const JUMP_TARGETS: [u64; 49] = RINGS.1;
