//! A table entry: what it proves (bounds, depth, move), and its packing into a bucket's
//! data word with the generation that wrote it.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (the node failed low).
    Upper,
    /// The true value is at least the score (the node failed high).
    Lower,
    Exact,
}

/// A stored result: the value lies in `lower..=upper` (`NO_LOWER` / `NO_UPPER` when a side
/// is unbounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub depth: u32,
    pub lower: i32,
    pub upper: i32,
    pub move_code: Option<u16>,
}

/// Bounds are kept in 16 bits; these stand for "none". Results beyond them are not stored.
pub const NO_LOWER: i32 = i16::MIN as i32;
pub const NO_UPPER: i32 = i16::MAX as i32;

impl Entry {
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }

    /// The value this entry proves for a window: its exact value, a lower bound of at least
    /// `beta` or an upper bound of at most `alpha`.
    #[inline(always)]
    pub fn cut(&self, alpha: i32, beta: i32) -> Option<i32> {
        if self.lower == self.upper || (self.lower != NO_LOWER && self.lower >= beta) {
            Some(self.lower)
        } else if self.upper != NO_UPPER && self.upper <= alpha {
            Some(self.upper)
        } else {
            None
        }
    }
}

pub(super) const ENTRIES_PER_BUCKET: usize = 4;

/// One cache line: the checks, then the data words of four entries. A data word holds the
/// lower bound (bits 0-15, offset by 2^15), the upper bound (16-31, likewise), the depth
/// (32-39), the move code + 1 (40-56, 0 for none) and in bits 57-63 the generation of the
/// table that wrote it: an entry of another generation is empty, so clearing a table is
/// starting a new generation (memory is zeroed only when the 127 generations run out).
///
/// The table is shared by the threads of a parallel search without locks (Hyatt and Mann,
/// "A lockless transposition-table implementation for parallel search", 2002): an entry's
/// check word is its key XOR its data word, each word written and read whole (relaxed
/// atomics: plain moves on x86-64 and AArch64). A reader takes the entry as the key's only
/// when the check XOR the data it read gives the key back, so a torn entry (one thread's
/// check with another's data) is a miss, never another position's result.
#[repr(C, align(64))]
pub(super) struct Bucket {
    pub(super) checks: [AtomicU64; ENTRIES_PER_BUCKET],
    pub(super) data: [AtomicU64; ENTRIES_PER_BUCKET],
}

impl Bucket {
    /// The data word of entry `i` when that entry is `key`'s in `generation`.
    #[inline(always)]
    pub(super) fn read(&self, i: usize, key: u64, generation: u64) -> Option<u64> {
        let data = self.data[i].load(Relaxed);
        let check = self.checks[i].load(Relaxed);
        (check ^ data == key && generation_of(data) == generation).then_some(data)
    }

    /// Entry `i`'s data word and the key it belongs to (as read: a torn entry gives a key
    /// that no position of the search is likely to have).
    #[inline(always)]
    pub(super) fn read_any(&self, i: usize) -> (u64, u64) {
        let data = self.data[i].load(Relaxed);
        (self.checks[i].load(Relaxed) ^ data, data)
    }

    /// Empties every entry (all-zero: generation 0, which no table uses).
    pub(super) fn clear(&self) {
        for i in 0..ENTRIES_PER_BUCKET {
            self.checks[i].store(0, Relaxed);
            self.data[i].store(0, Relaxed);
        }
    }

    /// Writes `data` as entry `i`, `key`'s.
    #[inline(always)]
    pub(super) fn write(&self, i: usize, key: u64, data: u64) {
        self.checks[i].store(key ^ data, Relaxed);
        self.data[i].store(data, Relaxed);
    }
}

pub(super) const GENERATION_SHIFT: u32 = 57;
/// Generations 1..=127 (0: memory never written).
pub(super) const LAST_GENERATION: u64 = 127;

#[inline(always)]
pub(super) fn generation_of(data: u64) -> u64 {
    data >> GENERATION_SHIFT
}

#[inline(always)]
pub(super) fn pack(entry: &Entry, generation: u64) -> u64 {
    let bound = |v: i32| (v + 0x8000) as u64 & 0xFFFF;
    let code = entry.move_code.map_or(0, |c| c as u64 + 1);
    bound(entry.lower)
        | bound(entry.upper) << 16
        | (entry.depth.min(0xFF) as u64) << 32
        | code << 40
        | generation << GENERATION_SHIFT
}

#[inline(always)]
pub(super) fn unpack(data: u64) -> Entry {
    let bound = |bits: u64| (bits & 0xFFFF) as i32 - 0x8000;
    let code = (data >> 40) & 0x1_FFFF;
    Entry {
        lower: bound(data),
        upper: bound(data >> 16),
        depth: ((data >> 32) & 0xFF) as u32,
        move_code: (code != 0).then(|| (code - 1) as u16),
    }
}
