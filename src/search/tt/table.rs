//! The table: bucketed (four entries a 64-byte cache line, a power of two of buckets; a new
//! result goes to the entry of the same position, else an empty one, else replaces the
//! shallowest) or direct-mapped (see `direct.rs`), probed and stored through one type.

use super::direct::{self, Modulus};
use super::entry::{
    generation_of, pack, unpack, Bound, Bucket, Entry, ENTRIES_PER_BUCKET, NO_LOWER, NO_UPPER,
};
use super::memory::{Buckets, SPARE, SPARE_TABLES};

pub struct TranspositionTable {
    /// Handed to the pool when the table is dropped (see `Drop`).
    pub(super) buckets: std::mem::ManuallyDrop<Buckets>,
    pub(super) mask: usize,
    /// A direct-mapped table of this many entries (a prime): a position's entry is its
    /// index key modulo the prime, and a new result always replaces it (the Connect 4
    /// tutorial's table).
    pub(super) direct: Option<Modulus>,
}

impl TranspositionTable {
    /// An empty table of at most `mib` MiB (rounded down to a power of two of buckets), its
    /// memory faulted in; an error when the system cannot give that much.
    pub fn with_mib(mib: u32) -> Result<TranspositionTable, TableError> {
        let bytes = (mib as usize) << 20;
        let buckets = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let memory = Buckets::zeroed(buckets).map_err(|message| TableError { mib, message })?;
        Ok(TranspositionTable {
            buckets: std::mem::ManuallyDrop::new(memory),
            mask: buckets - 1,
            direct: None,
        })
    }

    /// A direct-mapped table of `entries` entries (a prime; see `direct.rs`): the tutorial's
    /// table of `mib` MiB.
    pub fn direct(entries: u64, mib: u32) -> Result<TranspositionTable, TableError> {
        let buckets = direct::buckets_for(entries);
        let memory = Buckets::zeroed(buckets).map_err(|message| TableError { mib, message })?;
        Ok(TranspositionTable {
            buckets: std::mem::ManuallyDrop::new(memory),
            mask: 0,
            direct: Some(Modulus::new(entries)),
        })
    }

    /// Whether the table is direct-mapped.
    #[inline(always)]
    pub fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    /// Stores one bound in a direct-mapped table, replacing whatever was there (nothing in a
    /// bucketed table).
    #[inline(always)]
    pub(super) fn store_direct(
        &mut self,
        index_key: u64,
        depth: u32,
        bound: Bound,
        score: i32,
        move_code: Option<u16>,
    ) {
        if let Some(entries) = self.direct {
            direct::store(
                &mut self.buckets,
                entries,
                index_key,
                depth,
                bound,
                score,
                move_code,
            );
        }
    }

    pub fn slot_count(&self) -> usize {
        self.buckets.len * ENTRIES_PER_BUCKET
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        self.buckets.get(key as usize & self.mask)
    }

    /// Asks the processor to bring `key`'s bucket into the cache (probes that follow soon
    /// then wait for memory once, together, instead of one after the other).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        if let Some(entries) = self.direct {
            return direct::prefetch(&self.buckets, entries, key);
        }
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.bucket(key) as *const Bucket as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key` (a direct table's key is the game's index key).
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if let Some(entries) = self.direct {
            return direct::probe(&self.buckets, entries, key);
        }
        let bucket = self.bucket(key);
        (0..ENTRIES_PER_BUCKET)
            .find(|&i| {
                bucket.keys[i] == key && generation_of(bucket.data[i]) == self.buckets.generation
            })
            .map(|i| unpack(bucket.data[i]))
    }

    /// Stores a search's result. A result of the same depth as the stored entry of the same
    /// position narrows that entry's bounds; any other replaces it. With `merge` false, the
    /// new result always replaces (the classic tables kept one bound an entry).
    #[inline(always)]
    pub(super) fn store(
        &mut self,
        key: u64,
        depth: u32,
        bound: Bound,
        score: i32,
        mut move_code: Option<u16>,
        merge: bool,
    ) {
        if score <= NO_LOWER || score >= NO_UPPER {
            return;
        }
        let depth = depth.min(0xFF);
        let (mut lower, mut upper) = match bound {
            Bound::Exact => (score, score),
            Bound::Lower => (score, NO_UPPER),
            Bound::Upper => (NO_LOWER, score),
        };
        let index = key as usize & self.mask;
        let generation = self.buckets.generation;
        let bucket = self.buckets.get_mut(index);
        let mut slot = 0;
        let mut shallowest = u32::MAX;
        for i in 0..ENTRIES_PER_BUCKET {
            let data = bucket.data[i];
            if generation_of(data) != generation {
                // An empty entry ranks below any depth.
                if shallowest > 0 {
                    (slot, shallowest) = (i, 0);
                }
                continue;
            }
            if bucket.keys[i] == key {
                let old = unpack(data);
                // No move of its own (a node that failed low): the entry's move stays.
                move_code = move_code.or(old.move_code);
                if merge && old.depth == depth {
                    let (l, u) = (lower.max(old.lower), upper.min(old.upper));
                    // Bounds from one depth are consistent; if a table cut-off made them
                    // cross, the newer result wins.
                    if l <= u {
                        (lower, upper) = (l, u);
                    }
                }
                slot = i;
                break;
            }
            let rank = ((data >> 32) & 0xFF) as u32 + 1;
            if rank < shallowest {
                (slot, shallowest) = (i, rank);
            }
        }
        bucket.keys[slot] = key;
        bucket.data[slot] = pack(
            &Entry {
                depth,
                lower,
                upper,
                move_code,
            },
            generation,
        );
    }
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        // SAFETY: `buckets` is not used again: this is the table's last moment.
        let buckets = unsafe { std::mem::ManuallyDrop::take(&mut self.buckets) };
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < SPARE_TABLES {
                spare.push(buckets);
            }
        }
    }
}

/// A table that cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub mib: u32,
    pub message: String,
}
