//! Searching a position of any game, as the commands and sweeps do: the game's engine picked
//! once outside the search, exact solving on a thread with a deep stack, and repeats timed
//! as hyperfine does.

pub mod bench;
pub mod load;
pub mod minimal;
pub mod paired;
pub mod span;

use crate::cost::Cost;
use crate::counters::{Counters, CutHistogram};
use crate::error::SearchError;
use crate::position::AnyPosition;
use crate::search::parallel::report::TeamReport;
use crate::search::{game_result, search, Endgame, SearchConfig, END};
use crate::with_position;

/// A search outcome with the moves written out, for any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    pub depth: u32,
    pub score: i32,
    /// Whether `score` is a proven game result (margin ± the game's win bonus): None for a
    /// depth-limited search's value and a Monte Carlo search's estimate.
    pub game_result: Option<i32>,
    pub best_move: Option<String>,
    pub pv: Vec<String>,
    /// The deepest ply a node reached (quiescence included).
    pub seldepth: u32,
    pub counters: Counters,
    /// Where the beta cut-offs happened.
    pub cuts: CutHistogram,
    /// The search's time; with repeats, the median of the timed runs.
    pub time_ns: u64,
    /// The search's CPU time, instructions and cycles; with repeats, each the median of the
    /// timed runs' (`None` for an external engine's report).
    pub cost: Option<Cost>,
    /// The fastest and slowest timed run (both `time_ns` for a single run).
    pub time_min_ns: u64,
    pub time_max_ns: u64,
    /// The sample standard deviation of the timed runs (0 for a single run), as hyperfine's σ.
    pub time_sd_ns: u64,
    /// Timed runs behind `time_ns`.
    pub runs: u32,
    /// Each timed run's time, in the order run (what `compare`'s bootstrap resamples).
    pub times_ns: Vec<u64>,
    /// The fewest and most nodes of the runs (a parallel search's vary; its counters are the
    /// run of the median nodes).
    pub nodes_min: u64,
    pub nodes_max: u64,
    /// How the threads shared the work (the counters' run).
    pub team: TeamReport,
    /// The memory its tables, tree or graph held at their largest (bytes; 0 unknown).
    pub memory_bytes: u64,
}

/// How often each search runs, as hyperfine does: `warmup` runs first, untimed, then `runs`
/// timed runs whose counts must all be the same. `adaptive`: timed runs stop early once
/// their total reaches [`ADAPTIVE_BUDGET`] (the work is long enough: long searches run
/// once) or once the timing is steady, its last [`STEADY_RUNS`] runs within
/// [`STEADY_SPREAD`] of one another (quick searches get a median without ten runs each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    pub runs: u32,
    pub warmup: u32,
    pub adaptive: bool,
}

/// The adaptive repeat's most timed runs.
pub const ADAPTIVE_RUNS: u32 = 10;
/// The adaptive repeat stops once its timed runs add up to this.
pub const ADAPTIVE_BUDGET: std::time::Duration = std::time::Duration::from_millis(20);
/// The adaptive repeat stops once this many runs in a row are steady: the slowest at most
/// [`STEADY_SPREAD`] times the fastest. On Connect 4's end-easy lines (about 65 µs a solve)
/// that is 4 runs on average instead of 10, each line's median within 7% of ten runs'.
pub const STEADY_RUNS: usize = 3;
pub const STEADY_SPREAD: f64 = 1.10;

impl Default for Repeat {
    /// One run (the library's and the tests' default; the command line's is adaptive).
    fn default() -> Repeat {
        Repeat {
            runs: 1,
            warmup: 0,
            adaptive: false,
        }
    }
}

impl Repeat {
    /// The command line's default: up to [`ADAPTIVE_RUNS`] timed runs within
    /// [`ADAPTIVE_BUDGET`], so that quick cases get a median and a spread, as hyperfine and
    /// criterion repeat them.
    pub fn adaptive() -> Repeat {
        Repeat {
            runs: ADAPTIVE_RUNS,
            warmup: 0,
            adaptive: true,
        }
    }

    /// The repeat for the next search of a run of many (a `solve` of a suite) whose
    /// searches so far took `spent`: adaptive repeats stop once the whole run has timed
    /// [`ADAPTIVE_BUDGET`], and each later search runs once. A suite's total is then timed
    /// over many searches, steady without repeats, and a suite of quick lines costs about
    /// one solve a line (Pons' 1,000-line Connect 4 sets), not four.
    pub fn after(self, spent: std::time::Duration) -> Repeat {
        match self.adaptive && spent >= ADAPTIVE_BUDGET {
            true => Repeat {
                runs: 1,
                adaptive: false,
                ..self
            },
            false => self,
        }
    }

    /// As meta.json records it: `auto` or the count.
    pub fn describe(&self) -> String {
        match self.adaptive {
            true => format!(
                "auto (up to {} runs within {} ms, fewer once {STEADY_RUNS} in a row are within {:.0}%)",
                self.runs,
                ADAPTIVE_BUDGET.as_millis(),
                (STEADY_SPREAD - 1.0) * 100.0
            ),
            false => self.runs.to_string(),
        }
    }
}

/// Searches a position `repeat.warmup` times untimed, then up to `repeat.runs` times timed;
/// the report's time is the median of the timed runs, with their minimum and maximum. Runs
/// that differ in any count, score, best move or line are an error: the search is not
/// deterministic (with more than one thread, only a proven result that differs is, and the
/// nodes' spread is kept).
pub fn measure(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
    repeat: Repeat,
) -> Result<SearchReport, SearchError> {
    let mut measuring = Measuring::start(position, depth, config, repeat)?;
    while measuring.wants_more() {
        measuring.again()?;
    }
    Ok(measuring.finish())
}

/// A search being measured run by run (what [`measure`] does in one go, and
/// `measure_paired` in turns with other searches): the first run, each run's time
/// and cost, and a parallel search's other runs.
pub struct Measuring<'a> {
    position: &'a AnyPosition,
    depth: u32,
    config: &'a SearchConfig,
    repeat: Repeat,
    first: SearchReport,
    times: Vec<u64>,
    costs: Vec<Cost>,
    /// A parallel search's other runs, whose counts differ from the first's.
    others: Vec<SearchReport>,
}

impl<'a> Measuring<'a> {
    /// The first run.
    pub fn start(
        position: &'a AnyPosition,
        depth: u32,
        config: &'a SearchConfig,
        repeat: Repeat,
    ) -> Result<Measuring<'a>, SearchError> {
        let first = search_position(position, depth, config)?;
        Ok(Measuring {
            position,
            depth,
            config,
            repeat,
            times: vec![first.time_ns],
            costs: first.cost.into_iter().collect(),
            first,
            others: Vec::new(),
        })
    }

    /// Whether another run is due: fewer timed runs than asked, or, adaptive, fewer than
    /// [`ADAPTIVE_RUNS`] whose total is under [`ADAPTIVE_BUDGET`] and not yet steady.
    pub fn wants_more(&self) -> bool {
        let repeat = self.repeat;
        let timed = &self.times[(repeat.warmup as usize).min(self.times.len())..];
        let spent: u64 = timed.iter().sum();
        let enough = timed.len() as u32 >= repeat.runs.max(1)
            || (repeat.adaptive
                && !timed.is_empty()
                && (spent >= ADAPTIVE_BUDGET.as_nanos() as u64 || steady(timed)));
        !enough
    }

    /// One more run, checked against the first.
    pub fn again(&mut self) -> Result<(), SearchError> {
        let again = search_position(self.position, self.depth, self.config)?;
        let run = self.times.len() as u32 + 1;
        match self.config.threads > 1 {
            true => same_value(&self.first, &again, run, self.config.wld)?,
            false => same_result(&self.first, &again, run)?,
        }
        self.times.push(again.time_ns);
        self.costs.extend(again.cost);
        if self.config.threads > 1 {
            self.others.push(again);
        }
        Ok(())
    }

    /// The report: the counts of the first run (of a parallel search, of the run of the
    /// median nodes), the timed runs' median time and cost, their spread and each time.
    pub fn finish(self) -> SearchReport {
        let Measuring {
            repeat,
            mut first,
            mut times,
            costs,
            others,
            ..
        } = self;
        if !others.is_empty() {
            first = median_run(first, others);
        }
        let skipped = (repeat.warmup as usize).min(times.len() - 1);
        first.cost = (costs.len() == times.len()).then(|| median_cost(&costs[skipped..]));
        let mut timed = times.split_off(skipped);
        first.times_ns = timed.clone();
        timed.sort_unstable();
        let middle = timed.len() / 2;
        first.time_ns = match timed.len() % 2 {
            1 => timed[middle],
            _ => (timed[middle - 1] + timed[middle]) / 2,
        };
        first.time_min_ns = timed[0];
        first.time_max_ns = timed[timed.len() - 1];
        first.time_sd_ns = sample_sd(&timed);
        first.runs = timed.len() as u32;
        first
    }
}

/// The timed runs' cost: the user and system time of the run of the median CPU time, and
/// the median instructions and cycles (only where every run counted them); of an even
/// count, the lower middle one.
fn median_cost(costs: &[Cost]) -> Cost {
    fn middle(mut values: Vec<u64>) -> u64 {
        values.sort_unstable();
        values
            .get(values.len().saturating_sub(1) / 2)
            .copied()
            .unwrap_or(0)
    }
    let all = |part: fn(&Cost) -> Option<u64>| -> Option<u64> {
        costs
            .iter()
            .map(part)
            .collect::<Option<Vec<u64>>>()
            .map(middle)
    };
    let mut by_cpu: Vec<&Cost> = costs.iter().collect();
    by_cpu.sort_by_key(|c| c.cpu_ns());
    let median = by_cpu
        .get(costs.len().saturating_sub(1) / 2)
        .copied()
        .copied()
        .unwrap_or_default();
    Cost {
        instructions: all(|c| c.instructions),
        cycles: all(|c| c.cycles),
        ..median
    }
}

/// Of a parallel search's runs, the one of the median nodes (the lower of the middle two),
/// with the fewest and most nodes of them all: its counts are the row's.
fn median_run(first: SearchReport, others: Vec<SearchReport>) -> SearchReport {
    let mut runs = others;
    runs.push(first);
    let nodes_min = runs.iter().map(|r| r.nodes_min).min().unwrap_or(0);
    let nodes_max = runs.iter().map(|r| r.nodes_max).max().unwrap_or(0);
    runs.sort_by_key(|r| r.counters.nodes());
    let mut median = runs.swap_remove((runs.len() - 1) / 2);
    median.nodes_min = nodes_min;
    median.nodes_max = nodes_max;
    median
}

/// The sample standard deviation (n - 1 in the denominator) of `times`, rounded to whole
/// nanoseconds; 0 for fewer than two.
pub fn sample_sd(times: &[u64]) -> u64 {
    if times.len() < 2 {
        return 0;
    }
    let n = times.len() as f64;
    let mean = times.iter().map(|&t| t as f64).sum::<f64>() / n;
    let squares: f64 = times.iter().map(|&t| (t as f64 - mean).powi(2)).sum();
    (squares / (n - 1.0)).sqrt().round() as u64
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

/// For a parallel search, whose counts vary from run to run: a proven result that differs
/// between runs is an error (one of them is wrong). Solving win/draw/loss (`wld`), the
/// result is a bound on the margin, which may vary: only its sign is proven.
fn same_value(
    first: &SearchReport,
    again: &SearchReport,
    run: u32,
    wld: bool,
) -> Result<(), SearchError> {
    let proven = |r: Option<i32>| match wld {
        true => r.map(i32::signum),
        false => r,
    };
    match (proven(first.game_result), proven(again.game_result)) {
        (Some(a), Some(b)) if a != b => Err(SearchError::NotDeterministic {
            run,
            differs: match wld {
                true => format!("the proven sign {b:+} against {a:+}"),
                false => format!("the proven result {b} against {a}"),
            },
        }),
        _ => Ok(()),
    }
}

/// Checks that `config` can search `position`'s game to `depth` (what [`search_position`]
/// checks first), so that a command refuses a variant before printing anything.
pub fn check_position(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
) -> Result<(), SearchError> {
    fn of<G: Endgame>(_: &G, depth: u32, config: &SearchConfig) -> Result<(), SearchError> {
        crate::search::check::<G>(depth, config)
    }
    with_position!(position, p => of(p, depth, config))
}

/// Searches a position of any game (the game's engine is picked once, outside the search).
pub fn search_position(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
) -> Result<SearchReport, SearchError> {
    fn report<G: Endgame>(
        pos: &G,
        depth: u32,
        config: &SearchConfig,
    ) -> Result<SearchReport, SearchError> {
        let outcome = search(pos, depth, config)?;
        Ok(SearchReport {
            depth,
            score: outcome.score,
            // Solved to the end, a score of 0 is a proven draw, and a score between a draw and
            // a win's (a win/draw/loss window's bound, failing hard) the sign of the result;
            // a game with no win bonus (a uniform tree) scores its results as they are.
            game_result: match depth {
                _ if outcome.estimate => None,
                END => Some(
                    game_result::<G>(outcome.score).unwrap_or(match G::WIN_BONUS {
                        0 => outcome.score,
                        _ => outcome.score.signum(),
                    }),
                ),
                _ => game_result::<G>(outcome.score),
            },
            best_move: outcome.best_move.map(|m| m.to_string()),
            pv: outcome.pv.iter().map(|m| m.to_string()).collect(),
            seldepth: outcome.seldepth,
            counters: outcome.counters,
            cuts: outcome.cuts,
            time_ns: outcome.time_ns,
            cost: Some(outcome.cost),
            time_min_ns: outcome.time_ns,
            time_max_ns: outcome.time_ns,
            time_sd_ns: 0,
            times_ns: vec![outcome.time_ns],
            runs: 1,
            nodes_min: outcome.counters.nodes(),
            nodes_max: outcome.counters.nodes(),
            team: outcome.team,
            memory_bytes: outcome.memory_bytes,
        })
    }
    on_deep_stack(
        depth,
        || with_position!(position, p => report(p, depth, config)),
    )
}

/// Runs `work`, a search to `depth`, on a thread with room for `MAX_PLY` frames when it
/// solves: solving can go hundreds of plies deep (Ataxx jumps until the halfmove clock ends
/// the game). A thread with such a stack already (the command's, a sweep's or a match's
/// jobs: [`on_deep_thread`], [`deep_pool`]) runs it itself: a thread started for each solve
/// cost the kernel more than Connect 4's quick solves took.
pub fn on_deep_stack<T: Send>(depth: u32, work: impl FnOnce() -> T + Send) -> T {
    if depth != END || DEEP.with(std::cell::Cell::get) {
        return work();
    }
    on_deep_thread(work)
}

thread_local! {
    /// Whether this thread has a solving thread's stack.
    static DEEP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `work` on a new thread with a solving thread's stack, which its solves then use.
pub fn on_deep_thread<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("solve".into())
            .stack_size(SOLVE_STACK)
            .spawn_scoped(scope, || {
                DEEP.with(|deep| deep.set(true));
                work()
            })
            .expect("cannot start the solving thread")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// A pool of `threads` threads with a solving thread's stack (a sweep's or a match's jobs),
/// kept for all their solves.
pub fn deep_pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(SOLVE_STACK)
        .start_handler(|_| DEEP.with(|deep| deep.set(true)))
        .build()
}

/// Whether the last [`STEADY_RUNS`] times are within [`STEADY_SPREAD`] of one another.
fn steady(times: &[u64]) -> bool {
    let Some(first) = times.len().checked_sub(STEADY_RUNS) else {
        return false;
    };
    let last = &times[first..];
    let (fastest, slowest) = (last.iter().min(), last.iter().max());
    slowest
        .zip(fastest)
        .is_some_and(|(&s, &f)| s as f64 <= f as f64 * STEADY_SPREAD)
}

/// Stack of a solving thread (reserved, not committed, until used).
const SOLVE_STACK: usize = 512 << 20;

#[cfg(test)]
mod tests {
    use super::{same_value, sample_sd, steady, SearchReport};
    use crate::counters::{Counters, CutHistogram};
    use crate::search::parallel::report::TeamReport;

    #[test]
    fn the_timing_is_steady_once_three_runs_in_a_row_are_within_ten_percent() {
        assert!(!steady(&[100, 100]), "two runs are not three");
        assert!(steady(&[100, 105, 110]));
        assert!(!steady(&[100, 105, 111]));
        // The first, slow run is left behind once three after it agree.
        assert!(!steady(&[600, 100, 104]));
        assert!(steady(&[600, 100, 104, 102]));
    }

    fn proven(result: i32) -> SearchReport {
        SearchReport {
            depth: crate::search::END,
            score: result,
            game_result: Some(result),
            best_move: None,
            pv: Vec::new(),
            seldepth: 0,
            counters: Counters::default(),
            cuts: CutHistogram::default(),
            time_ns: 0,
            cost: None,
            time_min_ns: 0,
            time_max_ns: 0,
            time_sd_ns: 0,
            runs: 1,
            times_ns: Vec::new(),
            nodes_min: 0,
            nodes_max: 0,
            team: TeamReport::default(),
            memory_bytes: 0,
        }
    }

    #[test]
    fn a_win_draw_loss_solve_on_threads_proves_the_sign_not_the_bound() {
        // Solving win/draw/loss, a win's margin is a bound that may differ run to run.
        assert!(same_value(&proven(10), &proven(12), 2, true).is_ok());
        assert!(same_value(&proven(-6), &proven(-2), 3, true).is_ok());
        let err = same_value(&proven(4), &proven(0), 2, true).unwrap_err();
        assert!(
            err.to_string().contains("the proven sign +0 against +1"),
            "{err}"
        );
        // Solving exactly, the margin itself is proven.
        assert!(same_value(&proven(10), &proven(12), 2, false).is_err());
        assert!(same_value(&proven(10), &proven(10), 2, false).is_ok());
    }

    #[test]
    fn the_spread_is_the_sample_standard_deviation() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares summing to 32, σ = sqrt(32 / 7).
        let times = [2000, 4000, 4000, 4000, 5000, 5000, 7000, 9000];
        assert_eq!(sample_sd(&times), (32e6f64 / 7.0).sqrt().round() as u64);
        assert_eq!(sample_sd(&[7, 7, 7]), 0);
        assert_eq!(sample_sd(&[1234]), 0);
        assert_eq!(sample_sd(&[]), 0);
    }
}
