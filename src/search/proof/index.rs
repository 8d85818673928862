//! PN's index of its graph's nodes by position: open addressing with linear probing, one
//! 8-byte slot a node (the top half of the position's key and the node's number), at most
//! half full. A slot whose key half matches is the node only if the graph's position there is
//! the same (keys can collide: the caller compares). A key's first slot is given by its top
//! bits, which the slot keeps, so the index doubles in one pass over its slots, in order (a
//! slot's entries go to the new slots near twice its place). PN's graph looks a leaf up
//! when it is about to be expanded, so the index holds its expanded nodes only; PN²'s second
//! level looks each child up as it is made (`pn::Merge`).

use super::slab::Slab;

/// The slots of a new index.
const FIRST_SLOTS: usize = 1024;
/// The bits of a slot that hold the key's top half.
const TAG: u64 = 0xFFFF_FFFF_0000_0000;

/// Nodes (numbered 0, 1, ... in the order they were inserted) by their positions' keys.
pub struct NodeIndex {
    /// 0: empty; else the key's top half and the node's number plus one.
    slots: Slab<u64>,
    /// A key's first slot is its top bits: the key shifted right by this.
    shift: u32,
    len: usize,
    /// The most slots it may grow to: twice the most nodes, to a power of two.
    most_slots: usize,
}

impl NodeIndex {
    /// An index for up to `most_nodes` nodes (its memory taken as it grows); None where the
    /// system refuses the mapping.
    pub fn new(most_nodes: usize) -> Option<NodeIndex> {
        let most_slots = (2 * most_nodes).next_power_of_two().max(FIRST_SLOTS);
        Some(NodeIndex {
            slots: Slab::zeroed(FIRST_SLOTS, most_slots)?,
            shift: u64::BITS - FIRST_SLOTS.trailing_zeros(),
            len: 0,
            most_slots,
        })
    }

    /// The bytes its slots take.
    pub fn bytes(&self) -> usize {
        self.slots.bytes()
    }

    /// Whether one more node would make it more than half full: the caller then
    /// [`grows`](NodeIndex::grow) it.
    #[inline]
    pub fn is_full(&self) -> bool {
        2 * (self.len + 1) > self.slots.len()
    }

    /// Twice as many slots, the entries moved in one pass. False (unchanged) where it has
    /// its most slots already or the system refuses the memory.
    pub fn grow(&mut self) -> bool {
        let size = 2 * self.slots.len();
        let Some(slots) = (size <= self.most_slots)
            .then(|| Slab::zeroed(size, self.most_slots))
            .flatten()
        else {
            return false;
        };
        let old = std::mem::replace(&mut self.slots, slots);
        self.shift -= 1;
        let mask = size - 1;
        let new = self.slots.as_mut_slice();
        for &slot in old.as_slice().iter().filter(|&&s| s != 0) {
            let mut i = (slot >> self.shift) as usize;
            while new[i] != 0 {
                i = (i + 1) & mask;
            }
            new[i] = slot;
        }
        true
    }

    /// The first slot of `key`.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    /// The node of `key` that `same` says is the position sought; else `node` inserted for
    /// it (None). The caller makes room first ([`NodeIndex::is_full`]).
    #[inline]
    pub fn find_or_insert(
        &mut self,
        key: u64,
        node: u32,
        same: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        let tag = key & TAG;
        let mut i = self.home(key);
        let mask = self.slots.len() - 1;
        let slots = self.slots.as_mut_slice();
        loop {
            let slot = slots[i];
            if slot == 0 {
                slots[i] = tag | (node as u64 + 1);
                self.len += 1;
                return None;
            }
            let found = (slot as u32).wrapping_sub(1);
            if slot & TAG == tag && same(found) {
                return Some(found);
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a plain list: every key found again after growing, keys that share their
    /// top half told apart by `same`.
    #[test]
    fn nodes_are_found_by_key_and_told_apart_by_position() {
        // Positions are numbers; keys collide in pairs (x and x + 1 share one).
        let positions: Vec<u64> = (0..5000).collect();
        let key = |p: u64| (p / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut index = NodeIndex::new(5000).unwrap();
        let mut held: Vec<u64> = Vec::new();
        for &p in positions.iter().chain(positions.iter()) {
            if index.is_full() {
                assert!(index.grow());
            }
            let found = index.find_or_insert(key(p), held.len() as u32, |n| held[n as usize] == p);
            match found {
                Some(n) => assert_eq!(held[n as usize], p),
                None => {
                    assert!(!held.contains(&p), "{p} inserted twice");
                    held.push(p);
                }
            }
        }
        assert_eq!(held.len(), 5000);
        assert!(index.bytes() >= 2 * 5000 * 8);
    }
}
