//! Running one search: checking that the configuration suits the game and depth, making the
//! tables outside the clock, and collecting the outcome.

use std::time::Instant;

pub use super::checks::{check, check_agent, check_memory, check_threads, game_result};
use super::config::{SearchConfig, END};
use super::endgame::{finish_line, Endgame};
pub use super::outcome::SearchOutcome;
use super::parallel::report::{Summed, TeamReport};
use super::root_report::RootReport;
use super::searcher::{Searcher, MAX_PLY};
use super::trace_writer::TraceWriter;
use super::trail::{Claim, Trail, Verdict};
use crate::error::SearchError;

/// Searches `pos` to `depth` with the configured variant.
pub fn search<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    search_with::<G, true, false>(pos, depth, config, None, None)
}

/// Searches `pos` to `depth` as [`search`] does, writing its trace to `out` (see
/// docs/probe.md): the same search and counts. Only variants whose every node is a node of
/// the windowed move loop can be traced (see [`check_traceable`]).
pub fn search_traced<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
    out: Box<dyn std::io::Write + Send>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    check_traceable(config)?;
    search_with::<G, true, true>(pos, depth, config, None, Some(out))
}

/// Whether `config`'s search can be traced: a windowed alpha-beta search on one thread
/// without the searches a trace has no node for (ordering and ProbCut searches, null moves,
/// quiescence, the last-empties solver, a node budget).
pub fn check_traceable(config: &SearchConfig) -> Result<(), SearchError> {
    let v = &config.variant;
    let refused = [
        (
            !v.base.windowed(),
            "the trace follows the windowed move loop of alpha-beta, PVS, MTD(f) and bisection",
        ),
        (
            config.threads > 1,
            "a trace is of one thread's search (-t 1)",
        ),
        (
            v.probcut || v.sso.is_some() || v.eval_sort.is_some(),
            "its ordering and ProbCut searches have no place in a trace",
        ),
        (
            v.null_move.is_some(),
            "its null-move searches have no move in a trace",
        ),
        (v.quiesce, "quiescence nodes are not traced"),
        (
            v.last.is_some(),
            "the last-empties solver's nodes are not traced",
        ),
        (v.nodes.is_some(), "a node budget's searches are not traced"),
    ];
    match refused.iter().find(|(refuse, _)| *refuse) {
        Some((_, why)) => Err(SearchError::NotForSearch {
            variant: v.to_string(),
            message: format!("--trace: {why}"),
        }),
        None => Ok(()),
    }
}

/// Solves `pos` to the end within the root window (alpha, beta) (fail-soft: a value at or
/// below alpha is an upper bound, at or above beta a lower bound). To prove a move no worse
/// than a known value without proving how much worse the others are.
pub fn solve_in_window<G: Endgame>(
    pos: &G,
    config: &SearchConfig,
    window: (i32, i32),
) -> Result<SearchOutcome<G::Move>, SearchError> {
    search_with::<G, true, false>(pos, END, config, Some(window), None)
}

/// The same search with the counters compiled out (all zero): to measure what counting costs.
pub fn search_uncounted<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    search_with::<G, false, false>(pos, depth, config, None, None)
}

fn search_with<G: Endgame, const COUNT: bool, const TRACE: bool>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
    trace: Option<Box<dyn std::io::Write + Send>>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    let variant = &config.variant;
    if variant.nodes.is_some() && !variant.base.proves() && !variant.base.monte_carlo() {
        return super::timed::budgeted(pos, depth, config);
    }
    check::<G>(depth, config)?;
    if variant.base.proves() {
        return super::proof::search(pos, config, window);
    }
    if variant.base.monte_carlo() {
        return super::mcts::search(pos, config, window);
    }
    // The tables are made (and their memory cleared and faulted in) before the clock starts:
    // `time_ns` is the search alone.
    let mut searcher = Searcher::<G, COUNT, TRACE>::for_config(config)?;
    searcher.trace = trace.map(|out| Box::new(TraceWriter::new(out)));
    let helpers = match config.threads {
        0 | 1 => Vec::new(),
        n => searcher.helpers(n, config.parallel()),
    };
    let meter = crate::cost::Meter::start(match helpers.is_empty() {
        true => crate::cost::Scope::Thread,
        false => crate::cost::Scope::Process,
    });
    let started = Instant::now();
    searcher.course.deadline = config.deadline_after(started)?.map(|d| (d, config.clock));
    searcher.course.progress.clone_from(&config.progress.0);
    if let Some(progress) = &config.progress.0 {
        progress.reset();
    }
    if depth == END {
        match (window, config.wld || variant.wld) {
            (Some(window), _) => searcher.root.window = window,
            (None, true) => searcher.root.window = (-1, 1),
            (None, false) => {}
        }
    }
    let (score, team) = match helpers.is_empty() {
        true => {
            let score = searcher.search_root(pos, depth);
            searcher.publish_rest();
            (score, None)
        }
        false => {
            let (score, team) = searcher.search_together(pos, depth, helpers, config.helpers_after);
            (score, Some(team))
        }
    };
    check_ended(
        &mut searcher,
        team.as_ref().is_some_and(|t| t.too_deep),
        config,
    )?;
    let time_ns = started.elapsed().as_nanos() as u64;
    let cost = meter.stop();
    let full_window = window.is_none() && !(config.wld || variant.wld);
    let exact = (depth == END && full_window).then_some(score);
    let pv = principal_line(&searcher, pos, depth, exact, team.is_some());
    let team = team.unwrap_or_else(|| alone(&searcher));
    Ok(SearchOutcome {
        estimate: false,
        memory_bytes: variant.table.map_or(0, |t| t.mib as u64 * 1024 * 1024),
        depth,
        score,
        best_move: searcher.root.best,
        pv,
        counters: team.counters,
        cuts: team.cuts,
        time_ns,
        cost,
        seldepth: team.seldepth as u32,
        team: team.report,
    })
}

/// Why a finished search has no result, if it has none: its trace could not be written, it
/// went too deep (`team_too_deep`: a helper thread did), or it stopped or ended past its
/// deadline.
fn check_ended<G: Endgame, const COUNT: bool, const TRACE: bool>(
    searcher: &mut Searcher<G, COUNT, TRACE>,
    team_too_deep: bool,
    config: &SearchConfig,
) -> Result<(), SearchError> {
    if let Some(trace) = searcher.trace.as_deref_mut() {
        trace.finish().map_err(|e| SearchError::TraceWrite {
            message: e.to_string(),
        })?;
    }
    if searcher.course.too_deep || team_too_deep {
        return Err(searcher.too_deep());
    }
    // The clock is read every few thousand nodes: a search that ended past its limit before
    // the next look timed out all the same (by the real time, which set the deadline; the
    // configured clock serves the looks inside the search).
    let late = searcher
        .course
        .deadline
        .is_some_and(|(deadline, _)| Instant::now() > deadline);
    if searcher.course.stopped || late {
        return Err(SearchError::TimedOut {
            limit: config.time_limit.unwrap_or_default(),
        });
    }
    Ok(())
}

/// The search's principal variation: the line it kept, else its table's; a parallel search
/// without either has its move. The line of an exact search over the full window (`exact`:
/// its score) is rebuilt by the game's small solver from where it comes within its reach
/// ([`finish_line`]: not counted or timed with the search).
fn principal_line<G: Endgame, const COUNT: bool, const TRACE: bool>(
    searcher: &Searcher<G, COUNT, TRACE>,
    pos: &G,
    depth: u32,
    exact: Option<i32>,
    parallel: bool,
) -> Vec<G::Move> {
    let max_len = depth.min(MAX_PLY as u32);
    let mut pv = match (searcher.options.track_pv, searcher.root.best) {
        (true, _) => searcher.memory.pv.line(),
        (false, best) => searcher.table_line(pos, best, max_len),
    };
    if pv.is_empty() && parallel {
        pv.extend(searcher.root.best);
    }
    if let Some(score) = exact {
        finish_line(pos, score, &mut pv, max_len as usize);
    }
    pv
}

/// A one-thread search's counts, as a team's.
fn alone<G: Endgame, const COUNT: bool, const TRACE: bool>(
    searcher: &Searcher<G, COUNT, TRACE>,
) -> Summed {
    let counters = searcher.counters();
    Summed {
        counters,
        cuts: searcher.cuts().clone(),
        too_deep: searcher.course.too_deep,
        seldepth: searcher.course.max_ply,
        report: TeamReport {
            threads: 1,
            shares: Default::default(),
            idle_ns: vec![0],
            nodes: vec![counters.nodes()],
        },
    }
}

/// Solves `pos` to the end on one thread as `config` says, keeping the trail: where its
/// nodes went (the same nodes as the untraced solve: the trail changes no count).
pub fn trail_of<G: Endgame>(pos: &G, config: &SearchConfig) -> Result<Trail, SearchError> {
    trail_and_claims(pos, config).map(|(trail, _)| trail)
}

/// Each ProbCut cut-off's node, its claim and the exact search's verdict on it.
pub(super) type Claims<G> = Vec<(G, Claim, Verdict)>;

/// [`trail_of`], with the [`Claims`] of its selective passes.
pub(super) fn trail_and_claims<G: Endgame>(
    pos: &G,
    config: &SearchConfig,
) -> Result<(Trail, Claims<G>), SearchError> {
    check::<G>(END, config)?;
    if config.variant.base.other_family() {
        return Err(SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: "--where follows alpha-beta's passes and stages; proof-number and Monte Carlo tree searches have none".into(),
        });
    }
    let (mut searcher, _) = measured_search(pos, END, config, true)?;
    let claims = searcher.check_claims();
    let mut trail = *searcher.trail.take().expect("the trail set above");
    let nodes = searcher.counters.nodes();
    trail.finish(nodes);
    if let Some(meter) = searcher.span.take() {
        trail.span = Some(meter.finish(nodes));
        for stage in &mut trail.stages {
            stage.span = Some(meter.between(stage.start, stage.start + stage.nodes));
        }
    }
    Ok((trail, claims))
}

/// Searches `pos` as `config` says (a proof-number or Monte Carlo tree search, to the end on
/// one thread) and reports its root: the same search and counts as without the report.
pub fn report_root<G: Endgame>(
    pos: &G,
    config: &SearchConfig,
) -> Result<RootReport<G::Move>, SearchError> {
    check::<G>(END, config)?;
    let base = config.variant.base;
    if base.proves() {
        return super::proof::root_trail(pos, config);
    }
    if base.monte_carlo() {
        return super::mcts::root_visits(pos, config);
    }
    Err(SearchError::NotForSearch {
        variant: config.variant.to_string(),
        message: "the root report is for proof-number and Monte Carlo tree searches (alpha-beta's is --where's trail)".into(),
    })
}

/// Searches `pos` to `depth` as `config` says on one thread (the same nodes as its search
/// without the measurement), and measures its tree's work and span under YBWC's rules; with
/// the search's value.
pub fn span_of<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
) -> Result<(super::span::Span, i32), SearchError> {
    check::<G>(depth, config)?;
    if !super::span::measurable(config) {
        return Err(SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: "--parallelism follows YBWC's splits of the windowed move loop (alpha-beta, PVS, MTD(f), bisection) without a node budget or Lazy SMP".into(),
        });
    }
    let (mut searcher, score) = measured_search(pos, depth, config, false)?;
    let nodes = searcher.counters.nodes();
    let span = searcher
        .span
        .take()
        .expect("a measurable search")
        .finish(nodes);
    Ok((span, score))
}

/// The one-thread search of `pos` to `depth` that `--where` and `--parallelism` make (the
/// trace's hooks compiled in: the same nodes as the search without them), its span measured
/// where YBWC would split it and, with `trail`, where its nodes go kept; the searcher after
/// it and the search's value.
fn measured_search<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
    trail: bool,
) -> Result<(Searcher<G, true, true>, i32), SearchError> {
    let mut searcher = Searcher::<G, true, true>::for_config(config)?;
    if trail {
        searcher.trail = Some(Box::new(Trail::new()));
    }
    if super::span::measurable(config) {
        searcher.span = Some(Box::default());
    }
    if depth == END && (config.wld || config.variant.wld) {
        searcher.root.window = (-1, 1);
    }
    let score = searcher.search_root(pos, depth);
    if searcher.course.too_deep {
        return Err(searcher.too_deep());
    }
    Ok((searcher, score))
}
