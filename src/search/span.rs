//! Available parallelism (`sweep --parallelism`, `solve --parallelism`): the work T1 and the
//! span T∞ of a one-thread search's tree under YBWC's rules, in nodes, as Cilk's tools
//! measure a program's (Blumofe and Leiserson; Brent 1974 for the bound).
//!
//! The search runs once more on one thread (`run.rs`, `span_of`) with the trace's hooks compiled in
//! (`Searcher<G, true, true>`: the same nodes as the search without them). Each node of the
//! windowed move loop gets a frame. A node's span is its own nodes (those not inside a
//! child's frame: the node itself, its ordering and ProbCut searches' own nodes, the
//! last-empties solver's) plus its moves' spans: in turn for the eldest children and for
//! every move of a node YBWC would not split, the longest alone for the young brothers of a
//! node it would split (`parallel/ybwc.rs`: the same rule, `Searcher::splittable`). A
//! move's span is that of every search made for it (PVS's scout and re-search, a reduced
//! search and its re-search, in turn). Stages at the root (iterations, selective passes,
//! MTD(f)'s passes) follow one another.
//!
//! The tree is the one thread's: a parallel search's extra nodes (young brothers a
//! one-thread search never visits, a table filled in another order) and what its threads
//! cost each other (waiting, memory) are not in it. So the prediction is what the tree
//! offers a scheduler that adds no nodes and no waits; deterministic, the same on every
//! machine.

pub use crate::counters::Span;

use super::config::SearchConfig;
use super::variants::Parallel;

/// A node's frame: the nodes at its entry, its children's work so far, the span of its moves
/// searched in turn, the longest young brother's, and the span of the searches made since
/// its last move was settled.
#[derive(Clone, Copy, Default)]
struct Frame {
    start: u64,
    children: u64,
    serial: u64,
    young: u64,
    pending: u64,
}

/// The open nodes' frames, the root's searches summed, and each root search's first node
/// with its work and span.
#[derive(Default)]
pub(super) struct SpanMeter {
    frames: Vec<Frame>,
    total: Span,
    roots: Vec<(u64, Span)>,
}

impl SpanMeter {
    /// A node entered with the counters at `nodes`.
    pub(super) fn enter(&mut self, nodes: u64) {
        self.frames.push(Frame {
            start: nodes,
            ..Frame::default()
        });
    }

    /// The open node's move is settled: what was searched for it goes in turn, or beside its
    /// other young brothers when `young` (a move YBWC would give to other threads).
    pub(super) fn settled(&mut self, young: bool) {
        if let Some(frame) = self.frames.last_mut() {
            let pending = std::mem::take(&mut frame.pending);
            match young {
                true => frame.young = frame.young.max(pending),
                false => frame.serial += pending,
            }
        }
    }

    /// The open node exits with the counters at `nodes`: its work and span go to its parent
    /// (or, at the root, after the stages before it).
    pub(super) fn exit(&mut self, nodes: u64) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        let work = nodes - frame.start;
        let own = work - frame.children;
        let span = own + frame.serial + frame.pending + frame.young;
        match self.frames.last_mut() {
            Some(parent) => {
                parent.children += work;
                parent.pending += span;
            }
            None => {
                self.total.work += work;
                self.total.span += span;
                self.roots.push((frame.start, Span { work, span }));
            }
        }
    }

    /// The span of the nodes from `start` to `end` (a stage of the search: the root searches
    /// that began there, and the nodes outside them, which follow one another).
    pub(super) fn between(&self, start: u64, end: u64) -> u64 {
        let inside = self
            .roots
            .iter()
            .filter(|(first, _)| (start..end).contains(first));
        let (work, span) = inside.fold((0, 0), |(w, s), (_, r)| (w + r.work, s + r.span));
        span + (end - start - work)
    }

    /// The search's work and span: the root's stages in turn, and the nodes outside any
    /// frame (`nodes` in all) on the path too.
    pub(super) fn finish(&self, nodes: u64) -> Span {
        let outside = nodes - self.total.work;
        Span {
            work: nodes,
            span: self.total.span + outside,
        }
    }
}

/// Whether `config`'s search has a span to measure: a windowed search (the move loop YBWC
/// splits) without a node budget, sharing its work by YBWC (Lazy SMP's threads each search
/// the whole tree: it has no such rule).
pub fn measurable(config: &SearchConfig) -> bool {
    let v = &config.variant;
    v.base.windowed() && v.nodes.is_none() && config.parallel() == Parallel::Ybwc
}
