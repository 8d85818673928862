//! How a parallel search shares its work, and the cancellation tokens of its work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How a search shares its work between threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Parallel {
    /// Young brothers searched in parallel once the eldest is done (the default of the
    /// windowed searches).
    #[default]
    Ybwc,
    /// Helpers searching the same root over the shared table.
    LazySmp,
}

impl Parallel {
    pub const fn name(self) -> &'static str {
        match self {
            Parallel::Ybwc => "ybwc",
            Parallel::LazySmp => "smp",
        }
    }
}

/// A cancellation: work for a split point (or for the whole search) stops once its token
/// or any token above it is cancelled.
pub struct Token {
    cancelled: AtomicBool,
    parent: Option<Arc<Token>>,
}

impl Token {
    pub fn new(parent: Option<Arc<Token>>) -> Arc<Token> {
        Arc::new(Token {
            cancelled: AtomicBool::new(false),
            parent,
        })
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether this token or one above it is cancelled.
    pub fn is_cancelled(&self) -> bool {
        let mut token = Some(self);
        while let Some(t) = token {
            if t.cancelled.load(Ordering::Relaxed) {
                return true;
            }
            token = t.parent.as_deref();
        }
        false
    }

    /// Whether `other` is this token or one below it.
    pub(super) fn is_above(&self, other: &Token) -> bool {
        let mut token = Some(other);
        while let Some(t) = token {
            if std::ptr::eq(t, self) {
                return true;
            }
            token = t.parent.as_deref();
        }
        false
    }
}
