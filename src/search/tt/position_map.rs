//! A map of positions by the positions themselves: the graphs of proof-number and Monte
//! Carlo tree search find a position reached by another line through it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::game::Game;

/// A map from positions themselves, exact where keys can collide: the graphs of proof-number
/// and Monte Carlo tree search replay a node's moves from any line that reaches it, so a
/// node must be one position, never two that share a key.
pub type PositionMap<G, V> = HashMap<ByState<G>, V, BuildHasherDefault<KeyHasher>>;

/// A position as the map holds it: hashed by its key, equal to another of the same state
/// for the game's rules ([`Game::same_state`]: Ataxx's fullmove number does not count).
#[derive(Clone, Copy, Debug)]
pub struct ByState<G: Game>(pub G);

impl<G: Game> Hash for ByState<G> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.key());
    }
}

impl<G: Game> PartialEq for ByState<G> {
    fn eq(&self, other: &Self) -> bool {
        self.0.same_state(&other.0)
    }
}

impl<G: Game> Eq for ByState<G> {}

/// Hashes a key, a hash already, as itself.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
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
        map.insert(ByState(a), 0u32);
        map.insert(ByState(b), 1u32);
        assert_eq!((map.len(), map[&ByState(a)], map[&ByState(b)]), (2, 0, 1));
    }
}
