//! How far each search is from the least work possible: its nodes over the case's minimal
//! tree (Knuth and Moore) and over its own left-first minimal graph (Plaat, Schaeffer, Pijls
//! and de Bruin), from the `minimal_*` columns a `sweep --minimal` writes; and where its beta
//! cut-offs happen (from the counters and `cuts.csv`).

use std::collections::HashMap;
use std::fmt::Write;

use super::tables::{depth_key, Grid, Tables};
use crate::counters::weighted_cut_index;
use crate::store::cuts::CutRow;
use crate::store::Record;

/// The ratios of one variant at one depth, summed over the positions that have each minimum.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Distance {
    pub name: String,
    pub depth: String,
    /// Positions with a minimal tree; their nodes, leaves, the tree's nodes and leaves.
    pub tree_positions: usize,
    pub nodes_over_tree: u64,
    pub leaves_over_tree: u64,
    pub tree_nodes: u64,
    pub tree_leaves: u64,
    /// Positions where the search visited fewer leaves than the minimal tree (a table's
    /// transpositions, or values from deeper entries).
    pub below_tree: usize,
    /// Positions with a minimal graph; their nodes and the graphs' nodes.
    pub graph_positions: usize,
    pub nodes_over_graph: u64,
    pub graph_nodes: u64,
}

impl Distance {
    pub fn tree_ratio(&self) -> Option<f64> {
        ratio(self.nodes_over_tree, self.tree_nodes)
    }

    pub fn tree_leaf_ratio(&self) -> Option<f64> {
        ratio(self.leaves_over_tree, self.tree_leaves)
    }

    pub fn graph_ratio(&self) -> Option<f64> {
        ratio(self.nodes_over_graph, self.graph_nodes)
    }
}

pub(super) fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

/// Whether any finished search has a minimum to compare with.
pub fn has_minimum(finished: &[Record]) -> bool {
    finished
        .iter()
        .any(|r| r.minimal_tree.is_some() || r.minimal_graph.is_some())
}

/// The distances per variant and depth, in the tables' order.
pub fn distances(tables: &Tables) -> Vec<Distance> {
    let mut out: Vec<Distance> = Vec::new();
    for total in &tables.totals {
        let mut d = Distance {
            name: total.name.clone(),
            depth: total.depth.clone(),
            ..Distance::default()
        };
        for r in tables
            .finished
            .iter()
            .filter(|r| r.name == total.name && r.depth == total.depth)
        {
            if let (Some(nodes), Some(leaf), Some(tree), Some(tree_leaves)) =
                (r.nodes, r.leaf, r.minimal_tree, r.minimal_tree_leaves)
            {
                d.tree_positions += 1;
                d.nodes_over_tree += nodes;
                d.leaves_over_tree += leaf;
                d.tree_nodes += tree;
                d.tree_leaves += tree_leaves;
                d.below_tree += (leaf < tree_leaves) as usize;
            }
            if let (Some(nodes), Some(graph)) = (r.nodes, r.minimal_graph) {
                d.graph_positions += 1;
                d.nodes_over_graph += nodes;
                d.graph_nodes += graph;
            }
        }
        if d.tree_positions + d.graph_positions > 0 {
            out.push(d);
        }
    }
    out
}

/// The efficiency cross-tables (stem, grid): per search (`tree_ratio`, `graph_ratio`: rows
/// the labels, columns the positions) and per variant and depth (`..._by_depth`: ratios of
/// the sums). None without minimal columns.
pub fn grids(tables: &Tables) -> Vec<(String, Grid)> {
    if !has_minimum(&tables.finished) {
        return Vec::new();
    }
    let distances = distances(tables);
    let mut labels: Vec<(usize, u64, String)> = Vec::new();
    for r in &tables.finished {
        let key = (
            tables.names.iter().position(|n| *n == r.name).unwrap_or(0),
            depth_key(&r.depth),
            r.label.clone(),
        );
        if !labels.contains(&key) {
            labels.push(key);
        }
    }
    labels.sort();
    let rows: Vec<String> = labels.into_iter().map(|(_, _, l)| l).collect();
    type Of = fn(&Record) -> Option<f64>;
    let per_search: [(&str, Of); 2] = [
        ("tree_ratio", |r| {
            Some(r.nodes? as f64 / r.minimal_tree? as f64)
        }),
        ("graph_ratio", |r| {
            Some(r.nodes? as f64 / r.minimal_graph? as f64)
        }),
    ];
    let mut grids = Vec::new();
    for (stem, of) in per_search {
        let grid = ratio_grid(("name", &rows), ("test", &tables.positions), |label, p| {
            tables
                .finished
                .iter()
                .find(|r| r.label == *label && r.position == *p)
                .and_then(of)
        });
        grids.push((stem.to_string(), grid));
    }
    type Ratio = fn(&Distance) -> Option<f64>;
    let by_depth: [(&str, Ratio); 3] = [
        ("tree_ratio_by_depth", Distance::tree_ratio),
        ("tree_leaf_ratio_by_depth", Distance::tree_leaf_ratio),
        ("graph_ratio_by_depth", Distance::graph_ratio),
    ];
    for (stem, of) in by_depth {
        let grid = ratio_grid(
            ("name", &tables.names),
            ("depth", &tables.depths),
            |name, depth| {
                distances
                    .iter()
                    .find(|d| d.name == *name && d.depth == *depth)
                    .and_then(of)
            },
        );
        grids.push((stem.to_string(), grid));
    }
    grids
}

/// A grid of ratios: one row per `rows` value, one column per `cols` value, each cell `cell`.
pub(super) fn ratio_grid(
    (row_var, rows): (&str, &[String]),
    (col_var, cols): (&str, &[String]),
    cell: impl Fn(&String, &String) -> Option<f64>,
) -> Grid {
    Grid {
        row_var: row_var.into(),
        col_var: col_var.into(),
        rows: rows.to_vec(),
        cols: cols.to_vec(),
        cells: rows
            .iter()
            .map(|r| cols.iter().map(|c| cell(r, c)).collect())
            .collect(),
        integer: false,
    }
}

pub(super) fn times(ratio: Option<f64>) -> String {
    ratio.map_or("-".into(), |r| format!("{r:.2}×"))
}

/// The summary's section on the distance from the minimum (empty without minimal columns).
pub fn distance_section(tables: &Tables) -> String {
    let distances = distances(tables);
    if distances.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    let _ = writeln!(s, "\n## Distance from the minimum\n");
    let _ = writeln!(
        s,
        "Nodes over the least a search of the same case could visit, summed over the positions \
         that have each minimum. `minimal graph`: the left-first minimal graph of the variant \
         (Plaat, Schaeffer, Pijls and de Bruin 1996): alpha-beta with the window around the \
         known value, in the variant's own move order and with its table. `minimal tree`: the \
         fewest leaves, then nodes, any alpha-beta ordering must visit to prove the value \
         without a table (Knuth and Moore 1975), found by dynamic programming over the full \
         tree (NA where the full tree is over the cap). `leaves`: the same for leaves alone. \
         `below tree`: positions where the search visited fewer leaves than the minimal tree, \
         which only a table's transpositions (or its deeper values) allow.\n"
    );
    let _ = writeln!(
        s,
        "| variant | depth | positions | nodes / minimal graph | nodes / minimal tree | leaves / minimal leaves | below tree |"
    );
    let _ = writeln!(s, "|---|--:|--:|--:|--:|--:|--:|");
    for d in &distances {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} |",
            d.name,
            d.depth,
            d.graph_positions.max(d.tree_positions),
            times(d.graph_ratio()),
            times(d.tree_ratio()),
            times(d.tree_leaf_ratio()),
            match d.tree_positions {
                0 => "-".into(),
                n => format!("{} of {n}", d.below_tree),
            },
        );
    }
    s
}

/// The summary's section on move ordering and node types (empty when no search cut off).
pub fn cut_section(tables: &Tables) -> String {
    let counted: Vec<_> = tables
        .totals
        .iter()
        .filter(|t| t.counted && t.counters.beta_cut > 0)
        .collect();
    if counted.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    let _ = writeln!(s, "\n## Where the cut-offs happen\n");
    let _ = writeln!(
        s,
        "Beta cut-offs by the position of the move that made them (`1st` is the fail-high-first \
         rate), the weighted cut index (the root mean square position of the cutting move, 1 \
         at best: Hyatt's weighting in Schröder's move ordering tests), the nodes of windowed \
         searches by type (failed high, failed low, exact) and the root passes per iteration \
         (MTD(f) and bisection passes, aspiration re-searches).\n"
    );
    let _ = writeln!(
        s,
        "| variant | depth | cut-offs | 1st | 2nd | 3rd | later | weighted index | fail high | fail low | exact | passes / iteration |"
    );
    let _ = writeln!(s, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    for t in counted {
        let c = &t.counters;
        let share = |n: u64| format!("{:.1}%", 100.0 * n as f64 / c.beta_cut as f64);
        let later = c.beta_cut - c.first_cut - c.second_cut - c.third_cut;
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            t.name,
            t.depth,
            super::text::thousands(c.beta_cut),
            share(c.first_cut),
            share(c.second_cut),
            share(c.third_cut),
            share(later),
            weighted_cut_index(c.cut_index_sq, c.beta_cut)
                .map_or("-".into(), |w| format!("{w:.2}")),
            super::text::thousands(c.fail_high),
            super::text::thousands(c.fail_low),
            super::text::thousands(c.exact_node),
            ratio(c.pass, c.iteration).map_or("-".into(), |p| format!("{p:.2}")),
        );
    }
    s.push_str(&remaining_depth_section(tables));
    s
}

/// Deeper remaining depths than this share the last column of the table by remaining depth.
const REMAINING_COLUMNS: u32 = 12;

/// The fail-high-first rate by remaining depth, per variant, over all depths and positions
/// (from `cuts.csv`).
fn remaining_depth_section(tables: &Tables) -> String {
    if tables.cuts.is_empty() {
        return String::new();
    }
    let names: HashMap<_, &str> = tables
        .finished
        .iter()
        .map(|r| (r.key(), r.name.as_str()))
        .collect();
    // Per variant name and remaining depth: (first-move cut-offs, all cut-offs).
    let mut cells: HashMap<(&str, u32), (u64, u64)> = HashMap::new();
    let mut deepest = 0;
    for row in &tables.cuts {
        let Some(&name) = names.get(&row.key()) else {
            continue;
        };
        let column = row.remaining.min(REMAINING_COLUMNS);
        deepest = deepest.max(column);
        let cell = cells.entry((name, column)).or_default();
        cell.0 += (row.cut_move == "1") as u64 * row.cuts;
        cell.1 += row.cuts;
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nThe fail-high-first rate by the node's remaining depth (plies to the horizon, or \
         empties when solving), over every depth and position (`cuts.csv`):\n"
    );
    let columns: Vec<u32> = (1..=deepest).collect();
    let head: Vec<String> = columns
        .iter()
        .map(|&c| match c == REMAINING_COLUMNS {
            true => format!("{c}+"),
            false => c.to_string(),
        })
        .collect();
    let _ = writeln!(s, "| variant | {} |", head.join(" | "));
    let _ = writeln!(s, "|---|{}", "--:|".repeat(columns.len()));
    for name in &tables.names {
        if !cells.keys().any(|(n, _)| n == name) {
            continue;
        }
        let row: Vec<String> = columns
            .iter()
            .map(|&c| match cells.get(&(name.as_str(), c)) {
                Some(&(first, all)) if all > 0 => {
                    format!("{:.1}%", 100.0 * first as f64 / all as f64)
                }
                _ => "-".into(),
            })
            .collect();
        let _ = writeln!(s, "| {name} | {} |", row.join(" | "));
    }
    s
}

/// Keeps the cut rows of the finished searches.
pub fn finished_cuts(rows: Vec<CutRow>, finished: &[Record]) -> Vec<CutRow> {
    let keys: std::collections::HashSet<_> = finished.iter().map(Record::key).collect();
    rows.into_iter()
        .filter(|r| keys.contains(&r.key()))
        .collect()
}
