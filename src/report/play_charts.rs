//! A play report's charts of the moves: the depth each agent's searches reached
//! (`xtabs/depth_reached`, `plots/depth_reached`) and the nodes each search agent spent at
//! each ply, median and spread on a log scale (`plots/nodes_per_ply`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::chart_kit::{self, Bands, Bars, Series};
use super::play_kept::write_grid;
use super::play_sections::{ordered_insert, split_agent};
use super::tables::Grid;
use crate::error::ReportError;
use crate::store::games::MoveRow;

/// The per-move charts from the moves (depth reached, nodes per ply), with the depth
/// table; their names.
pub(super) fn move_charts(
    xtabs: &Path,
    plots: &Path,
    moves: &[MoveRow],
    written: &mut Vec<PathBuf>,
) -> Result<Vec<&'static str>, ReportError> {
    let mut charts = Vec::new();
    if let Some(grid) = depth_reached(moves) {
        written.extend(write_grid(xtabs, "depth_reached", &grid)?);
        let bars = depth_bars(&grid);
        written.extend(chart_kit::write(plots, "depth_reached", (900, 520), &bars)?);
        charts.push("depth_reached");
    }
    let (series, bands) = nodes_per_ply(moves);
    // Too few moves at every ply (a few games): no chart (and none left from before).
    if series.iter().any(|s| !s.points.is_empty()) {
        let chart = Bands {
            title: format!(
                "Nodes per move by ply (median; band: 10th to 90th percentile of {BAND_MOVES}+ moves)"
            ),
            x_label: "ply".into(),
            y_label: "nodes".into(),
            series,
            bands,
        };
        written.extend(chart_kit::write(
            plots,
            "nodes_per_ply",
            (900, 560),
            &chart,
        )?);
        charts.push("nodes_per_ply");
    }
    Ok(charts)
}

/// The depth reached per move as bars, each agent's share of its moves by depth. The axis
/// ends where 99% of the moves are: the rare far deeper reports (an engine's depth for a
/// forced move or a found mate) share one last bar, not the axis.
fn depth_bars(grid: &Grid) -> Bars {
    let shown = robust_columns(grid);
    let categories: Vec<String> = match shown < grid.cols.len() {
        true => grid.cols[..shown]
            .iter()
            .cloned()
            .chain([format!("{}+", grid.cols[shown])])
            .collect(),
        false => grid.cols.clone(),
    };
    let series = grid
        .rows
        .iter()
        .zip(&grid.cells)
        .map(|(name, row)| {
            let total: f64 = row.iter().flatten().sum();
            let share = |v: f64| 100.0 * v / total.max(1.0);
            let mut bars: Vec<f64> = row[..shown]
                .iter()
                .map(|v| share(v.unwrap_or(0.0)))
                .collect();
            if shown < row.len() {
                bars.push(share(row[shown..].iter().flatten().sum()));
            }
            (name.clone(), bars)
        })
        .collect();
    Bars {
        title: "Depth reached per move".into(),
        x_label: "depth of the last finished iteration".into(),
        y_label: "share of moves (%)".into(),
        categories,
        series,
    }
}

/// Moves by the depth their search reached, rows agents (timed or node-limited searches
/// only: fixed depths reach their depth), columns depths.
fn depth_reached(moves: &[MoveRow]) -> Option<Grid> {
    let varies = |agent: &str| {
        let (_, limit) = split_agent(agent);
        limit.contains("movetime") || limit.contains("clock") || limit.contains("nodes")
    };
    let mut rows: Vec<String> = Vec::new();
    let mut counts: BTreeMap<(usize, u32), f64> = BTreeMap::new();
    let (mut lo, mut hi) = (u32::MAX, 0);
    for m in moves.iter().filter(|m| varies(&m.agent)) {
        let Some(depth) = m.depth else { continue };
        let r = ordered_insert(&mut rows, &m.agent);
        *counts.entry((r, depth)).or_default() += 1.0;
        lo = lo.min(depth);
        hi = hi.max(depth);
    }
    if rows.is_empty() {
        return None;
    }
    let cols: Vec<u32> = (lo..=hi).collect();
    Some(Grid {
        row_var: "agent".into(),
        col_var: "depth".into(),
        cells: (0..rows.len())
            .map(|r| {
                cols.iter()
                    .map(|d| Some(*counts.get(&(r, *d)).unwrap_or(&0.0)))
                    .collect()
            })
            .collect(),
        rows,
        cols: cols.iter().map(|d| d.to_string()).collect(),
        integer: true,
    })
}

/// How many of the depth grid's columns a chart shows one by one (the rest go into one last
/// bar), or all of them: depths past three times the median are set apart first (an engine
/// reports a found mate or a forced move at its deepest depth, 245 for Stockfish), then the
/// axis ends at the depth that 99% of the other moves reach at most.
fn robust_columns(grid: &Grid) -> usize {
    let per_column: Vec<f64> = (0..grid.cols.len())
        .map(|c| grid.cells.iter().map(|row| row[c].unwrap_or(0.0)).sum())
        .collect();
    let depth = |c: usize| grid.cols[c].parse::<f64>().unwrap_or(0.0);
    let all: f64 = per_column.iter().sum();
    let mut seen = 0.0;
    let median = (0..per_column.len())
        .find(|&c| {
            seen += per_column[c];
            seen >= all / 2.0
        })
        .map_or(0.0, depth);
    let near = (0..per_column.len())
        .take_while(|&c| depth(c) <= 3.0 * median.max(1.0))
        .count();
    let total: f64 = per_column[..near].iter().sum();
    let mut seen = 0.0;
    for (c, count) in per_column[..near].iter().enumerate() {
        seen += count;
        if seen >= 0.99 * total {
            // One column past it at least, so that the last bar holds more than one depth.
            return match c + 2 < grid.cols.len() {
                true => c + 1,
                false => grid.cols.len(),
            };
        }
    }
    grid.cols.len()
}

/// Moves at a ply below which no percentile band is drawn: a 10th percentile of fewer moves
/// is one of its extremes.
const BAND_MOVES: usize = 20;

/// Per series, its band's (x, low, high).
type BandPoints = Vec<Vec<(f64, f64, f64)>>;

/// Per search agent (first agents), the median nodes of its moves at each ply and the 10th
/// to 90th percentile band where enough moves were played at the ply.
fn nodes_per_ply(moves: &[MoveRow]) -> (Vec<Series>, BandPoints) {
    let mut agents: Vec<String> = Vec::new();
    let mut by: BTreeMap<(usize, u32), Vec<f64>> = BTreeMap::new();
    for m in moves
        .iter()
        .filter(|m| m.role == "agent1" && m.depth.is_some())
    {
        let Some(nodes) = m.nodes.filter(|&n| n > 0) else {
            continue;
        };
        let a = ordered_insert(&mut agents, &m.agent);
        by.entry((a, m.ply)).or_default().push(nodes as f64);
    }
    let mut series = Vec::new();
    let mut bands = Vec::new();
    // Plies that few games reach make a noisy tail: drawn only with at least a tenth of the
    // agent's most frequent ply count (and 5) behind them.
    let enough: Vec<usize> = (0..agents.len())
        .map(|a| {
            let most = by
                .range((a, 0)..(a + 1, 0))
                .map(|(_, v)| v.len())
                .max()
                .unwrap_or(0);
            (most / 10).max(5)
        })
        .collect();
    for (a, name) in agents.iter().enumerate() {
        let mut points = Vec::new();
        let mut band = Vec::new();
        for ((_, ply), values) in by.range((a, 0)..(a + 1, 0)) {
            if values.len() < enough[a] {
                continue;
            }
            let mut v = values.clone();
            v.sort_by(f64::total_cmp);
            let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
            // The median, not the mean: on a log axis one long search would pull the mean
            // above every other move.
            points.push((*ply as f64, at(0.5)));
            if v.len() >= BAND_MOVES {
                band.push((*ply as f64, at(0.1), at(0.9)));
            }
        }
        series.push(Series {
            name: name.clone(),
            points,
        });
        bands.push(band);
    }
    (series, bands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_far_deeper_report_shares_the_last_bar_and_does_not_stretch_the_axis() {
        // 200 moves at depths 5..=10, then one at 245 (a found mate): columns 5..=245.
        let cols: Vec<String> = (5..=245).map(|d| d.to_string()).collect();
        let mut row: Vec<Option<f64>> = vec![Some(0.0); cols.len()];
        for d in 5..=10 {
            row[d - 5] = Some(if d == 10 { 0.0 } else { 40.0 });
        }
        row[240] = Some(1.0);
        let grid = Grid {
            row_var: "agent".into(),
            col_var: "depth".into(),
            rows: vec!["sf".into()],
            cols,
            cells: vec![row],
            integer: true,
        };
        let shown = robust_columns(&grid);
        assert_eq!(
            grid.cols[shown - 1],
            "9",
            "the axis ends at the last depth most moves reach"
        );
        // Found mates at depth 245 in 5% of the moves: set apart all the same.
        let mut mates = grid.clone();
        mates.cells[0][240] = Some(10.0);
        assert_eq!(mates.cols[robust_columns(&mates) - 1], "9");
        // A grid whose columns are all needed is shown whole.
        let small = Grid {
            cols: vec!["1".into(), "2".into()],
            cells: vec![vec![Some(1.0), Some(1.0)]],
            ..grid
        };
        assert_eq!(robust_columns(&small), 2);
    }
}
