//! A sweep's `--parallelism`: each row of a search YBWC splits gains its case's work and
//! span (`search::span`), measured once per case, depth and variant on one thread and
//! shared by the variant's thread counts.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::measure::span::available_parallelism;
use crate::position::Case;
use crate::search::span::Span;
use crate::search::SearchConfig;
use crate::store::{Record, Status};

/// What makes two rows' spans the same: the case (its index), the depth, the variant, the
/// evaluation, the mode (win/loss/draw) and the shuffle seed; not the threads.
type SpanKey = (usize, u32, String, &'static str, bool, Option<u64>);

/// The spans measured so far in a sweep.
#[derive(Default)]
pub struct Spans {
    found: Mutex<HashMap<SpanKey, Option<Span>>>,
}

impl Spans {
    /// The span of case `index`'s search by `config` to `depth` (measured once), into
    /// `record` when its search finished: NA for a search YBWC does not split; a failure
    /// to measure it makes the row an error.
    pub fn fill(
        &self,
        (index, case): (usize, &Case),
        config: &SearchConfig,
        depth: u32,
        record: &mut Record,
    ) {
        if !record.status.is_ok() {
            return;
        }
        let key = (
            index,
            depth,
            config.variant.to_string(),
            config.eval.name(),
            config.wld,
            config.shuffle,
        );
        let known = self.lock().get(&key).copied();
        let span = match known {
            Some(span) => Ok(span),
            None => available_parallelism(&case.position, depth, config),
        };
        match span {
            Ok(span) => {
                self.lock().insert(key, span);
                record.work = span.map(|s| s.work);
                record.span = span.map(|s| s.span);
            }
            Err(e) => record.status = Status::Error(format!("available parallelism: {e}")),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<SpanKey, Option<Span>>> {
        self.found.lock().unwrap_or_else(|e| e.into_inner())
    }
}
