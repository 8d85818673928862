//! Writing a search trace (see `crate::trace` and docs/probe.md): the searcher's side. Each
//! node of the windowed move loop writes its entry (the move that led to it, the window, the
//! remaining depth) and its exit (the value, the move that cut it off, what the table did
//! and whether a childless node is interior). What the node did before its moves (table
//! probes and hits, a table cut-off, a leaf) is read from the counters, so the trace and
//! the counters cannot disagree on it; the window, the value and the tree's shape are the
//! trace's own.

use super::config::MAX_DEPTH;
use super::endgame::Endgame;
use super::searcher::{Searcher, INF};
use super::trace_writer::{Frame, TraceWriter};

/// A bound or value as the trace writes it (`inf`, `-inf` beyond any score).
fn bound_text(value: i32) -> String {
    nodeprof_probe::value_text(value as i64, INF as i64)
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Whether this search writes a trace or measures its span (never without its
    /// counters): known when it is compiled, so that the other searches pay nothing.
    #[inline(always)]
    pub(super) fn traced(&self) -> bool {
        TRACE && COUNT && (self.trace.is_some() || self.span.is_some())
    }

    /// Move `i` of `moves` at the node (`pos` searched to `depth`) was searched: for the
    /// span, in turn or, a young brother of a node YBWC would split, beside the others.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_searched(&mut self, pos: &G, depth: u32, i: usize, moves: usize) {
        if self.span.is_none() {
            return;
        }
        let young = i >= super::parallel::ELDEST && self.splittable(pos, depth, moves);
        if let Some(span) = self.span.as_deref_mut() {
            span.settled(young);
        }
    }

    /// The move at `ply` that leads to the next node at `ply + 1`.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_move(&mut self, ply: usize, mv: G::Move) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.set_move(ply + 1, mv);
        }
    }

    /// A node's entry at `ply`, searched to `depth` in the window (`alpha`, `beta`).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_enter(&mut self, depth: u32, alpha: i32, beta: i32, ply: usize) {
        let now = self.counters;
        if let Some(span) = self.span.as_deref_mut() {
            span.enter(now.nodes());
        }
        let Some(trace) = self.trace.as_deref_mut() else {
            return;
        };
        if let Some(parent) = trace.frames.last_mut() {
            if parent.opening.is_none() {
                parent.opening = Some(TraceWriter::<G::Move>::opening(parent, &now));
            }
        }
        trace.frames.push(Frame {
            at_entry: now,
            opening: None,
        });
        let mv = match (ply, trace.move_at(ply)) {
            (0, _) | (_, None) => "-".to_string(),
            (_, Some(mv)) => mv.to_string(),
        };
        let depth = match depth > MAX_DEPTH {
            true => "end".to_string(),
            false => depth.to_string(),
        };
        let (alpha, beta) = (bound_text(alpha), bound_text(beta));
        let mut line = nodeprof_probe::enter_record(&mv, &alpha, &beta, &depth);
        line.push('\n');
        trace.write(line.as_bytes());
    }

    /// A node's exit with `value`, cut off by its `cut`-th move (from 0) if one did;
    /// `children`: whether it searched any move.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_exit(&mut self, value: i32, cut: Option<usize>, children: bool) {
        let now = self.counters;
        if let Some(span) = self.span.as_deref_mut() {
            span.exit(now.nodes());
        }
        let Some(trace) = self.trace.as_deref_mut() else {
            return;
        };
        let Some(frame) = trace.frames.pop() else {
            return;
        };
        let opening = frame
            .opening
            .unwrap_or_else(|| TraceWriter::<G::Move>::opening(&frame, &now));
        let exit = nodeprof_probe::Exit {
            cut: cut.map_or(0, |index| index as u32 + 1),
            probes: opening.probes,
            hits: opening.hits,
            table_cut: opening.table_cut,
            interior: !children && !opening.leaf && !opening.table_cut,
        };
        let mut line = nodeprof_probe::exit_record(&bound_text(value), &exit);
        line.push('\n');
        trace.write(line.as_bytes());
    }
}
