//! A map of positions by their 64-bit keys, which are hashes already: the graphs of
//! proof-number search and Monte Carlo tree search find a position reached by another line
//! through it.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A map from position keys.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// Hashes a key as itself.
#[derive(Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
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

/// The bytes an entry of a [`KeyMap`] of `u32` takes, about: twice the key and value, for
/// the map's spare room and control bytes.
pub const ENTRY_BYTES: usize = 2 * std::mem::size_of::<(u64, u32)>();
