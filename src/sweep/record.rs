//! `runs.csv`: one tidy row per case (position x variant x depth). This struct is the CSV
//! schema, written and read with serde; the report reads the same columns with polars.

use serde::{Deserialize, Serialize};

use crate::counters::Counters;
use crate::error::SearchError;
use crate::measure::SearchReport;
use crate::position::Case;
use crate::search::{depth_label, SearchConfig, Variant};

/// Status of a case that searched to the end.
pub const STATUS_OK: &str = "ok";
/// Status of a case that ran past `--time-limit` (its counters are NA).
pub const STATUS_TIMEOUT: &str = "timeout";

macro_rules! define_record {
    ($($counter:ident, $title:literal, $meaning:literal;)*) => {
        /// One row of `runs.csv`. Counters, score and moves are empty (NA) unless `status` is
        /// `ok`.
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        pub struct Record {
            /// The case's place in the sweep plan (orders rows, variants and positions in
            /// reports).
            pub seq: u64,
            pub game: String,
            /// The folder of a `.pos` file, the file stem of a list, or `inline`.
            pub suite: String,
            /// The case name: file name (`end40.pos`), `list.obf:3` for lists, or the inline
            /// text.
            pub position: String,
            pub empties: u32,
            /// The canonical variant spec (re-runs the case exactly).
            pub variant: String,
            /// The variant's display name (the literature's name where there is one).
            pub name: String,
            /// The cross-table row: the name and the depth as the literature prints them
            /// (`negamax2`, `killer6_32`, `mtdf+tt_end`). Tables before this column get
            /// `name` and `depth`.
            #[serde(default)]
            pub label: String,
            pub eval: String,
            /// The depth searched to (`end` for exact solving).
            pub depth: String,
            /// `ok`, `timeout`, or `error: ...`.
            pub status: String,
            pub score: Option<i32>,
            /// The final margin the score proves, when it is a game result.
            pub game_result: Option<i32>,
            pub best_move: Option<String>,
            pub pv: Option<String>,
            pub expected_score: Option<i32>,
            /// Every best move the suite lists, space-separated.
            pub expected_best: Option<String>,
            /// `leaf + interior`.
            pub nodes: Option<u64>,
            // A counter added later is NA in the tables written before it.
            $(#[doc = $meaning] #[serde(default)] pub $counter: Option<u64>,)*
            /// The search's time; with `--repeat`, the median of the runs.
            pub time_ns: Option<u64>,
            /// The fastest and the slowest run, and how many timed runs there were (tables
            /// before repeats had none of the three).
            #[serde(default)]
            pub time_min_ns: Option<u64>,
            #[serde(default)]
            pub time_max_ns: Option<u64>,
            /// The runs' sample standard deviation (tables before it have none).
            #[serde(default)]
            pub time_sd_ns: Option<u64>,
            #[serde(default)]
            pub runs: Option<u32>,
            /// Cases run at once (parallel runs distort time).
            pub jobs: u32,
            pub shuffle_seed: Option<u64>,
        }

        /// The column names, in order (the struct's fields; a test checks it).
        pub const COLUMNS: &[&str] = &[
            "seq", "game", "suite", "position", "empties", "variant", "name", "label", "eval",
            "depth", "status", "score", "game_result", "best_move", "pv", "expected_score",
            "expected_best", "nodes", $(stringify!($counter),)* "time_ns", "time_min_ns",
            "time_max_ns", "time_sd_ns", "runs", "jobs", "shuffle_seed",
        ];

        impl Record {
            /// The counter `COUNTERS[i]` (None: NA).
            pub fn counter(&self, i: usize) -> Option<u64> {
                [$(self.$counter,)*][i]
            }

            /// Sets the counters and `nodes` (None: NA).
            pub fn set_counters(&mut self, counters: Option<Counters>) {
                $(self.$counter = counters.map(|c| c.$counter);)*
                self.nodes = counters.map(|c| c.nodes());
            }
        }
    };
}

crate::counter_list!(define_record);

/// Columns added since the first tables; files without them still read (so do files without a
/// counter column: a counter added later is NA in tables written before it).
pub const LATER_COLUMNS: [&str; 5] = ["label", "time_min_ns", "time_max_ns", "time_sd_ns", "runs"];

impl Record {
    /// The row for a case, from its search result.
    pub fn new(
        seq: u64,
        case: &Case,
        config: &SearchConfig,
        depth: u32,
        jobs: u32,
        result: Result<SearchReport, SearchError>,
    ) -> Record {
        let mut record = Record {
            seq,
            game: case.position.kind().name().to_string(),
            suite: case.suite.clone(),
            position: case.name.clone(),
            empties: case.position.empties(),
            variant: config.variant.to_string(),
            name: config.variant.display_name(),
            label: config.variant.row_label(&depth_label(depth)),
            eval: config.eval.name().to_string(),
            depth: depth_label(depth),
            status: STATUS_OK.to_string(),
            expected_score: case.expected.as_ref().map(|e| e.score()),
            expected_best: case.expected.as_ref().map(|e| e.best_moves().join(" ")),
            jobs,
            shuffle_seed: config.shuffle,
            ..Record::default()
        };
        match result {
            Ok(report) => {
                record.score = Some(report.score);
                record.game_result = report.game_result;
                record.best_move = report.best_move;
                record.pv = Some(report.pv.join(" "));
                record.set_counters(Some(report.counters));
                record.time_ns = Some(report.time_ns);
                record.time_min_ns = Some(report.time_min_ns);
                record.time_max_ns = Some(report.time_max_ns);
                // One run has no spread: NA, not 0.
                record.time_sd_ns = (report.runs > 1).then_some(report.time_sd_ns);
                record.runs = Some(report.runs);
            }
            Err(SearchError::TimedOut { limit }) => {
                record.status = STATUS_TIMEOUT.to_string();
                record.time_ns = Some(limit.as_nanos() as u64);
            }
            Err(other) => record.status = format!("error: {other}"),
        }
        record
    }

    /// What makes a case the same case again (for `--resume`).
    pub fn key(&self) -> CaseKey {
        (
            self.suite.clone(),
            self.position.clone(),
            self.variant.clone(),
            self.eval.clone(),
            self.depth.clone(),
            self.shuffle_seed,
        )
    }
}

/// The key a case's row will have (see [`Record::key`]).
pub fn key_of(case: &Case, config: &SearchConfig, depth: u32) -> CaseKey {
    (
        case.suite.clone(),
        case.name.clone(),
        config.variant.to_string(),
        config.eval.name().to_string(),
        depth_label(depth),
        config.shuffle,
    )
}

/// (suite, position, variant spec, eval, depth, shuffle seed).
pub type CaseKey = (String, String, String, String, String, Option<u64>);

/// The cross-table row label of a row read from a table written before the `label` column.
pub fn label_of(variant: &str, name: &str, depth: &str) -> String {
    match variant.parse::<Variant>() {
        Ok(v) if v.display_name() == name => v.row_label(depth),
        _ => format!("{name}{depth}"),
    }
}
