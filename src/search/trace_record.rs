//! Writing a search trace (see `crate::trace` and docs/probe.md): the searcher's side. Each
//! node of the windowed move loop writes its entry (the move that led to it, the window, the
//! remaining depth) and its exit (the value, the move that cut it off, what the table did
//! and whether a childless node is interior). What the node did before its moves (table
//! probes and hits, a table cut-off, a leaf) is read from the counters, so the trace and
//! the counters cannot disagree on it; the window, the value and the tree's shape are the
//! trace's own.

use std::io::{self, BufWriter, Write};

use super::config::MAX_DEPTH;
use super::endgame::Endgame;
use super::searcher::{Searcher, INF, MAX_PLY};
use crate::counters::Counters;
use crate::game::GameMove;

/// What a node's opening counted (before its first child, or before its exit).
#[derive(Clone, Copy, Default)]
struct Opening {
    probes: u64,
    hits: u64,
    table_cut: bool,
    leaf: bool,
}

/// A node on the trace's path: the counters at its entry, and its opening once known.
struct Frame {
    at_entry: Counters,
    opening: Option<Opening>,
}

/// The trace a search writes, when asked: the moves on the path (the move at ply p led to
/// the node at ply p), the open nodes, and the output.
pub struct TraceWriter<M> {
    out: BufWriter<Box<dyn Write + Send>>,
    moves: Vec<Option<M>>,
    frames: Vec<Frame>,
    /// The first write error: the search goes on, and the error is reported at its end.
    pub error: Option<io::Error>,
}

impl<M: GameMove> TraceWriter<M> {
    pub fn new(out: Box<dyn Write + Send>) -> TraceWriter<M> {
        TraceWriter {
            out: BufWriter::with_capacity(1 << 16, out),
            moves: vec![None; MAX_PLY + 1],
            frames: Vec::with_capacity(MAX_PLY + 1),
            error: None,
        }
    }

    /// Writes out what is buffered; the first error met while tracing, if any.
    pub fn finish(&mut self) -> io::Result<()> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        self.out.flush()
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }

    fn opening(frame: &Frame, now: &Counters) -> Opening {
        Opening {
            probes: now.tt_probe - frame.at_entry.tt_probe,
            hits: now.tt_hit - frame.at_entry.tt_hit,
            table_cut: now.tt_cut > frame.at_entry.tt_cut,
            leaf: now.leaf > frame.at_entry.leaf,
        }
    }
}

/// A bound or value as the trace writes it (`inf`, `-inf` beyond any score).
fn bound_text(value: i32) -> String {
    match value {
        v if v >= INF => "inf".into(),
        v if v <= -INF => "-inf".into(),
        v => v.to_string(),
    }
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// Whether this search writes a trace (never without its counters): known when it is
    /// compiled, so that the searches without a trace pay nothing.
    #[inline(always)]
    pub(super) fn traced(&self) -> bool {
        TRACE && COUNT && self.trace.is_some()
    }

    /// The move at `ply` that leads to the next node at `ply + 1`.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_move(&mut self, ply: usize, mv: G::Move) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.moves[ply + 1] = Some(mv);
        }
    }

    /// A node's entry at `ply`, searched to `depth` in the window (`alpha`, `beta`).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_enter(&mut self, depth: u32, alpha: i32, beta: i32, ply: usize) {
        let now = self.counters;
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
        let mv = match (ply, trace.moves[ply]) {
            (0, _) | (_, None) => "-".to_string(),
            (_, Some(mv)) => mv.to_string(),
        };
        let depth = match depth > MAX_DEPTH {
            true => "end".to_string(),
            false => depth.to_string(),
        };
        let line = format!(
            "( {mv} {} {} {depth}\n",
            bound_text(alpha),
            bound_text(beta)
        );
        trace.write(line.as_bytes());
    }

    /// A node's exit with `value`, cut off by its `cut`-th move (from 0) if one did;
    /// `children`: whether it searched any move.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_exit(&mut self, value: i32, cut: Option<usize>, children: bool) {
        let now = self.counters;
        let Some(trace) = self.trace.as_deref_mut() else {
            return;
        };
        let Some(frame) = trace.frames.pop() else {
            return;
        };
        let opening = frame
            .opening
            .unwrap_or_else(|| TraceWriter::<G::Move>::opening(&frame, &now));
        let mut line = format!(") {}", bound_text(value));
        if let Some(index) = cut {
            line.push_str(&format!(" c{}", index + 1));
        }
        if opening.probes > 0 {
            line.push_str(&format!(" p{}", opening.probes));
        }
        if opening.hits > 0 {
            line.push_str(&format!(" h{}", opening.hits));
        }
        if opening.table_cut {
            line.push_str(" t");
        }
        if !children && !opening.leaf && !opening.table_cut {
            line.push_str(" i");
        }
        line.push('\n');
        trace.write(line.as_bytes());
    }
}
