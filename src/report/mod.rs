//! Reports: from `runs.csv` alone (never from live search state), so `nodeprof report` can
//! redo tables and charts of an old sweep. Writes, for each metric, `xtabs/<metric>.csv` and
//! `.txt` (rows `name` = variant and depth, as `negamax2`; one column per position),
//! `xtabs/<metric>_by_depth.csv` and `.txt` (totals, rows variants, columns depths),
//! `summary.md` and the charts in `plots/`.

pub mod compare;
mod markdown;
pub mod plot;
pub mod tables;
pub mod text;

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::counters::{counter_index, COUNTERS};
use crate::error::ReportError;
use crate::sweep::record::{Record, STATUS_OK};
use crate::sweep::{read_runs, RUNS_FILE};
pub use tables::{Grid, Tables, Total};

/// What a cross-table can show: every counter of the schema, and what is derived from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// `leaf + interior`.
    Nodes,
    /// The counter `COUNTERS[i]`.
    Counter(usize),
    FirstCutRate,
    TimeMs,
}

impl Metric {
    /// Every metric, in the order files and lists show them.
    pub fn all() -> Vec<Metric> {
        std::iter::once(Metric::Nodes)
            .chain((0..COUNTERS.len()).map(Metric::Counter))
            .chain([Metric::FirstCutRate, Metric::TimeMs])
            .collect()
    }

    /// The counter of that name, as a metric.
    pub fn counter(name: &str) -> Option<Metric> {
        counter_index(name).map(Metric::Counter)
    }

    /// The column (and file) name.
    pub fn column(self) -> &'static str {
        match self {
            Metric::Nodes => "nodes",
            Metric::Counter(i) => COUNTERS[i].name,
            Metric::FirstCutRate => "first_cut_rate",
            Metric::TimeMs => "time_ms",
        }
    }

    /// For chart titles.
    pub fn title(self) -> &'static str {
        match self {
            Metric::Nodes => "nodes (leaf + interior)",
            Metric::Counter(i) => COUNTERS[i].title,
            Metric::FirstCutRate => "share of cut-offs on the first move",
            Metric::TimeMs => "time (ms)",
        }
    }

    /// Counts (whole numbers) rather than times and rates.
    pub fn is_count(self) -> bool {
        matches!(self, Metric::Nodes | Metric::Counter(_))
    }

    /// The metric of one search (None unless it finished).
    pub fn of(self, r: &Record) -> Option<f64> {
        match self {
            Metric::Nodes => r.nodes.map(|v| v as f64),
            Metric::Counter(i) => r.counters().map(|c| c.values()[i] as f64),
            Metric::FirstCutRate => match r.counters() {
                Some(c) if c.beta_cut > 0 => Some(c.first_cut as f64 / c.beta_cut as f64),
                _ => None,
            },
            Metric::TimeMs => r
                .time_ns
                .filter(|_| r.status == STATUS_OK)
                .map(|t| t as f64 / 1e6),
        }
    }

    /// Whether charts show it on a log scale.
    pub fn log_scale(self) -> bool {
        self != Metric::FirstCutRate
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.column())
    }
}

impl FromStr for Metric {
    type Err = String;
    /// The column names, and the classic writeups' `node` (leaf) and `inode` (interior).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let alias = match s {
            "node" => "leaf",
            "inode" => "interior",
            "time" => "time_ms",
            other => other,
        };
        Metric::all()
            .into_iter()
            .find(|m| m.column() == alias)
            .ok_or_else(|| {
                let names: Vec<&str> = Metric::all().iter().map(|m| m.column()).collect();
                format!(
                    "unknown metric '{s}', expected one of {} (or node, inode)",
                    names.join(", ")
                )
            })
    }
}

/// How to report.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// The variant (display name) the summary compares against.
    pub baseline: String,
    /// Line width of the text tables.
    pub width: usize,
    /// The cases the report shows (all by default).
    pub filter: Filter,
    /// Where the report goes (default: the folder of the runs).
    pub out: Option<PathBuf>,
}

/// Which cases of a runs table a report or chart shows: empty lists keep everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Variant display names (`negaalpha`) or specs (`alphabeta+tt`).
    pub variants: Vec<String>,
    /// Depths as the table writes them (`4`, `end`).
    pub depths: Vec<String>,
    /// Position names, with or without `.pos` (`end40`, `end40.pos`).
    pub positions: Vec<String>,
}

impl Filter {
    pub fn keeps(&self, r: &Record) -> bool {
        let any = |list: &[String], test: &dyn Fn(&str) -> bool| {
            list.is_empty() || list.iter().any(|v| test(v))
        };
        any(&self.variants, &|v| v == r.name || v == r.variant)
            && any(&self.depths, &|d| d == r.depth)
            && any(&self.positions, &|p| {
                p == r.position || r.position.strip_suffix(".pos") == Some(p)
            })
    }

    pub fn is_empty(&self) -> bool {
        self.variants.is_empty() && self.depths.is_empty() && self.positions.is_empty()
    }
}

impl fmt::Display for Filter {
    /// `variants a, b; depths 2, 3` (the parts given).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = [
            ("variants", &self.variants),
            ("depths", &self.depths),
            ("positions", &self.positions),
        ]
        .iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(name, list)| format!("{name} {}", list.join(", ")))
        .collect();
        write!(f, "{}", parts.join("; "))
    }
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            baseline: "negamax".into(),
            width: 80,
            filter: Filter::default(),
            out: None,
        }
    }
}

/// The subfolder where a profile sweep keeps the same sweep with nodeprof's defaults; the
/// summary then shows both side by side.
pub const DEFAULTS_DIR: &str = "nodeprof-defaults";

/// What a report wrote.
pub struct ReportOutput {
    pub tables: Tables,
    pub files: Vec<PathBuf>,
}

/// Reads `<dir>/runs.csv` and writes the whole report into `dir`. Everything is computed
/// before the first file is written, so bad input leaves the folder as it was.
pub fn run(dir: &Path, options: &ReportOptions) -> Result<ReportOutput, ReportError> {
    let tables = load(dir, &options.filter)?;
    let runs_dir = dir;
    let dir = options.out.as_deref().unwrap_or(dir);
    let mut files = Vec::new();
    let xtabs = dir.join("xtabs");
    let plots = dir.join("plots");
    for d in [&xtabs, &plots] {
        fs::create_dir_all(d).map_err(|source| io_error(d, source))?;
    }
    for (metric, grid) in &tables.by_position {
        files.extend(write_grid(&xtabs, metric.column(), grid, options.width)?);
    }
    for (metric, grid) in &tables.by_depth {
        files.extend(write_grid(
            &xtabs,
            &format!("{}_by_depth", metric.column()),
            grid,
            options.width,
        )?);
    }
    // A baseline absent from the runs (exact sweeps have no negamax) falls back to the
    // first variant.
    let options = &ReportOptions {
        baseline: match tables.names.contains(&options.baseline) {
            true => options.baseline.clone(),
            false => tables.names.first().cloned().unwrap_or_default(),
        },
        ..options.clone()
    };
    if tables.depths.iter().any(|d| d.parse::<u32>().is_ok()) {
        files.extend(plot::metric_by_depth(
            &tables,
            Metric::Nodes,
            &plots,
            "nodes_by_depth",
        )?);
        files.extend(plot::nodes_per_position(&tables, &plots)?);
    } else {
        files.extend(plot::nodes_by_position(&tables, &plots)?);
    }
    files.extend(plot::leaves_vs_baseline(
        &tables,
        &options.baseline,
        &plots,
    )?);
    files.extend(plot::metric_vs_nodes(
        &tables,
        Metric::TimeMs,
        &plots,
        "time_vs_nodes",
    )?);
    let defaults = match runs_dir.join(DEFAULTS_DIR).join(RUNS_FILE).is_file() {
        true => Some(load(&runs_dir.join(DEFAULTS_DIR), &options.filter)?),
        false => None,
    };
    let summary = dir.join("summary.md");
    let charts: Vec<&str> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
        .filter_map(|f| f.file_stem()?.to_str())
        .collect();
    let mut text = markdown::summary(&tables, options, &charts);
    if let Some(defaults) = &defaults {
        text.push_str(&markdown::side_by_side(&tables, defaults));
    }
    fs::write(&summary, text).map_err(|source| io_error(&summary, source))?;
    files.push(summary);
    Ok(ReportOutput { tables, files })
}

/// The tables of `<dir>/runs.csv`, of the cases `filter` keeps.
pub fn load(dir: &Path, filter: &Filter) -> Result<Tables, ReportError> {
    let path = dir.join(RUNS_FILE);
    if !path.is_file() {
        return Err(ReportError::NoRuns(path.display().to_string()));
    }
    let records = read_runs(&path)?;
    if records.is_empty() {
        return Err(ReportError::Empty(path.display().to_string()));
    }
    let all = records.len();
    let records: Vec<Record> = records.into_iter().filter(|r| filter.keeps(r)).collect();
    if records.is_empty() {
        return Err(ReportError::Filtered {
            path: path.display().to_string(),
            cases: all,
            filter: filter.to_string(),
        });
    }
    let mut seen = std::collections::HashSet::new();
    let duplicated: Vec<&Record> = records.iter().filter(|r| !seen.insert(r.key())).collect();
    if let Some(first) = duplicated.first() {
        return Err(ReportError::Duplicated {
            path: path.display().to_string(),
            count: duplicated.len(),
            first: format!("{} {} depth {}", first.position, first.variant, first.depth),
        });
    }
    tables::build(&records)
}

fn io_error(path: &Path, source: std::io::Error) -> ReportError {
    ReportError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Writes a cross-table as `<stem>.csv` (first column the row labels; NA for no value) and as
/// R prints it, `<stem>.txt`.
fn write_grid(
    dir: &Path,
    stem: &str,
    grid: &Grid,
    width: usize,
) -> Result<Vec<PathBuf>, ReportError> {
    let csv_path = dir.join(format!("{stem}.csv"));
    let mut w = csv::Writer::from_path(&csv_path).map_err(|e| ReportError::Csv {
        path: csv_path.display().to_string(),
        message: e.to_string(),
    })?;
    let csv_error = |e: csv::Error| ReportError::Csv {
        path: csv_path.display().to_string(),
        message: e.to_string(),
    };
    let header: Vec<&str> = std::iter::once(grid.row_var.as_str())
        .chain(grid.cols.iter().map(String::as_str))
        .collect();
    w.write_record(&header).map_err(csv_error)?;
    for (label, row) in grid.rows.iter().zip(&grid.cells) {
        let cells = row.iter().map(|&v| text::cell_text(v, grid.integer));
        w.write_record(std::iter::once(label.clone()).chain(cells))
            .map_err(csv_error)?;
    }
    w.flush().map_err(|source| io_error(&csv_path, source))?;
    let txt_path = dir.join(format!("{stem}.txt"));
    fs::write(&txt_path, text::render(grid, width))
        .map_err(|source| io_error(&txt_path, source))?;
    Ok(vec![csv_path, txt_path])
}
