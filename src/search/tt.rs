//! The transposition table: buckets of four 16-byte entries (one 64-byte cache line), a
//! power of two of them.
//!
//! An entry keeps the position's full 64-bit key, the depth it was searched to, a lower and
//! an upper bound on its value, and the best move found (as a move code). Keeping both
//! bounds matters to null-window drivers (MTD(f), PVS): their passes alternately prove
//! lower and upper bounds of the same positions, and a pass's bound merges with the other
//! kind instead of replacing it. A new result goes to the entry of the same position, else
//! to an empty entry of the bucket, else replaces the bucket's shallowest entry.

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

const ENTRIES_PER_BUCKET: usize = 4;

/// One cache line: the keys, then the data words of four entries. A data word holds the
/// lower bound (bits 0-15, offset by 2^15), the upper bound (16-31, likewise), the depth
/// (32-39), the move code + 1 (40-56, 0 for none) and in bits 57-63 the generation of the
/// table that wrote it: an entry of another generation is empty, so clearing a table is
/// starting a new generation (memory is zeroed only when the 127 generations run out).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    keys: [u64; ENTRIES_PER_BUCKET],
    data: [u64; ENTRIES_PER_BUCKET],
}

const GENERATION_SHIFT: u32 = 57;
/// Generations 1..=127 (0: memory never written).
const LAST_GENERATION: u64 = 127;

#[inline(always)]
fn generation_of(data: u64) -> u64 {
    data >> GENERATION_SHIFT
}

#[inline(always)]
fn pack(entry: &Entry, generation: u64) -> u64 {
    let bound = |v: i32| (v + 0x8000) as u64 & 0xFFFF;
    let code = entry.move_code.map_or(0, |c| c as u64 + 1);
    bound(entry.lower)
        | bound(entry.upper) << 16
        | (entry.depth.min(0xFF) as u64) << 32
        | code << 40
        | generation << GENERATION_SHIFT
}

#[inline(always)]
fn unpack(data: u64) -> Entry {
    let bound = |bits: u64| (bits & 0xFFFF) as i32 - 0x8000;
    let code = (data >> 40) & 0x1_FFFF;
    Entry {
        lower: bound(data),
        upper: bound(data >> 16),
        depth: ((data >> 32) & 0xFF) as u32,
        move_code: (code != 0).then(|| (code - 1) as u16),
    }
}

pub struct TranspositionTable {
    /// Handed to the pool when the table is dropped (see `Drop`).
    buckets: std::mem::ManuallyDrop<Buckets>,
    mask: usize,
    /// A direct-mapped table of this many entries (a prime): a position's entry is its
    /// index key modulo the prime, and a new result always replaces it (the Connect 4
    /// tutorial's table).
    direct: Option<Modulus>,
}

/// A fixed divisor with its reciprocal, for remainders by a multiplication (a division takes
/// tens of cycles, and every node of a direct table takes two remainders).
#[derive(Clone, Copy, Debug)]
struct Modulus {
    divisor: u64,
    /// floor(2^64 / divisor).
    reciprocal: u64,
}

impl Modulus {
    fn new(divisor: u64) -> Modulus {
        assert!(divisor > 1);
        Modulus {
            divisor,
            reciprocal: (u128::from(u64::MAX) + 1).div_euclid(u128::from(divisor)) as u64,
        }
    }

    /// `a % divisor`: the quotient estimate a * reciprocal / 2^64 is the quotient or one less.
    #[inline(always)]
    fn remainder(self, a: u64) -> u64 {
        let q = ((u128::from(a) * u128::from(self.reciprocal)) >> 64) as u64;
        let r = a - q * self.divisor;
        if r >= self.divisor {
            r - self.divisor
        } else {
            r
        }
    }
}

/// The table's memory: an anonymous mapping, so a large table starts as the system's zero
/// pages (an all-zero bucket is empty) and costs nothing until touched. On Linux it asks
/// for transparent huge pages: with 4 KiB pages nearly every probe of a large table also
/// misses the TLB, and those page walks were most of the probes' cost in exact solving.
struct Buckets {
    map: memmap2::MmapMut,
    len: usize,
    /// The generation of the entries in use.
    generation: u64,
}

/// The memory of dropped tables, kept for the next tables of the same size: a new generation
/// clears memory already in use at no cost, against the page faults that bring in fresh
/// memory (on this machine 0.3 s for 256 MiB). Each solve runs on its own thread, so the
/// pool is shared.
static SPARE: std::sync::Mutex<Vec<Buckets>> = std::sync::Mutex::new(Vec::new());

/// The most tables kept in [`SPARE`] (enough for the parallel jobs of a sweep).
const SPARE_TABLES: usize = 4;

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

impl Buckets {
    /// `len` empty buckets, every page already faulted in (so that the search's clock, which
    /// starts after this, does not pay for it): a dropped table's memory of that size (its
    /// next generation), else a new mapping. Spare memory of other sizes is given back first, so a
    /// sweep that moves on to a smaller table does not keep the larger one.
    fn zeroed(len: usize) -> Result<Buckets, String> {
        let reused = SPARE.lock().ok().and_then(|mut spare| {
            let found = spare
                .iter()
                .position(|b| b.len == len)
                .map(|index| spare.swap_remove(index));
            if found.is_none() {
                spare.clear();
            }
            found
        });
        let mut buckets = match reused {
            Some(mut buckets) if buckets.generation < LAST_GENERATION => {
                buckets.generation += 1;
                return Ok(buckets);
            }
            Some(buckets) => buckets,
            None => Buckets::mapped(len)?,
        };
        buckets.map.fill(0);
        buckets.generation = 1;
        Ok(buckets)
    }

    fn mapped(len: usize) -> Result<Buckets, String> {
        let size = std::alloc::Layout::array::<Bucket>(len)
            .map_err(|e| e.to_string())?
            .size();
        let map = memmap2::MmapMut::map_anon(size).map_err(|e| e.to_string())?;
        #[cfg(target_os = "linux")]
        // Only a hint: without huge pages the table works the same, slower.
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Buckets {
            map,
            len,
            generation: 1,
        })
    }

    #[inline(always)]
    fn get(&self, index: usize) -> &Bucket {
        assert!(index < self.len);
        // SAFETY: in bounds (checked above); the mapping is page-aligned, large enough for
        // `len` buckets, and any bit pattern is a valid bucket.
        unsafe { &*(self.map.as_ptr() as *const Bucket).add(index) }
    }

    #[inline(always)]
    fn get_mut(&mut self, index: usize) -> &mut Bucket {
        assert!(index < self.len);
        // SAFETY: as in `get`, and `&mut self` makes the reference unique.
        unsafe { &mut *(self.map.as_mut_ptr() as *mut Bucket).add(index) }
    }
}

/// The largest table size (MiB, a power of two) within this machine's memory; `None` where
/// the memory cannot be read (the mapping then says whether a size can be had).
pub fn largest_table_mib() -> Option<u32> {
    // Read once a process: every search checks its table against it.
    static LARGEST: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *LARGEST.get_or_init(read_largest_table_mib)
}

fn read_largest_table_mib() -> Option<u32> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let mib = (kib >> 10).clamp(1, 1 << 31) as u32;
    Some(1 << (u32::BITS - 1 - mib.leading_zeros()))
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

    /// A direct-mapped table of `entries` entries (a prime; see `direct`).
    pub fn direct(entries: u64, mib: u32) -> Result<TranspositionTable, TableError> {
        // Room for twice the nominal entries (8-byte entries in `mib`), a power of two of
        // buckets: the primes just below and just above share spare memory.
        let nominal = ((mib as usize) << 20) / 8;
        let buckets = (2 * nominal / ENTRIES_PER_BUCKET)
            .max((entries as usize).div_ceil(ENTRIES_PER_BUCKET))
            .next_power_of_two();
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

    /// The bucket and entry of `index_key` in a direct-mapped table.
    #[inline(always)]
    fn direct_slot(&self, entries: Modulus, index_key: u64) -> (usize, usize) {
        let slot = entries.remainder(index_key) as usize;
        (slot / ENTRIES_PER_BUCKET, slot % ENTRIES_PER_BUCKET)
    }

    /// Asks for `index_key`'s entry of a direct-mapped table (see `prefetch`).
    #[inline(always)]
    fn prefetch_direct(&self, index_key: u64) {
        let Some(entries) = self.direct else {
            return;
        };
        let (b, _) = self.direct_slot(entries, index_key);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.buckets.get(b) as *const Bucket as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    /// Looks `index_key` up in a direct-mapped table (the index key is the entry's key: a
    /// game's index key tells positions apart).
    #[inline(always)]
    fn probe_direct(&self, index_key: u64) -> Option<Entry> {
        let (b, i) = self.direct_slot(self.direct?, index_key);
        let bucket = self.buckets.get(b);
        (bucket.keys[i] == index_key && generation_of(bucket.data[i]) == self.buckets.generation)
            .then(|| unpack(bucket.data[i]))
    }

    /// Stores one bound in a direct-mapped table, replacing whatever was there.
    #[inline(always)]
    pub fn store_direct(
        &mut self,
        index_key: u64,
        depth: u32,
        bound: Bound,
        score: i32,
        move_code: Option<u16>,
    ) {
        let Some(entries) = self.direct else {
            return;
        };
        if score <= NO_LOWER || score >= NO_UPPER {
            return;
        }
        let (lower, upper) = match bound {
            Bound::Exact => (score, score),
            Bound::Lower => (score, NO_UPPER),
            Bound::Upper => (NO_LOWER, score),
        };
        let (b, i) = self.direct_slot(entries, index_key);
        let generation = self.buckets.generation;
        let bucket = self.buckets.get_mut(b);
        bucket.keys[i] = index_key;
        bucket.data[i] = pack(
            &Entry {
                depth: depth.min(0xFF),
                lower,
                upper,
                move_code,
            },
            generation,
        );
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
        if self.direct.is_some() {
            return self.prefetch_direct(key);
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
        if self.direct.is_some() {
            return self.probe_direct(key);
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
    pub fn store(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upper_bound_without_a_move_keeps_the_entrys_move() {
        let mut tt = TranspositionTable::with_mib(1).unwrap();
        tt.store(42, 5, Bound::Lower, 10, Some(7), true);
        tt.store(42, 5, Bound::Upper, 12, None, true);
        let entry = tt.probe(42).unwrap();
        assert_eq!(entry.move_code, Some(7));
        assert_eq!((entry.lower, entry.upper), (10, 12));
        tt.store(42, 5, Bound::Lower, 11, Some(9), true);
        assert_eq!(tt.probe(42).unwrap().move_code, Some(9));
    }

    #[test]
    fn a_table_made_from_a_dropped_ones_memory_starts_empty() {
        // Whichever test dropped the memory the pool hands out, it must come back empty,
        // through more table generations than the entries can tell apart (127).
        let keys: Vec<u64> = (0..1000).map(|i| i * 0x9E37_79B9_7F4A_7C15).collect();
        for round in 0..300 {
            let mut tt = TranspositionTable::with_mib(5).unwrap();
            assert!(
                keys.iter().all(|&key| tt.probe(key).is_none()),
                "round {round}"
            );
            for &key in &keys {
                tt.store(key, 3, Bound::Exact, 1, None, true);
            }
            assert!(keys.iter().all(|&key| tt.probe(key).is_some()));
        }
    }

    #[test]
    fn stores_and_finds_entries_with_all_their_fields() {
        let mut tt = TranspositionTable::with_mib(1).unwrap();
        assert_eq!(tt.slot_count(), 1 << 16);
        assert_eq!(
            TranspositionTable::with_mib(3).unwrap().slot_count(),
            1 << 17,
            "rounded down"
        );
        assert_eq!(tt.probe(12345), None);
        tt.store(12345, 7, Bound::Lower, -10_038, Some(0xFFFF), true);
        let e = tt.probe(12345).unwrap();
        assert_eq!(
            e,
            Entry {
                depth: 7,
                lower: -10_038,
                upper: NO_UPPER,
                move_code: Some(0xFFFF)
            }
        );
        tt.store(0, 3, Bound::Exact, 5, None, true);
        assert_eq!(tt.probe(0).unwrap().move_code, None);
        assert!(tt.probe(0).unwrap().is_exact());
        assert_eq!(
            tt.probe(1 << 40),
            None,
            "same bucket as key 0, another position"
        );
        tt.store(1, 3, Bound::Exact, 40_000, None, true);
        assert_eq!(tt.probe(1), None, "beyond 16 bits: not stored");
    }

    #[test]
    fn bounds_of_one_depth_merge_and_other_depths_replace() {
        let mut tt = TranspositionTable::with_mib(1).unwrap();
        tt.store(9, 5, Bound::Lower, -4, None, true);
        tt.store(9, 5, Bound::Upper, 6, Some(3), true);
        let e = tt.probe(9).unwrap();
        assert_eq!((e.lower, e.upper, e.move_code), (-4, 6, Some(3)));
        assert_eq!(e.cut(-10, -4), Some(-4), "lower bound reaches beta");
        assert_eq!(e.cut(6, 10), Some(6), "upper bound at alpha");
        assert_eq!(e.cut(-4, 6), None);
        tt.store(9, 5, Bound::Upper, -2, None, true);
        assert_eq!(
            (tt.probe(9).unwrap().lower, tt.probe(9).unwrap().upper),
            (-4, -2)
        );
        tt.store(9, 5, Bound::Lower, 8, None, true);
        let e = tt.probe(9).unwrap();
        assert_eq!(
            (e.lower, e.upper),
            (8, NO_UPPER),
            "crossing bounds: newest wins"
        );
        tt.store(9, 6, Bound::Upper, 0, None, true);
        let e = tt.probe(9).unwrap();
        assert_eq!(
            (e.lower, e.upper, e.depth),
            (NO_LOWER, 0, 6),
            "another depth replaces"
        );
        tt.store(9, 6, Bound::Lower, -3, None, false);
        let e = tt.probe(9).unwrap();
        assert_eq!((e.lower, e.upper), (-3, NO_UPPER), "no merging: replaces");
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let mut tt = TranspositionTable::with_mib(1).unwrap();
        let buckets = (tt.slot_count() / ENTRIES_PER_BUCKET) as u64;
        let keys: Vec<u64> = (0..5).map(|i| 7 + i * buckets).collect(); // one bucket
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, [6, 2, 9, 4][i], Bound::Exact, i as i32, None, true);
        }
        assert!(keys[..4].iter().all(|&k| tt.probe(k).is_some()));
        tt.store(keys[4], 1, Bound::Exact, 9, None, true);
        assert_eq!(tt.probe(keys[1]), None, "depth 2 was the shallowest");
        assert_eq!(
            tt.probe(keys[4]).unwrap().lower,
            9,
            "the new entry is stored"
        );
        assert!([0, 2, 3].iter().all(|&i| tt.probe(keys[i]).is_some()));
        tt.store(keys[0], 1, Bound::Upper, -1, None, true);
        assert_eq!(
            tt.probe(keys[0]).unwrap().depth,
            1,
            "the same position updates"
        );
    }
}

#[cfg(test)]
mod modulus_tests {
    use super::Modulus;

    #[test]
    fn remainders_by_multiplication_are_remainders() {
        let mut state = 7u64;
        for divisor in [2u64, 3, 8_388_593, 8_388_617, 1_000_000_007, u64::MAX / 3] {
            let m = Modulus::new(divisor);
            for a in [
                0,
                1,
                divisor - 1,
                divisor,
                divisor + 1,
                u64::MAX,
                u64::MAX - 1,
            ] {
                assert_eq!(m.remainder(a), a % divisor, "{a} % {divisor}");
            }
            for _ in 0..10_000 {
                let a = crate::game::tree::splitmix64(&mut state);
                assert_eq!(m.remainder(a), a % divisor, "{a} % {divisor}");
            }
        }
    }
}
