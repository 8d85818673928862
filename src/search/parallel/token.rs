//! The cancellation tokens of a parallel search's work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
