//! `nodeprof solve --where` for a search of another family, which has no stages or passes:
//! a proof-number search's root proof and disproof numbers over the search (a point at each
//! doubling of the nodes and at the end of each proof; df-pn's at its root's iterations), and
//! a Monte Carlo tree search's root moves with their visits, mean rewards and proven values.

use std::io::Write;

use crate::error::Error;
use crate::position::Case;
use crate::report::text::thousands;
use crate::search::report_root as root_report;
use crate::search::root_report::{ProofPoint, RootReport, RootVisit, TableUsage};
use crate::search::SearchConfig;
use crate::with_position;

/// What one case's root showed: its numbers' points (and df-pn's table) or its moves, and
/// the search's nodes.
pub enum RootDoc {
    Proof(Vec<ProofPoint>, Option<TableUsage>, u64),
    Moves(Vec<RootVisit<String>>, u64),
}

/// Searches `case` once more as `config` says: its root's report.
pub fn root_of(case: &Case, config: &SearchConfig) -> Result<RootReport<String>, Error> {
    with_position!(&case.position, p => root_report(p, config).map(named)).map_err(|source| {
        Error::Search {
            case: case.name.clone(),
            source,
        }
    })
}

/// Writes `case`'s root `report` (searched as `config` says).
pub fn write_root(
    case: &Case,
    config: &SearchConfig,
    report: RootReport<String>,
    out: &mut dyn Write,
) -> Result<RootDoc, Error> {
    let head = format!(
        "{} ({} empties), {}",
        case.name,
        case.position.empties(),
        config.variant
    );
    match report {
        RootReport::Proof(points, table) => write_points(&head, &points, table, out),
        RootReport::Visits(moves, nodes) => write_moves(&head, &moves, nodes, out),
    }
}

/// The report with its moves by name.
fn named<M: std::fmt::Display>(report: RootReport<M>) -> RootReport<String> {
    match report {
        RootReport::Proof(points, table) => RootReport::Proof(points, table),
        RootReport::Visits(moves, nodes) => RootReport::Visits(
            moves
                .into_iter()
                .map(|v| RootVisit {
                    mv: v.mv.to_string(),
                    visits: v.visits,
                    mean: v.mean,
                    proven: v.proven,
                })
                .collect(),
            nodes,
        ),
    }
}

fn number(n: Option<u32>) -> String {
    n.map_or("∞".into(), |n| thousands(n as u64))
}

fn write_points(
    head: &str,
    points: &[ProofPoint],
    table: Option<TableUsage>,
    out: &mut dyn Write,
) -> Result<RootDoc, Error> {
    let nodes = points.last().map_or(0, |p| p.nodes);
    writeln!(
        out,
        "\nThe root's proof and disproof numbers: {head}, {} nodes",
        thousands(nodes)
    )?;
    writeln!(
        out,
        "  {:>8} | {:>13} | {:>13} | {:>13}",
        "goal", "nodes", "proof", "disproof"
    )?;
    for p in points {
        writeln!(
            out,
            "  {:>8} | {:>13} | {:>13} | {:>13}",
            format!(">= {}", p.at_least),
            thousands(p.nodes),
            number(p.proof),
            number(p.disproof)
        )?;
    }
    if let Some(t) = table {
        writeln!(
            out,
            "  table: {} entries, {} in use ({:.1}%), {} stores replaced another position's entry",
            thousands(t.entries),
            thousands(t.used),
            100.0 * t.used as f64 / t.entries.max(1) as f64,
            thousands(t.replaced)
        )?;
    }
    Ok(RootDoc::Proof(points.to_vec(), table, nodes))
}

fn write_moves(
    head: &str,
    moves: &[RootVisit<String>],
    nodes: u64,
    out: &mut dyn Write,
) -> Result<RootDoc, Error> {
    let total: u64 = moves.iter().map(|m| m.visits).sum();
    writeln!(
        out,
        "\nThe root's moves, most visited first: {head}, {} nodes",
        thousands(nodes)
    )?;
    writeln!(
        out,
        "  {:>6} | {:>13} | {:>6} | {:>6} | {:>6}",
        "move", "visits", "share", "mean", "proven"
    )?;
    for m in moves {
        writeln!(
            out,
            "  {:>6} | {:>13} | {:>6} | {:>6} | {:>6}",
            m.mv,
            thousands(m.visits),
            format!("{:.1}%", 100.0 * m.visits as f64 / total.max(1) as f64),
            m.mean.map_or("-".into(), |r| format!("{r:.3}")),
            m.proven.map_or("-".into(), |v| format!("{v:+}"))
        )?;
    }
    Ok(RootDoc::Moves(moves.to_vec(), nodes))
}
