//! df-pn's transposition table: a position's proof and disproof numbers, found by its key,
//! two entries a slot pair; a new entry takes the pair's entry with less work under it.

use super::numbers::Numbers;
use crate::counters::Counters;
use crate::search::root_report::TableUsage;

/// One position's entry (24 bytes).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    /// The position's key (0: empty).
    key: u64,
    proof: u32,
    disproof: u32,
    /// Expansions below the position when it was stored (its replacement priority).
    work: u32,
}

/// A table of `2^k` entries, over an anonymous mapping with huge pages (with 4 KiB pages,
/// a 64 MiB table's probes missed the TLB: 12 M nodes/s on FFO 1..19 against 18 M with
/// 16 MiB, for the same nodes).
pub struct Table {
    map: memmap2::MmapMut,
    mask: usize,
    /// Stores that overwrote another position's entry.
    replaced: u64,
}

/// The bytes one entry takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of at most `mib` MiB (the largest power of two of entries that fits, at
    /// least two), its pages written (faulted in) now rather than during the search.
    /// None where the system refuses the memory.
    pub fn new(mib: u32) -> Option<Table> {
        let fit = (mib as usize * 1024 * 1024 / ENTRY_BYTES).max(2);
        let len = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let mut map = memmap2::MmapMut::map_anon(len * ENTRY_BYTES).ok()?;
        #[cfg(target_os = "linux")]
        // Only a hint: without huge pages the table works the same, slower.
        let _ = map.advise(memmap2::Advice::HugePage);
        // One write a page (an opaque value, so that the write stays).
        for byte in map.iter_mut().step_by(4096) {
            *byte = std::hint::black_box(0);
        }
        Some(Table {
            map,
            mask: len - 1,
            replaced: 0,
        })
    }

    /// The entries (all zero bytes at first: empty).
    #[inline(always)]
    fn entries(&self) -> &[Entry] {
        // SAFETY: the mapping holds `mask + 1` entries, page-aligned; an entry is plain
        // integers, so any bytes are one.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr() as *const Entry, self.mask + 1) }
    }

    #[inline(always)]
    fn entries_mut(&mut self) -> &mut [Entry] {
        // SAFETY: as `entries`, borrowed mutably.
        unsafe {
            std::slice::from_raw_parts_mut(self.map.as_mut_ptr() as *mut Entry, self.mask + 1)
        }
    }

    /// The bytes its entries take.
    pub fn bytes(&self) -> usize {
        (self.mask + 1) * ENTRY_BYTES
    }

    /// Its entries, those in use, and the stores that replaced another position's entry.
    pub fn usage(&self) -> TableUsage {
        TableUsage {
            entries: self.mask as u64 + 1,
            used: self.entries().iter().filter(|e| e.key != 0).count() as u64,
            replaced: self.replaced,
        }
    }

    /// The stored numbers of the position with `key`, if it has an entry.
    #[inline]
    pub fn get(&self, key: u64, counters: &mut Counters) -> Option<Numbers> {
        counters.tt_probe += 1;
        let key = stored_key(key);
        let slot = key as usize & self.mask;
        let found = [slot, slot ^ 1]
            .into_iter()
            .map(|s| &self.entries()[s])
            .find(|e| e.key == key)?;
        counters.tt_hit += 1;
        Some(Numbers {
            proof: found.proof,
            disproof: found.disproof,
        })
    }

    /// Stores `numbers` for `key` with `work` expansions under it: over its own entry, else
    /// over an empty one, else over the pair's entry with less work.
    #[inline]
    pub fn put(&mut self, key: u64, numbers: Numbers, work: u64) {
        let key = stored_key(key);
        let slot = key as usize & self.mask;
        let other = slot ^ 1;
        let [a, b] = [&self.entries()[slot], &self.entries()[other]];
        let target = if a.key == key || (b.key != key && a.work <= b.work) {
            slot
        } else {
            other
        };
        let old = self.entries()[target].key;
        self.replaced += (old != 0 && old != key) as u64;
        self.entries_mut()[target] = Entry {
            key,
            proof: numbers.proof,
            disproof: numbers.disproof,
            work: work.min(u32::MAX as u64) as u32,
        };
    }
}

/// The key as stored: 0 marks an empty entry, so a position whose key is 0 is stored as 1.
#[inline(always)]
fn stored_key(key: u64) -> u64 {
    key.max(1)
}
