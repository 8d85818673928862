//! What a search is asked to do: the variant and options ([`SearchConfig`]), the depth
//! conventions, and the clock a deadline is read from.

use std::time::{Duration, Instant};

use super::progress::ProgressSink;
use super::variants::Parallel;
use super::variants::Variant;
use crate::game::{Eval, GameKind};

/// What a variant's (or engine's) name and row label add for a search on more than one
/// thread (`@t4`), so that each thread count is a row of the cross-tables of its own.
pub fn threads_suffix(threads: u32) -> String {
    match threads {
        1 => String::new(),
        n => format!("@t{n}"),
    }
}

/// Deepest depth a depth-limited search may be asked for.
pub const MAX_DEPTH: u32 = 120;
/// The depth that means "to the end of the game" (exact solving): no horizon is reached.
pub const END: u32 = 1 << 30;

/// A depth as the CSV and the tables print it: the number, or `end`.
pub fn depth_label(depth: u32) -> String {
    if depth == END {
        "end".into()
    } else {
        depth.to_string()
    }
}

/// The main thread's nodes before its helpers start (a multiple of the searches'
/// `WATCH_CHECK`): about 3 ms. Connect 4's quick lines (tens to thousands of nodes)
/// never wake a helper.
pub const HELPERS_AFTER: u32 = 32768;

/// What to search with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub variant: Variant,
    pub eval: Eval,
    /// Randomise the move order with this seed (the same seed gives the same order).
    pub shuffle: Option<u64>,
    /// Give up a search that runs longer than this (`SearchError::TimedOut`).
    pub time_limit: Option<Duration>,
    /// What the deadline is checked against.
    pub clock: Clock,
    /// Solving only proves win, loss or draw: the root window is (-1, 1).
    pub wld: bool,
    /// The threads searching together (1: the one-thread search; more: see `parallel`).
    pub threads: u32,
    /// Where the search publishes its progress (a command's progress line).
    pub progress: ProgressSink,
    /// The main thread's nodes before its helpers start ([`HELPERS_AFTER`]; the tests of
    /// parallel search take 0, so that small trees are shared too).
    pub helpers_after: u32,
}

impl SearchConfig {
    /// This configuration for positions of `kind`: an evaluation the game lacks (the
    /// Reversi-only ones, the default when solving) becomes material, as the `eval` column
    /// of the results then says.
    pub fn for_game(&self, kind: GameKind) -> SearchConfig {
        SearchConfig {
            eval: kind.usable_eval(self.eval),
            ..self.clone()
        }
    }

    /// When a search that starts at `started` must stop: `time_limit` later (none without a
    /// limit; an error where that moment is past what the clock can hold).
    pub fn deadline_after(
        &self,
        started: Instant,
    ) -> Result<Option<Instant>, crate::error::SearchError> {
        self.time_limit
            .map(|limit| {
                started
                    .checked_add(limit)
                    .ok_or(crate::error::SearchError::TimeLimit { limit })
            })
            .transpose()
    }

    pub fn new(variant: Variant) -> SearchConfig {
        SearchConfig {
            variant,
            eval: Eval::Material,
            shuffle: None,
            time_limit: None,
            clock: Clock::SYSTEM,
            wld: false,
            threads: 1,
            progress: ProgressSink::default(),
            helpers_after: HELPERS_AFTER,
        }
    }

    /// How the threads share the work: the variant's choice, else YBWC where the base
    /// searches with a window, else Lazy SMP.
    pub fn parallel(&self) -> Parallel {
        match (self.variant.parallel, self.variant.base.windowed()) {
            (Some(method), _) => method,
            (None, true) => Parallel::Ybwc,
            (None, false) => Parallel::LazySmp,
        }
    }
}

/// Where a search with a time limit reads the time: the system's clock, or in tests a
/// stand-in that makes the time-limit path deterministic.
#[derive(Clone, Copy, Debug)]
pub struct Clock(pub fn() -> Instant);

impl PartialEq for Clock {
    fn eq(&self, other: &Clock) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl Eq for Clock {}

impl Clock {
    pub const SYSTEM: Clock = Clock(Instant::now);
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::SYSTEM
    }
}
