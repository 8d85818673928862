//! What goes into a table and what stays: each table's rules, kept here and not in the
//! searcher's node steps.

use super::entry::Bound;
use super::table::TranspositionTable;

/// A table's rules for storing a node's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// nodeprof's: every result, both bounds of an entry kept, a result of the same depth
    /// narrowing the stored bounds.
    Merge,
    /// The classic 2011 tables': no upper bounds; an entry for the same position stays if
    /// deeper, or as deep and exact, or the new result is not exact (one bound an entry).
    Classic,
    /// The Connect 4 tutorial's direct table: the value after the move loop as an upper
    /// bound (exact ones too); cut-offs' lower bounds only with `lower` (`ttlower`).
    Narrow { lower: bool },
}

impl TranspositionTable {
    /// Stores a node's result under `policy`: `key` is the position's key in this table (its
    /// index key in a direct one); `fail_low_moves` whether a node that failed low keeps the
    /// best-looking of its moves (see `Endgame::FAIL_LOW_MOVES`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn store_result(
        &mut self,
        policy: Policy,
        key: u64,
        depth: u32,
        bound: Bound,
        value: i32,
        move_code: Option<u16>,
        fail_low_moves: bool,
    ) {
        match policy {
            Policy::Narrow { lower } => {
                let bound = match bound {
                    Bound::Lower if lower => Bound::Lower,
                    Bound::Lower => return,
                    _ => Bound::Upper,
                };
                self.store_direct(key, depth, bound, value, move_code);
                return;
            }
            Policy::Classic => {
                if bound == Bound::Upper {
                    return;
                }
                if let Some(old) = self.probe(key) {
                    let keep = old.depth > depth
                        || (old.depth == depth && (old.is_exact() || bound != Bound::Exact));
                    if keep {
                        return;
                    }
                }
            }
            Policy::Merge => {}
        }
        // A node that failed low has no proven best move.
        let move_code = match bound {
            Bound::Upper if !fail_low_moves => None,
            _ => move_code,
        };
        self.store(key, depth, bound, value, move_code, policy == Policy::Merge);
    }
}
