//! df-pn's transposition table: a position's proof and disproof numbers, found by its key,
//! two entries a slot pair; a new entry takes the pair's entry with less work under it.

use super::numbers::Numbers;
use crate::counters::Counters;

/// One position's entry (24 bytes).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The position's key (0: empty).
    key: u64,
    proof: u32,
    disproof: u32,
    /// Expansions below the position when it was stored (its replacement priority).
    work: u32,
}

/// A table of `2^k` entries.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// The bytes one entry takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of at most `mib` MiB (the largest power of two of entries that fits, at
    /// least two), its pages written (faulted in) now rather than during the search.
    pub fn new(mib: u32) -> Table {
        let fit = (mib as usize * 1024 * 1024 / ENTRY_BYTES).max(2);
        let len = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let mut entries = vec![Entry::default(); len];
        // One write a page (an opaque value: the allocator's zeroed memory would let the
        // compiler drop writes of zeros).
        let per_page = 4096 / ENTRY_BYTES;
        for entry in entries.iter_mut().step_by(per_page) {
            *entry = std::hint::black_box(Entry::default());
        }
        Table {
            entries,
            mask: len - 1,
        }
    }

    /// The bytes its entries take.
    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// The stored numbers of the position with `key`, if it has an entry.
    #[inline]
    pub fn get(&self, key: u64, counters: &mut Counters) -> Option<Numbers> {
        counters.tt_probe += 1;
        let key = stored_key(key);
        let slot = key as usize & self.mask;
        let found = [slot, slot ^ 1]
            .into_iter()
            .map(|s| &self.entries[s])
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
        let [a, b] = [&self.entries[slot], &self.entries[other]];
        let target = if a.key == key || (b.key != key && a.work <= b.work) {
            slot
        } else {
            other
        };
        self.entries[target] = Entry {
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
