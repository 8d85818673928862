//! `nodeprof solve`: exact (or win/loss/draw) solving of each position to the end of the
//! game, checked against the suite's expected value, in an Edax-style table with a total line.

use std::io::Write;

use serde::{Deserialize, Serialize};

use super::outcome::Outcome;
use super::solve_table::table;
use crate::cli::{SolveArgs, SolveMode};
use crate::error::{Error, SearchError};
use crate::measure::minimal::minimal_graph_of;
use crate::measure::{measure, Repeat, SearchReport};
use crate::output::{Output, Row};
use crate::position::Case;
use crate::search::Clock;
use crate::search::{threads_suffix, SearchConfig, END};
use crate::sweep::plan;

/// What one solve found, compared with the suite.
#[derive(Clone, Debug)]
pub struct Solved {
    pub case: String,
    pub empties: u32,
    /// The suite's value, if it gives one.
    pub expected: Option<i32>,
    pub report: Option<SearchReport>,
    /// The search's nodes (an external solver's own count).
    pub nodes: u64,
    /// Whether the score agrees with the suite's (`None`: the suite gives none).
    pub score_ok: Option<bool>,
    /// Whether the best move is one of the suite's best (`None`: unknown).
    pub move_ok: Option<bool>,
    /// Nodes of the solve's left-first minimal graph (with `--minimal`).
    pub graph: Option<u64>,
    /// The threads that solved it (0: an external solver's, unknown).
    pub threads: u32,
    /// Why there is no report (None: there is one).
    pub unsolved: Option<Unsolved>,
}

/// Why a position has no result: its search ran past `--time-limit`, or filled the memory
/// of its tree, graph or table (the error's text).
#[derive(Clone, Debug, PartialEq)]
pub enum Unsolved {
    TimedOut,
    OutOfMemory(String),
}

impl Unsolved {
    /// What the text table's row says.
    pub(super) fn text(&self) -> String {
        match self {
            Unsolved::TimedOut => "timed out".into(),
            Unsolved::OutOfMemory(message) => format!("out of memory: {message}"),
        }
    }
}

/// A position's solve as `--format csv` writes it and the JSON document's `rows` hold
/// (schema `nodeprof-solve`): the text table's columns, named as `runs.csv` names them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveRow {
    /// The variant's name (`@tN` past one thread) or the engine's.
    pub solver: String,
    pub position: String,
    pub empties: u32,
    /// `exact` or `wld` (win, loss or draw).
    pub mode: String,
    /// `ok`; `timeout` past `--time-limit`, `memory` where its tree, graph or table filled
    /// the memory given (their result fields null); `unproven` for a Monte Carlo tree search
    /// that spent its budget before proving the root (its move is judged, its result null).
    pub status: String,
    /// The proven margin (in `wld`, its sign).
    pub game_result: Option<i32>,
    pub expected_score: Option<i32>,
    /// Whether the result agrees with the suite's (null: the suite gives none).
    pub score_ok: Option<bool>,
    pub best_move: Option<String>,
    /// Whether the move is one of the suite's best (null: unknown).
    pub move_ok: Option<bool>,
    pub nodes: Option<u64>,
    pub time_ns: Option<u64>,
    /// The threads that solved it (null: an external solver's, unknown).
    pub threads: Option<u32>,
    /// Nodes of the left-first minimal graph (`--minimal`).
    pub minimal_graph: Option<u64>,
    pub pv: Option<String>,
}

impl Row for SolveRow {}

impl SolveRow {
    pub(super) fn of(solver: &str, solved: &Solved, wld: bool) -> SolveRow {
        let report = solved.report.as_ref();
        SolveRow {
            solver: solver.to_string(),
            position: solved.case.clone(),
            empties: solved.empties,
            mode: if wld { "wld" } else { "exact" }.into(),
            status: match report {
                Some(r) if r.game_result.is_none() => "unproven",
                Some(_) => "ok",
                None => match solved.unsolved {
                    Some(Unsolved::OutOfMemory(_)) => "memory",
                    _ => "timeout",
                },
            }
            .into(),
            game_result: report.and_then(|r| r.game_result),
            expected_score: solved.expected,
            score_ok: solved.score_ok,
            best_move: report.and_then(|r| r.best_move.clone()),
            move_ok: solved.move_ok,
            nodes: report.map(|_| solved.nodes),
            time_ns: report.map(|r| r.time_ns),
            threads: (solved.threads > 0).then_some(solved.threads),
            minimal_graph: solved.graph,
            pv: report.map(|r| r.pv.join(" ")),
        }
    }
}

/// The JSON document's fields besides `rows`: each solver's totals, and whether every
/// position solved right (the exit code's verdict).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveSummary {
    pub totals: Vec<SolveTotals>,
    pub ok: bool,
    /// With `--where`: where each position's nodes went (one more solve on one thread).
    #[serde(rename = "where", default, skip_serializing_if = "Option::is_none")]
    pub where_nodes: Option<Vec<super::solve_where::WhereDoc>>,
}

/// The totals of a solve run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SolveTotals {
    /// The solver, as the rows name it.
    pub solver: String,
    pub positions: usize,
    pub wrong_scores: usize,
    pub wrong_moves: usize,
    /// Positions not solved: timed out, or out of memory (`out_of_memory` of them).
    pub unsolved: usize,
    #[serde(default)]
    pub out_of_memory: usize,
    pub nodes: u64,
    pub time_ns: u64,
    /// The minimal graphs' nodes and the nodes of the solves that have one (null without
    /// `--minimal`, as in the rows).
    #[serde(rename = "minimal_graph")]
    pub graph: Option<u64>,
    pub nodes_with_graph: Option<u64>,
    /// The threads of each search (0: an external solver's, unknown).
    pub threads: u32,
}

impl SolveTotals {
    /// Whether every position solved to the suite's value with one of its best moves.
    pub fn all_ok(&self) -> bool {
        self.wrong_scores == 0 && self.wrong_moves == 0 && self.unsolved == 0
    }
}

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
    table(
        cases,
        counts.len(),
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
            1,
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
