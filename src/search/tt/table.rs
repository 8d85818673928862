//! The table: bucketed (four entries a 64-byte cache line, a power of two of buckets; a new
//! result goes to the entry of the same position, else an empty one, else replaces the
//! shallowest) or direct-mapped (see `direct.rs`), probed and stored through one type.
//!
//! A table is a handle on its memory: [`TranspositionTable::share`] gives another handle on
//! the same entries, for another thread of a parallel search. Entries are written and read
//! without locks (see `entry.rs`): a thread may lose another's result to a race, as any
//! replacement loses one, but never reads one position's result as another's.

use std::mem::ManuallyDrop;
use std::sync::Arc;

use super::direct::{self, Modulus};
use super::entry::{
    generation_of, pack, unpack, Bound, Bucket, Entry, ENTRIES_PER_BUCKET, NO_LOWER, NO_UPPER,
};
use super::memory::{log_limit, Buckets, SPARE, SPARE_TABLES};

pub struct TranspositionTable {
    /// The memory, shared by the handles of one search; handed to the pool when the last of
    /// them is dropped (see `Drop`).
    memory: ManuallyDrop<Arc<Buckets>>,
    /// The memory's first bucket and its number of buckets, kept here so that a probe reads
    /// no more than it did before tables were shared.
    base: *const Bucket,
    len: usize,
    /// The generation of the entries in use (see `entry.rs`).
    generation: u64,
    mask: usize,
    /// A direct-mapped table of this many entries (a prime): a position's entry is its
    /// index key modulo the prime, and a new result always replaces it (the Connect 4
    /// tutorial's table).
    direct: Option<Modulus>,
    /// The buckets this handle wrote, while fewer than `log_limit` (see `memory.rs`'s
    /// `Written`); `unlogged` once there were more.
    log: Vec<u32>,
    log_limit: usize,
    unlogged: bool,
}

// SAFETY: `base` points into the mapping that `memory` keeps alive as long as this handle,
// and the buckets are atomics only: any number of threads may read and write them through
// shared references.
unsafe impl Send for TranspositionTable {}
unsafe impl Sync for TranspositionTable {}

impl TranspositionTable {
    fn over(memory: Buckets, mask: usize, direct: Option<Modulus>) -> TranspositionTable {
        let memory_len = memory.len;
        TranspositionTable {
            base: memory.base(),
            len: memory.len,
            generation: memory.generation,
            memory: ManuallyDrop::new(Arc::new(memory)),
            mask,
            direct,
            log: Vec::new(),
            log_limit: log_limit(memory_len),
            unlogged: false,
        }
    }

    /// An empty table of at most `mib` MiB (rounded down to a power of two of buckets), its
    /// memory faulted in; an error when the system cannot give that much.
    pub fn with_mib(mib: u32) -> Result<TranspositionTable, TableError> {
        let bytes = (mib as usize) << 20;
        let buckets = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let memory = Buckets::zeroed(buckets).map_err(|message| TableError { mib, message })?;
        Ok(Self::over(memory, buckets - 1, None))
    }

    /// A direct-mapped table of `entries` entries (a prime; see `direct.rs`): the tutorial's
    /// table of `mib` MiB.
    pub fn direct(entries: u64, mib: u32) -> Result<TranspositionTable, TableError> {
        let buckets = direct::buckets_for(entries);
        let memory = Buckets::zeroed(buckets).map_err(|message| TableError { mib, message })?;
        Ok(Self::over(memory, 0, Some(Modulus::new(entries))))
    }

    /// Another handle on this table's entries (for another thread of the same search).
    pub fn share(&self) -> TranspositionTable {
        TranspositionTable {
            memory: ManuallyDrop::new(Arc::clone(&self.memory)),
            base: self.base,
            len: self.len,
            generation: self.generation,
            mask: self.mask,
            direct: self.direct,
            log: Vec::new(),
            log_limit: self.log_limit,
            unlogged: false,
        }
    }

    /// Whether the table is direct-mapped.
    #[inline(always)]
    pub fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    pub fn slot_count(&self) -> usize {
        self.len * ENTRIES_PER_BUCKET
    }

    /// Notes that bucket `index` is written (its log, see `memory.rs`'s `Written`).
    #[inline(always)]
    fn log_write(&mut self, index: usize) {
        if self.unlogged || self.log.last() == Some(&(index as u32)) {
            return;
        }
        if self.log.len() < self.log_limit {
            self.log.push(index as u32);
        } else {
            self.unlogged = true;
            self.log = Vec::new();
        }
    }

    #[inline(always)]
    fn bucket_at(&self, index: usize) -> &Bucket {
        assert!(index < self.len);
        // SAFETY: in bounds (checked above); the mapping is page-aligned, large enough for
        // `len` buckets, alive while `memory` is, and any bit pattern is a valid bucket.
        unsafe { &*self.base.add(index) }
    }

    /// The generation of the entries in use (for the tests of clearing).
    #[cfg(test)]
    pub(super) fn generation(&self) -> u64 {
        self.generation
    }

    /// Where the memory is (for the tests of clearing: the same address is the same memory).
    #[cfg(test)]
    pub(super) fn memory_address(&self) -> usize {
        self.base as usize
    }

    /// The first bucket (for the tests of races).
    #[cfg(test)]
    pub(super) fn first_bucket(&self) -> &Bucket {
        self.bucket_at(0)
    }

    /// The bucket of `key` and, in a direct table, its entry there (else every entry of the
    /// bucket may be the key's).
    #[inline(always)]
    fn place(&self, key: u64) -> (&Bucket, Option<usize>) {
        let (index, entry) = self.index(key);
        (self.bucket_at(index), entry)
    }

    /// The index of `key`'s bucket and, in a direct table, its entry there.
    #[inline(always)]
    fn index(&self, key: u64) -> (usize, Option<usize>) {
        match self.direct {
            Some(entries) => {
                let (b, i) = entries.slot(key);
                (b, Some(i))
            }
            None => (key as usize & self.mask, None),
        }
    }

    /// Asks the processor to bring `key`'s bucket into the cache (probes that follow soon
    /// then wait for memory once, together, instead of one after the other).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.place(key).0 as *const Bucket as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key` (a direct table's key is the game's index key).
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let generation = self.generation;
        match self.place(key) {
            (bucket, Some(i)) => bucket.read(i, key, generation).map(unpack),
            (bucket, None) => (0..ENTRIES_PER_BUCKET)
                .find_map(|i| bucket.read(i, key, generation))
                .map(unpack),
        }
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
        let (index, Some(i)) = self.index(index_key) else {
            return;
        };
        let Some((lower, upper)) = bounds(bound, score) else {
            return;
        };
        self.log_write(index);
        let entry = Entry {
            depth: depth.min(0xFF),
            lower,
            upper,
            move_code,
        };
        self.bucket_at(index)
            .write(i, index_key, pack(&entry, self.generation));
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
        let Some((mut lower, mut upper)) = bounds(bound, score) else {
            return;
        };
        let depth = depth.min(0xFF);
        let generation = self.generation;
        let index = key as usize & self.mask;
        self.log_write(index);
        let bucket = self.bucket_at(index);
        let mut slot = 0;
        let mut shallowest = u32::MAX;
        for i in 0..ENTRIES_PER_BUCKET {
            let (stored_key, data) = bucket.read_any(i);
            if generation_of(data) != generation {
                // An empty entry ranks below any depth.
                if shallowest > 0 {
                    (slot, shallowest) = (i, 0);
                }
                continue;
            }
            if stored_key == key {
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
        let entry = Entry {
            depth,
            lower,
            upper,
            move_code,
        };
        bucket.write(slot, key, pack(&entry, generation));
    }
}

/// The bounds a result gives an entry; none for a score the entry cannot hold.
#[inline(always)]
fn bounds(bound: Bound, score: i32) -> Option<(i32, i32)> {
    if score <= NO_LOWER || score >= NO_UPPER {
        return None;
    }
    Some(match bound {
        Bound::Exact => (score, score),
        Bound::Lower => (score, NO_UPPER),
        Bound::Upper => (NO_LOWER, score),
    })
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        // SAFETY: `memory` is not used again: this is the handle's last moment.
        let memory = unsafe { ManuallyDrop::take(&mut self.memory) };
        memory.add_log((!self.unlogged).then_some(&self.log[..]));
        let Some(mut buckets) = Arc::into_inner(memory) else {
            return; // another handle still uses it
        };
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < SPARE_TABLES {
                buckets.clear_logged();
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
