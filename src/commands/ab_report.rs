//! `ab`'s paired timing in its report: the verdict per depth and over all cases, the
//! replication, the measures beside the verdict's, and hyperfine's kind of warnings.

use std::fmt::Write as _;
use std::time::Duration;

use super::ab_timing::{GroupVerdict, Timing, PAIRS_FILE};
use crate::cli::TimeMetric;
use crate::stats::paired::{Judged, SLOWER};

/// Outliers above this share of the pairs are warned of.
const OUTLIERS_WARNED: f64 = 0.10;

/// What the paired timing found.
pub struct Timed {
    pub metric: TimeMetric,
    pub rounds: u32,
    pub sample_time: Duration,
    pub noise_threshold: f64,
    pub confidence: f64,
    /// The first batch's verdicts, by group.
    pub first: Vec<GroupVerdict>,
    /// The second batch's, run only when the first found dev slower somewhere.
    pub second: Option<Vec<GroupVerdict>>,
    pub timing: Timing,
}

impl Timed {
    /// The groups found slower in both batches.
    pub fn replicated_slower(&self) -> Vec<String> {
        let Some(second) = &self.second else {
            return Vec::new();
        };
        self.first
            .iter()
            .zip(second)
            .filter(|(a, b)| a.judged.verdict == SLOWER && b.judged.verdict == SLOWER)
            .map(|(a, _)| a.group.clone())
            .collect()
    }
}

/// `to depth 4, 5 and over all cases`, of the groups' names.
pub fn groups_words(groups: &[String]) -> String {
    let depths: Vec<&str> = groups
        .iter()
        .map(String::as_str)
        .filter(|g| *g != "all")
        .collect();
    let all = groups.iter().any(|g| g == "all");
    match (depths.is_empty(), all) {
        (true, _) => "over all cases".into(),
        (false, false) => format!("to depth {}", depths.join(", ")),
        (false, true) => format!("to depth {} and over all cases", depths.join(", ")),
    }
}

/// A ratio and its interval: `1.012 (0.995..1.030)`.
fn interval(j: &Judged) -> String {
    match j.cases {
        0 => "NA".into(),
        _ => format!("{:.3} ({:.3}..{:.3})", j.ratio, j.low, j.high),
    }
}

/// A per-search measure for the table: milliseconds of time, or instructions.
fn amount(metric: TimeMetric, value: f64) -> String {
    match metric {
        TimeMetric::Instructions => format!("{:.0}", value),
        _ => format!("{:.3}", value / 1e6),
    }
}

/// The paired timing's section of `summary.md`.
pub fn section(t: &Timed) -> String {
    let mut md = String::from("\n## Time, paired\n\n");
    let unit = match t.metric {
        TimeMetric::Instructions => "instructions",
        _ => "ms",
    };
    let _ = writeln!(
        md,
        "Judged on {}: {} rounds, each case timed on both sides one right after the other (the order swapped from round to round and case to case), each sample at least {} ms of searches. The ratio is dev/base, the geometric mean of the cases' median pair ratios, with its {:.0}% bootstrap interval; a change within {:.0}% is no difference. A depth found slower is timed again in a second batch, and only a slowdown found in both fails. Every sample is in `{PAIRS_FILE}`.\n",
        t.metric.name(),
        t.rounds,
        t.sample_time.as_millis(),
        t.confidence * 100.0,
        t.noise_threshold * 100.0,
    );
    let _ = writeln!(
        md,
        "| depth | cases | pairs | base {unit} | dev {unit} | ratio (interval) | verdict | second batch | wall ratio | instructions/node base, dev | instructions ratio |"
    );
    md.push_str("|---|--:|--:|--:|--:|--:|---|---|--:|--:|--:|\n");
    for (i, g) in t.first.iter().enumerate() {
        let second = t.second.as_ref().map_or("-".into(), |s| {
            format!("{} {}", interval(&s[i].judged), s[i].judged.verdict)
        });
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {:.3} | {} | {} |",
            g.group,
            g.judged.cases,
            g.judged.pairs,
            amount(t.metric, g.base_median),
            amount(t.metric, g.dev_median),
            interval(&g.judged),
            g.judged.verdict,
            second,
            g.wall.ratio,
            g.instructions_per_node
                .map_or("NA".into(), |(b, d)| format!("{b:.0}, {d:.0}")),
            g.instructions.as_ref().map_or("NA".into(), interval),
        );
    }
    md.push_str(&format!(
        "\n(base and dev {unit}: the sum over the cases of each case's median per search.)\n"
    ));
    md.push_str(&warnings(t));
    md
}

/// hyperfine's kind of warnings: a busy machine, many outliers, no instruction counts.
fn warnings(t: &Timed) -> String {
    let mut lines = Vec::new();
    if let Some(busy) = t.timing.load.warning() {
        lines.push(busy + " The paired ratios allow for load that both sides share.");
    }
    if let Some(all) = t.first.last() {
        if all.outliers > OUTLIERS_WARNED {
            lines.push(format!(
                "{:.0}% of the pairs' ratios lie more than 25% from their case's median: the machine was unsteady (other programs, frequency changes). The medians keep the verdict, but consider timing again on a quieter machine, or with --metric instructions where counted.",
                all.outliers * 100.0
            ));
        }
    }
    let mut counters: Vec<&str> = t
        .timing
        .counters
        .iter()
        .flatten()
        .map(String::as_str)
        .collect();
    counters.dedup();
    lines.extend(counters.into_iter().map(str::to_string));
    let load = &t.timing.load;
    let mut md = String::new();
    for line in lines {
        let _ = writeln!(md, "\n**Warning**: {line}");
    }
    let _ = writeln!(md, "\n{}", load.describe("timing"));
    md
}

/// Why the run fails when a side failed cases: how many each side failed, and the first.
pub fn failed_words(failed: &[(&str, String)]) -> String {
    let count = |side: &str| failed.iter().filter(|(s, _)| *s == side).count();
    let first = failed.first().map_or(String::new(), |(side, case)| {
        format!(" (the first: {side} {case})")
    });
    format!(
        "base failed {} of its cases and dev {}{first}; nothing was timed or played",
        count("base"),
        count("dev")
    )
}

/// The section naming every failed case (nothing where none failed).
pub fn failures_section(failed: &[(&str, String)]) -> String {
    if failed.is_empty() {
        return String::new();
    }
    let mut section = String::from("\n## Failed cases\n\n");
    section.push_str(
        "A side that fails a case is broken: nothing is timed or played, and `ab` exits 1. \
         Each side's `runs.csv` keeps the error in its `status` column.\n\n",
    );
    for (side, case) in failed {
        let _ = writeln!(
            section,
            "- {side}: {}",
            crate::report::text::md_escape(case)
        );
    }
    section
}
