//! The Young Brothers Wait Concept (Feldmann, Monien, Mysliwietz and Vornberger, 1989), as
//! Edax and Egaroucid solve: a node's eldest children are searched alone (two here, see
//! `ELDEST`); if they do not cut the node off and a thread is idle, the node becomes a split
//! point and its young brothers are searched by every thread that joins it, the owner among
//! them. A cut-off by
//! any of them cancels the split point and everything below it. Nodes close to the leaves
//! are never split (their work is smaller than the split's cost).
//!
//! An owner whose young brothers are all taken waits for the threads still searching them,
//! and meanwhile helps at split points below its own (the "helpful master"): it can wait
//! only for work under its node, so no thread waits on one that waits on it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::board::{Context, SplitPoint, SplitValue, Team};
use super::token::Token;
use crate::search::endgame::Endgame;
use crate::search::searcher::{to_the_end, Node, Searcher};
use crate::search::variants::Parallel;

/// Solving: nodes with fewer empties are not split.
const SPLIT_EMPTIES: u32 = 12;
/// Depth-limited: nodes with less depth to go are not split.
const SPLIT_DEPTH: u32 = 4;
/// The eldest children a node searches alone before it may split: two, not the classic
/// one. A node whose first move did not cut it off is often a cut node whose second move
/// will (the order's near miss); splitting there searches young brothers the cut makes
/// useless. Waiting for the second as well: FFO 40..49 at 2 threads visits 1.06-1.10x the
/// one thread's nodes instead of 1.14-1.16x, and is 3% faster.
pub(crate) const ELDEST: usize = 2;

/// What searching a young brother gave.
enum Brother {
    Value(i32),
    /// Skipped as futile: the node's value is at least this bound.
    Futile(i32),
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Whether the node should offer its young brothers now, move `i` searched without a
    /// cut-off: its [`ELDEST`] children searched and more to go, a YBWC search with an idle
    /// thread, a node far enough from the leaves, and the table in use (never inside an
    /// ordering search, which sets it aside).
    #[inline(always)]
    fn may_split(&mut self, pos: &G, depth: u32, i: usize, moves: usize) -> bool {
        let Some(team) = &self.team else {
            return false;
        };
        if i + 1 != ELDEST {
            return false;
        }
        if team.method == Parallel::LazySmp {
            return false;
        }
        let ybwc = team.method == Parallel::Ybwc;
        let eligible = self.splittable(pos, depth, moves);
        self.shares.tried += eligible as u64;
        // ABDADA needs no idle thread: it only puts off what another thread is on.
        eligible && (!ybwc || team.idle.load(Ordering::Relaxed) > 0)
    }

    /// Whether YBWC would split the node (`pos` to `depth`, with `moves` moves) once its
    /// eldest children are searched, given an idle thread: a node far enough from the
    /// leaves with young brothers, and the table in use (never inside an ordering search,
    /// which sets it aside). The span's rule too (`span.rs`).
    #[inline(always)]
    pub(crate) fn splittable(&self, pos: &G, depth: u32, moves: usize) -> bool {
        let deep = match to_the_end(depth) {
            true => pos.empties() >= SPLIT_EMPTIES,
            false => depth >= SPLIT_DEPTH,
        };
        deep && moves > ELDEST && self.memory.tt.is_some() == self.options.variant.table.is_some()
    }

    /// After move `i` of `moves` (`deferred`: the opening left the rest unordered), splits
    /// the node when it may ([`Self::may_split`]), its young brothers searched with the
    /// other threads; whether it did (the node's value is then in `node`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn split_after(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        (i, deferred): (usize, bool),
        node: &mut Node<G::Move>,
        at: (u32, i32, usize),
        futile: Option<i32>,
        pvs: bool,
    ) -> bool {
        if !self.may_split(pos, at.0, i, moves.len()) {
            return false;
        }
        self.share(
            pos,
            &mut moves[i..],
            deferred && i == 0,
            node,
            (at, futile, pvs),
        );
        true
    }

    /// Shares a node's young brothers (`moves[1..]`) as the team's method does: a YBWC
    /// split point, or ABDADA's putting off of the moves another thread is on. `unordered`:
    /// the opening left them unordered.
    #[cold]
    #[inline(never)]
    fn share(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        unordered: bool,
        node: &mut Node<G::Move>,
        (at, futile, pvs): ((u32, i32, usize), Option<i32>, bool),
    ) {
        if unordered {
            self.order_rest(pos, moves, at.2, at.0);
        }
        match self
            .team
            .as_ref()
            .is_some_and(|t| t.method == Parallel::Abdada)
        {
            true => self.search_deferring(pos, moves, node, at, futile, pvs),
            false => self.split(pos, moves, node, at, futile, pvs),
        }
    }

    /// Searches the young brothers of a node (`moves[1..]`, from the last move searched on)
    /// with the other threads; the node's value goes into `node` (at or above beta when cut
    /// off).
    pub(crate) fn split(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        node: &mut Node<G::Move>,
        (depth, beta, ply): (u32, i32, usize),
        futile: Option<i32>,
        pvs: bool,
    ) {
        let team = self.team.clone().expect("a split needs a team");
        let split = Arc::new(SplitPoint {
            token: Token::new(self.course.watch.clone()),
            pos: *pos,
            depth,
            ply,
            beta,
            pvs,
            futile,
            moves: moves[1..].to_vec(),
            next: AtomicUsize::new(0),
            result: Mutex::new(SplitValue {
                best: node.best,
                best_move: node.best_move,
                alpha: node.alpha,
                cut: false,
            }),
            workers: AtomicUsize::new(1),
            context: self.context(ply),
        });
        self.shares.split += 1;
        team.post(split.clone());
        let outer = self.course.watch.replace(split.token.clone());
        self.work_on(&split);
        team.withdraw(&split);
        self.course.watch = outer;
        team.leave(&split);
        self.resume();
        self.wait_below(&split, &team);
        let result = split.result.lock().unwrap_or_else(|e| e.into_inner());
        (node.best, node.best_move, node.alpha) = (result.best, result.best_move, result.alpha);
        if !result.cut && split.token.is_cancelled() {
            // Cancelled from above: some moves were never searched, or dropped unfinished,
            // so the node's value is void, as a stopped search's is.
            self.course.stopped = true;
            self.course.cancelled = true;
        }
    }

    /// The owner's state its node's moves are searched in.
    fn context(&self, ply: usize) -> Context {
        let path = match self.memory.path.is_empty() {
            true => Vec::new(),
            false => self.memory.path[..self.memory.path_base + ply + 1].to_vec(),
        };
        Context {
            selective: self.course.selective,
            null_ply: self.memory.null_ply,
            path,
            path_base: self.memory.path_base,
        }
    }

    /// Searches the split point's moves until none is left or it is cancelled.
    fn work_on(&mut self, split: &SplitPoint<G>) {
        while !split.token.is_cancelled() {
            let i = split.next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = split.moves.get(i) else {
                break;
            };
            let (alpha, cut) = {
                let result = split.result.lock().unwrap_or_else(|e| e.into_inner());
                (result.alpha, result.cut)
            };
            if cut {
                // Cut off since the look at the token: alpha has reached beta, and a
                // search with that window would prove nothing.
                break;
            }
            let before = self.counters.nodes();
            let brother = self.young_brother(split, mv, i + 1, alpha);
            if self.course.stopped {
                let wasted = self.counters.nodes() - before;
                self.shares.abandoned += 1;
                self.shares.wasted += wasted;
                break;
            }
            self.offer_to(split, mv, i + 1, brother);
        }
    }

    /// The value of the young brother `mv` (the node's `index`-th move) against the window
    /// (`alpha`, the node's beta), searched by the node's own loop's step.
    fn young_brother(
        &mut self,
        split: &SplitPoint<G>,
        mv: G::Move,
        index: usize,
        alpha: i32,
    ) -> Brother {
        let (pos, depth, ply, beta) = (&split.pos, split.depth, split.ply, split.beta);
        let child = pos.play(mv);
        let mut scratch = Node::new(alpha);
        if self.skip_futile(&mut scratch, pos, mv, &child, split.futile) {
            return Brother::Futile(scratch.best);
        }
        let at = (mv, index);
        Brother::Value(match split.pvs {
            true => self.move_value::<true>(pos, at, &child, depth, (alpha, beta), ply),
            false => self.move_value::<false>(pos, at, &child, depth, (alpha, beta), ply),
        })
    }

    /// Takes a young brother's value into its split point; a cut-off cancels the rest.
    fn offer_to(&mut self, split: &SplitPoint<G>, mv: G::Move, index: usize, brother: Brother) {
        let cut = {
            let mut result = split.result.lock().unwrap_or_else(|e| e.into_inner());
            match brother {
                Brother::Futile(bound) => {
                    result.best = result.best.max(bound);
                    false
                }
                Brother::Value(value) => {
                    if value > result.best {
                        (result.best, result.best_move) = (value, Some(mv));
                    }
                    result.alpha = result.alpha.max(value);
                    let cut = value >= split.beta && !result.cut;
                    result.cut |= cut;
                    cut
                }
            }
        };
        if cut {
            split.token.cancel();
            self.on_cut(&split.pos, mv, index, split.depth, split.ply);
        }
    }

    /// Works at a split point another thread posted (its context taken on, this thread's
    /// own restored after), and leaves it.
    fn help_at(&mut self, split: &Arc<SplitPoint<G>>, team: &Team<G>) {
        let saved = (
            self.course.selective,
            self.memory.null_ply,
            self.course.watch.replace(split.token.clone()),
        );
        self.course.selective = split.context.selective;
        self.memory.null_ply = split.context.null_ply;
        if !split.context.path.is_empty() {
            self.memory.path_base = split.context.path_base;
            self.memory.path[..split.context.path.len()].copy_from_slice(&split.context.path);
        }
        self.work_on(split);
        (
            self.course.selective,
            self.memory.null_ply,
            self.course.watch,
        ) = saved;
        team.leave(split);
        self.resume();
    }

    /// An owner waits for the threads still at its split point, helping below it meanwhile.
    fn wait_below(&mut self, split: &Arc<SplitPoint<G>>, team: &Team<G>) {
        let mut board = team.board();
        while split.workers.load(Ordering::Acquire) > 0 {
            let below = match self.course.stopped {
                false => Team::join(&board, Some(&split.token)),
                true => None,
            };
            if let Some(below) = below {
                drop(board);
                self.help_at(&below, team);
                board = team.board();
                continue;
            }
            board = self.idle(team, board);
        }
    }

    /// A helper's life: joins split points as they are posted until the search is over.
    pub(super) fn serve(&mut self, team: &Team<G>) {
        let mut board = team.board();
        while !team.done.load(Ordering::Relaxed) {
            if let Some(split) = Team::join(&board, None) {
                drop(board);
                self.help_at(&split, team);
                board = team.board();
                continue;
            }
            board = self.idle(team, board);
        }
    }

    /// Waits (counted idle) until the board changes.
    fn idle<'a>(
        &mut self,
        team: &'a Team<G>,
        board: std::sync::MutexGuard<'a, Vec<Arc<SplitPoint<G>>>>,
    ) -> std::sync::MutexGuard<'a, Vec<Arc<SplitPoint<G>>>> {
        let started = Instant::now();
        team.idle.fetch_add(1, Ordering::Relaxed);
        let board = team.wake.wait(board).unwrap_or_else(|e| e.into_inner());
        team.idle.fetch_sub(1, Ordering::Relaxed);
        self.idle_ns += started.elapsed().as_nanos() as u64;
        board
    }
}
