//! `summary.md`: totals per variant and depth with the ratios a writeup needs, and the charts.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::export::{Exporter, ReportContext};
use super::metric::Metric;
use super::options::ReportOptions;
use super::tables::Tables;
use super::text::{count, md_escape, thousands};
use crate::error::ReportError;

/// `summary.md`, with the charts written before it and, for a profile sweep, the side by side
/// with nodeprof's defaults.
pub struct Summary;

impl Exporter for Summary {
    fn export(&self, report: &ReportContext<'_>, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let charts: Vec<&str> = report
            .written
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "png"))
            .filter_map(|f| f.file_stem()?.to_str())
            .collect();
        let mut text = summary(report.tables, report.options, &charts);
        if let Some(defaults) = report.defaults {
            text.push_str(&side_by_side(
                &report.tables.relabelled(md_escape),
                &defaults.relabelled(md_escape),
            ));
        }
        text.extend(super::text::merged_line(dir));
        let path = dir.join("summary.md");
        crate::store::replace(&path, text.as_bytes())?;
        Ok(vec![path])
    }
}

/// The geometric mean over the positions of `name`'s nodes as a share of `baseline`'s at
/// `depth` (positions both finished with nodes).
fn geomean_share(tables: &Tables, name: &str, baseline: &str, depth: &str) -> Option<f64> {
    let nodes_of = |variant: &str| -> std::collections::HashMap<&str, u64> {
        tables
            .finished
            .iter()
            .filter(|r| r.name == variant && r.depth == depth)
            .filter_map(|r| Some((r.position.as_str(), r.nodes.filter(|&n| n > 0)?)))
            .collect()
    };
    let (ours, theirs) = (nodes_of(name), nodes_of(baseline));
    let logs: Vec<f64> = tables
        .positions
        .iter()
        .filter_map(|p| {
            Some((*ours.get(p.as_str())? as f64 / *theirs.get(p.as_str())? as f64).ln())
        })
        .collect();
    (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp())
}

/// The sums of the fastest and of the slowest runs of `name` at `depth`, and the standard
/// deviation of the sum of one run of each (the positions' variances added, their runs being
/// independent; None when the table has no σ).
fn time_range(tables: &Tables, name: &str, depth: &str) -> (u64, u64, Option<f64>) {
    let rows = || {
        tables
            .finished
            .iter()
            .filter(move |r| r.name == name && r.depth == depth)
    };
    let (lo, hi) = rows().fold((0, 0), |(lo, hi), r| {
        (
            lo + r.time_min_ns.or(r.time_ns).unwrap_or(0),
            hi + r.time_max_ns.or(r.time_ns).unwrap_or(0),
        )
    });
    let variance: Option<f64> = rows()
        .map(|r| r.time_sd_ns.map(|sd| (sd as f64).powi(2)))
        .sum();
    (lo, hi, variance.map(f64::sqrt))
}

/// The benchmark tables of a sweep over several suites, many positions, or solved to the end:
/// per variant and suite, the mean nodes and time per position and the nodes per second (the layout of the
/// Connect 4 tutorial's tables).
fn suite_section(tables: &Tables) -> String {
    let mut s = String::new();
    let grid = |stem: &str| {
        tables
            .by_suite
            .iter()
            .find(|(g, _)| g == stem)
            .map(|(_, g)| g)
    };
    let (Some(nodes), Some(time), Some(rate)) =
        (grid("nodes"), grid("time_ms"), grid("nodes_per_second"))
    else {
        return s;
    };
    let _ = writeln!(s, "\n## Means per position, by suite\n");
    let _ = writeln!(
        s,
        "Mean nodes (every visited position) and mean time per position, and nodes per second (the \
         suite's nodes over its time), for each variant and suite (`xtabs/*_by_suite.csv`).\n"
    );
    let header = |s: &mut String, title: &str| {
        let _ = writeln!(s, "| {title} | {} |", nodes.cols.join(" | "));
        let _ = writeln!(s, "|---|{}", "--:|".repeat(nodes.cols.len()));
    };
    let cell = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map_or("NA".to_string(), f);
    for (title, g, f) in [
        ("mean nodes", nodes, &mean_text as &dyn Fn(f64) -> String),
        ("mean time", time, &|ms: f64| duration_text(ms)),
        ("nodes/s", rate, &|v: f64| thousands(v as u64)),
    ] {
        header(&mut s, title);
        for (label, row) in g.rows.iter().zip(&g.cells) {
            let cells: Vec<String> = row.iter().map(|&v| cell(v, f)).collect();
            let _ = writeln!(s, "| {label} | {} |", cells.join(" | "));
        }
        s.push('\n');
    }
    s
}

/// A mean count: whole from 1,000 up (thousands separated), else four significant digits.
pub fn mean_text(v: f64) -> String {
    if v >= 1000.0 {
        thousands(v.round() as u64)
    } else if v >= 100.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// A time in milliseconds with its unit: `4.568 µs`, `96.63 ms`, `5.490 s`.
fn duration_text(ms: f64) -> String {
    let (value, unit) = if ms < 1.0 {
        (ms * 1000.0, "µs")
    } else if ms < 1000.0 {
        (ms, "ms")
    } else {
        (ms / 1000.0, "s")
    };
    // Four significant digits, as the tutorial prints times.
    let decimals = match value {
        v if v >= 100.0 => 1,
        v if v >= 10.0 => 2,
        _ => 3,
    };
    format!("{value:.decimals$} {unit}")
}

/// The report's `summary.md`: what was searched, the totals, the sections of the suites,
/// solutions, engines, distances and cut-offs, the charts and the cross-tables.
pub fn summary(tables: &Tables, options: &ReportOptions, charts: &[&str]) -> String {
    // Names are user text: escaped, so that Markdown shows them as written.
    let tables = &tables.relabelled(md_escape);
    let mut s = heading(tables);
    s.push_str(&totals_section(tables, &md_escape(&options.baseline)));
    s.push_str(&suite_section(tables));
    s.push_str(&super::ladder::solution_section(tables));
    s.push_str(&super::ladder::engine_section(tables));
    s.push_str(&super::efficiency::distance_section(tables));
    s.push_str(&super::efficiency::cut_section(tables));
    s.push_str(&super::parallelism::parallelism_section(tables));
    s.push_str(&super::scaling::scaling_section(tables));
    s.push_str(&super::families::families_section(tables));
    s.push_str(&super::cost::cost_section(tables));
    s.push_str(&load_section(tables));
    s.push_str(&charts_section(charts));
    s.push_str(&xtabs_section(tables));
    s
}

/// The title and what was searched.
fn heading(tables: &Tables) -> String {
    let mut s = String::new();
    let depths = match (tables.depths.first(), tables.depths.last()) {
        (Some(a), Some(b)) if a != b => format!("depths {a} to {b}"),
        (Some(a), _) => format!("depth {a}"),
        _ => "no depths".into(),
    };
    let _ = writeln!(s, "# nodeprof report\n");
    let _ = writeln!(
        s,
        "{} ({}), {}, {depths}. {}{}.\n",
        count(tables.positions.len(), "position"),
        list(&tables.positions),
        count(tables.names.len(), "variant"),
        count(tables.rows_ok, "finished search"),
        match tables.rows_not_ok {
            0 => String::new(),
            n => format!(", {n} timed out or failed (NA in the tables)"),
        }
    );
    s
}

/// The totals over the positions: a row per variant and depth.
fn totals_section(tables: &Tables, baseline: &str) -> String {
    let mut s = String::new();
    let repeated = tables
        .finished
        .iter()
        .any(|r| r.runs.is_some_and(|n| n > 1));
    let _ = writeln!(s, "## Totals over the positions\n");
    let _ = writeln!(
        s,
        "`vs {baseline}`: total nodes as a share of {baseline}'s at the same depth; `geomean`: \
         the geometric mean of the per-position shares (every position counts alike, the \
         hardest no longer dominate). `EBF`: effective branching factor, nodes at this depth \
         over nodes at the depth before; `EBF₂`: sqrt(nodes at this depth over nodes two \
         depths before), steadier where odd and even depths alternate. `first cut`: share of beta cut-offs made by the first \
         move tried. Nodes = leaf + interior + qnode; time is the searches' own wall time (tables are \
         set up before the clock starts){}.{}\n",
        match repeated {
            true =>
                "; with repeats, the sum of the median times, in `σ` the standard deviation of \
                     a run of every position (the positions' variances added), and in `time \
                     range` the sums of the fastest and of the slowest runs",
            false => "",
        },
        match tables.finished.iter().any(|r| r.is_engine()) {
            true =>
                " An external engine's nodes are its own count (nodes from the `go`, its time \
                 its own), set beside no one else's: `-` in the share columns.",
            false => "",
        }
    );
    let _ = writeln!(
        s,
        "| variant | depth | positions | leaves | interior | nodes | vs {baseline} | geomean | EBF | EBF₂ | first cut | re-searches | time (ms) |{} nodes/s |",
        if repeated { " σ (ms) | time range (ms) |" } else { "" }
    );
    let _ = writeln!(
        s,
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|{}--:|",
        if repeated { "--:|--:|" } else { "" }
    );
    for i in 0..tables.totals.len() {
        s.push_str(&totals_row(tables, i, baseline, repeated));
    }
    s
}

/// Row `i` of the totals, against `baseline` (with the spread of times when `repeated`).
fn totals_row(tables: &Tables, i: usize, baseline: &str, repeated: bool) -> String {
    let t = &tables.totals[i];
    // Engines count nodes each their own way: an engine's nodes are set beside its own
    // only, never beside a variant's or another engine's.
    let base = tables
        .totals
        .iter()
        .find(|b| b.name == *baseline && b.depth == t.depth && b.missing == 0)
        .filter(|b| super::ladder::comparable(tables, &t.name, &b.name));
    let vs = match base {
        Some(b) if b.nodes > 0 && t.missing == 0 => {
            format!("{:.2}%", 100.0 * t.nodes as f64 / b.nodes as f64)
        }
        _ => "-".into(),
    };
    let previous = i
        .checked_sub(1)
        .map(|j| &tables.totals[j])
        .filter(|p| p.name == t.name);
    let ebf = match previous {
        Some(p) if p.nodes > 0 && p.missing == 0 && t.missing == 0 => {
            format!("{:.2}", t.nodes as f64 / p.nodes as f64)
        }
        _ => "-".into(),
    };
    let ebf2 = super::ladder::ebf2(tables, i).map_or("-".into(), |e| format!("{e:.2}"));
    let first = t
        .counters
        .first_cut_rate()
        .filter(|_| t.counted)
        .map_or_else(|| "-".into(), |rate| format!("{:.1}%", 100.0 * rate));
    // Counters an engine does not report are NA, not 0.
    let counter = |n: u64| match t.counted {
        true => thousands(n),
        false => "-".into(),
    };
    let per_second = if t.time_ns > 0 {
        thousands((t.nodes as f64 / (t.time_ns as f64 / 1e9)) as u64)
    } else {
        "-".into()
    };
    let positions = match t.missing {
        0 => t.positions.to_string(),
        m => format!("{} (+{m} NA)", t.positions),
    };
    let geomean = geomean_share(tables, &t.name, baseline, &t.depth)
        .filter(|_| super::ladder::comparable(tables, &t.name, baseline))
        .map_or("-".into(), |g| format!("{:.2}%", 100.0 * g));
    let range = match repeated {
        true => {
            let (lo, hi, sd) = time_range(tables, &t.name, &t.depth);
            let sd = sd.map_or("NA".into(), |ns| format!("{:.2}", ns / 1e6));
            format!(" {sd} | {:.1}..{:.1} |", lo as f64 / 1e6, hi as f64 / 1e6)
        }
        false => String::new(),
    };
    format!(
        "| {} | {} | {} | {} | {} | {} | {vs} | {geomean} | {ebf} | {ebf2} | {first} | {} | {:.1} |{range} {per_second} |",
        t.name,
        t.depth,
        positions,
        counter(t.counters.leaf),
        counter(t.counters.interior),
        thousands(t.nodes),
        counter(t.counters.research),
        t.time_ns as f64 / 1e6,
    ) + "\n"
}

/// The machine while the sweep searched, with hyperfine's kind of warnings: a busy machine,
/// more threads than idle cores. Nothing where `meta.json` does not record it.
fn load_section(tables: &Tables) -> String {
    let Some(load) = &tables.load else {
        return String::new();
    };
    let mut s = String::new();
    let threads = tables.finished.iter().map(|r| r.threads).max().unwrap_or(1);
    for warning in [load.warning(), load.threads_warning(threads)]
        .into_iter()
        .flatten()
    {
        let _ = writeln!(s, "\n**Warning**: {warning}");
    }
    let _ = writeln!(s, "\n{}", load.describe("searching"));
    s
}

/// The charts drawn, each as an image with its text.
fn charts_section(charts: &[&str]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n## Charts\n");
    for (file, alt) in [
        (
            "nodes_by_depth",
            "Nodes by depth, summed over the positions",
        ),
        (
            "nodes_by_depth_per_position",
            "Nodes by depth, per position",
        ),
        ("time_by_depth", "Time to depth, summed over the positions"),
        (
            "nodes_by_suite",
            "Mean nodes per position, by variant and suite",
        ),
        ("nodes_by_position", "Nodes per position, solved to the end"),
        ("leaves_vs_baseline", "Leaves relative to the baseline"),
        ("time_vs_nodes", "Time against nodes"),
        ("distance_from_minimum", "Nodes over the minimum, by depth"),
        (
            "speedup",
            "Speedup against threads (time on one thread over time on N)",
        ),
    ] {
        if charts.contains(&file) {
            let _ = writeln!(s, "![{alt}](plots/{file}.png)\n");
        }
    }
    let _ = writeln!(s, "(Each chart is also in `plots/` as SVG.)\n");
    s
}

/// What the cross-tables hold, and their metrics.
fn xtabs_section(tables: &Tables) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## Cross-tables\n");
    let _ = writeln!(
        s,
        "In `xtabs/`, for each metric: `<metric>.csv` with rows `name` (variant and depth, as \
         `negamax2`) and one column per position, as R's `xtabs(<metric> ~ name + test)`; \
         `<metric>.txt`, the same printed the way R prints it; `<metric>_by_depth.csv` / `.txt`, \
         totals with rows variants and columns depths. Metrics:\n"
    );
    for m in &tables.metrics {
        let meaning = match m {
            Metric::Nodes => "nodes, every visited position (leaf + interior + qnode)",
            _ => m.title(),
        };
        let _ = writeln!(s, "- `{}`: {meaning}", m.column());
    }
    s
}

/// A list of names, shortened in the middle when long.
fn list(names: &[String]) -> String {
    if names.len() <= 6 {
        names.join(", ")
    } else {
        format!(
            "{}, {}, ..., {}",
            names[0],
            names[1],
            names[names.len() - 1]
        )
    }
}

/// A profile's totals next to the same variants' with nodeprof's defaults.
pub fn side_by_side(profile: &Tables, defaults: &Tables) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n## Side by side with nodeprof's defaults\n");
    let _ = writeln!(
        s,
        "The same variants and positions with nodeprof's conventions (side-to-move scores, \
         fail-soft, moves a1..h8 row by row, the default table), from `{}/runs.csv`. \
         Totals over the positions.\n",
        crate::store::DEFAULTS_DIR
    );
    let _ = writeln!(
        s,
        "| variant | depth | leaves (profile) | leaves (defaults) | interior (profile) | interior (defaults) | leaves, profile / defaults |"
    );
    let _ = writeln!(s, "|---|--:|--:|--:|--:|--:|--:|");
    for t in &profile.totals {
        let Some(d) = defaults
            .totals
            .iter()
            .find(|d| d.name == t.name && d.depth == t.depth)
        else {
            continue;
        };
        let ratio = if d.counters.leaf > 0 {
            format!("{:.2}", t.counters.leaf as f64 / d.counters.leaf as f64)
        } else {
            "-".into()
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {ratio} |",
            t.name,
            t.depth,
            thousands(t.counters.leaf),
            thousands(d.counters.leaf),
            thousands(t.counters.interior),
            thousands(d.counters.interior)
        );
    }
    s
}
