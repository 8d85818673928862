//! `nodeprof solve`: exact (or win/loss/draw) solving of each position to the end of the
//! game, checked against the suite's expected value, in an Edax-style table with a total line.

use std::io::Write;

use super::outcome::Outcome;
use super::solve_table::table;
pub use super::solve_table::{SolveRow, SolveSummary, SolveTotals, Solved, Unsolved};
use crate::cli::{SolveArgs, SolveMode};
use crate::error::{Error, SearchError};
use crate::measure::minimal::minimal_graph_of;
use crate::measure::{measure, Repeat, SearchReport};
use crate::output::Output;
use crate::position::Case;
use crate::search::Clock;
use crate::search::{threads_suffix, SearchConfig, END};
use crate::sweep::plan;

/// Solves every case with `config` (picked per case and thread count by `config_for`) at
/// each of `counts` threads in turns, printing a row as each finishes and the total lines
/// at the end. With `minimal`, each row adds the solve's left-first minimal graph and the
/// ratio. The adaptive repeats are decided per position, the same at every count.
pub fn run(
    cases: &[Case],
    config_for: impl Fn(&Case, u32) -> SearchConfig,
    counts: &[u32],
    repeat: Repeat,
    minimal: bool,
    output: &mut Output,
) -> Result<Vec<SolveTotals>, Error> {
    for case in cases {
        let configs: Vec<_> = counts.iter().map(|&t| config_for(case, t)).collect();
        super::search::refuse_early(case, &configs, &[END])?;
    }
    let mut spent = std::time::Duration::ZERO;
    let mut case_repeat = repeat;
    let suffixes: Vec<String> = match counts {
        [_] => vec![String::new()],
        _ => counts.iter().map(|t| format!("@t{t}")).collect(),
    };
    table(
        cases,
        &suffixes,
        |case, k| {
            let config = config_for(case, counts[k]).for_game(case.position.kind());
            let name = config.variant.display_name() + &threads_suffix(config.threads);
            if k == 0 {
                case_repeat = repeat.after(spent);
            }
            let repeat = case_repeat;
            let started = std::time::Instant::now();
            let watched = |config: &SearchConfig| solve(case, config, repeat);
            let mut solved = super::solve_progress::watched(&case.name, config.clone(), watched)?;
            spent += started.elapsed();
            if let (true, Some(report)) = (minimal, &solved.report) {
                solved.graph = minimal_graph_of(&case.position, END, &config, report.score)
                    .map_err(|source| Error::Search {
                        case: case.name.clone(),
                        source,
                    })?
                    .map(|graph| graph.nodes());
            }
            Ok((solved, config.wld || config.variant.wld, name))
        },
        minimal,
        output,
    )
}

/// Solves one case; a search that timed out or filled its memory is a row without a result
/// (the run goes on), other errors stop.
pub fn solve(case: &Case, config: &SearchConfig, repeat: Repeat) -> Result<Solved, Error> {
    let report = match measure(&case.position, END, config, repeat) {
        Ok(report) => report,
        Err(e @ (SearchError::TimedOut { .. } | SearchError::OutOfMemory { .. })) => {
            let why = match e {
                SearchError::OutOfMemory { message, .. } => Unsolved::OutOfMemory(message),
                _ => Unsolved::TimedOut,
            };
            return Ok(Solved {
                case: case.name.clone(),
                empties: case.position.empties(),
                expected: case.expected.as_ref().and_then(|e| e.score()),
                report: None,
                nodes: 0,
                score_ok: None,
                move_ok: None,
                graph: None,
                threads: config.threads,
                unsolved: Some(why),
            });
        }
        Err(source) => {
            return Err(Error::Search {
                case: case.name.clone(),
                source,
            })
        }
    };
    // A variant that proves only win, loss or draw (`+wld`) is judged so, as `--mode wld` is.
    let mut solved = judged(case, report, report_nodes, config.wld || config.variant.wld);
    solved.threads = config.threads;
    Ok(solved)
}

fn report_nodes(report: &SearchReport) -> u64 {
    report.counters.nodes()
}

/// A solved position checked against its suite: the score (or its class, for win/loss/draw)
/// and the best move.
fn judged(
    case: &Case,
    report: SearchReport,
    nodes: impl Fn(&SearchReport) -> u64,
    wld: bool,
) -> Solved {
    let margin = report.game_result;
    let class = |v: i32| v.signum();
    let proved = case.expected.as_ref().and_then(|e| Some((e, e.score()?)));
    let (score_ok, move_ok) = match proved {
        None => (None, None),
        Some((expected, score)) => {
            let best = report.best_move.as_deref().unwrap_or("-");
            if wld {
                let listed = expected.move_values.iter().find(|(m, _)| m == best);
                (
                    margin.map(|m| class(m) == class(score)),
                    listed.map(|&(_, v)| class(v) == class(score)),
                )
            } else {
                (
                    margin.map(|m| m == score),
                    // A solver that names no move is judged by its score alone.
                    (!expected.move_values.is_empty() && report.best_move.is_some())
                        .then(|| expected.best_moves().contains(&best)),
                )
            }
        }
    };
    Solved {
        case: case.name.clone(),
        empties: case.position.empties(),
        expected: case.expected.as_ref().and_then(|e| e.score()),
        nodes: nodes(&report),
        report: Some(report),
        score_ok,
        move_ok,
        graph: None,
        threads: 0,
        unsolved: None,
    }
}

/// Solves `case` with an external solver (the engine in `slot`, started if empty): its
/// score, nodes and time as it reports them.
pub fn solve_by_engine(
    case: &Case,
    spec: &crate::engine::EngineSpec,
    slot: &mut Option<crate::engine::Engine>,
) -> Result<Solved, Error> {
    let engine_case = crate::engine::EngineCase::from(case);
    let (_, result) = crate::engine::run_group(slot, spec, &engine_case, &[END])
        .pop()
        .expect("one depth, one result");
    let measured = result?;
    let it = measured.iteration;
    let time_ns = it.time_ns.unwrap_or(it.wall_ns);
    let score = it.score.map_or(0, |s| s.value());
    let report = SearchReport {
        depth: END,
        score,
        game_result: Some(score),
        best_move: measured.best_move,
        pv: it.pv,
        seldepth: it.seldepth.unwrap_or(0),
        counters: Default::default(),
        cuts: Default::default(),
        time_ns,
        cost: None,
        time_min_ns: time_ns,
        time_max_ns: time_ns,
        time_sd_ns: 0,
        times_ns: vec![time_ns],
        runs: 1,
        nodes_min: it.nodes.unwrap_or(0),
        nodes_max: it.nodes.unwrap_or(0),
        team: Default::default(),
        memory_bytes: 0,
    };
    let nodes = it.nodes.unwrap_or(0);
    Ok(judged(case, report, |_| nodes, false))
}

/// The machine's logical cores: `solve`'s threads when none are asked for.
pub fn machine_threads() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

/// `nodeprof solve`: the table of every position and the total line; `Failure` when a
/// score or best move disagrees with the suite or a position is not solved.
pub fn command(args: SolveArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let cases = crate::position::load(&args.positions, args.game.game)?;
    let engines = super::engine::engines(&args.engines)?;
    let eval = args.eval.eval.unwrap_or(plan::default_eval(true));
    let mut output = Output::new(args.format.format, out);
    let mut all = Vec::new();
    let counts = args
        .threads
        .clone()
        .unwrap_or_else(|| vec![machine_threads()]);
    let mut where_nodes = None;
    if args.variant.is_some() || engines.is_empty() {
        let config_for = |case: &Case, threads: u32| SearchConfig {
            eval,
            time_limit: args.time_limit,
            clock: Clock::SYSTEM,
            wld: args.mode == SolveMode::Wld,
            threads,
            ..SearchConfig::new(
                args.variant
                    .clone()
                    .unwrap_or_else(|| plan::default_solver(case.position.kind())),
            )
        };
        let totals = run(
            &cases,
            config_for,
            &counts,
            args.repeat.repeat(),
            args.minimal,
            &mut output,
        )?;
        all.extend(totals);
        if args.where_nodes {
            where_nodes = Some(super::solve_where::write_where(
                &cases,
                |case: &Case| config_for(case, counts[0]),
                output.text(),
            )?);
        }
    }
    let engine_cases: Vec<crate::engine::EngineCase> =
        cases.iter().map(crate::engine::EngineCase::from).collect();
    for spec in &engines {
        let (_, greeted) = crate::engine::greet(spec, &engine_cases, &[END])?;
        writeln!(output.text(), "{}:", spec.name())?;
        let mut slot = Some(greeted);
        let totals = table(
            &cases,
            &[String::new()],
            |case, _| {
                let solved = solve_by_engine(case, spec, &mut slot)?;
                Ok((solved, false, spec.name().to_string()))
            },
            false,
            &mut output,
        )?;
        if let Some(engine) = slot {
            engine.quit();
        }
        all.extend(totals);
    }
    let ok = all.iter().all(SolveTotals::all_ok);
    let summary = SolveSummary {
        totals: all,
        ok,
        where_nodes,
    };
    output.finish("solve", summary)?;
    Ok(match ok {
        true => Outcome::Success,
        false => Outcome::Failure,
    })
}
