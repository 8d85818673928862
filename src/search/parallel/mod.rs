//! Parallel search: one searcher a thread, every one with its own killers, history and
//! counters (no atomic in the hot path), all over one transposition table shared without
//! locks (`tt/entry.rs`). Three ways to share the work, each in its own file:
//!
//! - **YBWC** (`ybwc.rs`, Feldmann et al. 1989, the Young Brothers Wait Concept): a node's
//!   eldest child is searched first, alone; if it does not cut the node off, the young
//!   brothers are offered to idle threads, which search them in parallel with the owner; a
//!   cut-off by any of them cancels the rest. No split near the leaves.
//! - **Lazy SMP** (`lazy_smp.rs`, as in Stockfish; Østensen 2016): every helper searches
//!   the same root over the shared table, each starting with another root move; the main
//!   thread's result is the search's, and the helpers stop when it is done.
//! - **ABDADA**, simplified (`abdada.rs`, Weill 1996): every thread searches the root as
//!   Lazy SMP's do, and at a node YBWC would split, a young brother another thread is
//!   searching is put off to the end of the node's moves.
//!
//! At one thread none of this runs: the search is today's, count for count. With more, the
//! counts vary from run to run (which thread reaches a table entry first), the values never
//! do: every value a thread returns or stores comes from a search it completed.

mod abdada;
pub mod board;
mod lazy_smp;
pub mod pool;
pub mod report;
pub mod token;
mod ybwc;

pub use crate::search::config::HELPERS_AFTER;
pub(crate) use ybwc::ELDEST;

use std::sync::Arc;

use super::variants::Parallel;
use board::Team;
use report::{Summed, TeamReport};

use super::endgame::Endgame;
use super::searcher::Searcher;

/// Ends a team's search when dropped: the helpers leave, whether the main thread's search
/// returned or panicked.
struct EndsTeam<'a, G: Endgame>(&'a Team<G>);

impl<G: Endgame> Drop for EndsTeam<'_, G> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Searcher for the helper threads of a parallel search of `threads` threads: the same
    /// options and limits, each with its own killers and history, over this searcher's
    /// table; made before the clock starts, as the main thread's tables are.
    pub(super) fn helpers(&mut self, threads: u32, method: Parallel) -> Vec<Self> {
        let team = Arc::new(Team::new(method));
        self.team = Some(team.clone());
        // Lines are read from the table: a node's best move may come from any thread.
        self.options.track_pv = false;
        (1..threads as usize)
            .map(|index| {
                let mut helper = Self::over(
                    &self.options.variant,
                    self.options.eval,
                    self.options.shuffle,
                    self.memory.tt.as_ref().map(|t| t.share()),
                );
                helper.options.track_pv = false;
                helper.team = Some(team.clone());
                // Lazy SMP's helpers start apart; ABDADA's search in the main thread's
                // order, and putting off what another is on spreads them.
                if method == Parallel::LazySmp {
                    helper.root.rotation = index;
                }
                helper
            })
            .collect()
    }

    /// Searches `pos` to `depth` with `helpers` beside this (the main) thread, which start
    /// once it has searched `after` nodes; the root value and what every thread counted.
    pub(super) fn search_together(
        &mut self,
        pos: &G,
        depth: u32,
        helpers: Vec<Self>,
        after: u32,
    ) -> (i32, Summed) {
        let team = self.team.clone().expect("a team made by `helpers`");
        // The evaluation's weights where a trainer put others in on this thread: the
        // helpers evaluate with them too.
        let helpers: Vec<Self> = helpers
            .into_iter()
            .map(|mut helper| {
                helper.course.deadline = self.course.deadline;
                helper.course.progress.clone_from(&self.course.progress);
                helper.root.window = self.root.window;
                helper.memory.path.clone_from(&self.memory.path);
                helper.memory.path_base = self.memory.path_base;
                helper
            })
            .collect();
        // The helpers start once the search has lasted `after` nodes ([`HELPERS_AFTER`]
        // by default): a quicker search is over before they could help, and waking them
        // costs more than it.
        self.waiting = Some(Box::new(pool::Waiting {
            after,
            helpers,
            pos: *pos,
            depth,
            weights: crate::game::eval_weights(),
        }));
        // A panic of the main thread's search ends the team first, so that no helper
        // serves on after it.
        let value = {
            let ending = EndsTeam(&team);
            let value = self.search_root(pos, depth);
            drop(ending);
            value
        };
        // Helpers never started come back as they went.
        let unstarted = self.waiting.take().map_or(Vec::new(), |w| w.helpers);
        let running = std::mem::take(&mut self.running);
        let mut helpers: Vec<Self> = running.into_iter().map(pool::Pending::join).collect();
        helpers.extend(unstarted);
        self.publish_rest();
        for helper in &mut helpers {
            helper.publish_rest();
        }
        self.team = None;
        (value, self.summed(&helpers))
    }

    /// Starts the waiting helpers on the pool's threads (the main thread, once its search
    /// has lasted the nodes its `Waiting` says).
    #[cold]
    #[inline(never)]
    pub(super) fn start_helpers(&mut self) {
        let Some(waiting) = self.waiting.take() else {
            return;
        };
        let pool::Waiting {
            after: _,
            helpers,
            pos,
            depth,
            weights,
        } = *waiting;
        self.running = helpers
            .into_iter()
            .map(|mut helper| {
                pool::run(move || {
                    weights.scoped(|| helper.help(&pos, depth));
                    helper
                })
            })
            .collect();
    }

    /// A helper's work: Lazy SMP's search of the root, or YBWC's young brothers.
    fn help(&mut self, pos: &G, depth: u32) {
        let team = self.team.clone().expect("a helper has a team");
        match team.method {
            Parallel::LazySmp | Parallel::Abdada => self.search_lazily(pos, depth, &team),
            Parallel::Ybwc => self.serve(&team),
        }
    }

    /// The team's counts: every thread's summed (a Lazy SMP helper's root passes and
    /// iterations are its own, not the search's), `helper_node` the helpers' nodes.
    fn summed(&self, helpers: &[Self]) -> Summed {
        let mut counters = self.counters;
        let mut cuts = self.cuts.clone();
        let mut report = TeamReport {
            threads: helpers.len() as u32 + 1,
            shares: self.shares,
            idle_ns: vec![self.idle_ns],
            nodes: vec![self.counters.nodes()],
        };
        let (mut too_deep, mut seldepth) = (self.course.too_deep, self.course.max_ply);
        for helper in helpers {
            let mut theirs = helper.counters;
            (theirs.pass, theirs.iteration) = (0, 0);
            counters += theirs;
            report.shares.tried += helper.shares.tried;
            report.shares.split += helper.shares.split;
            report.shares.abandoned += helper.shares.abandoned;
            report.shares.wasted += helper.shares.wasted;
            cuts += &helper.cuts;
            report.idle_ns.push(helper.idle_ns);
            report.nodes.push(helper.counters.nodes());
            too_deep |= helper.course.too_deep;
            seldepth = seldepth.max(helper.course.max_ply);
        }
        Summed {
            counters,
            cuts,
            too_deep,
            seldepth,
            report,
        }
    }

    /// After work for others ends: a search stopped only because that work was cancelled
    /// goes on (what it was searching is dropped); one stopped by the deadline, by its
    /// depth or by a cancellation of its own work stays stopped.
    pub(super) fn resume(&mut self) {
        let outer_cancelled = self.course.watch.as_ref().is_some_and(|t| t.is_cancelled());
        if self.course.stopped && self.course.cancelled && !outer_cancelled {
            self.course.stopped = false;
            self.course.cancelled = false;
        }
    }
}
