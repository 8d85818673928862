//! `nodeprof solve`: exact (or win/loss/draw) solving of each position to the end of the
//! game, checked against the suite's expected value, in an Edax-style table with a total line.

use std::io::Write;

use serde::{Deserialize, Serialize};

use super::outcome::Outcome;
use crate::cli::{SolveArgs, SolveMode};
use crate::error::{Error, SearchError};
use crate::measure::minimal::minimal_graph_of;
use crate::measure::{measure, Repeat, SearchReport};
use crate::output::{Output, Row};
use crate::position::Case;
use crate::report::text::{count, thousands};
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
    fn text(&self) -> String {
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
    fn of(solver: &str, solved: &Solved, wld: bool) -> SolveRow {
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

const HEADER_AFTER_NAME: &str =
    " | empties | score | expected | ok  | best |         nodes |     time |     nodes/s |";
/// The columns `--minimal` adds.
const HEADER_MINIMAL: &str = "  minimal graph | × graph |";

/// Solves every case with `config` (picked per case by `config_for`), printing a row as
/// each finishes and the total line at the end.
/// With `minimal`, each row adds the solve's left-first minimal graph and the ratio.
pub fn run(
    cases: &[Case],
    config_for: impl Fn(&Case) -> SearchConfig,
    repeat: Repeat,
    minimal: bool,
    output: &mut Output,
) -> Result<SolveTotals, Error> {
    for case in cases {
        super::search::refuse_early(case, &[config_for(case)], &[END])?;
    }
    let mut spent = std::time::Duration::ZERO;
    table(
        cases,
        |case| {
            let config = config_for(case).for_game(case.position.kind());
            let name = config.variant.display_name() + &threads_suffix(config.threads);
            let repeat = repeat.after(spent);
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

/// The table of `cases` solved by `solver` (each position's result, whether it was a
/// win/loss/draw solve, and the solver's name), with its total line; a row each to
/// `output`.
pub fn table(
    cases: &[Case],
    mut solver: impl FnMut(&Case) -> Result<(Solved, bool, String), Error>,
    minimal: bool,
    output: &mut Output,
) -> Result<SolveTotals, Error> {
    let width = cases
        .iter()
        .map(|c| short_name(&c.name).len())
        .max()
        .unwrap_or(0)
        .max(5);
    let header = format!(
        "  {:<width$}{HEADER_AFTER_NAME}{} PV",
        "#",
        if minimal { HEADER_MINIMAL } else { "" }
    );
    writeln!(output.text(), "{header}")?;
    writeln!(output.text(), "{}", rule(&header))?;
    let mut totals = SolveTotals::default();
    for case in cases {
        let (solved, wld, name) = solver(case)?;
        totals.threads = totals.threads.max(solved.threads);
        writeln!(output.text(), "{}", row(&solved, wld, width, minimal))?;
        output.text().flush()?;
        output.row(&SolveRow::of(&name, &solved, wld))?;
        if !totals.solver.split(", ").any(|n| n == name) {
            totals.solver = match totals.solver.is_empty() {
                true => name,
                false => format!("{}, {name}", totals.solver),
            };
        }
        totals.positions += 1;
        totals.wrong_scores += (solved.score_ok == Some(false)) as usize;
        totals.wrong_moves += (solved.move_ok == Some(false)) as usize;
        match &solved.report {
            Some(report) => {
                totals.nodes += solved.nodes;
                totals.time_ns += report.time_ns;
                if let Some(graph) = solved.graph {
                    *totals.graph.get_or_insert(0) += graph;
                    *totals.nodes_with_graph.get_or_insert(0) += solved.nodes;
                }
            }
            None => {
                totals.unsolved += 1;
                let memory = matches!(solved.unsolved, Some(Unsolved::OutOfMemory(_)));
                totals.out_of_memory += memory as usize;
            }
        }
    }
    writeln!(output.text(), "{}", rule(&header))?;
    writeln!(output.text(), "{}", total_line(&totals))?;
    Ok(totals)
}

/// A case's name without the `.pos` ending.
fn short_name(name: &str) -> &str {
    name.trim_end_matches(".pos")
}

fn rule(header: &str) -> String {
    header
        .chars()
        .map(|c| if c == '|' { '+' } else { '-' })
        .collect()
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

fn result_text(margin: Option<i32>, wld: bool) -> String {
    let Some(margin) = margin else {
        return "?".into();
    };
    if wld {
        match margin.signum() {
            1 => "win".into(),
            -1 => "loss".into(),
            _ => "draw".into(),
        }
    } else {
        format!("{margin:+}")
    }
}

fn row(solved: &Solved, wld: bool, width: usize, minimal: bool) -> String {
    let name = short_name(&solved.case);
    let expected = solved
        .expected
        .map_or("-".into(), |e| result_text(Some(e), wld));
    let Some(report) = &solved.report else {
        return format!(
            "  {name:<width$} | {:>7} | {:>5} | {expected:>8} | {:<3} | {:>4} | {:>13} | {:>8} | {:>11} |{} {}",
            solved.empties, "-", "-", "-", "-", "-", "-",
            if minimal { format!(" {:>14} | {:>7} |", "-", "-") } else { String::new() },
            solved.unsolved.as_ref().map_or(Unsolved::TimedOut.text(), Unsolved::text)
        );
    };
    let margin = report.game_result;
    let ok = match (solved.score_ok, solved.move_ok) {
        (Some(false), _) => "NO",
        (_, Some(false)) => "MV?",
        (Some(true), _) => "yes",
        (None, _) => "-",
    };
    let nodes = solved.nodes;
    let secs = report.time_ns as f64 / 1e9;
    format!(
        "  {name:<width$} | {:>7} | {:>5} | {:>8} | {ok:<3} | {:>4} | {:>13} | {:>8.3} | {:>11} |{} {}",
        solved.empties,
        result_text(margin, wld),
        expected,
        report.best_move.as_deref().unwrap_or("-"),
        thousands(nodes),
        secs,
        match report.time_ns {
            // A solver that reports whole microseconds can report none.
            0 => "-".into(),
            t => thousands(rate(nodes, t)),
        },
        match minimal {
            true => format!(
                " {:>14} | {:>7} |",
                solved.graph.map_or("-".into(), thousands),
                times(nodes, solved.graph)
            ),
            false => String::new(),
        },
        report.pv.join(" ")
    )
}

/// Nodes over the minimal graph's (`-` without one).
fn times(nodes: u64, graph: Option<u64>) -> String {
    match graph {
        Some(graph) if graph > 0 => format!("{:.2}×", nodes as f64 / graph as f64),
        _ => "-".into(),
    }
}

/// Nodes per second.
fn rate(nodes: u64, time_ns: u64) -> u64 {
    (nodes as f64 / (time_ns.max(1) as f64 / 1e9)) as u64
}

/// The positions not solved, by why: `, 2 timed out, 1 out of memory`.
fn unsolved_text(t: &SolveTotals) -> String {
    let timed_out = t.unsolved - t.out_of_memory;
    let mut text = String::new();
    if timed_out > 0 {
        text += &format!(", {timed_out} timed out");
    }
    if t.out_of_memory > 0 {
        text += &format!(", {} out of memory", t.out_of_memory);
    }
    text
}

fn total_line(t: &SolveTotals) -> String {
    format!(
        "  {}, {}, {}{}: {} nodes in {:.3} s, {} nodes/s{}{}",
        count(t.positions, "position"),
        count(t.wrong_scores, "wrong score"),
        count(t.wrong_moves, "wrong move"),
        unsolved_text(t),
        thousands(t.nodes),
        t.time_ns as f64 / 1e9,
        thousands(rate(t.nodes, t.time_ns)),
        match t.threads {
            0 | 1 => String::new(),
            n => format!(" on {n} threads"),
        },
        match t.graph {
            None => String::new(),
            Some(graph) => format!(
                "; {} the left-first minimal graph ({} nodes)",
                times(t.nodes_with_graph.unwrap_or(0), Some(graph)),
                thousands(graph)
            ),
        }
    )
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
    let threads = args.threads.unwrap_or_else(machine_threads);
    let mut where_nodes = None;
    if args.variant.is_some() || engines.is_empty() {
        let config_for = |case: &Case| SearchConfig {
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
            args.repeat.repeat(),
            args.minimal,
            &mut output,
        )?;
        all.push(totals);
        if args.where_nodes {
            where_nodes = Some(super::solve_where::write_where(
                &cases,
                config_for,
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
            |case| {
                let solved = solve_by_engine(case, spec, &mut slot)?;
                Ok((solved, false, spec.name().to_string()))
            },
            false,
            &mut output,
        )?;
        if let Some(engine) = slot {
            engine.quit();
        }
        all.push(totals);
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
