//! What a long search has done so far, for a watcher on another thread (a command's progress
//! line): the search threads publish their nodes and the root's passes every
//! [`PROGRESS_CHECK`] nodes, outside the inner loop, and never print.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Nodes between two publications of a thread's progress.
pub const PROGRESS_CHECK: u32 = 1 << 14;

/// The progress of one search (all its threads).
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    passes: AtomicU64,
}

impl Progress {
    /// The nodes the threads have published.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The root's passes so far (MTD(f)'s null-window searches, iterations, re-searches).
    pub fn passes(&self) -> u64 {
        self.passes.load(Ordering::Relaxed)
    }

    /// Starts over, for the next search.
    pub fn reset(&self) {
        self.nodes.store(0, Ordering::Relaxed);
        self.passes.store(0, Ordering::Relaxed);
    }

    /// A thread's count of nodes grew by `nodes`; its root passes are `passes`.
    pub(super) fn publish(&self, nodes: u64, passes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.passes.fetch_max(passes, Ordering::Relaxed);
    }
}

/// Where a search publishes its progress, if anyone watches (a configuration's field: two
/// are equal when they share the same [`Progress`]).
#[derive(Clone, Debug, Default)]
pub struct ProgressSink(pub Option<Arc<Progress>>);

impl PartialEq for ProgressSink {
    fn eq(&self, other: &ProgressSink) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for ProgressSink {}
