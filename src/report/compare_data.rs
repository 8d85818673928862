//! `compare --format json|csv`: the comparison as data (schema `nodeprof-compare`). A row per
//! variant and depth, as the text's totals table, its ratios as numbers; the JSON document
//! adds the changed cases, the cases in one table only and the context.

use serde::{Deserialize, Serialize};

use super::compare::{Change, Comparison, Row};
use super::compare_context::Context;
use crate::output::Row as OutputRow;

/// One variant at one depth in both tables (cases finished in both).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareLine {
    pub name: String,
    pub depth: String,
    pub positions: usize,
    pub old_nodes: u64,
    pub new_nodes: u64,
    /// `new_nodes / old_nodes` (null when OLD has none).
    pub nodes_ratio: Option<f64>,
    /// The geometric mean of the per-position node ratios.
    pub geomean_ratio: Option<f64>,
    pub old_time_ns: u64,
    pub new_time_ns: u64,
    pub time_ratio: Option<f64>,
    /// The interval the time verdict reads (null without repeats on both sides).
    pub time_ratio_low: Option<f64>,
    pub time_ratio_high: Option<f64>,
    /// `bootstrap` (the confidence interval of the ratio of medians, where both tables
    /// keep each run's time) or `range` (from the fastest and slowest runs).
    pub time_interval: Option<String>,
    /// `faster`, `slower`, `noise` or `withheld` (another machine or kind of build); null
    /// without repeats on both sides.
    pub time_change: Option<String>,
}

impl OutputRow for CompareLine {}

impl CompareLine {
    pub fn of(row: &Row, c: &Comparison) -> CompareLine {
        let interval = row.time_interval();
        let ratio = |new: u64, old: u64| (old > 0).then(|| new as f64 / old as f64);
        CompareLine {
            name: row.name.clone(),
            depth: row.depth.clone(),
            positions: row.positions,
            old_nodes: row.old_nodes,
            new_nodes: row.new_nodes,
            nodes_ratio: ratio(row.new_nodes, row.old_nodes),
            geomean_ratio: row.geomean_ratio,
            old_time_ns: row.old_time_ns,
            new_time_ns: row.new_time_ns,
            time_ratio: ratio(row.new_time_ns, row.old_time_ns),
            time_ratio_low: interval.map(|((low, _), _)| low),
            time_ratio_high: interval.map(|((_, high), _)| high),
            time_interval: interval.map(|(_, kind)| kind.to_string()),
            time_change: match (c.context.withhold_times, interval) {
                (true, _) => Some("withheld".into()),
                (false, None) => None,
                (false, Some(_)) => Some(row.time_change(&c.test).into()),
            },
        }
    }
}

/// The JSON document's fields besides `rows`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareSummary {
    /// The runs tables compared.
    pub old: String,
    pub new: String,
    /// Whether any count, score, move or status changed, or a case is in one table only
    /// (what `--fail-on-change` fails on).
    pub counts_changed: bool,
    pub changes: Vec<Change>,
    /// Cases whose line alone changed (what `--fail-on-line-change` fails on too).
    pub line_changes: Vec<Change>,
    /// Searches on threads whose counts or line alone differ, as threads make them vary
    /// (no change).
    #[serde(default)]
    pub thread_variations: Vec<Change>,
    pub only_old: Vec<String>,
    pub only_new: Vec<String>,
    pub context: Context,
    /// The interval's confidence and the noise threshold (`--confidence-level`,
    /// `--noise-threshold`).
    pub confidence: f64,
    pub noise_threshold: f64,
    /// The drift allowance added to it for unpaired times (`--drift`).
    pub drift: f64,
}

impl CompareSummary {
    pub fn of(c: &Comparison, old: &str, new: &str) -> CompareSummary {
        CompareSummary {
            old: old.to_string(),
            new: new.to_string(),
            counts_changed: c.counts_changed(),
            changes: c.changes.clone(),
            line_changes: c.line_changes.clone(),
            thread_variations: c.thread_variations.clone(),
            only_old: c.only_old.clone(),
            only_new: c.only_new.clone(),
            context: c.context.clone(),
            confidence: c.test.confidence,
            noise_threshold: c.test.noise_threshold,
            drift: c.test.drift,
        }
    }
}
