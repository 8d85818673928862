//! The board of a parallel search: the split points whose young brothers idle threads may
//! take (YBWC, `ybwc.rs`), the moves being searched (ABDADA, `abdada.rs`), and what the
//! team's threads share. Data only: the searching is in `ybwc.rs`, `lazy_smp.rs` and
//! `abdada.rs`.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::token::Token;
use crate::search::endgame::Endgame;
use crate::search::variants::Parallel;

/// What the threads of one parallel search share.
pub struct Team<G: Endgame> {
    pub(crate) method: Parallel,
    /// YBWC: the split points whose young brothers other threads may take.
    pub(crate) board: Mutex<Vec<Arc<SplitPoint<G>>>>,
    /// Rung when a split point is posted or a thread leaves one, and when the search ends.
    pub(crate) wake: Condvar,
    /// Threads waiting for work (idle helpers, and owners waiting at their split points).
    pub(crate) idle: AtomicUsize,
    /// The search is over: the helpers leave.
    pub(crate) done: AtomicBool,
    /// Cancelled when the main thread is done (Lazy SMP's and ABDADA's helpers watch it).
    pub(crate) root: Arc<Token>,
    /// ABDADA: the moves being searched.
    pub(crate) busy: Busy,
}

impl<G: Endgame> Team<G> {
    pub(crate) fn new(method: Parallel) -> Team<G> {
        Team {
            method,
            board: Mutex::new(Vec::new()),
            wake: Condvar::new(),
            idle: AtomicUsize::new(0),
            done: AtomicBool::new(false),
            root: Token::new(None),
            busy: Busy::for_method(method),
        }
    }

    /// The board (a thread that panicked holding it left it as it was: still usable).
    pub(crate) fn board(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint<G>>>> {
        self.board.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the search: the helpers leave (Lazy SMP's stop what they were searching).
    pub(crate) fn finish(&self) {
        self.root.cancel();
        let _board = self.board();
        self.done.store(true, Ordering::Relaxed);
        self.wake.notify_all();
    }
}

/// A node whose young brothers other threads may search.
pub struct SplitPoint<G: Endgame> {
    pub(crate) token: Arc<Token>,
    pub(crate) pos: G,
    pub(crate) depth: u32,
    pub(crate) ply: usize,
    pub(crate) beta: i32,
    /// PVS's young brothers: a null window first, the full one when it fails high inside.
    pub(crate) pvs: bool,
    /// The node's futility bound (see `futility.rs`).
    pub(crate) futile: Option<i32>,
    /// The moves after the eldest, in the owner's order; the next one to hand out.
    pub(crate) moves: Vec<G::Move>,
    pub(crate) next: AtomicUsize,
    pub(crate) result: Mutex<SplitValue<G::Move>>,
    /// The threads searching its moves (the owner included until its moves run out).
    pub(crate) workers: AtomicUsize,
    /// What a joining thread takes on from the owner's search (see `Context`).
    pub(crate) context: Context,
}

/// The node's value so far.
pub(crate) struct SplitValue<M> {
    pub(crate) best: i32,
    pub(crate) best_move: Option<M>,
    pub(crate) alpha: i32,
    /// A move reached beta (its cut-off counted once).
    pub(crate) cut: bool,
}

/// The owner's search state that the node's moves are searched in: the selective pass,
/// the null move's ply, and with `+draws` the path of positions to the node.
#[derive(Clone)]
pub(crate) struct Context {
    pub(crate) selective: Option<i32>,
    pub(crate) null_ply: usize,
    pub(crate) path: Vec<u64>,
    pub(crate) path_base: usize,
}

impl<G: Endgame> SplitPoint<G> {
    /// Whether a thread may take moves from it.
    pub(crate) fn open(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.moves.len() && !self.token.is_cancelled()
    }
}

impl<G: Endgame> Team<G> {
    /// Posts a split point for the idle threads.
    pub(crate) fn post(&self, split: Arc<SplitPoint<G>>) {
        self.board().push(split);
        self.wake.notify_all();
    }

    /// Takes the split point off the board (its moves are all handed out).
    pub(crate) fn withdraw(&self, split: &Arc<SplitPoint<G>>) {
        self.board().retain(|s| !Arc::ptr_eq(s, split));
    }

    /// A thread leaves a split point.
    pub(crate) fn leave(&self, split: &SplitPoint<G>) {
        let _board = self.board();
        split.workers.fetch_sub(1, Ordering::AcqRel);
        self.wake.notify_all();
    }

    /// Joins the open split point nearest the root (the most work), among those below
    /// `under` if given.
    pub(crate) fn join(
        board: &[Arc<SplitPoint<G>>],
        under: Option<&Token>,
    ) -> Option<Arc<SplitPoint<G>>> {
        let split = board
            .iter()
            .filter(|s| s.open() && under.is_none_or(|u| u.is_above(&s.token)))
            .min_by_key(|s| s.ply)?;
        split.workers.fetch_add(1, Ordering::AcqRel);
        Some(split.clone())
    }
}

/// log2 of the slots of the table of moves being searched (a slot a move).
const BUSY_BITS: u32 = 14;

/// ABDADA (`abdada.rs`): the moves the team's threads are searching: a mixed key a slot (0: none).
pub struct Busy(Box<[AtomicU64]>);

impl Busy {
    /// The table for a team sharing its work by `method` (one slot but for ABDADA, which
    /// alone reads it: a parallel search of another kind allocates nothing much).
    pub fn for_method(method: Parallel) -> Busy {
        let bits = match method {
            Parallel::Abdada => BUSY_BITS,
            _ => 0,
        };
        Busy((0..1usize << bits).map(|_| AtomicU64::new(0)).collect())
    }

    /// The slot of `key` (never 0: a mixed key of 0 is taken as 1).
    fn slot(&self, key: u64) -> (&AtomicU64, u64) {
        let key = key.max(1);
        let bits = self.0.len().trailing_zeros();
        let index = key.checked_shr(64 - bits).unwrap_or(0) as usize;
        (&self.0[index], key)
    }

    pub(crate) fn is_busy(&self, key: u64) -> bool {
        let (slot, key) = self.slot(key);
        slot.load(Ordering::Relaxed) == key
    }

    pub(crate) fn enter(&self, key: u64) {
        let (slot, key) = self.slot(key);
        slot.store(key, Ordering::Relaxed);
    }

    pub(crate) fn leave(&self, key: u64) {
        let (slot, key) = self.slot(key);
        let _ = slot.compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}
