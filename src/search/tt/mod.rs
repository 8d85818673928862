//! The transposition table: buckets of four 16-byte entries (one 64-byte cache line), a
//! power of two of them.
//!
//! An entry keeps the position's full 64-bit key, the depth it was searched to, a lower and
//! an upper bound on its value, and the best move found (as a move code). Keeping both
//! bounds matters to null-window drivers (MTD(f), PVS): their passes alternately prove
//! lower and upper bounds of the same positions, and a pass's bound merges with the other
//! kind instead of replacing it. A new result goes to the entry of the same position, else
//! to an empty entry of the bucket, else replaces the bucket's shallowest entry.

mod direct;
mod entry;
mod memory;
mod policy;
pub mod position_map;
mod table;
#[cfg(test)]
mod tests;

pub use direct::narrow_table_entries;
pub use entry::{Bound, Entry, NO_LOWER, NO_UPPER};
pub use memory::largest_table_mib;
pub use policy::Policy;
pub use table::{TableError, TranspositionTable};
