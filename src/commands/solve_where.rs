//! `nodeprof solve --where`: where each solve's nodes go, after the table. Each position is
//! solved once more on one thread with the trail kept (see `search::trail`): its stages
//! (the iterations, the selective passes, the search to the end) with the nodes of their
//! ordering and ProbCut searches apart, ProbCut's cut-offs checked against the exact search, the passes of the search to the end, and the nodes
//! by empties.

use std::io::Write;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::measure::on_deep_stack;
use crate::position::Case;
use crate::report::text::thousands;
use crate::search::span::Span;
use crate::search::trail::{Pass, Stage, StageNodes, Trail};
use crate::search::{trail_of, SearchConfig, END};
use crate::with_position;

/// Where one position's solve went, as `--format json` gives it (the `where` array of the
/// `nodeprof-solve` document): the text's tables as fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhereDoc {
    pub position: String,
    pub empties: u32,
    pub nodes: u64,
    pub stages: Vec<StageDoc>,
    /// Nodes by empties where there are any, most empties first.
    pub by_empties: Vec<EmptiesDoc>,
    /// A proof-number search's root numbers over the search (its stages and empties are
    /// empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_numbers: Option<Vec<crate::search::root_report::ProofPoint>>,
    /// A Monte Carlo tree search's root moves, most visited first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_moves: Option<Vec<crate::search::root_report::RootVisit<String>>>,
    /// df-pn's table at the end of its search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<crate::search::root_report::TableUsage>,
    /// The tree's work and span under YBWC's rules (an alpha-beta search's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parallelism: Option<ParallelismDoc>,
}

/// The available parallelism of [`WhereDoc`]: work T1 and span T∞ in nodes, T1/T∞, and
/// Brent's bound on the speedup at 2, 4, 8 and 16 threads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParallelismDoc {
    pub work: u64,
    pub span: u64,
    pub parallelism: Option<f64>,
    pub predicted: Vec<PredictedDoc>,
}

/// Brent's bound at `threads` (see `search::span::Span::predicted_speedup`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PredictedDoc {
    pub threads: u32,
    pub speedup: Option<f64>,
}

/// The thread counts `--where` predicts a speedup at.
const PREDICTED_AT: [u32; 4] = [2, 4, 8, 16];

impl ParallelismDoc {
    fn of(span: &Span) -> ParallelismDoc {
        ParallelismDoc {
            work: span.work,
            span: span.span,
            parallelism: span.parallelism(),
            predicted: PREDICTED_AT
                .iter()
                .map(|&threads| PredictedDoc {
                    threads,
                    speedup: span.predicted_speedup(threads),
                })
                .collect(),
        }
    }
}

/// A stage of [`WhereDoc`]: `iteration` (with its `depth`), `selective` (with its `margin`)
/// or `exact`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageDoc {
    pub stage: String,
    pub depth: Option<u32>,
    pub margin: Option<i32>,
    pub nodes: u64,
    pub ordering: u64,
    pub probcut: u64,
    pub probcut_tries: u64,
    pub probcut_cuts: u64,
    pub probcut_checked: u64,
    pub probcut_wrong: u64,
    /// Its span under YBWC's rules (`parallelism`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<u64>,
    pub passes: Vec<PassDoc>,
}

/// A root pass of a [`StageDoc`]: its window (null: unbounded), value and result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PassDoc {
    pub alpha: Option<i32>,
    pub beta: Option<i32>,
    pub value: i32,
    pub result: String,
    pub nodes: u64,
}

/// The nodes at a count of empties: the main search's and the last-empties solver's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EmptiesDoc {
    pub empties: u32,
    pub main: u64,
    pub solver: u64,
}

impl WhereDoc {
    fn of(position: &str, empties: u32, trail: &Trail) -> WhereDoc {
        let pass = |p: &Pass| PassDoc {
            alpha: p.alpha,
            beta: p.beta,
            value: p.value,
            result: p.result().to_string(),
            nodes: p.nodes,
        };
        let stage = |s: &StageNodes| {
            let (name, depth, margin) = match s.stage {
                Stage::Iteration(d) => ("iteration", Some(d), None),
                Stage::Selective(m) => ("selective", None, Some(m)),
                Stage::Exact => ("exact", None, None),
            };
            StageDoc {
                stage: name.to_string(),
                depth,
                margin,
                nodes: s.nodes,
                ordering: s.ordering,
                probcut: s.probcut,
                probcut_tries: s.probcut_tries,
                probcut_cuts: s.probcut_cuts,
                probcut_checked: s.probcut_checked,
                probcut_wrong: s.probcut_wrong,
                span: s.span,
                passes: s.passes.iter().map(pass).collect(),
            }
        };
        let by_empties = (0..trail.by_empties.len())
            .rev()
            .map(|e| EmptiesDoc {
                empties: e as u32,
                main: trail.by_empties[e],
                solver: trail.solver_by_empties[e],
            })
            .filter(|e| e.main + e.solver > 0)
            .collect();
        WhereDoc {
            position: position.to_string(),
            empties,
            nodes: trail.nodes,
            stages: trail.stages.iter().map(stage).collect(),
            by_empties,
            proof_numbers: None,
            root_moves: None,
            table: None,
            parallelism: trail.span.as_ref().map(ParallelismDoc::of),
        }
    }
}

/// Writes where the nodes of each case's solve go (`config_for` as the table's solves), and
/// returns the same as documents.
pub fn write_where(
    cases: &[Case],
    config_for: impl Fn(&Case) -> SearchConfig,
    out: &mut dyn Write,
) -> Result<Vec<WhereDoc>, Error> {
    let mut docs = Vec::new();
    for case in cases {
        let config = SearchConfig {
            threads: 1,
            ..config_for(case).for_game(case.position.kind())
        };
        if config.variant.base.other_family() {
            docs.push(root_doc(case, &config, out)?);
            continue;
        }
        let trail = on_deep_stack(
            END,
            || with_position!(&case.position, p => trail_of(p, &config)),
        )
        .map_err(|source| Error::Search {
            case: case.name.clone(),
            source,
        })?;
        write_trail(&case.name, case.position.empties(), &trail, out)?;
        docs.push(WhereDoc::of(&case.name, case.position.empties(), &trail));
    }
    Ok(docs)
}

/// A proof-number or Monte Carlo search's root, written and as a document.
fn root_doc(case: &Case, config: &SearchConfig, out: &mut dyn Write) -> Result<WhereDoc, Error> {
    use super::solve_where_root::{root_of, write_root, RootDoc};
    let report = on_deep_stack(END, || root_of(case, config))?;
    let root = write_root(case, config, report, out)?;
    let (proof_numbers, root_moves, table, nodes) = match root {
        RootDoc::Proof(points, table, nodes) => (Some(points), None, table, nodes),
        RootDoc::Moves(moves, nodes) => (None, Some(moves), None, nodes),
    };
    Ok(WhereDoc {
        position: case.name.clone(),
        empties: case.position.empties(),
        nodes,
        stages: Vec::new(),
        by_empties: Vec::new(),
        proof_numbers,
        root_moves,
        table,
        parallelism: None,
    })
}

/// A share of `total` as a percentage.
fn share(nodes: u64, total: u64) -> String {
    format!("{:.1}%", 100.0 * nodes as f64 / total.max(1) as f64)
}

/// A row of the stages' table.
struct Row {
    name: String,
    passes: usize,
    nodes: u64,
    /// The stages' span (NA where it is not measured).
    span: Option<u64>,
    ordering: u64,
    probcut: u64,
    /// ProbCut's cuts and tries.
    cuts: (u64, u64),
    /// Of the cuts, those the exact search showed wrong, and those it checked.
    wrong: (u64, u64),
}

/// The row of `stages` summed, named `name`.
fn summed(name: String, stages: &[&StageNodes]) -> Row {
    let sum = |f: fn(&StageNodes) -> u64| stages.iter().map(|s| f(s)).sum::<u64>();
    Row {
        name,
        passes: stages.iter().map(|s| s.passes.len()).sum(),
        nodes: sum(|s| s.nodes),
        span: stages.iter().map(|s| s.span).sum(),
        ordering: sum(|s| s.ordering),
        probcut: sum(|s| s.probcut),
        cuts: (sum(|s| s.probcut_cuts), sum(|s| s.probcut_tries)),
        wrong: (sum(|s| s.probcut_wrong), sum(|s| s.probcut_checked)),
    }
}

/// The stages, the iterations summed into one row.
fn stage_rows(trail: &Trail) -> Vec<Row> {
    let iterations: Vec<&StageNodes> = trail
        .stages
        .iter()
        .filter(|s| matches!(s.stage, Stage::Iteration(_)))
        .collect();
    let mut rows = Vec::new();
    if let Some(Stage::Iteration(last)) = iterations.last().map(|s| s.stage) {
        rows.push(summed(format!("iterations 1..{last} (+id)"), &iterations));
    }
    for s in &trail.stages {
        let name = match s.stage {
            Stage::Iteration(_) => continue,
            Stage::Selective(margin) => format!("selective pass, margin {margin} (+probcut)"),
            Stage::Exact => "to the end (exact)".to_string(),
        };
        rows.push(summed(name, &[s]));
    }
    rows
}

/// One case's trail as text.
fn write_trail(name: &str, empties: u32, trail: &Trail, out: &mut dyn Write) -> Result<(), Error> {
    let total = trail.nodes;
    writeln!(
        out,
        "\nWhere the nodes go: {name} ({empties} empties), {} nodes",
        thousands(total)
    )?;
    writeln!(
        out,
        "  {:<40} | {:>6} | {:>13} | {:>6} | {:>13} | {:>13} | {:>13} | {:>17} | {:>15}",
        "stage",
        "passes",
        "nodes",
        "share",
        "span (YBWC)",
        "ordering",
        "probcut",
        "probcut cuts/tries",
        "wrong/checked"
    )?;
    for row in stage_rows(trail) {
        writeln!(
            out,
            "  {:<40} | {:>6} | {:>13} | {:>6} | {:>13} | {:>13} | {:>13} | {:>17} | {:>15}",
            row.name,
            row.passes,
            thousands(row.nodes),
            share(row.nodes, total),
            row.span.map_or("-".into(), thousands),
            thousands(row.ordering),
            thousands(row.probcut),
            format!("{} / {}", thousands(row.cuts.0), thousands(row.cuts.1)),
            format!("{} / {}", thousands(row.wrong.0), thousands(row.wrong.1))
        )?;
    }
    if let Some(exact) = trail.stages.iter().find(|s| s.stage == Stage::Exact) {
        writeln!(out, "  passes to the end:")?;
        for (i, pass) in exact.passes.iter().enumerate() {
            writeln!(
                out,
                "  {:>4}. window {:<12} value {:>4}  {:<9} | {:>13} | {:>6}",
                i + 1,
                pass.window(),
                pass.value,
                pass.result(),
                thousands(pass.nodes),
                share(pass.nodes, total)
            )?;
        }
    }
    write_by_empties(trail, out)?;
    match &trail.span {
        Some(span) => write_span(span, out),
        None => Ok(()),
    }
}

/// The available parallelism: the tree's work and span under YBWC's rules, and Brent's
/// bound on the speedup.
fn write_span(span: &Span, out: &mut dyn Write) -> Result<(), Error> {
    let times = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:.2}×"));
    let predicted: Vec<String> = PREDICTED_AT
        .iter()
        .map(|&p| format!("{p}: {}", times(span.predicted_speedup(p))))
        .collect();
    writeln!(
        out,
        "  available parallelism (YBWC's splits, in nodes): work {}, span {}, work/span {}; \
         predicted speedup (Brent) at {}",
        thousands(span.work),
        thousands(span.span),
        span.parallelism().map_or("-".into(), |x| format!("{x:.1}")),
        predicted.join(", ")
    )?;
    Ok(())
}

/// The nodes by empties: the main search's, and the last-empties solver's (each node at
/// its own empties).
fn write_by_empties(trail: &Trail, out: &mut dyn Write) -> Result<(), Error> {
    let total = trail.nodes;
    writeln!(
        out,
        "  {:>7} | {:>13} | {:>13} | {:>6}",
        "empties", "main search", "last solver", "share"
    )?;
    for e in (0..trail.by_empties.len()).rev() {
        let (main, solver) = (trail.by_empties[e], trail.solver_by_empties[e]);
        if main + solver > 0 {
            writeln!(
                out,
                "  {e:>7} | {:>13} | {:>13} | {:>6}",
                thousands(main),
                thousands(solver),
                share(main + solver, total)
            )?;
        }
    }
    Ok(())
}
