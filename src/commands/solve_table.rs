//! `nodeprof solve`'s results and text table: what a solve found, its row and totals; a row
//! per solve as it finishes (Edax's solve table), a total line per solver, and with several
//! thread counts the speedup of each over the first.

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::measure::SearchReport;
use crate::output::{Output, Row};
use crate::position::Case;
use crate::report::text::{count, thousands};

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

/// The table of `cases` solved by one solver a suffix in turns, position by position (each
/// solve's result, whether it was a win/loss/draw solve, and the solver's name), with a total
/// line each; a row each to `output`, its position named with the solver's suffix
/// (`end40@t2`; one solver's is empty).
pub fn table(
    cases: &[Case],
    suffixes: &[String],
    mut solver: impl FnMut(&Case, usize) -> Result<(Solved, bool, String), Error>,
    minimal: bool,
    output: &mut Output,
) -> Result<Vec<SolveTotals>, Error> {
    let longest = suffixes.iter().map(String::len).max().unwrap_or(0);
    let width = cases
        .iter()
        .map(|c| short_name(&c.name).len() + longest)
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
    let mut totals = vec![SolveTotals::default(); suffixes.len()];
    for case in cases {
        for (k, totals) in totals.iter_mut().enumerate() {
            let (solved, wld, name) = solver(case, k)?;
            let shown = short_name(&solved.case).to_string() + &suffixes[k];
            writeln!(
                output.text(),
                "{}",
                row(&solved, &shown, wld, width, minimal)
            )?;
            output.text().flush()?;
            output.row(&SolveRow::of(&name, &solved, wld))?;
            totals.add(&solved, name);
        }
    }
    writeln!(output.text(), "{}", rule(&header))?;
    for totals in &totals {
        writeln!(output.text(), "{}", total_line(totals))?;
    }
    for line in speedups(&totals) {
        writeln!(output.text(), "{line}")?;
    }
    Ok(totals)
}

impl SolveTotals {
    /// Adds a solve by `name` to the totals.
    fn add(&mut self, solved: &Solved, name: String) {
        self.threads = self.threads.max(solved.threads);
        if !self.solver.split(", ").any(|n| n == name) {
            self.solver = match self.solver.is_empty() {
                true => name,
                false => format!("{}, {name}", self.solver),
            };
        }
        self.positions += 1;
        self.wrong_scores += (solved.score_ok == Some(false)) as usize;
        self.wrong_moves += (solved.move_ok == Some(false)) as usize;
        match &solved.report {
            Some(report) => {
                self.nodes += solved.nodes;
                self.time_ns += report.time_ns;
                if let Some(graph) = solved.graph {
                    *self.graph.get_or_insert(0) += graph;
                    *self.nodes_with_graph.get_or_insert(0) += solved.nodes;
                }
            }
            None => {
                self.unsolved += 1;
                let memory = matches!(solved.unsolved, Some(Unsolved::OutOfMemory(_)));
                self.out_of_memory += memory as usize;
            }
        }
    }
}

/// With several thread counts, each one's speedup over the first's: its time over theirs,
/// and its nodes (the search overhead), over the positions both solved in full.
fn speedups(totals: &[SolveTotals]) -> Vec<String> {
    let Some(first) = totals.first().filter(|_| totals.len() > 1) else {
        return Vec::new();
    };
    let complete = |t: &SolveTotals| t.unsolved == 0;
    let mut lines = vec![format!(
        "  speedup over {} thread{} (positions solved in turns, each at every count before the next):",
        first.threads,
        if first.threads == 1 { "" } else { "s" }
    )];
    for t in &totals[1..] {
        lines.push(match complete(first) && complete(t) && t.time_ns > 0 {
            true => format!(
                "    {}: {:.2}× ({:.3} s against {:.3} s), {:.2}× the nodes",
                count(t.threads as usize, "thread"),
                first.time_ns as f64 / t.time_ns as f64,
                t.time_ns as f64 / 1e9,
                first.time_ns as f64 / 1e9,
                t.nodes as f64 / first.nodes.max(1) as f64
            ),
            false => format!(
                "    {}: - (a position was not solved)",
                count(t.threads as usize, "thread")
            ),
        });
    }
    lines
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

fn row(solved: &Solved, name: &str, wld: bool, width: usize, minimal: bool) -> String {
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
