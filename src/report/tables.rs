//! From the rows of `runs.csv` to the tables every output is made of: for each metric, the
//! cross-table `name ~ position` (rows `negamax2`, ..., one column per position) and the totals
//! `name ~ depth`, computed with polars (group-by and pivot).

use std::sync::Arc;

use polars::frame::PivotColumnNaming;
use polars::prelude::*;

use super::metric::Metric;
use crate::counters::{Counters, COUNTERS};
use crate::error::ReportError;
use crate::store::cuts::CutRow;
use crate::store::Record;

/// A cross-table: row labels, column labels, cells (None is NA).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The variables of the rows and columns, as R prints them (`name`, `test`).
    pub row_var: String,
    pub col_var: String,
    pub rows: Vec<String>,
    pub cols: Vec<String>,
    pub cells: Vec<Vec<Option<f64>>>,
    /// Whether the cells are counts (printed without decimals).
    pub integer: bool,
}

/// One variant at one depth, summed over the positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Total {
    pub name: String,
    pub depth: String,
    /// Positions with a finished search.
    pub positions: usize,
    /// Positions that timed out or failed.
    pub missing: usize,
    pub nodes: u64,
    pub counters: Counters,
    /// Whether the searches reported counters (an external engine's have none: NA).
    pub counted: bool,
    pub time_ns: u64,
}

/// Everything the exporters draw on.
pub struct Tables {
    /// The metrics the tables have (every one but the detail counters no search counted).
    pub metrics: Vec<Metric>,
    /// Variant display names in sweep order.
    pub names: Vec<String>,
    /// Positions in sweep order.
    pub positions: Vec<String>,
    /// Depths in increasing order (`end` last).
    pub depths: Vec<String>,
    /// Suites in sweep order.
    pub suites: Vec<String>,
    /// Per metric: the `name ~ position` cross-table (none beyond `MAX_POSITION_COLUMNS`
    /// positions) and the `name ~ depth` totals.
    pub by_position: Vec<(Metric, Grid)>,
    pub by_depth: Vec<(Metric, Grid)>,
    /// Per metric (counts and time), the mean per position `name ~ suite`, then
    /// `nodes_per_second`: the suite's nodes over its time. Only for several suites, many
    /// positions or searches to the end (benchmark tables such as the Connect 4 tutorial's).
    pub by_suite: Vec<(String, Grid)>,
    /// Per variant and depth, in order.
    pub totals: Vec<Total>,
    /// Every finished search (names made unique as in the tables), for per-search charts.
    pub finished: Vec<Record>,
    pub rows_ok: usize,
    pub rows_not_ok: usize,
    /// The finished searches' cut-off histograms (`cuts.csv`, when the folder has one).
    pub cuts: Vec<CutRow>,
    /// The distance from the minimum (`tree_ratio`, `graph_ratio`, ...), when the runs
    /// have minimal columns (filled by `load`).
    pub efficiency: Vec<(String, Grid)>,
    /// How the parallel searches scale per case (`speedup`, `search_overhead`, ...), when
    /// some case was searched on one thread and more (filled by `load`).
    pub scaling: Vec<(String, Grid)>,
    /// The machine's load while the sweep searched (its `meta.json`'s `load`, filled by
    /// `load`), where recorded.
    pub load: Option<crate::measure::load::MachineLoad>,
}

impl Tables {
    /// The tables with every label of user text (variant, position and suite names) passed
    /// through `f` (the summary's Markdown escapes them), consistently, so that lookups by
    /// name still match.
    pub fn relabelled(&self, f: impl Fn(&str) -> String) -> Tables {
        let all = |list: &[String]| list.iter().map(|t| f(t)).collect::<Vec<_>>();
        let grid = |g: &Grid| Grid {
            rows: all(&g.rows),
            cols: all(&g.cols),
            ..g.clone()
        };
        let grids = |list: &[(Metric, Grid)]| list.iter().map(|(m, g)| (*m, grid(g))).collect();
        let named = |list: &[(String, Grid)]| {
            list.iter()
                .map(|(n, g)| (n.clone(), grid(g)))
                .collect::<Vec<_>>()
        };
        Tables {
            metrics: self.metrics.clone(),
            names: all(&self.names),
            positions: all(&self.positions),
            depths: self.depths.clone(),
            suites: all(&self.suites),
            by_position: grids(&self.by_position),
            by_depth: grids(&self.by_depth),
            by_suite: named(&self.by_suite),
            totals: (self.totals.iter())
                .map(|t| Total {
                    name: f(&t.name),
                    ..t.clone()
                })
                .collect(),
            finished: (self.finished.iter())
                .map(|r| Record {
                    suite: f(&r.suite),
                    position: f(&r.position),
                    variant: f(&r.variant),
                    name: f(&r.name),
                    label: f(&r.label),
                    ..r.clone()
                })
                .collect(),
            rows_ok: self.rows_ok,
            rows_not_ok: self.rows_not_ok,
            cuts: (self.cuts.iter())
                .map(|c| CutRow {
                    suite: f(&c.suite),
                    position: f(&c.position),
                    variant: f(&c.variant),
                    ..c.clone()
                })
                .collect(),
            efficiency: named(&self.efficiency),
            scaling: named(&self.scaling),
            load: self.load.clone(),
        }
    }
}

/// Beyond this many positions the per-position cross-tables are left out (a row of a
/// thousand cells is read by no one); the per-suite means stand for them.
pub const MAX_POSITION_COLUMNS: usize = 100;

/// Sort key of a depth: numbers in order, then `end`.
pub fn depth_key(depth: &str) -> u64 {
    depth.parse().unwrap_or(u64::MAX)
}

fn order_of(values: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = Vec::new();
    for v in values {
        if !seen.contains(&v) {
            seen.push(v);
        }
    }
    seen
}

/// Totals are 64-bit sums: a table whose sums would not fit is refused rather than summed
/// wrong.
fn check_totals_fit(records: &[&Record]) -> Result<(), ReportError> {
    let mut sums: std::collections::HashMap<(&str, &str), Vec<u128>> = Default::default();
    for r in records {
        let values = [r.nodes, r.time_ns]
            .into_iter()
            .chain((0..COUNTERS.len()).map(|i| r.counter(i)));
        let sum = sums
            .entry((&r.name, &r.depth))
            .or_insert_with(|| vec![0; COUNTERS.len() + 2]);
        for (total, value) in sum.iter_mut().zip(values) {
            *total += value.unwrap_or(0) as u128;
            if *total > u64::MAX as u128 {
                return Err(ReportError::Table(format!(
                    "the totals of {} at depth {} exceed 64 bits (a count in runs.csv is wrong)",
                    r.name, r.depth
                )));
            }
        }
    }
    Ok(())
}

fn polars_error(e: PolarsError) -> ReportError {
    ReportError::Table(e.to_string())
}

/// The long table polars works on: one row per finished search, metric columns derived.
fn long_frame(records: &[&Record], names: &[String]) -> PolarsResult<DataFrame> {
    let rank = |name: &str| names.iter().position(|n| n == name).unwrap_or(usize::MAX) as u64;
    let text =
        |f: &dyn Fn(&Record) -> String| records.iter().map(|r| f(r)).collect::<Vec<String>>();
    let count = |f: &dyn Fn(&Record) -> Option<u64>| {
        records.iter().map(|r| f(r)).collect::<Vec<Option<u64>>>()
    };
    let derived = |m: Metric| {
        records
            .iter()
            .map(|r| m.of(r))
            .collect::<Vec<Option<f64>>>()
    };
    DataFrame::new_infer_height(
        vec![
            Column::new("name".into(), text(&|r| r.name.clone())),
            Column::new(
                "name_rank".into(),
                records.iter().map(|r| rank(&r.name)).collect::<Vec<u64>>(),
            ),
            Column::new("depth".into(), text(&|r| r.depth.clone())),
            Column::new(
                "depth_key".into(),
                records
                    .iter()
                    .map(|r| depth_key(&r.depth))
                    .collect::<Vec<u64>>(),
            ),
            Column::new("label".into(), text(&|r| r.label.clone())),
            Column::new("suite".into(), text(&|r| r.suite.clone())),
            Column::new("position".into(), text(&|r| r.position.clone())),
            Column::new("nodes".into(), count(&|r| r.nodes)),
            Column::new("time_ns".into(), count(&|r| r.time_ns)),
            Column::new("time_ms".into(), derived(Metric::TimeMs)),
            Column::new("first_cut_rate".into(), derived(Metric::FirstCutRate)),
        ]
        .into_iter()
        .chain(
            COUNTERS
                .iter()
                .enumerate()
                .map(|(i, c)| Column::new(c.name.into(), count(&|r| r.counter(i)))),
        )
        .collect(),
    )
}

/// A pivot: one row per `index` value (in the frame's order), one column per `on` value in
/// `on_values` order, cells the `value` column.
fn pivot(
    frame: &DataFrame,
    index: &str,
    on: &str,
    on_values: &[String],
    value: &str,
) -> PolarsResult<DataFrame> {
    let on_columns = Arc::new(DataFrame::new_infer_height(vec![Column::new(
        on.into(),
        on_values.to_vec(),
    )])?);
    frame
        .clone()
        .lazy()
        .pivot(
            cols([on]),
            on_columns,
            cols([index]),
            cols([value]),
            element().first(),
            true,
            "_".into(),
            PivotColumnNaming::Auto,
        )
        .collect()
}

/// A polars result frame as a [`Grid`] (first column the row labels).
fn grid(frame: &DataFrame, row_var: &str, col_var: &str, integer: bool) -> PolarsResult<Grid> {
    let columns = frame.columns();
    let labels = columns[0].str()?;
    let rows: Vec<String> = labels
        .iter()
        .map(|l| l.unwrap_or("NA").to_string())
        .collect();
    let cols: Vec<String> = columns[1..].iter().map(|c| c.name().to_string()).collect();
    let mut cells = vec![Vec::with_capacity(cols.len()); rows.len()];
    for column in &columns[1..] {
        let values = column.cast(&DataType::Float64)?;
        for (row, v) in values.f64()?.iter().enumerate() {
            cells[row].push(v);
        }
    }
    Ok(Grid {
        row_var: row_var.into(),
        col_var: col_var.into(),
        rows,
        cols,
        cells,
        integer,
    })
}

/// The means per position of each count and of the time, by row label and suite, and the
/// nodes per second of each (label, suite).
fn suite_means(
    sorted: &DataFrame,
    suites: &[String],
    reported: &[Metric],
) -> PolarsResult<Vec<(String, Grid)>> {
    let metrics: Vec<Metric> = reported
        .iter()
        .copied()
        .filter(|m| m.is_count() || *m == Metric::TimeMs)
        .collect();
    let means = sorted
        .clone()
        .lazy()
        .group_by_stable([col("label"), col("suite")])
        .agg(
            metrics
                .iter()
                .map(|m| col(m.column()).cast(DataType::Float64).mean())
                .chain([(col("nodes").cast(DataType::Float64).sum()
                    / (col("time_ns").cast(DataType::Float64).sum() / lit(1e9)))
                .alias("nodes_per_second")])
                .collect::<Vec<_>>(),
        )
        .collect()?;
    let mut grids = Vec::new();
    for metric in &metrics {
        let wide = pivot(&means, "label", "suite", suites, metric.column())?;
        grids.push((
            metric.column().to_string(),
            grid(&wide, "name", "suite", false)?,
        ));
    }
    let wide = pivot(&means, "label", "suite", suites, "nodes_per_second")?;
    let mut rate = grid(&wide, "name", "suite", true)?;
    for row in &mut rate.cells {
        for cell in row.iter_mut() {
            *cell = cell.filter(|v| v.is_finite()).map(f64::round);
        }
    }
    grids.push(("nodes_per_second".to_string(), rate));
    Ok(grids)
}

/// Builds every table from the rows of a runs table.
pub fn build(records: &[Record]) -> Result<Tables, ReportError> {
    let renamed = named_apart(records);
    let records = &renamed[..];
    let mut by_seq: Vec<&Record> = records.iter().collect();
    by_seq.sort_by_key(|r| r.seq);
    let names = order_of(by_seq.iter().map(|r| r.name.clone()));
    let positions = order_of(by_seq.iter().map(|r| r.position.clone()));
    let mut depths = order_of(by_seq.iter().map(|r| r.depth.clone()));
    depths.sort_by_key(|d| depth_key(d));
    let ok: Vec<&Record> = by_seq
        .iter()
        .copied()
        .filter(|r| r.status.is_ok())
        .collect();
    if ok.is_empty() {
        return Err(ReportError::NoFinishedRuns);
    }
    check_totals_fit(&ok)?;
    let long = long_frame(&ok, &names).map_err(polars_error)?;
    let sorted = long
        .clone()
        .lazy()
        .sort(
            ["name_rank", "depth_key"],
            SortMultipleOptions::default().with_maintain_order(true),
        )
        .collect()
        .map_err(polars_error)?;
    // Metrics that no finished search has (an engine's leaves, say) and detail counters that
    // none counted are left out of the tables: a table of NA says nothing.
    let metrics: Vec<Metric> = Metric::all()
        .into_iter()
        .filter(|m| {
            ok.iter()
                .any(|r| m.of(r).is_some_and(|v| !m.is_detail() || v != 0.0))
        })
        .collect();
    let by_position = position_grids(&sorted, &positions, &metrics).map_err(polars_error)?;
    let suites = order_of(by_seq.iter().map(|r| r.suite.clone()));
    // Benchmark tables (the Connect 4 tutorial's): for several suites, many positions, or
    // searches to the end of the game.
    let solved = depths.iter().all(|d| d == "end");
    let by_suite = match suites.len() > 1 || positions.len() > MAX_POSITION_COLUMNS || solved {
        true => suite_means(&sorted, &suites, &metrics).map_err(polars_error)?,
        false => Vec::new(),
    };
    let totals_frame = totals_frame(&sorted).map_err(polars_error)?;
    let by_depth = depth_grids(&totals_frame, &depths, &metrics).map_err(polars_error)?;
    let totals = totals_of(&totals_frame, &by_seq, &names).map_err(polars_error)?;
    let finished = ok.iter().map(|r| (*r).clone()).collect();
    Ok(Tables {
        metrics,
        names,
        positions,
        depths,
        suites,
        by_position,
        by_depth,
        by_suite,
        totals,
        finished,
        rows_ok: ok.len(),
        rows_not_ok: records.len() - ok.len(),
        cuts: Vec::new(),
        efficiency: Vec::new(),
        scaling: Vec::new(),
        load: None,
    })
}

/// The records, with two variants of one display name (say `alphabeta` and its classic
/// form) named by their specs instead, so that they do not share rows.
fn named_apart(records: &[Record]) -> Vec<Record> {
    let mut specs: Vec<(&str, &str)> = records
        .iter()
        .map(|r| (r.name.as_str(), r.variant.as_str()))
        .collect();
    specs.sort_unstable();
    specs.dedup();
    let shared = |name: &str| specs.iter().filter(|(n, _)| *n == name).count() > 1;
    records
        .iter()
        .map(|r| {
            let mut r = r.clone();
            if shared(&r.name) {
                r.name = r.variant.clone();
            }
            r
        })
        .collect()
}

/// A grid per metric with a column per position (none past `MAX_POSITION_COLUMNS`).
fn position_grids(
    sorted: &DataFrame,
    positions: &[String],
    metrics: &[Metric],
) -> PolarsResult<Vec<(Metric, Grid)>> {
    let mut by_position = Vec::new();
    if positions.len() > MAX_POSITION_COLUMNS {
        return Ok(by_position);
    }
    for &metric in metrics {
        let wide = pivot(sorted, "label", "position", positions, metric.column())?;
        by_position.push((metric, grid(&wide, "name", "test", metric.is_count())?));
    }
    Ok(by_position)
}

/// Totals per variant and depth: the sums, the positions counted, the time in ms and the
/// first-cut rate.
fn totals_frame(sorted: &DataFrame) -> PolarsResult<DataFrame> {
    let summed: Vec<Expr> = ["nodes", "time_ns"]
        .into_iter()
        .chain(COUNTERS.iter().map(|c| c.name))
        .map(|c| col(c).sum())
        .chain([col("position").count().alias("positions")])
        .collect();
    let frame = sorted
        .clone()
        .lazy()
        .group_by_stable([col("name"), col("depth")])
        .agg(summed)
        .with_columns([(col("time_ns").cast(DataType::Float64) / lit(1e6)).alias("time_ms")])
        .collect()?;
    with_first_cut_rate(frame)
}

/// A grid per metric of the totals, with a column per depth.
fn depth_grids(
    totals_frame: &DataFrame,
    depths: &[String],
    metrics: &[Metric],
) -> PolarsResult<Vec<(Metric, Grid)>> {
    let mut by_depth = Vec::new();
    for &metric in metrics {
        let wide = pivot(totals_frame, "name", "depth", depths, metric.column())?;
        let mut g = grid(&wide, "name", "depth", metric.is_count())?;
        for row in &mut g.cells {
            for cell in row.iter_mut() {
                *cell = cell.filter(|v| v.is_finite());
            }
        }
        by_depth.push((metric, g));
    }
    Ok(by_depth)
}

/// The totals as rows (how many positions had no value, whether counters were reported),
/// in the variants' order, then by depth.
fn totals_of(
    totals_frame: &DataFrame,
    by_seq: &[&Record],
    names: &[String],
) -> PolarsResult<Vec<Total>> {
    let get = |name: &str| -> PolarsResult<Vec<u64>> {
        let c = totals_frame.column(name)?.cast(&DataType::UInt64)?;
        Ok(c.u64()?.iter().map(|v| v.unwrap_or(0)).collect())
    };
    let texts = |name: &str| -> PolarsResult<Vec<String>> {
        Ok(totals_frame
            .column(name)?
            .str()?
            .iter()
            .map(|v| v.unwrap_or("").to_string())
            .collect())
    };
    let (tn, td) = (texts("name")?, texts("depth")?);
    let columns: Vec<Vec<u64>> = ["positions", "nodes", "time_ns"]
        .into_iter()
        .chain(COUNTERS.iter().map(|c| c.name))
        .map(get)
        .collect::<PolarsResult<_>>()?;
    let mut totals: Vec<Total> = (0..tn.len())
        .map(|i| {
            let of_cell = |r: &&&Record| r.name == tn[i] && r.depth == td[i];
            let all = by_seq.iter().filter(of_cell).count();
            Total {
                name: tn[i].clone(),
                depth: td[i].clone(),
                positions: columns[0][i] as usize,
                missing: all - columns[0][i] as usize,
                nodes: columns[1][i],
                time_ns: columns[2][i],
                counters: Counters::from_values(std::array::from_fn(|c| columns[3 + c][i])),
                counted: by_seq.iter().filter(of_cell).any(|r| r.leaf.is_some()),
            }
        })
        .collect();
    totals.sort_by_key(|t| (names.iter().position(|n| *n == t.name), depth_key(&t.depth)));
    Ok(totals)
}

/// `frame` with the `first_cut_rate` of its summed `first_cut` and `beta_cut` columns, by
/// the one definition (`counters::first_cut_rate`).
fn with_first_cut_rate(mut frame: DataFrame) -> PolarsResult<DataFrame> {
    let first = frame.column("first_cut")?.cast(&DataType::UInt64)?;
    let beta = frame.column("beta_cut")?.cast(&DataType::UInt64)?;
    let rates: Float64Chunked = first
        .u64()?
        .iter()
        .zip(beta.u64()?.iter())
        .map(|pair| match pair {
            (Some(first), Some(beta)) => crate::counters::first_cut_rate(first, beta),
            _ => None,
        })
        .collect();
    frame.with_column(rates.with_name("first_cut_rate".into()).into_column())?;
    Ok(frame)
}
