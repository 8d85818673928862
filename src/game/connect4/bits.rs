//! The bitboard arithmetic of Connect 4: masks, alignments and the squares that would
//! complete one.

/// Columns and rows of the board.
pub const WIDTH: u32 = 7;
pub const HEIGHT: u32 = 6;
/// Squares on the board.
pub const SQUARES: u32 = WIDTH * HEIGHT;
/// Bits a column takes: its rows and the sentinel.
const COLUMN_BITS: u32 = HEIGHT + 1;

/// The bottom square of every column.
pub const BOTTOM: u64 = {
    let mut m = 0u64;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * COLUMN_BITS);
        c += 1;
    }
    m
};

/// Every square of the board (sentinels excluded).
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The squares of column `col` (0-based).
#[inline(always)]
pub const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

/// The top square of column `col`.
#[inline(always)]
pub const fn top_mask(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * COLUMN_BITS)
}

/// The square a stone dropped in each non-full column lands on.
#[inline(always)]
pub fn landing_squares(mask: u64) -> u64 {
    (mask + BOTTOM) & BOARD
}

/// Whether `stones` hold four in a row (any direction).
#[inline(always)]
pub fn has_alignment(stones: u64) -> bool {
    // Vertical (1), horizontal (7), and the two diagonals (6 and 8).
    for shift in [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        let pairs = stones & (stones >> shift);
        if pairs & (pairs >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

/// The empty squares (per `mask`) where one more stone would give `stones` four in a row,
/// whether or not they can be played yet.
#[inline(always)]
pub fn winning_squares(stones: u64, mask: u64) -> u64 {
    // Vertical: only three below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for shift in [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        let p = (stones << shift) & (stones << (2 * shift));
        r |= p & (stones << (3 * shift));
        r |= p & (stones >> shift);
        let p = (stones >> shift) & (stones >> (2 * shift));
        r |= p & (stones << shift);
        r |= p & (stones >> (3 * shift));
    }
    r & (BOARD ^ mask)
}
