//! The trace analysis as a table: one row a search, as text (the terminal and a writeup)
//! and as CSV (one column a figure, NA where a figure does not apply).

use super::analyse::{Search, Tally, CUT_BUCKETS};
use super::format::Depth;
use crate::report::text::thousands;

/// The columns, in order.
pub const COLUMNS: &[&str] = &[
    "search",
    "variant",
    "depth",
    "passes",
    "nodes",
    "leaves",
    "interior",
    "pv",
    "cut",
    "all",
    "beta_cut",
    "first_cut",
    "second_cut",
    "third_cut",
    "cut_index_sq",
    "weighted_cut_index",
    "ebf",
    "tt_probe",
    "tt_hit",
    "tt_cut",
    "max_ply",
    "minimal_tree",
    "minimal_tree_leaves",
    "over_minimal",
];

fn depth_text(depth: Option<Depth>) -> String {
    match depth {
        Some(Depth::Plies(d)) => d.to_string(),
        Some(Depth::End) => "end".into(),
        None => "NA".into(),
    }
}

/// The weighted cut index: the root mean square position of the cutting move (1 at best).
pub fn weighted_cut_index(tally: &Tally) -> Option<f64> {
    (tally.beta_cut > 0).then(|| (tally.cut_index_sq as f64 / tally.beta_cut as f64).sqrt())
}

/// The effective branching factor: the nodes' `d`-th root, `d` the search's depth (its
/// deepest ply when it searches to the end).
pub fn effective_branching(tally: &Tally) -> Option<f64> {
    let plies = match tally.depth? {
        Depth::Plies(d) => d,
        Depth::End => tally.max_ply,
    };
    (plies > 0).then(|| (tally.nodes as f64).powf(1.0 / plies as f64))
}

/// One search's figures, as CSV cells in [`COLUMNS`] order.
pub fn cells(search: &Search) -> Vec<String> {
    let t = &search.tally;
    let na = || "NA".to_string();
    let float = |x: Option<f64>| x.map_or_else(na, |x| format!("{x:.4}"));
    let minimal = search.minimal;
    vec![
        search.name.clone(),
        search.variant.clone().unwrap_or_else(na),
        depth_text(t.depth),
        t.passes.to_string(),
        t.nodes.to_string(),
        t.leaves.to_string(),
        t.interior.to_string(),
        t.pv.to_string(),
        t.cut.to_string(),
        t.all.to_string(),
        t.beta_cut.to_string(),
        t.cut_by[0].to_string(),
        t.cut_by[1].to_string(),
        t.cut_by[2].to_string(),
        t.cut_index_sq.to_string(),
        float(weighted_cut_index(t)),
        float(effective_branching(t)),
        t.probes.to_string(),
        t.hits.to_string(),
        t.table_cuts.to_string(),
        t.max_ply.to_string(),
        minimal.map_or_else(na, |m| m.nodes.to_string()),
        minimal.map_or_else(na, |m| m.leaves.to_string()),
        float(minimal.map(|m| t.nodes as f64 / m.nodes as f64)),
    ]
}

/// The analysis of each trace file as CSV (a header line, then a line a search, the file
/// first); the text cells (the file, the search's name, the variant) guarded against a
/// spreadsheet's formulas.
pub fn csv(files: &[(String, Vec<Search>)]) -> std::io::Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(std::iter::once("file").chain(COLUMNS.iter().copied()))?;
    for (file, searches) in files {
        for search in searches {
            let mut row = vec![file.clone()];
            row.extend(cells(search));
            for text in &mut row[..3] {
                *text = crate::store::cell::escape(text).into_owned();
            }
            writer.write_record(&row)?;
        }
    }
    writer.into_inner().map_err(|e| e.into_error())
}

/// The analysis as a Markdown table: the searches' sizes, node types, cut-offs, table use
/// and distance from the minimal tree.
pub fn markdown(searches: &[Search]) -> String {
    let mut out = String::from(
        "| search | variant | depth | nodes | leaves | PV | CUT | ALL | cut-offs | 1st | 2nd | 3rd | later | weighted index | EBF | probes | hits | table cuts | minimal tree | / minimal |\n\
         |---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    for s in searches {
        let t = &s.tally;
        let share = |n: u64| match t.beta_cut {
            0 => "-".to_string(),
            all => format!("{:.1}%", 100.0 * n as f64 / all as f64),
        };
        let later: u64 = t.cut_by[3..CUT_BUCKETS].iter().sum();
        let float = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:.2}"));
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.name,
            s.variant.as_deref().unwrap_or("-"),
            depth_text(t.depth),
            thousands(t.nodes),
            thousands(t.leaves),
            thousands(t.pv),
            thousands(t.cut),
            thousands(t.all),
            thousands(t.beta_cut),
            share(t.cut_by[0]),
            share(t.cut_by[1]),
            share(t.cut_by[2]),
            share(later),
            float(weighted_cut_index(t)),
            float(effective_branching(t)),
            thousands(t.probes),
            thousands(t.hits),
            thousands(t.table_cuts),
            s.minimal.map_or("-".into(), |m| thousands(m.nodes)),
            float(s.minimal.map(|m| t.nodes as f64 / m.nodes as f64)),
        ));
    }
    out
}
