//! The search trace's writer (see `trace_record.rs` for what the searcher writes to it):
//! the moves on the path, the open nodes, and the output, buffered.

use std::io::{self, BufWriter, Write};

use crate::counters::Counters;
use crate::game::GameMove;

/// What a node's opening counted (before its first child, or before its exit).
#[derive(Clone, Copy, Default)]
pub(super) struct Opening {
    pub(super) probes: u64,
    pub(super) hits: u64,
    pub(super) table_cut: bool,
    pub(super) leaf: bool,
}

/// A node on the trace's path: the counters at its entry, and its opening once known.
pub(super) struct Frame {
    pub(super) at_entry: Counters,
    pub(super) opening: Option<Opening>,
}

/// The trace a search writes, when asked: the moves on the path (the move at ply p led to
/// the node at ply p), the open nodes, and the output.
pub struct TraceWriter<M> {
    out: BufWriter<Box<dyn Write + Send>>,
    moves: Vec<Option<M>>,
    pub(super) frames: Vec<Frame>,
    /// The first write error: the search goes on, and the error is reported at its end.
    pub error: Option<io::Error>,
}

impl<M: GameMove> TraceWriter<M> {
    pub fn new(out: Box<dyn Write + Send>) -> TraceWriter<M> {
        TraceWriter {
            out: BufWriter::with_capacity(1 << 16, out),
            moves: Vec::new(),
            frames: Vec::new(),
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

    /// The move at `ply` that leads to the next node.
    pub(super) fn set_move(&mut self, ply: usize, mv: M) {
        if self.moves.len() <= ply {
            self.moves.resize(ply + 1, None);
        }
        self.moves[ply] = Some(mv);
    }

    pub(super) fn move_at(&self, ply: usize) -> Option<M> {
        self.moves.get(ply).copied().flatten()
    }

    pub(super) fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }

    pub(super) fn opening(frame: &Frame, now: &Counters) -> Opening {
        Opening {
            probes: now.tt_probe - frame.at_entry.tt_probe,
            hits: now.tt_hit - frame.at_entry.tt_hit,
            table_cut: now.tt_cut > frame.at_entry.tt_cut,
            leaf: now.leaf > frame.at_entry.leaf,
        }
    }
}
