//! The searcher: the state one search owns (options, memory: table, killers, history and
//! principal variation; limits; the root; counters), made fresh for each search. The steps
//! every algorithm's node shares are in `steps.rs`; each algorithm's move loop in its own
//! file, built from them.

use std::sync::Arc;
use std::time::Instant;

use super::config::{Clock, SearchConfig};
use super::endgame::Endgame;
use super::history::History;
use super::killer::Killers;
use super::parallel::board::Team;
use super::parallel::report::Shares;
use super::parallel::token::Token;
use super::progress::Progress;
use super::trail::{Claim, Trail};
use super::tt::{narrow_table_entries, Policy, TableError, TranspositionTable};
use super::variants::{TableUse, Variant};
use crate::counters::{Counters, CutHistogram};
use crate::error::SearchError;
use crate::game::{Eval, Game, GameMove};

/// Beyond any score.
pub const INF: i32 = 1_000_000_000;
/// Deepest ply a search reaches: depth-limited searches are limited to much less; exact
/// Ataxx solving can play long sequences of jumps (the halfmove clock ends them).
pub const MAX_PLY: usize = 1024;
/// Principal variations are kept to this many moves.
const PV_PLY: usize = 128;

/// The principal variation, kept in a triangular table (its first `PV_PLY` plies).
pub struct PvTable<M> {
    moves: Vec<M>,
    len: [usize; PV_PLY + 1],
}

impl<M: GameMove> PvTable<M> {
    fn new() -> PvTable<M> {
        PvTable {
            moves: vec![M::PASS; PV_PLY * PV_PLY],
            len: [0; PV_PLY + 1],
        }
    }

    #[inline(always)]
    pub fn clear(&mut self, ply: usize) {
        if ply <= PV_PLY {
            self.len[ply] = 0;
        }
    }

    /// `mv` then the line below it becomes the line at `ply`.
    #[inline]
    pub fn update(&mut self, ply: usize, mv: M) {
        if ply >= PV_PLY {
            return;
        }
        let child = (self.len[ply + 1]).min(PV_PLY - 1 - ply);
        let (row, below) = self.moves.split_at_mut((ply + 1) * PV_PLY);
        let row = &mut row[ply * PV_PLY..];
        row[0] = mv;
        row[1..=child].copy_from_slice(&below[..child]);
        self.len[ply] = child + 1;
    }

    pub fn line(&self) -> Vec<M> {
        self.moves[..self.len[0]].to_vec()
    }
}

/// What a table probe says.
pub enum Probe<M> {
    /// The entry ends the node with this value.
    Cut(i32),
    /// Search on, trying this move first if there is one.
    Continue(Option<M>),
}

/// The running result of a node's move loop.
pub struct Node<M> {
    /// The best value so far (-INF before the first move).
    pub best: i32,
    pub best_move: Option<M>,
    /// Alpha, raised by the values found.
    pub alpha: i32,
}

impl<M> Node<M> {
    pub fn new(alpha: i32) -> Node<M> {
        Node {
            best: -INF,
            best_move: None,
            alpha,
        }
    }
}

/// What a search searches with: the one copy of its configuration.
pub struct Options {
    pub variant: Variant,
    pub eval: Eval,
    /// Randomise the move order with this seed.
    pub shuffle: Option<u64>,
    /// Whether nodes keep the principal variation: not for the null-window drivers (mtdf,
    /// bisect), whose line is read from the table at the end.
    pub track_pv: bool,
    /// The table's rules for storing results (none without a table).
    pub table_policy: Option<Policy>,
}

/// What the search learns as it goes and carries from node to node (and from one iteration
/// to the next).
pub struct Memory<M, S> {
    /// The transposition table (used as `Options::variant.table` says).
    pub tt: Option<TranspositionTable>,
    pub killers: Option<Killers<M>>,
    pub history: Option<History>,
    pub pv: PvTable<M>,
    /// `+draws`: the keys of the game's positions before the root, then of the path's (the
    /// position at ply p at `path_base + p`).
    pub path: Vec<u64>,
    pub path_base: usize,
    /// `+nullmove`: the ply of the position a null move led to (none: `usize::MAX`), where
    /// no second null move is tried.
    pub null_ply: usize,
    /// What the game's specialised last-empties solver keeps between its calls (Reversi's
    /// small table of bounds), new with each searcher and kept as long as the table.
    pub small: S,
}

/// A search's course: when it stops (a deadline, a node budget), whether it stopped or
/// went too deep, what it saw (the horizon, the deepest ply), and a selective pass's margin.
pub struct Course {
    /// Stop at this time, read from this clock (checked every `DEADLINE_CHECK` nodes).
    pub deadline: Option<(Instant, Clock)>,
    /// Stop once this many nodes (`leaf + interior + qnode`) are counted (a player's node budget).
    pub node_limit: Option<u64>,
    pub(super) ticks: u32,
    /// The deadline passed (or the search went `MAX_PLY` deep): every node now returns at
    /// once and the result is void.
    pub stopped: bool,
    pub too_deep: bool,
    /// A position was scored at the horizon (not a finished game): the search saw less
    /// than the whole tree. Players read it to stop deepening once the tree is exhausted.
    pub horizon_reached: bool,
    /// The deepest ply a node of the search reached (quiescence included): its `seldepth`.
    pub max_ply: usize,
    /// A selective pass of a solve (`+probcut`): ProbCut applies to the end too, and the
    /// table keeps the results apart from the exact ones.
    pub selective: Option<i32>,
    /// Inside an ordering search (`+evalsort`): only its value is read.
    pub(super) ordering_search: bool,
    /// In a parallel search, the work this thread does for others (a split point's, or the
    /// whole search's for a Lazy SMP helper): once it is cancelled, the search stops and
    /// what it was searching is void.
    pub watch: Option<Arc<Token>>,
    /// The search stopped because `watch` was cancelled (not for the deadline).
    pub cancelled: bool,
    /// Where the search publishes its progress, and the nodes this thread has published.
    pub progress: Option<Arc<Progress>>,
    pub(super) published: u64,
}

/// The root's state.
pub struct Root<M> {
    /// The previous iteration's best move, tried first at the root.
    pub first: Option<M>,
    /// The best move at the root of the last search.
    pub best: Option<M>,
    /// The root's window when solving (`wld`: (-1, 1)).
    pub window: (i32, i32),
    /// A Lazy SMP helper's root moves, rotated by this many places after ordering (0 for
    /// every other search): each helper starts with another move.
    pub rotation: usize,
}

/// What a node's opening found.
pub enum Opened {
    /// Search the moves put in the node's list. With `deferred`, only the first is in place:
    /// the others are ordered by [`Searcher::move_at`] once the first has been searched.
    Moves { deferred: bool },
    /// The node's value is known without searching its moves: a leaf, a finished game, a
    /// table or ETC cut-off, an endgame shortcut, or a stopped search.
    Settled(i32),
}

/// One search's state, in rooms. `COUNT = false` compiles the counters out (to measure their
/// cost); `TRACE = true` compiles in the writing of a trace (`search --trace`), which the
/// other searches do not pay for.
pub struct Searcher<G: Endgame, const COUNT: bool, const TRACE: bool = false> {
    pub(super) options: Options,
    pub(super) memory: Memory<G::Move, G::SolverMemory>,
    pub(super) course: Course,
    pub(super) root: Root<G::Move>,
    pub(super) counters: Counters,
    /// Where the beta cut-offs happened (counted with the counters).
    pub(super) cuts: CutHistogram,
    /// The threads a parallel search shares its work with (none: one thread).
    pub(super) team: Option<Arc<Team<G>>>,
    /// The time this thread of a parallel search waited for work (ns).
    pub(super) idle_ns: u64,
    /// How this thread of a parallel search shared its work.
    pub(super) shares: Shares,
    /// Where the nodes go, when asked (`nodeprof solve --where`).
    pub(super) trail: Option<Box<Trail>>,
    /// With a trail: each ProbCut cut-off's node and what it claimed, checked against the
    /// exact search's table once the solve is over.
    pub(super) claims: Vec<(G, Claim)>,
    /// The search trace being written, when asked (`nodeprof search --trace`).
    pub(super) trace: Option<Box<super::trace_writer::TraceWriter<G::Move>>>,
    /// The work and span being measured, when asked (`--parallelism`, `span.rs`).
    pub(super) span: Option<Box<super::span::SpanMeter>>,
    /// A parallel search's main thread: its helpers until they start, and once started.
    pub(super) waiting: Option<Box<super::parallel::pool::Waiting<Self, G>>>,
    pub(super) running: Vec<super::parallel::pool::Pending<Self>>,
}

/// Whether a search to `depth` goes to the end of the game (see `search::END`).
#[inline(always)]
pub fn to_the_end(depth: u32) -> bool {
    depth > super::config::MAX_DEPTH
}

/// The move that wins at once (the game over after it, lost for the other side).
pub fn winning_move<G: Game>(pos: &G) -> Option<G::Move> {
    pos.generate_moves().iter().copied().find(|&mv| {
        let child = pos.play(mv);
        child.is_over() && child.final_margin() < 0
    })
}

/// Table entries searched to the end store this plus the position's empties as their depth:
/// above every depth-limited entry, and larger subtrees preferred.
const END_TABLE_DEPTH: u32 = 128;

/// A position's key in `table`: the game's index key for a direct table, else its key.
#[inline(always)]
pub fn table_key<G: Endgame>(table: &TranspositionTable, pos: &G) -> u64 {
    match table.is_direct() {
        true => pos.table_index(),
        false => pos.key(),
    }
}

/// Nodes between two looks at the clock when a search has a deadline.
pub const DEADLINE_CHECK: u32 = 4096;
/// Nodes between two looks at the work a thread of a parallel search does for others (a
/// divisor of `DEADLINE_CHECK`).
pub const WATCH_CHECK: u32 = 256;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// A searcher with fresh (empty) tables; an error if the table's memory cannot be had.
    pub fn new(variant: &Variant, eval: Eval, shuffle: Option<u64>) -> Result<Self, TableError> {
        let tt = match variant.table {
            Some(t) if t.narrow => Some(TranspositionTable::direct(
                narrow_table_entries(t.mib, t.packed),
                t.mib,
            )?),
            Some(t) => Some(TranspositionTable::with_mib(t.mib)?),
            None => None,
        };
        Ok(Self::over(variant, eval, shuffle, tt))
    }

    /// A searcher over `tt` (a new table, or another thread's shared).
    pub(super) fn over(
        variant: &Variant,
        eval: Eval,
        shuffle: Option<u64>,
        tt: Option<TranspositionTable>,
    ) -> Self {
        G::prepare_eval(eval);
        Searcher {
            options: Options {
                variant: variant.clone(),
                eval,
                shuffle,
                track_pv: !variant.base.drives_passes(),
                table_policy: variant.table.map(|t| match (t.narrow, t.classic_store) {
                    (true, _) => Policy::Narrow { lower: t.lower },
                    (false, true) => Policy::Classic,
                    (false, false) => Policy::Merge,
                }),
            },
            memory: Memory {
                tt,
                killers: variant.killers.map(|k| Killers::new(k, MAX_PLY + 1)),
                history: variant.history.then(|| History::new(G::MOVE_INDEXES)),
                pv: PvTable::new(),
                path: match variant.draws {
                    true => vec![0; MAX_PLY + 1],
                    false => Vec::new(),
                },
                path_base: 0,
                null_ply: usize::MAX,
                small: G::SolverMemory::default(),
            },
            course: Course {
                deadline: None,
                node_limit: None,
                ticks: 0,
                stopped: false,
                too_deep: false,
                horizon_reached: false,
                max_ply: 0,
                selective: None,
                ordering_search: false,
                watch: None,
                cancelled: false,
                progress: None,
                published: 0,
            },
            root: Root {
                first: None,
                best: None,
                window: (-INF, INF),
                rotation: 0,
            },
            counters: Counters::default(),
            cuts: CutHistogram::default(),
            team: None,
            idle_ns: 0,
            shares: Shares::default(),
            trail: None,
            claims: Vec::new(),
            trace: None,
            span: None,
            waiting: None,
            running: Vec::new(),
        }
    }

    /// A searcher for `config` (its variant, evaluation and shuffle), its tables made; the
    /// search's error if their memory cannot be had.
    pub fn for_config(config: &SearchConfig) -> Result<Self, SearchError> {
        Self::new(&config.variant, config.eval, config.shuffle).map_err(|e| SearchError::Table {
            mib: e.mib,
            message: e.message,
        })
    }

    /// The variant searched with.
    #[inline(always)]
    pub fn variant(&self) -> &Variant {
        &self.options.variant
    }

    /// The table and how it is used, if the variant has one (and it is not set aside).
    #[inline(always)]
    pub fn table(&self) -> Option<(&TranspositionTable, TableUse)> {
        Some((self.memory.tt.as_ref()?, self.options.variant.table?))
    }

    /// The counters of the search so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Where the search's beta cut-offs happened so far.
    pub fn cuts(&self) -> &CutHistogram {
        &self.cuts
    }

    /// Whether a table entry stored at `entry_depth` was searched to the end (exactly or by
    /// a selective pass), not by a depth-limited search.
    #[inline(always)]
    pub(super) fn searched_to_the_end(entry_depth: u32) -> bool {
        entry_depth >= END_TABLE_DEPTH
    }

    /// The depth a table entry records for a search of `pos` to `depth`.
    #[inline(always)]
    pub fn table_depth(pos: &G, depth: u32, selective: bool) -> u32 {
        if to_the_end(depth) {
            // A selective pass's results (`+probcut`) are one below the exact ones: moves for
            // the exact search, never its cut-offs.
            (END_TABLE_DEPTH + pos.empties() - selective as u32).min(255)
        } else {
            depth
        }
    }

    /// The remaining depth as history weights see it (empties when solving).
    #[inline(always)]
    pub(super) fn history_depth(pos: &G, depth: u32) -> u32 {
        if to_the_end(depth) {
            pos.empties()
        } else {
            depth
        }
    }

    /// Empties the principal variation below `ply` (when the search keeps one).
    #[inline(always)]
    pub fn clear_pv(&mut self, ply: usize) {
        if self.options.track_pv {
            self.memory.pv.clear(ply);
        }
    }

    #[inline(always)]
    pub fn count(&mut self, f: impl FnOnce(&mut Counters)) {
        if COUNT {
            f(&mut self.counters)
        }
        #[cfg(feature = "slow-nodes")]
        slow_node();
    }
}

/// With the `slow-nodes` feature (for checking `ab`, never in a real build): work that
/// changes no count, done at every counted event, so that the same search costs a few
/// percent more (docs/speed.md measures how much).
#[cfg(feature = "slow-nodes")]
#[inline(never)]
fn slow_node() {
    let mut x = 0u64;
    for i in 0..SLOW_NODE_STEPS {
        x = std::hint::black_box(x.wrapping_add(i));
    }
}

/// The steps of [`slow_node`]'s loop.
#[cfg(feature = "slow-nodes")]
const SLOW_NODE_STEPS: u64 = 4;
