//! The last-empties solver's own table: the bounds of the positions it searched from
//! [`MIN_EMPTIES`] empties, kept for its later calls within a search (the MTD(f) passes
//! search the same positions again with other windows) and looked up for the children too
//! (enhanced transposition cut-offs). Egaroucid keeps such a table for its last 10 empties
//! (`nega_alpha_end_simple_nws`, <https://github.com/Nyanyan/Egaroucid>): 1,024 entries a
//! number of empties, small enough to stay in the caches, where the main table's probes
//! miss them. Each entry holds its position whole, so a hit is never another position's.

use super::MAX_EMPTIES;

/// The fewest empties whose positions the table keeps.
pub const MIN_EMPTIES: u32 = 6;

/// log2 of the entries a number of empties.
const BITS: u32 = 10;

#[derive(Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
}

/// The table, empty until the solver's first call (a searcher that never solves allocates
/// nothing). Direct-mapped: a new position replaces the one in its slot.
#[derive(Default)]
pub struct SmallTable {
    entries: Vec<Entry>,
}

impl SmallTable {
    /// Allocates the entries (all empty: no position has no discs) if not yet done.
    #[inline]
    pub fn ready(&mut self) {
        if self.entries.is_empty() {
            let levels = MAX_EMPTIES + 1 - MIN_EMPTIES as usize;
            self.entries = vec![Entry::default(); levels << BITS];
        }
    }

    #[inline(always)]
    fn slot(player: u64, opponent: u64, empties: u32) -> usize {
        let hash = (player.wrapping_mul(0x9DDA_1C54_CFE6_B6E9)
            ^ opponent.wrapping_mul(0xA2E6_C030_0831_E05B))
            >> (64 - BITS);
        ((empties - MIN_EMPTIES) as usize) << BITS | hash as usize
    }

    /// Starts fetching a position's entry into the caches.
    #[inline(always)]
    pub fn prefetch(&self, player: u64, opponent: u64, empties: u32) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the address is inside the entries.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let entry = self
                .entries
                .as_ptr()
                .add(Self::slot(player, opponent, empties));
            _mm_prefetch::<_MM_HINT_T0>(entry as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (player, opponent, empties);
    }

    /// The bounds (lower, upper) on the final margin for `player` to move, when stored.
    #[inline(always)]
    pub fn bounds(&self, player: u64, opponent: u64, empties: u32) -> Option<(i32, i32)> {
        let entry = &self.entries[Self::slot(player, opponent, empties)];
        (entry.player == player && entry.opponent == opponent)
            .then_some((entry.lower as i32, entry.upper as i32))
    }

    /// Stores the bounds of a position (margins, -64..=64).
    #[inline(always)]
    pub fn store(&mut self, player: u64, opponent: u64, empties: u32, (lower, upper): (i32, i32)) {
        debug_assert!(-64 <= lower && lower <= upper && upper <= 64);
        self.entries[Self::slot(player, opponent, empties)] = Entry {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
        };
    }
}
