//! The steps every algorithm's node shares: scoring leaves, entering a node, probing and
//! storing the table, ordering, bookkeeping at cut-offs. Each algorithm's move loop lives in
//! its own file and is built from these steps.

use super::endgame::Endgame;
use super::endgame::Safe;
use super::progress::PROGRESS_CHECK;
use super::searcher::{
    table_key, to_the_end, winning_move, Node, Opened, Probe, Searcher, DEADLINE_CHECK, MAX_PLY,
    WATCH_CHECK,
};
use super::tt::{Bound, NO_LOWER};
use super::variants::TableUse;
use crate::game::{margin_score, GameMove, Side};

/// White's discs (pieces) minus Black's, whoever is to move: the `whiteview` leaf score.
#[inline]
pub(super) fn white_minus_black<G: Endgame>(pos: &G) -> i32 {
    match pos.side_to_move() {
        Side::Second => pos.material(),
        Side::First => -pos.material(),
    }
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The value of a position at the search horizon.
    #[inline]
    pub fn horizon(&mut self, pos: &G, ply: usize) -> i32 {
        self.count(|c| c.leaf += 1);
        self.clear_pv(ply);
        if self.options.variant.white_view {
            // Finished or not, a leaf of the 2011 tables' convention (never taken as an
            // exhausted tree).
            self.course.horizon_reached = true;
            return white_minus_black(pos);
        }
        if pos.is_over() {
            self.final_value(pos, ply)
        } else {
            self.course.horizon_reached = true;
            pos.evaluate(self.options.eval)
        }
    }

    /// Counts a node towards the next look at the clock, and stops the search once its
    /// deadline has passed.
    #[inline(always)]
    pub(super) fn tick(&mut self) {
        let course = &self.course;
        let watched = course.deadline.is_some() || course.watch.is_some();
        if watched || course.progress.is_some() || self.waiting.is_some() {
            self.course.ticks = self.course.ticks.wrapping_add(1);
            if self.course.ticks.is_multiple_of(WATCH_CHECK) {
                self.look();
            }
        }
    }

    /// Looks at the clock (every `DEADLINE_CHECK` nodes) and at the work this thread does
    /// for others (every `WATCH_CHECK`): stops the search once the deadline has passed or
    /// the work is cancelled.
    #[cold]
    #[inline(never)]
    fn look(&mut self) {
        if self
            .waiting
            .as_ref()
            .is_some_and(|w| self.course.ticks >= w.after)
        {
            self.start_helpers();
        }
        if let Some((deadline, clock)) = self.course.deadline {
            if self.course.ticks.is_multiple_of(DEADLINE_CHECK) && (clock.0)() >= deadline {
                self.course.stopped = true;
                self.course.cancelled = false;
                return;
            }
        }
        if let Some(watch) = &self.course.watch {
            if !self.course.stopped && watch.is_cancelled() {
                self.course.stopped = true;
                self.course.cancelled = true;
            }
        }
        if self.course.ticks.is_multiple_of(PROGRESS_CHECK) {
            self.publish_rest();
        }
    }

    /// Publishes the nodes this thread counted since it last did (and its root passes),
    /// when the search is watched; once more when its search ends, so that the published
    /// nodes add up to the search's.
    pub(super) fn publish_rest(&mut self) {
        if let Some(progress) = &self.course.progress {
            let nodes = self.counters.nodes();
            progress.publish(
                nodes.saturating_sub(self.course.published),
                self.counters.pass,
            );
            self.course.published = nodes;
        }
    }

    /// What every node of the main tree does first: the limits (deadline, node budget, depth),
    /// the root's pass, the deepest ply, and draws by rule or repetition. Its value when that
    /// settles it (a stopped search's 0 is void).
    #[inline(always)]
    fn arrive(&mut self, pos: &G, ply: usize) -> Option<i32> {
        self.tick();
        if let Some(limit) = self.course.node_limit {
            if COUNT && self.counters.nodes() >= limit {
                self.course.stopped = true;
            }
        }
        if ply + 1 >= MAX_PLY {
            self.course.too_deep = true;
            self.course.stopped = true;
        }
        if self.course.stopped {
            return Some(0);
        }
        if ply == 0 {
            self.count(|c| c.pass += 1);
        }
        if COUNT {
            self.trail_node(pos.empties());
        }
        self.course.max_ply = self.course.max_ply.max(ply);
        self.drawn(pos, ply).then(|| self.draw_leaf(ply))
    }

    /// Enters a node: its moves (in generation order), or its value if it is a leaf: at the
    /// horizon or a finished game.
    #[inline]
    fn enter(&mut self, pos: &G, at_horizon: bool, ply: usize, moves: &mut G::Moves) -> Opened {
        if let Some(value) = self.arrive(pos, ply) {
            return Opened::Settled(value);
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
            return Opened::Settled(self.final_value(pos, ply));
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
        let selective = self.course.selective.is_some();
        let Some((table, use_)) = self.table() else {
            return Probe::Continue(None);
        };
        let entry = table.probe(key);
        self.count(|c| c.tt_probe += 1);
        let Some(entry) = entry else {
            return Probe::Continue(None);
        };
        let entry = Self::from_table(entry, ply);
        self.count(|c| c.tt_hit += 1);
        if use_.cuts
            && ply > 0
            && Self::deep_enough(&use_, entry.depth, Self::table_depth(pos, depth, selective))
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
        let mv = if use_.moves && !self.leaves_to_evalsort(depth, entry.depth) {
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
        if G::HAS_CAPTURES && depth == 0 && self.options.variant.quiesce {
            if let Some(value) = self.arrive(pos, ply) {
                return Opened::Settled(value);
            }
            let value = self.quiesce(pos, *alpha, *beta, ply);
            return Opened::Settled(self.bounded(value, *alpha, *beta));
        }
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
        if to_the_end(depth) {
            if let Some(value) = self.probcut(pos, *alpha, *beta, ply) {
                return Opened::Settled(value);
            }
        }
        if G::HAS_NULL_MOVE {
            if let Some(value) = self.null_move_cut(pos, depth, *beta, ply) {
                return Opened::Settled(value);
            }
        }
        // The shuffle's permutation depends on the whole list, so it is never deferred.
        if let (Some(first), None) = (first, self.options.shuffle) {
            if let Some(j) = moves.iter().position(|&m| m == first) {
                moves[..=j].rotate_right(1);
                let deferred = moves.len() > 2;
                return Opened::Moves { deferred };
            }
        }
        if self.order_is_moot(depth, *beta) {
            return Opened::Moves { deferred: false };
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
    #[inline(always)]
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
            c.second_cut += (index == 1) as u64;
            c.third_cut += (index == 2) as u64;
            c.cut_index_sq += (index as u64 + 1) * (index as u64 + 1);
        });
        if COUNT {
            self.cuts.record(Self::history_depth(pos, depth), index);
        }
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
            self.count(|c| c.fail_low += 1);
            Bound::Upper
        } else if best >= beta {
            self.count(|c| c.fail_high += 1);
            Bound::Lower
        } else {
            self.count(|c| c.exact_node += 1);
            if let (Some(history), Some(mv)) = (&mut self.memory.history, best_move) {
                history.record(pos.side_to_move(), mv, Self::history_depth(pos, depth));
            }
            Bound::Exact
        };
        let value = self.bounded(best, alpha, beta);
        if self.course.stopped {
            // A stopped search's values are void: never stored (another thread of a
            // parallel search would take them for results).
            return value;
        }
        let depth = Self::table_depth(pos, depth, self.course.selective.is_some());
        if let (Some(table), Some(policy)) = (&mut self.memory.tt, self.options.table_policy) {
            let key = table_key(table, pos);
            let code = best_move.map(GameMove::to_code);
            let stored = Self::to_table(value, ply);
            table.store_result(policy, key, depth, bound, stored, code, G::FAIL_LOW_MOVES);
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
