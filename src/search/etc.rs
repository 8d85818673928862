//! Enhanced transposition cut-off (Plaat et al.): before searching a node's moves, look each
//! child up in the table; a child whose stored upper bound already proves a value of at least
//! beta for this node ends it without a search. Tried only away from the leaves (remaining
//! depth 2 or more) and not at the root.

use super::endgame::Endgame;
use super::searcher::{table_key, to_the_end, Searcher};
use super::tt::NO_UPPER;

/// Children whose table entries are fetched together.
const BATCH: usize = 16;

/// ETC is tried at this remaining depth and above.
pub const MIN_DEPTH: u32 = 2;
/// When solving, ETC is tried at nodes with this many empties or more: below, its probes of
/// every child cost more time than the nodes it saves (FFO 40, 41: 20% faster than at 7).
pub const MIN_EMPTIES: u32 = 10;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    #[inline]
    pub fn etc_cut(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if !self.options.variant.etc || depth < MIN_DEPTH || ply == 0 {
            return None;
        }
        if to_the_end(depth) && pos.empties() < MIN_EMPTIES {
            return None;
        }
        let selective = self.course.selective.is_some();
        let (table, use_) = self.table()?;
        let mut probes = 0;
        let mut hits = 0;
        let mut found = None;
        // The buckets of a batch of children are all fetched from memory before the first
        // is looked at, so their cache misses overlap.
        'batches: for batch in moves.chunks(BATCH) {
            let mut children = [(0u64, 0u32); BATCH];
            for (slot, &mv) in children.iter_mut().zip(batch) {
                let child = pos.play(mv);
                let key = table_key(table, &child);
                table.prefetch(key);
                *slot = (key, Self::table_depth(&child, depth - 1, selective));
            }
            for &(key, needed) in &children[..batch.len()] {
                probes += 1;
                let Some(entry) = table.probe(key) else {
                    continue;
                };
                hits += 1;
                let entry = Self::from_table(entry, ply + 1);
                let proves = entry.upper != NO_UPPER && -entry.upper >= beta;
                if proves && Self::deep_enough(&use_, entry.depth, needed) {
                    found = Some(-entry.upper);
                    break 'batches;
                }
            }
        }
        self.count(|c| {
            c.tt_probe += probes;
            c.tt_hit += hits;
            c.tt_cut += found.is_some() as u64;
        });
        found.map(|value| self.bounded(value, alpha, beta))
    }
}
