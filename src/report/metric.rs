//! The metrics a report shows: every counter of the schema, and what is derived from them.

use crate::parse::{ParseError, TextKind};
use std::fmt;

use crate::counters::first_cut_rate;
use crate::counters::{counter_index, COUNTERS};
use crate::store::Record;

/// What a cross-table can show: every counter of the schema, and what is derived from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// `leaf + interior + qnode`: every visited position.
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
            Metric::Nodes => "nodes",
            Metric::Counter(i) => COUNTERS[i].title,
            Metric::FirstCutRate => "share of cut-offs on the first move",
            Metric::TimeMs => "time (ms)",
        }
    }

    /// Counts (whole numbers) rather than times and rates.
    /// Whether the metric is a detail counter (one the `search` table leaves out): the
    /// report's tables leave it out too when it is zero or NA in every finished search, as
    /// the enhancements' own counters are in sweeps without them.
    pub fn is_detail(self) -> bool {
        matches!(self, Metric::Counter(i) if !crate::counters::COUNTERS[i].in_table)
    }

    pub fn is_count(self) -> bool {
        matches!(self, Metric::Nodes | Metric::Counter(_))
    }

    /// The metric of one search (None unless it finished).
    pub fn of(self, r: &Record) -> Option<f64> {
        match self {
            Metric::Nodes => r.nodes.map(|v| v as f64),
            Metric::Counter(i) => r.counter(i).map(|v| v as f64),
            Metric::FirstCutRate => match (r.first_cut, r.beta_cut) {
                (Some(first), Some(all)) => first_cut_rate(first, all),
                _ => None,
            },
            Metric::TimeMs => r
                .time_ns
                .filter(|_| r.status.is_ok())
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

impl std::str::FromStr for Metric {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Metric, ParseError> {
        parse_metric(s).map_err(ParseError::of(TextKind::Metric))
    }
}

/// The column names, and the classic writeups' `node` (leaf) and `inode` (interior).
fn parse_metric(s: &str) -> Result<Metric, String> {
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
