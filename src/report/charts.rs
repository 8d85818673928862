//! nodeprof's charts of a report, drawn with the chart kit.

use std::path::{Path, PathBuf};

use super::chart_kit::{
    capitalised, write, DotPlot, GroupedDots, LineChart, Panels, Scatter, Series, Strips,
};
use super::export::{io_error, Exporter, ReportContext};
use super::metric::Metric;
use super::tables::{depth_key, Grid, Tables};
use super::text::count;
use crate::error::ReportError;

/// Depths that are numbers, as x values.
fn numeric_depth(depth: &str) -> Option<f64> {
    (depth_key(depth) != u64::MAX).then(|| depth_key(depth) as f64)
}

/// `metric` summed over the suite against depth, one line a variant.
pub fn metric_by_depth(
    tables: &Tables,
    metric: Metric,
    dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, ReportError> {
    let grid = &tables
        .by_depth
        .iter()
        .find(|(m, _)| *m == metric)
        .ok_or_else(|| no_such_metric(tables, metric, dir))?
        .1;
    // External engines count nodes their own way, and no leaves.
    let title = match metric == Metric::Nodes && tables.finished.iter().all(|r| r.leaf.is_none()) {
        true => "nodes (as each engine counts them)",
        false => metric.title(),
    };
    let title = format!(
        "{} by depth, summed over {}",
        capitalised(title),
        count(tables.positions.len(), "position")
    );
    let y_label = format!(
        "{title}{}",
        if metric.log_scale() {
            " (log scale)"
        } else {
            ""
        }
    );
    grid_by_depth(grid, title, y_label, metric.log_scale(), dir, stem)
}

/// The error for a chart of a metric that no search of the report has.
fn no_such_metric(tables: &Tables, metric: Metric, dir: &Path) -> ReportError {
    let present: Vec<String> = tables.by_depth.iter().map(|(m, _)| m.to_string()).collect();
    ReportError::NoMetric {
        path: dir.parent().unwrap_or(dir).to_path_buf(),
        metric: metric.to_string(),
        present: present.join(", "),
    }
}

/// A grid of variants by depth as lines against depth.
fn grid_by_depth(
    grid: &Grid,
    title: String,
    y_label: String,
    log_y: bool,
    dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, ReportError> {
    let series = grid
        .rows
        .iter()
        .zip(&grid.cells)
        .map(|(name, row)| Series {
            name: name.clone(),
            points: grid
                .cols
                .iter()
                .zip(row)
                .filter_map(|(d, v)| Some((numeric_depth(d)?, (*v)?)))
                .collect(),
        })
        .filter(|s: &Series| !s.points.is_empty())
        .collect();
    let chart = LineChart {
        title,
        x_label: "depth".into(),
        y_label,
        series,
        log_y,
        integer_x: true,
        legend: true,
        title_size: 22,
        lines: true,
        x_names: Vec::new(),
    };
    write(dir, stem, (960, 640), &chart)
}

/// One series a variant: the points `point` makes of its finished searches.
fn series_per_variant(
    tables: &Tables,
    point: impl Fn(&crate::store::Record) -> Option<(f64, f64)>,
) -> Vec<Series> {
    tables
        .names
        .iter()
        .map(|name| Series {
            name: name.clone(),
            points: tables
                .finished
                .iter()
                .filter(|r| &r.name == name)
                .filter_map(&point)
                .collect(),
        })
        .collect()
}

/// Nodes against depth per position, small multiples.
pub fn nodes_per_position(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let panels = tables
        .positions
        .iter()
        .map(|position| LineChart {
            title: position.clone(),
            x_label: String::new(),
            y_label: String::new(),
            series: series_per_variant(tables, |r| {
                if &r.position != position {
                    return None;
                }
                Some((numeric_depth(&r.depth)?, Metric::Nodes.of(r)?))
            }),
            log_y: true,
            integer_x: true,
            legend: false,
            title_size: 15,
            lines: true,
            x_names: Vec::new(),
        })
        .collect::<Vec<_>>();
    let rows = panels.len().div_ceil(5).max(1) as u32;
    let chart = Panels {
        title: "Nodes by depth, per position (log scale)".into(),
        legend: tables
            .names
            .iter()
            .enumerate()
            .filter(|(i, _)| panels.iter().any(|p| !p.series[*i].points.is_empty()))
            .map(|(i, name)| (i, name.clone()))
            .collect(),
        panels,
    };
    write(
        dir,
        "nodes_by_depth_per_position",
        (1500, 80 + 260 * rows),
        &chart,
    )
}

/// Positions and variants beyond which the per-position chart becomes one row a variant.
const MAX_DOT_POSITIONS: usize = 30;
const MAX_DOT_VARIANTS: usize = 10;

/// A position's name without its file's extension (`end01.pos` → `end01`).
fn short_position(position: &str) -> String {
    match position.split_once(':') {
        Some((file, line)) => format!("{}:{line}", short_position(file)),
        None => Path::new(position)
            .file_stem()
            .map_or(position.to_string(), |s| s.to_string_lossy().into_owned()),
    }
}

/// Exact sweeps: nodes of each variant on each position. A few positions: a dot a variant
/// above each position (no lines: the positions are independent cases); many positions or
/// variants: one row a variant, a dot a position, the median marked.
pub fn nodes_by_position(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let place = |position: &str| {
        tables
            .positions
            .iter()
            .position(|p| p == position)
            .map(|i| i as f64 + 1.0)
    };
    let (first, last) = (
        tables
            .positions
            .first()
            .map_or(String::new(), |p| short_position(p)),
        tables
            .positions
            .last()
            .map_or(String::new(), |p| short_position(p)),
    );
    if tables.positions.len() > MAX_DOT_POSITIONS || tables.names.len() > MAX_DOT_VARIANTS {
        let rows: Vec<(String, Vec<f64>)> = tables
            .names
            .iter()
            .map(|name| {
                let values = tables
                    .finished
                    .iter()
                    .filter(|r| &r.name == name)
                    .filter_map(|r| Metric::Nodes.of(r))
                    .collect();
                (name.clone(), values)
            })
            .collect();
        let chart = Strips {
            title: format!(
                "Nodes per position solved to the end, {} ({first} to {last}): a dot a position, | the median",
                count(tables.positions.len(), "position")
            ),
            x_label: "nodes (log scale)".into(),
            rows,
        };
        let height = 130 + 40 * tables.names.len() as u32;
        return write(dir, "nodes_by_position", (1200, height), &chart);
    }
    let chart = LineChart {
        title: format!("Nodes per position, solved to the end ({first} to {last}, log scale)"),
        x_label: "position".into(),
        y_label: "nodes".into(),
        series: series_per_variant(tables, |r| {
            Some((place(&r.position)?, Metric::Nodes.of(r)?))
        }),
        log_y: true,
        integer_x: true,
        legend: true,
        title_size: 22,
        lines: false,
        x_names: tables.positions.iter().map(|p| short_position(p)).collect(),
    };
    write(dir, "nodes_by_position", (1200, 640), &chart)
}

/// Leaves of each variant relative to the baseline's at the deepest common depth.
pub fn leaves_vs_baseline(
    tables: &Tables,
    baseline: &str,
    dir: &Path,
) -> Result<Vec<PathBuf>, ReportError> {
    let Some(depth) = tables.depths.iter().rev().find(|d| {
        tables
            .totals
            .iter()
            .any(|t| &t.depth == *d && t.name == baseline && t.missing == 0)
    }) else {
        return Ok(Vec::new());
    };
    let base = tables
        .totals
        .iter()
        .find(|t| &t.depth == depth && t.name == baseline)
        .map_or(0, |t| t.counters.leaf);
    let dots: Vec<(String, f64)> = tables
        .totals
        .iter()
        .filter(|t| &t.depth == depth && base > 0)
        .map(|t| (t.name.clone(), 100.0 * t.counters.leaf as f64 / base as f64))
        .collect();
    let rows = dots.len() as u32;
    let chart = DotPlot {
        title: format!("Leaves relative to {baseline} at depth {depth}"),
        x_label: format!("leaves, % of {baseline} (log scale)"),
        dots,
    };
    write(dir, "leaves_vs_baseline", (1100, 130 + 40 * rows), &chart)
}

/// `metric` of every finished search against its nodes, coloured by variant (log-log), into
/// `<dir>/<stem>.svg` and `.png`.
pub fn metric_vs_nodes(
    tables: &Tables,
    metric: Metric,
    dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, ReportError> {
    if !tables.by_depth.iter().any(|(m, _)| *m == metric) {
        return Err(no_such_metric(tables, metric, dir));
    }
    let groups = series_per_variant(tables, |r| Some((Metric::Nodes.of(r)?, metric.of(r)?)));
    // Repeated timings: the fastest and slowest run around the median.
    let spreads: Vec<Vec<(f64, f64, f64)>> = match metric {
        Metric::TimeMs => tables
            .names
            .iter()
            .map(|name| {
                tables
                    .finished
                    .iter()
                    .filter(|r| &r.name == name && r.runs.is_some_and(|n| n > 1))
                    .filter_map(|r| {
                        let ms = |ns: Option<u64>| Some(ns? as f64 / 1e6);
                        Some((Metric::Nodes.of(r)?, ms(r.time_min_ns)?, ms(r.time_max_ns)?))
                    })
                    .collect()
            })
            .collect(),
        _ => Vec::new(),
    };
    let (log, axes) = match metric.log_scale() {
        true => (true, "log-log"),
        false => (false, "log x"),
    };
    let spread_note = match spreads.iter().any(|s| !s.is_empty()) {
        true => ", bars from the fastest to the slowest run",
        false => "",
    };
    let chart = Scatter {
        title: format!(
            "{} against nodes, every search ({axes}{spread_note})",
            capitalised(metric.title())
        ),
        x_label: "nodes".into(),
        y_label: metric.title().into(),
        groups,
        spreads,
        log_y: log,
    };
    write(dir, stem, (960, 640), &chart)
}

/// The benchmark tables' means (`xtabs/nodes_by_suite`): a row a variant, a dot a suite.
pub fn nodes_by_suite(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let Some((_, grid)) = tables.by_suite.iter().find(|(stem, _)| stem == "nodes") else {
        return Ok(Vec::new());
    };
    let groups = grid
        .cols
        .iter()
        .enumerate()
        .map(|(j, suite)| (suite.clone(), grid.cells.iter().map(|row| row[j]).collect()))
        .collect();
    // One depth for every row: it goes in the title, not after every name.
    let (rows, depth) = match tables.depths.as_slice() {
        [depth] => (
            grid.rows
                .iter()
                .map(|row| without_depth(row, depth))
                .collect(),
            match depth.as_str() {
                "end" => ", solved to the end".to_string(),
                d => format!(" at depth {d}"),
            },
        ),
        _ => (grid.rows.clone(), String::new()),
    };
    let title = match grid.cols.as_slice() {
        [suite] => format!("Mean nodes per position of {suite}{depth}"),
        _ => format!("Mean nodes per position, by variant and suite{depth}"),
    };
    let chart = GroupedDots {
        title,
        x_label: "nodes, mean per position (log scale)".into(),
        rows,
        groups,
    };
    write(
        dir,
        "nodes_by_suite",
        (
            1100,
            130 + 34 * grid.rows.len() as u32 + 40 * (grid.cols.len() > 1) as u32,
        ),
        &chart,
    )
}

/// A row label without its depth (`X_end`, `X_end@t2`, `negamax6`: `X`, `X@t2`, `negamax`),
/// where the title says it: the labels are the name and the depth, `_` before a depth that is
/// not a number (`Variant::row_label`).
fn without_depth(row: &str, depth: &str) -> String {
    let suffix = match depth.parse::<u32>() {
        Ok(_) => depth.to_string(),
        Err(_) => format!("_{depth}"),
    };
    let (name, threads) = match row.rfind("@t") {
        Some(at) => row.split_at(at),
        None => (row, ""),
    };
    match name.strip_suffix(&suffix) {
        Some(name) => format!("{name}{threads}"),
        None => row.to_string(),
    }
}

/// `plots/*.svg` and `.png`: nodes by depth (all and per position) or, solved to the end, by
/// position; leaves against the baseline; time against nodes.
pub struct Charts;

impl Exporter for Charts {
    fn export(&self, report: &ReportContext<'_>, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let (tables, options) = (report.tables, report.options);
        let plots = dir.join("plots");
        std::fs::create_dir_all(&plots).map_err(|source| io_error(&plots, source))?;
        let mut files = Vec::new();
        let has = |metric: Metric| tables.by_depth.iter().any(|(m, _)| *m == metric);
        if tables.depths.iter().any(|d| d.parse::<u32>().is_ok()) {
            if has(Metric::Nodes) {
                files.extend(metric_by_depth(
                    tables,
                    Metric::Nodes,
                    &plots,
                    "nodes_by_depth",
                )?);
            }
            files.extend(nodes_per_position(tables, &plots)?);
            files.extend(metric_by_depth(
                tables,
                Metric::TimeMs,
                &plots,
                "time_by_depth",
            )?);
        } else {
            files.extend(nodes_by_position(tables, &plots)?);
        }
        files.extend(nodes_by_suite(tables, &plots)?);
        // External engines report no leaves: no chart of them.
        if tables.finished.iter().any(|r| r.leaf.is_some()) {
            files.extend(leaves_vs_baseline(tables, &options.baseline, &plots)?);
        }
        files.extend(metric_vs_nodes(
            tables,
            Metric::TimeMs,
            &plots,
            "time_vs_nodes",
        )?);
        files.extend(distance_from_minimum(tables, &plots)?);
        files.extend(super::scaling::speedup_chart(tables, &plots)?);
        files.extend(super::families::budget_charts(tables, &plots)?);
        Ok(files)
    }
}

/// Nodes over the minimal tree (or, where no case has one, over the left-first minimal
/// graph) by depth, one line a variant; nothing without minimal columns or numbered depths.
pub fn distance_from_minimum(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let grid = |stem: &str| {
        tables
            .efficiency
            .iter()
            .find(|(s, g)| s == stem && g.cells.iter().flatten().any(Option::is_some))
            .map(|(_, g)| g)
    };
    let numbered = tables.depths.iter().any(|d| numeric_depth(d).is_some());
    let (grid, minimum) = match (grid("tree_ratio_by_depth"), grid("graph_ratio_by_depth")) {
        _ if !numbered => return Ok(Vec::new()),
        (Some(tree), _) => (tree, "minimal tree"),
        (None, Some(graph)) => (graph, "left-first minimal graph"),
        (None, None) => return Ok(Vec::new()),
    };
    // The positions summed at each depth: those whose minimum was counted there (a capped
    // minimal tree leaves the deeper, larger ones out).
    let has = |r: &&crate::store::Record| match minimum {
        "minimal tree" => r.minimal_tree.is_some(),
        _ => r.minimal_graph.is_some(),
    };
    let mut counts: Vec<usize> = tables
        .depths
        .iter()
        .filter(|d| numeric_depth(d).is_some())
        .map(|d| {
            let mut positions: Vec<&str> = tables
                .finished
                .iter()
                .filter(|r| &r.depth == d)
                .filter(has)
                .map(|r| r.position.as_str())
                .collect();
            positions.sort_unstable();
            positions.dedup();
            positions.len()
        })
        .filter(|&n| n > 0)
        .collect();
    counts.sort_unstable();
    let summed = match (counts.first(), counts.last()) {
        (Some(low), Some(high)) if low != high => {
            format!("summed over {low} to {high} positions a depth")
        }
        (Some(n), _) => format!("summed over {}", count(*n, "position")),
        _ => format!("summed over {}", count(tables.positions.len(), "position")),
    };
    let title = format!("Nodes over the {minimum} by depth, {summed}");
    let y_label = format!("nodes / {minimum} (log scale)");
    grid_by_depth(grid, title, y_label, true, dir, "distance_from_minimum")
}

#[cfg(test)]
mod tests {
    use super::without_depth;

    #[test]
    fn a_label_loses_its_depth_before_or_without_its_threads() {
        assert_eq!(without_depth("mtdf+tt_end", "end"), "mtdf+tt");
        assert_eq!(without_depth("mtdf+tt_end@t2", "end"), "mtdf+tt@t2");
        assert_eq!(without_depth("negamax6@t4", "6"), "negamax@t4");
        assert_eq!(without_depth("mtdf+tt:2566", "6"), "mtdf+tt:256");
        assert_eq!(without_depth("killer6_32", "6"), "killer6_32");
        assert_eq!(without_depth("pvs_end", "6"), "pvs_end");
    }
}
