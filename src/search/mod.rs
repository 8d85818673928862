//! The instrumented search engine: every variant written once over the [`Game`] trait and
//! monomorphised per game, with exact counters (see [`Counters`]).

mod alphabeta;
mod aspiration;
mod bnb;
mod context;
mod endgame;
mod etc;
mod history;
mod iterative;
mod killer;
mod mtdf;
mod negamax;
mod ordering;
mod pvs;
mod token;
pub mod tt;
pub mod variant;

use std::time::{Duration, Instant};

pub use crate::counters::Counters;
pub use context::{INF, MAX_PLY};
pub use token::budget as token_budget;
pub use variant::{Base, Preset, TableUse, Variant, ENHANCEMENTS, PRESETS};

use crate::error::SearchError;
use crate::game::{Eval, Game};
use crate::position::AnyPosition;
use crate::with_position;
use context::Searcher;

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
}

impl SearchConfig {
    pub fn new(variant: Variant) -> SearchConfig {
        SearchConfig {
            variant,
            eval: Eval::Material,
            shuffle: None,
            time_limit: None,
            clock: Clock::SYSTEM,
            wld: false,
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

/// What a search found and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome<M> {
    pub depth: u32,
    /// The root value for the side to move (finished games: margin ± `Game::WIN_BONUS`).
    pub score: i32,
    pub best_move: Option<M>,
    pub pv: Vec<M>,
    pub counters: Counters,
    pub time_ns: u64,
}

/// Searches `pos` to `depth` with the configured variant.
pub fn search<G: Game>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    search_with::<G, true>(pos, depth, config, None)
}

/// Solves `pos` to the end within the root window (alpha, beta) (fail-soft: a value at or
/// below alpha is an upper bound, at or above beta a lower bound). To prove a move no worse
/// than a known value without proving how much worse the others are.
pub fn solve_in_window<G: Game>(
    pos: &G,
    config: &SearchConfig,
    window: (i32, i32),
) -> Result<SearchOutcome<G::Move>, SearchError> {
    search_with::<G, true>(pos, END, config, Some(window))
}

/// The same search with the counters compiled out (all zero): to measure what counting costs.
pub fn search_uncounted<G: Game>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    search_with::<G, false>(pos, depth, config, None)
}

/// Checks that `config` can search positions of `G` to `depth`.
pub fn check<G: Game>(depth: u32, config: &SearchConfig) -> Result<(), SearchError> {
    if !G::supports_eval(config.eval) {
        return Err(SearchError::EvalNotForGame {
            eval: config.eval.name(),
            game: G::NAME,
        });
    }
    if depth != END && (depth == 0 || depth > MAX_DEPTH) {
        return Err(SearchError::Depth {
            depth,
            max: MAX_DEPTH,
        });
    }
    let variant = &config.variant;
    check_memory(variant)?;
    let refuse = |message: String| {
        Err(SearchError::NotForSearch {
            variant: variant.to_string(),
            message,
        })
    };
    if depth == END && !variant.is_depth_limited() {
        return refuse("token spends a node budget: it does not search to the end".into());
    }
    if let (Some(name), false) = (variant.needs_exact(), depth == END) {
        return refuse(format!(
            "+{name} works only when solving to the end of the game (depth end, `nodeprof solve`)"
        ));
    }
    if variant.last.unwrap_or(0) > G::SMALL_SOLVER_EMPTIES {
        return refuse(match G::SMALL_SOLVER_EMPTIES {
            0 => format!(
                "+last needs a specialised endgame solver, which {} lacks",
                G::NAME
            ),
            n => format!("+last takes at most {n} empties for {}", G::NAME),
        });
    }
    if variant.stability && !G::HAS_STABILITY {
        return refuse(format!(
            "+stab needs stable pieces, which {} lacks",
            G::NAME
        ));
    }
    if variant.parity && !G::HAS_PARITY {
        return refuse(format!(
            "+parity needs regions of empties, which {} lacks",
            G::NAME
        ));
    }
    Ok(())
}

/// Checks that the variant's table fits this machine's memory (before any search, so that
/// a sweep stops at once instead of failing each case).
pub fn check_memory(variant: &Variant) -> Result<(), SearchError> {
    match (variant.table, tt::largest_table_mib()) {
        (Some(table), Some(largest)) if table.mib > largest => Err(SearchError::Table {
            mib: table.mib,
            message: format!(
                "this machine has less memory; the largest table that fits is tt:{largest}"
            ),
        }),
        _ => Ok(()),
    }
}

fn search_with<G: Game, const COUNT: bool>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    check::<G>(depth, config)?;
    let variant = &config.variant;
    // The tables are made (and their memory cleared and faulted in) before the clock starts:
    // `time_ns` is the search alone.
    let mut searcher =
        Searcher::<G, COUNT>::new(variant, config.eval, config.shuffle).map_err(|e| {
            SearchError::Table {
                mib: e.mib,
                message: e.message,
            }
        })?;
    let started = Instant::now();
    searcher.deadline = match config.time_limit {
        Some(limit) => Some((
            started
                .checked_add(limit)
                .ok_or(SearchError::TimeLimit { limit })?,
            config.clock,
        )),
        None => None,
    };
    if depth == END {
        match (window, config.wld) {
            (Some(window), _) => searcher.root_window = window,
            (None, true) => searcher.root_window = (-1, 1),
            (None, false) => {}
        }
    }
    let score = searcher.search_root(pos, depth, variant);
    if searcher.too_deep {
        return Err(SearchError::TooDeep { max: MAX_PLY });
    }
    if searcher.stopped {
        return Err(SearchError::TimedOut {
            limit: config.time_limit.unwrap_or_default(),
        });
    }
    let pv = match variant.base {
        Base::Mtdf => searcher.table_line(pos, searcher.root_best, depth.min(MAX_PLY as u32)),
        _ => searcher.pv.line(),
    };
    Ok(SearchOutcome {
        depth,
        score,
        best_move: searcher.root_best,
        pv,
        counters: searcher.counters,
        time_ns: started.elapsed().as_nanos() as u64,
    })
}

/// A search outcome with the moves written out, for any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    pub depth: u32,
    pub score: i32,
    /// Whether `score` is a proven game result (margin ± the game's win bonus).
    pub game_result: Option<i32>,
    pub best_move: Option<String>,
    pub pv: Vec<String>,
    pub counters: Counters,
    /// The search's time; with repeats, the median of the timed runs.
    pub time_ns: u64,
    /// The fastest and slowest timed run (both `time_ns` for a single run).
    pub time_min_ns: u64,
    pub time_max_ns: u64,
    /// Timed runs behind `time_ns`.
    pub runs: u32,
}

/// How often each search runs, as hyperfine does: `warmup` runs first, untimed, then `runs`
/// timed runs whose counts must all be the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    pub runs: u32,
    pub warmup: u32,
}

impl Default for Repeat {
    fn default() -> Repeat {
        Repeat { runs: 1, warmup: 0 }
    }
}

/// Searches a position `repeat.warmup + repeat.runs` times; the report's time is the median
/// of the timed runs, with their minimum and maximum. Runs that differ in any count, score,
/// best move or line are an error: the search is not deterministic.
pub fn measure(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
    repeat: Repeat,
) -> Result<SearchReport, SearchError> {
    let total = repeat.warmup + repeat.runs.max(1);
    let mut first = search_position(position, depth, config)?;
    let mut times = vec![first.time_ns];
    for run in 2..=total {
        let again = search_position(position, depth, config)?;
        same_result(&first, &again, run)?;
        times.push(again.time_ns);
    }
    let mut timed = times.split_off(repeat.warmup.min(total - 1) as usize);
    timed.sort_unstable();
    let middle = timed.len() / 2;
    first.time_ns = match timed.len() % 2 {
        1 => timed[middle],
        _ => (timed[middle - 1] + timed[middle]) / 2,
    };
    first.time_min_ns = timed[0];
    first.time_max_ns = timed[timed.len() - 1];
    first.runs = timed.len() as u32;
    Ok(first)
}

/// Checks that `again` (the `run`-th run) found and counted what the first run did; times
/// may differ.
pub fn same_result(
    first: &SearchReport,
    again: &SearchReport,
    run: u32,
) -> Result<(), SearchError> {
    let key = |r: &SearchReport| (r.score, r.best_move.clone(), r.pv.clone(), r.counters);
    if key(first) == key(again) {
        return Ok(());
    }
    let differs = first
        .counters
        .named()
        .zip(again.counters.named())
        .find(|(a, b)| a.1 != b.1)
        .map(|(a, b)| format!("{} {} against {}", a.0, b.1, a.1))
        .unwrap_or_else(|| "its score, best move or line".into());
    Err(SearchError::NotDeterministic { run, differs })
}

/// Searches a position of any game (the game's engine is picked once, outside the search).
pub fn search_position(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
) -> Result<SearchReport, SearchError> {
    fn report<G: Game>(
        pos: &G,
        depth: u32,
        config: &SearchConfig,
    ) -> Result<SearchReport, SearchError> {
        let outcome = search(pos, depth, config)?;
        Ok(SearchReport {
            depth,
            score: outcome.score,
            // Solved to the end, a score of 0 is a proven draw.
            game_result: match depth {
                END => Some(game_result::<G>(outcome.score).unwrap_or(0)),
                _ => game_result::<G>(outcome.score),
            },
            best_move: outcome.best_move.map(|m| m.to_string()),
            pv: outcome.pv.iter().map(|m| m.to_string()).collect(),
            counters: outcome.counters,
            time_ns: outcome.time_ns,
            time_min_ns: outcome.time_ns,
            time_max_ns: outcome.time_ns,
            runs: 1,
        })
    }
    if depth != END {
        return with_position!(position, p => report(p, depth, config));
    }
    // Solving can go hundreds of plies deep (Ataxx jumps until the halfmove clock ends the
    // game): a thread with room for `MAX_PLY` frames.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("solve".into())
            .stack_size(SOLVE_STACK)
            .spawn_scoped(
                scope,
                || with_position!(position, p => report(p, depth, config)),
            )
            .expect("cannot start the solving thread")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Stack of a solving thread (reserved, not committed, until used).
const SOLVE_STACK: usize = 512 << 20;

/// The final margin a score proves, if it is a game result rather than a heuristic value.
pub fn game_result<G: Game>(score: i32) -> Option<i32> {
    if G::WIN_BONUS > 0 && score.abs() > G::WIN_BONUS {
        Some(score - score.signum() * G::WIN_BONUS)
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
