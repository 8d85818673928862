//! A map of positions by the positions themselves: the graphs of proof-number and Monte
//! Carlo tree search find a position reached by another line through it.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A map from positions themselves, exact where keys can collide: the graphs of proof-number
/// and Monte Carlo tree search replay a node's moves from any line that reaches it, so a
/// node must be one position, never two that share a key.
pub type PositionMap<P, V> = HashMap<P, V, BuildHasherDefault<PositionHasher>>;

/// Hashes a position's words one after another, each mixed in (Stafford's variant 13 of
/// MurmurHash3's finaliser), so that no two words' changes cancel.
#[derive(Default)]
pub struct PositionHasher(u64);

impl PositionHasher {
    #[inline(always)]
    fn mix(&mut self, word: u64) {
        let mut z = (self.0 ^ word).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
}

impl std::hash::Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.mix(word);
    }
}

/// The bytes an entry of a [`PositionMap`] of `P` to `u32` takes, about: twice the position
/// and value, for the map's spare room and control bytes.
pub const fn position_entry_bytes<P>() -> usize {
    2 * std::mem::size_of::<(P, u32)>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Reversi, Side};

    /// Two Reversi positions that share a key (a disc on h8 for the side to move and one on
    /// c5 for the other change the key's two halves by the same top bit): the map keeps
    /// them apart, as the graphs need.
    #[test]
    fn positions_that_share_a_key_are_two_entries() {
        let (black, white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let a = Reversi::from_discs(black, white, Side::First).unwrap();
        let b = Reversi::from_discs(black | 1 << 63, white | 1 << 34, Side::First).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.key(), b.key());
        let mut map = PositionMap::default();
        map.insert(a, 0u32);
        map.insert(b, 1u32);
        assert_eq!((map.len(), map[&a], map[&b]), (2, 0, 1));
    }
}
