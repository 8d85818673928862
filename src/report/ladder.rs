//! What a depth ladder says beyond its totals, for nodeprof's variants and external engines
//! alike: the effective branching factor corrected for odd and even depths, nodes to
//! solution on suites that know their best moves, and, for engines, nodeprof's clock against
//! the engine's own.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::tables::{depth_key, Tables};
use super::text::thousands;
use crate::store::Record;

/// sqrt(N(d) / N(d−2)) for the `i`-th total: alpha-beta's node counts alternate between odd
/// and even depths, so the ratio two plies apart, square-rooted, is the steadier branching
/// factor (NA without the total two depths before, or with cases missing).
pub fn ebf2(tables: &Tables, i: usize) -> Option<f64> {
    let t = &tables.totals[i];
    let depth = t.depth.parse::<u32>().ok()?;
    let two_before = tables
        .totals
        .iter()
        .find(|p| p.name == t.name && p.depth.parse::<u32>().ok() == depth.checked_sub(2))?;
    (two_before.nodes > 0 && two_before.missing == 0 && t.missing == 0)
        .then(|| (t.nodes as f64 / two_before.nodes as f64).sqrt())
}

/// Whether the nodes of `a` and `b` can be set side by side: two of nodeprof's variants
/// (their nodes are calls of one search function), or an engine with itself.
pub fn comparable(tables: &Tables, a: &str, b: &str) -> bool {
    let engine = |name: &str| {
        tables
            .finished
            .iter()
            .any(|r| r.name == name && r.is_engine())
    };
    a == b || (!engine(a) && !engine(b))
}

/// A variant's searches of one position, by depth.
fn ladders(tables: &Tables) -> BTreeMap<(usize, String), Vec<&Record>> {
    let mut by: BTreeMap<(usize, String), Vec<&Record>> = BTreeMap::new();
    for r in &tables.finished {
        let order = tables.names.iter().position(|n| *n == r.name).unwrap_or(0);
        by.entry((order, r.position.clone())).or_default().push(r);
    }
    for rows in by.values_mut() {
        rows.sort_by_key(|r| depth_key(&r.depth));
    }
    by
}

/// The nodes after which a ladder's best move is a right one and stays so to its last depth
/// (None: it is wrong at the last depth). The suite's best moves are canonical (EPD's SAN
/// `bm Nf3` is kept as `g1f3`), as the rows' best moves are.
fn nodes_to_solution(rows: &[&Record]) -> Option<Option<u64>> {
    let first = rows.first()?;
    let best: Vec<&str> = first.expected_best.as_deref()?.split_whitespace().collect();
    if best.is_empty() {
        return None;
    }
    let right = |r: &&Record| r.best_move.as_deref().is_some_and(|m| best.contains(&m));
    let from = rows.iter().rposition(|r| !right(r)).map_or(0, |i| i + 1);
    Some(rows.get(from).and_then(|r| r.nodes))
}

/// `## Nodes to solution`: per variant, the positions whose suite lists best moves, how many
/// it solved (right from some depth to its last), and the nodes that took; empty when no
/// ladder qualifies.
pub fn solution_section(tables: &Tables) -> String {
    // Per variant: positions, solved, the nodes of the solved.
    let mut per: BTreeMap<usize, (usize, Vec<u64>)> = BTreeMap::new();
    for ((order, _), rows) in ladders(tables) {
        if rows.len() < 2 {
            continue;
        }
        let Some(solved) = nodes_to_solution(&rows) else {
            continue;
        };
        let entry = per.entry(order).or_default();
        entry.0 += 1;
        if let Some(nodes) = solved {
            entry.1.push(nodes);
        }
    }
    if per.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "\n## Nodes to solution\n\nOn positions whose suite lists the best moves: a position \
         is solved when the best move is a right one from some depth on to the last depth \
         searched; its nodes to solution are the nodes of the search at that depth (for an \
         engine's iterations, counted from the `go`). `median` and `total` are over the \
         solved positions.\n\n| variant | positions | solved | median nodes | total nodes |\n\
         |---|--:|--:|--:|--:|\n",
    );
    for (order, (positions, mut nodes)) in per {
        nodes.sort_unstable();
        let median = nodes
            .get(nodes.len() / 2)
            .map_or("-".into(), |&n| thousands(n));
        let _ = writeln!(
            s,
            "| {} | {positions} | {} | {median} | {} |",
            tables.names[order],
            nodes.len(),
            thousands(nodes.iter().sum())
        );
    }
    s
}

/// `## Engines`: each external engine's own name and, at each depth, its mean selective
/// depth and nodeprof's clock (from `go` to the report) against the engine's own time: the
/// protocol's overhead. Empty without engines.
pub fn engine_section(tables: &Tables) -> String {
    let engines: Vec<(&String, &str)> = tables
        .names
        .iter()
        .filter_map(|n| {
            let r = tables
                .finished
                .iter()
                .find(|r| r.name == *n && r.is_engine())?;
            Some((n, r.engine.as_deref().unwrap_or("-")))
        })
        .collect();
    if engines.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "\n## Engines\n\n`time` is the engine's own (its `info ... time`, summed over the \
         positions); `wall` is nodeprof's clock from sending `go` to reading that depth's \
         report; `overhead`, wall over time less one (engines print whole milliseconds, and \
         Stockfish adds one to avoid dividing by zero: at shallow depths their time exceeds \
         nodeprof's clock; the deepest rows tell the overhead). Counters an engine does not report are \
         NA, and its nodes are its own to define: compare raw nodes within one engine.\n\n\
         | engine | calls itself | depth | mean seldepth | time (ms) | wall (ms) | overhead |\n\
         |---|---|--:|--:|--:|--:|--:|\n",
    );
    for (name, id) in engines {
        for depth in &tables.depths {
            let rows: Vec<&Record> = tables
                .finished
                .iter()
                .filter(|r| r.name == *name && r.depth == *depth)
                .collect();
            if rows.is_empty() {
                continue;
            }
            let sel: Vec<u32> = rows.iter().filter_map(|r| r.seldepth).collect();
            let mean_sel = match sel.is_empty() {
                true => "-".into(),
                false => format!("{:.1}", sel.iter().sum::<u32>() as f64 / sel.len() as f64),
            };
            let time: u64 = rows.iter().filter_map(|r| r.time_ns).sum();
            let wall: u64 = rows.iter().filter_map(|r| r.wall_ns).sum();
            let overhead = match time {
                0 => "-".into(),
                t => format!("{:+.1}%", 100.0 * (wall as f64 / t as f64 - 1.0)),
            };
            let _ = writeln!(
                s,
                "| {name} | {id} | {depth} | {mean_sel} | {:.1} | {:.1} | {overhead} |",
                time as f64 / 1e6,
                wall as f64 / 1e6
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(depth: &str, best: &str, nodes: u64) -> Record {
        Record {
            game: "reversi".into(),
            depth: depth.into(),
            best_move: Some(best.into()),
            expected_best: Some("a1 h8".into()),
            nodes: Some(nodes),
            ..Record::default()
        }
    }

    #[test]
    fn a_position_is_solved_from_the_depth_its_move_stays_right() {
        let ladder = [
            row("1", "h8", 5),
            row("2", "b2", 20),
            row("3", "a1", 90),
            row("4", "h8", 400),
        ];
        let refs: Vec<&Record> = ladder.iter().collect();
        assert_eq!(nodes_to_solution(&refs), Some(Some(90)));
        let wrong_last = [row("1", "a1", 5), row("2", "b2", 20)];
        let refs: Vec<&Record> = wrong_last.iter().collect();
        assert_eq!(nodes_to_solution(&refs), Some(None));
        let right_throughout = [row("1", "a1", 5), row("2", "a1", 20)];
        let refs: Vec<&Record> = right_throughout.iter().collect();
        assert_eq!(nodes_to_solution(&refs), Some(Some(5)));
        // Chess's best moves are read as the others' are.
        let chess = [
            Record {
                game: "chess".into(),
                ..row("1", "b2", 5)
            },
            Record {
                game: "chess".into(),
                ..row("2", "a1", 40)
            },
        ];
        let refs: Vec<&Record> = chess.iter().collect();
        assert_eq!(nodes_to_solution(&refs), Some(Some(40)));
    }
}
