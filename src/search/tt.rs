//! The transposition table: a fixed number of slots (a power of two), one entry a slot,
//! 16 bytes an entry, depth-preferred replacement.
//!
//! An entry keeps the position's full 64-bit key, the depth it was searched to, the kind of
//! bound its score is, and the best move found (as a move code). A slot takes a new entry
//! when it is empty, holds the same position, or holds one searched no deeper than the new.

/// What a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (the node failed low).
    Upper = 1,
    /// The true value is at least the score (the node failed high).
    Lower = 2,
    Exact = 3,
}

/// A stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub depth: u32,
    pub bound: Bound,
    pub score: i32,
    pub move_code: Option<u16>,
}

pub struct TranspositionTable {
    /// Two words a slot: the key, then score (bits 0-31), depth (32-39), bound (40-41) and
    /// move code + 1 (42-58, 0 for none). An all-zero slot is empty. (A flat `Vec<u64>` so
    /// that the zeroed allocation comes from the system's zero pages instead of a memset.)
    words: Vec<u64>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (rounded down to a power of two of slots). The memory
    /// is zeroed lazily by the system, so a large table that a search barely touches is
    /// cheap.
    pub fn with_mib(mib: u32) -> TranspositionTable {
        let bytes = (mib as usize) << 20;
        let slots = (bytes / std::mem::size_of::<[u64; 2]>()).max(1);
        let slots = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        TranspositionTable {
            words: vec![0u64; 2 * slots],
            mask: slots - 1,
        }
    }

    pub fn slot_count(&self) -> usize {
        self.words.len() / 2
    }

    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = 2 * (key as usize & self.mask);
        let (stored_key, data) = (self.words[i], self.words[i + 1]);
        let bound = match (data >> 40) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        if stored_key != key {
            return None;
        }
        let code = (data >> 42) & 0x1_FFFF;
        Some(Entry {
            depth: ((data >> 32) & 0xFF) as u32,
            bound,
            score: data as u32 as i32,
            move_code: (code != 0).then(|| (code - 1) as u16),
        })
    }

    #[inline(always)]
    pub fn store(
        &mut self,
        key: u64,
        depth: u32,
        bound: Bound,
        score: i32,
        move_code: Option<u16>,
    ) {
        let i = 2 * (key as usize & self.mask);
        let (old_key, old) = (self.words[i], self.words[i + 1]);
        let old_depth = ((old >> 32) & 0xFF) as u32;
        let empty = (old >> 40) & 3 == 0;
        let depth = depth.min(0xFF);
        if empty || old_key == key || depth >= old_depth {
            let code = move_code.map_or(0, |c| c as u64 + 1);
            self.words[i] = key;
            self.words[i + 1] =
                score as u32 as u64 | (depth as u64) << 32 | (bound as u64) << 40 | code << 42;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries_with_all_their_fields() {
        let mut tt = TranspositionTable::with_mib(1);
        assert_eq!(tt.slot_count(), 1 << 16);
        assert_eq!(
            TranspositionTable::with_mib(3).slot_count(),
            1 << 17,
            "rounded down"
        );
        assert_eq!(tt.probe(12345), None);
        tt.store(12345, 7, Bound::Lower, -10_038, Some(0xFFFF));
        let e = tt.probe(12345).unwrap();
        assert_eq!(
            e,
            Entry {
                depth: 7,
                bound: Bound::Lower,
                score: -10_038,
                move_code: Some(0xFFFF)
            }
        );
        tt.store(0, 3, Bound::Exact, 5, None);
        assert_eq!(tt.probe(0).unwrap().move_code, None);
        assert_eq!(
            tt.probe(1 << 40),
            None,
            "same slot as key 0, another position"
        );
    }

    #[test]
    fn replacement_prefers_depth_but_keeps_the_same_position_fresh() {
        let mut tt = TranspositionTable::with_mib(1);
        let (a, b) = (5u64, 5u64 + (1 << 16)); // same slot
        tt.store(a, 6, Bound::Exact, 1, None);
        tt.store(b, 5, Bound::Exact, 2, None);
        assert_eq!(
            tt.probe(a).unwrap().score,
            1,
            "shallower entry of another position loses"
        );
        tt.store(b, 6, Bound::Exact, 2, None);
        assert_eq!(tt.probe(b).unwrap().score, 2, "as deep: replaces");
        tt.store(b, 2, Bound::Upper, 9, None);
        assert_eq!(
            tt.probe(b).unwrap().score,
            9,
            "the same position always updates"
        );
    }
}
