//! Lazy SMP (as Stockfish searches; Østensen, "A Complete Chess Engine Parallelized Using
//! Lazy SMP", 2016): each helper searches the same root to the same depth over the shared
//! table, its root moves rotated by its index so that the threads start apart; what one
//! thread stores, the others find. The main thread's value is the search's; the helpers are
//! stopped when it is done.

use super::board::Team;
use crate::search::endgame::Endgame;
use crate::search::searcher::Searcher;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// A helper's search of the root, until it is done or the main thread is (Lazy SMP's,
    /// and ABDADA's, whose nodes put off what other threads are on).
    pub(super) fn search_lazily(&mut self, pos: &G, depth: u32, team: &Team<G>) {
        self.course.watch = Some(team.root.clone());
        let _ = self.search_root(pos, depth);
        if self.course.stopped && self.course.cancelled {
            self.shares.abandoned += 1;
        }
    }
}
