//! The state one search owns (counters, table, killers, history, principal variation) and
//! the steps every algorithm's node shares: scoring leaves, entering a node, probing and
//! storing the table, bookkeeping at cut-offs. Each algorithm's move loop lives in its own
//! file and is built from these steps.

use std::time::Instant;

use super::config::Clock;
use super::endgame::Endgame;
use super::endgame::Safe;
use super::history::History;
use super::killer::Killers;
use super::spec::{Base, TableUse, Variant};
use super::tt::{Bound, Policy, TableError, TranspositionTable, NO_LOWER};
use crate::counters::Counters;
use crate::game::{margin_score, Eval, Game, GameMove, Side};

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

/// White's discs (pieces) minus Black's, whoever is to move: the `whiteview` leaf score.
#[inline]
fn white_minus_black<G: Endgame>(pos: &G) -> i32 {
    match pos.side_to_move() {
        Side::White => pos.material(),
        Side::Black => -pos.material(),
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
pub struct Memory<M> {
    /// The transposition table (used as `Options::variant.table` says).
    pub tt: Option<TranspositionTable>,
    pub killers: Option<Killers<M>>,
    pub history: Option<History>,
    pub pv: PvTable<M>,
}

/// When a search stops.
pub struct Limits {
    /// Stop at this time, read from this clock (checked every `DEADLINE_CHECK` nodes).
    pub deadline: Option<(Instant, Clock)>,
    /// Stop once this many nodes (leaf + interior) are counted (a player's node budget).
    pub node_limit: Option<u64>,
    ticks: u32,
    /// The deadline passed (or the search went `MAX_PLY` deep): every node now returns at
    /// once and the result is void.
    pub stopped: bool,
    pub too_deep: bool,
    /// A position was scored at the horizon (not a finished game): the search saw less
    /// than the whole tree. Players read it to stop deepening once the tree is exhausted.
    pub horizon_reached: bool,
}

/// The root's state.
pub struct Root<M> {
    /// The previous iteration's best move, tried first at the root.
    pub first: Option<M>,
    /// The best move at the root of the last search.
    pub best: Option<M>,
    /// The root's window when solving (`wld`: (-1, 1)).
    pub window: (i32, i32),
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
/// cost).
pub struct Searcher<G: Endgame, const COUNT: bool> {
    pub(super) options: Options,
    pub(super) memory: Memory<G::Move>,
    pub(super) limits: Limits,
    pub(super) root: Root<G::Move>,
    pub(super) counters: Counters,
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

/// The entries of the tutorial's table of `mib` MiB of 8-byte entries: the largest prime at
/// most that many (64 MiB: 8,388,593, parts 7 to 10), or with `packed` the smallest prime at
/// least that many (8,388,617, parts 11 and 12, whose entries are 5 bytes).
pub fn narrow_table_entries(mib: u32, packed: bool) -> u64 {
    let mut n = ((mib as u64) << 20) / 8;
    while !is_prime(n) {
        n = if packed { n + 1 } else { n - 1 };
    }
    n
}

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// Nodes between two looks at the clock when a search has a deadline.
pub const DEADLINE_CHECK: u32 = 4096;

impl<G: Endgame, const COUNT: bool> Searcher<G, COUNT> {
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
        Ok(Searcher {
            options: Options {
                variant: variant.clone(),
                eval,
                shuffle,
                track_pv: !matches!(variant.base, Base::Mtdf | Base::Bisect),
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
            },
            limits: Limits {
                deadline: None,
                node_limit: None,
                ticks: 0,
                stopped: false,
                too_deep: false,
                horizon_reached: false,
            },
            root: Root {
                first: None,
                best: None,
                window: (-INF, INF),
            },
            counters: Counters::default(),
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

    /// The depth a table entry records for a search of `pos` to `depth`.
    #[inline(always)]
    pub fn table_depth(pos: &G, depth: u32) -> u32 {
        if to_the_end(depth) {
            (END_TABLE_DEPTH + pos.empties()).min(255)
        } else {
            depth
        }
    }

    /// The remaining depth as history weights see it (empties when solving).
    #[inline(always)]
    fn history_depth(pos: &G, depth: u32) -> u32 {
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
    }

    /// The value of a position at the search horizon.
    #[inline]
    pub fn horizon(&mut self, pos: &G, ply: usize) -> i32 {
        self.count(|c| c.leaf += 1);
        self.clear_pv(ply);
        if self.options.variant.white_view {
            // Finished or not, a leaf of the 2011 tables' convention (never taken as an
            // exhausted tree).
            self.limits.horizon_reached = true;
            return white_minus_black(pos);
        }
        if pos.is_over() {
            pos.terminal_score()
        } else {
            self.limits.horizon_reached = true;
            pos.evaluate(self.options.eval)
        }
    }

    /// Enters a node: its moves (in generation order), or its value if it is a leaf: at the
    /// horizon or a finished game.
    #[inline]
    fn enter(&mut self, pos: &G, at_horizon: bool, ply: usize, moves: &mut G::Moves) -> Opened {
        if let Some((deadline, clock)) = self.limits.deadline {
            self.limits.ticks = self.limits.ticks.wrapping_add(1);
            if self.limits.ticks.is_multiple_of(DEADLINE_CHECK) && (clock.0)() >= deadline {
                self.limits.stopped = true;
            }
        }
        if let Some(limit) = self.limits.node_limit {
            if COUNT && self.counters.leaf + self.counters.interior >= limit {
                self.limits.stopped = true;
            }
        }
        if ply + 1 >= MAX_PLY {
            self.limits.too_deep = true;
            self.limits.stopped = true;
        }
        if self.limits.stopped {
            return Opened::Settled(0);
        }
        if at_horizon {
            return Opened::Settled(self.horizon(pos, ply));
        }
        self.clear_pv(ply);
        if G::HAS_THREATS && self.options.variant.no_lose && (ply > 0 || !pos.is_over()) {
            // Below the root no position is over: the parents' moves never complete four
            // (their side could not win at once) nor fill the board (2 stones left: drawn).
            return self.enter_safe(pos, ply, moves);
        }
        *moves = pos.generate_moves();
        if G::HAS_THREATS && self.options.variant.win_first && !moves.is_empty() {
            if let Some(margin) = pos.win_now() {
                self.count(|c| c.leaf += 1);
                return Opened::Settled(margin_score(margin, G::WIN_BONUS));
            }
        }
        if moves.is_empty() {
            self.count(|c| c.leaf += 1);
            if self.options.variant.white_view {
                return Opened::Settled(white_minus_black(pos));
            }
            return Opened::Settled(pos.terminal_score());
        }
        self.count(|c| c.interior += 1);
        Opened::Moves { deferred: false }
    }

    /// Opens a node searched without table or window (negamax, branch-and-bound, token): its
    /// moves ordered, or its value if it is a leaf. The shared prologue of their move loops.
    #[inline]
    pub fn open_plain(
        &mut self,
        pos: &G,
        at_horizon: bool,
        ply: usize,
        depth: u32,
        moves: &mut G::Moves,
    ) -> Opened {
        let opened = self.enter(pos, at_horizon, ply, moves);
        if let Opened::Moves { .. } = opened {
            self.order(pos, moves, ply, None, depth);
        }
        opened
    }

    /// `value` as the algorithm returns it: clamped to the window when failing hard.
    #[inline(always)]
    pub fn bounded(&self, value: i32, alpha: i32, beta: i32) -> i32 {
        if self.options.variant.fail_hard {
            value.clamp(alpha, beta)
        } else if self.options.variant.fail_low_hard {
            value.max(alpha)
        } else {
            value
        }
    }

    /// Whether an entry searched to `stored` plies may stand for a search of `needed`.
    #[inline(always)]
    pub fn deep_enough(use_: &TableUse, stored: u32, needed: u32) -> bool {
        if use_.exact_depth {
            stored == needed
        } else {
            stored >= needed
        }
    }

    /// Looks the position up. The root (ply 0) is never cut, so it always has a best move.
    #[inline]
    pub fn probe(
        &mut self,
        pos: &G,
        key: u64,
        depth: u32,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
    ) -> Probe<G::Move> {
        let Some((table, use_)) = self.table() else {
            return Probe::Continue(None);
        };
        let entry = table.probe(key);
        self.count(|c| c.tt_probe += 1);
        let Some(entry) = entry else {
            return Probe::Continue(None);
        };
        self.count(|c| c.tt_hit += 1);
        if use_.cuts
            && ply > 0
            && Self::deep_enough(&use_, entry.depth, Self::table_depth(pos, depth))
        {
            if use_.narrow {
                // One bound an entry, narrowing the window (the tutorial's table).
                if entry.lower != NO_LOWER {
                    *alpha = (*alpha).max(entry.lower);
                } else {
                    *beta = (*beta).min(entry.upper);
                }
                if *alpha >= *beta {
                    self.count(|c| c.tt_cut += 1);
                    return Probe::Cut(match entry.lower != NO_LOWER {
                        true => *alpha,
                        false => *beta,
                    });
                }
            } else if let Some(value) = entry.cut(*alpha, *beta) {
                self.count(|c| c.tt_cut += 1);
                return Probe::Cut(self.bounded(value, *alpha, *beta));
            }
        }
        let mv = if use_.moves {
            entry.move_code.map(G::Move::from_code)
        } else {
            None
        };
        Probe::Continue(mv)
    }

    /// Opens a windowed node: its moves, ordered, or its value when it is a leaf or the table
    /// (or ETC, or an endgame shortcut) settles it. When the table gives a move, only that
    /// move is put first and the rest is left for [`Searcher::move_at`] to order (`deferred`):
    /// the table move cuts most such nodes off, and the rest's ordering would be wasted.
    #[inline]
    pub fn open(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
        moves: &mut G::Moves,
    ) -> Opened {
        if to_the_end(depth) && ply > 0 {
            if let Some(value) = self.endgame_shortcut(pos, *alpha, *beta, ply) {
                return Opened::Settled(value);
            }
        }
        // The key only when there is a table to look it up in (it costs a few multiplies).
        let key = match &self.memory.tt {
            Some(table) => {
                let key = table_key(table, pos);
                if depth > 0 {
                    // Fetched while the moves are generated.
                    table.prefetch(key);
                }
                key
            }
            None => 0,
        };
        if let Opened::Settled(value) = self.enter(pos, depth == 0, ply, moves) {
            return Opened::Settled(value);
        }
        if G::HAS_THREATS {
            if let Some(value) = self.threat_bounds(pos, alpha, beta) {
                return Opened::Settled(value);
            }
        }
        let first = match self.probe(pos, key, depth, alpha, beta, ply) {
            Probe::Cut(value) => return Opened::Settled(value),
            Probe::Continue(first) => first,
        };
        if let Some(value) = self.etc_cut(pos, moves, depth, *alpha, *beta, ply) {
            return Opened::Settled(value);
        }
        // The shuffle's permutation depends on the whole list, so it is never deferred.
        if let (Some(first), None) = (first, self.options.shuffle) {
            if let Some(j) = moves.iter().position(|&m| m == first) {
                moves[..=j].rotate_right(1);
                let deferred = moves.len() > 2;
                return Opened::Moves { deferred };
            }
        }
        self.order(pos, moves, ply, first, depth);
        if let Some(table) = &self.memory.tt {
            if table.is_direct() && depth > 1 {
                // The children's entries, fetched together: their misses overlap instead of
                // each child waiting for its own (a direct table's index key is cheap).
                for &mv in moves.iter() {
                    table.prefetch(pos.play(mv).table_index());
                }
            }
        }
        Opened::Moves { deferred: false }
    }

    /// Enters a node with `nolose`: its safe moves, or its value when they settle it (a
    /// leaf: lost, or drawn for lack of stones). The root is checked for an immediate win
    /// first (the other nodes' parents made sure their side cannot win at once).
    #[inline]
    fn enter_safe(&mut self, pos: &G, ply: usize, moves: &mut G::Moves) -> Opened {
        if ply == 0 {
            // (A root that is over never comes here: see `enter`.) A root settled here
            // still answers with a move: the winning one, or when every move loses at once
            // (or draws for lack of stones) the first, as slow as any.
            if let Some(margin) = pos.win_now() {
                self.count(|c| c.leaf += 1);
                self.root.best = winning_move(pos);
                return Opened::Settled(margin_score(margin, G::WIN_BONUS));
            }
        }
        match pos.safe_moves(moves) {
            Safe::Settled(margin) => {
                self.count(|c| c.leaf += 1);
                if ply == 0 {
                    self.root.best = pos.generate_moves().first().copied();
                }
                Opened::Settled(margin_score(margin, G::WIN_BONUS))
            }
            Safe::Moves => {
                self.count(|c| c.interior += 1);
                Opened::Moves { deferred: false }
            }
        }
    }

    /// The bounds of games that know threats (`nolose`, `clamp`): the window narrowed to the
    /// margins still possible; the node's value if that closes it. The tutorial's order.
    #[inline]
    fn threat_bounds(&mut self, pos: &G, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        if self.options.variant.no_lose {
            let floor = margin_score(pos.safe_floor(), G::WIN_BONUS);
            if *alpha < floor {
                *alpha = floor;
                if *alpha >= *beta {
                    return Some(*alpha);
                }
            }
        }
        if self.options.variant.clamp {
            let ceiling = margin_score(pos.margin_ceiling(), G::WIN_BONUS);
            if *beta > ceiling {
                *beta = ceiling;
                if *alpha >= *beta {
                    return Some(*beta);
                }
            }
        }
        None
    }

    /// The `i`-th move of a node's loop, the moves after the first ordered once the first
    /// has been searched if the opening deferred them.
    #[inline(always)]
    pub fn move_at(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        i: usize,
        deferred: bool,
        ply: usize,
        depth: u32,
    ) -> G::Move {
        if i == 1 && deferred {
            self.order_rest(pos, moves, ply, depth);
        }
        moves[i]
    }

    /// Orders the moves after the first of a node whose ordering [`Searcher::open`] deferred
    /// (the same order [`Searcher::order`] would have given them).
    #[inline]
    pub(super) fn order_rest(&mut self, pos: &G, moves: &mut [G::Move], ply: usize, depth: u32) {
        // Passing the first move keeps the root's previous best from being brought forward
        // among the rest (it is not in the slice).
        let first = moves[0];
        self.order(pos, &mut moves[1..], ply, Some(first), depth);
    }

    /// Takes the value of the `index`-th move of a node; true when it cuts the node off.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn offer(
        &mut self,
        node: &mut Node<G::Move>,
        pos: &G,
        mv: G::Move,
        index: usize,
        value: i32,
        beta: i32,
        depth: u32,
        ply: usize,
    ) -> bool {
        if value <= node.best {
            return false;
        }
        node.best = value;
        node.best_move = Some(mv);
        if ply == 0 {
            self.root.best = Some(mv);
        }
        if value > node.alpha {
            node.alpha = value;
            if self.options.track_pv {
                self.memory.pv.update(ply, mv);
            }
        }
        if value >= beta {
            self.on_cut(pos, mv, index, depth, ply);
            return true;
        }
        false
    }

    /// A beta cut-off by the `index`-th move tried.
    #[inline]
    pub fn on_cut(&mut self, pos: &G, mv: G::Move, index: usize, depth: u32, ply: usize) {
        self.count(|c| {
            c.beta_cut += 1;
            c.first_cut += (index == 0) as u64;
        });
        if let Some(killers) = &mut self.memory.killers {
            killers.record(ply, mv);
        }
        if let Some(history) = &mut self.memory.history {
            history.record(pos.side_to_move(), mv, Self::history_depth(pos, depth));
        }
    }

    /// Ends a windowed node: stores its result and returns its value, against the window
    /// (`alpha`, `beta`) the node was called with.
    #[inline]
    pub fn finish(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        node: Node<G::Move>,
        ply: usize,
    ) -> i32 {
        let Node {
            best, best_move, ..
        } = node;
        if ply == 0 {
            self.root.best = best_move;
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            if let (Some(history), Some(mv)) = (&mut self.memory.history, best_move) {
                history.record(pos.side_to_move(), mv, Self::history_depth(pos, depth));
            }
            Bound::Exact
        };
        let value = self.bounded(best, alpha, beta);
        let depth = Self::table_depth(pos, depth);
        if let (Some(table), Some(policy)) = (&mut self.memory.tt, self.options.table_policy) {
            let key = table_key(table, pos);
            let code = best_move.map(GameMove::to_code);
            table.store_result(policy, key, depth, bound, value, code, G::FAIL_LOW_MOVES);
        }
        value
    }

    /// The principal variation by following the table's moves from `pos` (for MTD(f),
    /// whose null-window passes leave no line of their own).
    pub fn table_line(&self, pos: &G, first: Option<G::Move>, depth: u32) -> Vec<G::Move> {
        let mut line = Vec::new();
        let Some(table) = &self.memory.tt else {
            return line;
        };
        let mut pos = *pos;
        let mut next = first;
        while let Some(mv) = next.filter(|&m| pos.is_legal(m)) {
            line.push(mv);
            pos = pos.play(mv);
            if line.len() >= depth as usize {
                break;
            }
            next = table
                .probe(table_key(table, &pos))
                .and_then(|e| e.move_code)
                .map(G::Move::from_code);
        }
        line
    }
}
