//! A case's row of `runs.csv`, from its search's result (the schema is the store's).

use crate::error::SearchError;
use crate::measure::SearchReport;
use crate::position::Case;
use crate::search::{depth_label, SearchConfig};
use crate::store::{CaseKey, Record, Status};

/// The row of case `case` searched by `config` to `depth`, `jobs` cases at once.
pub fn row(
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
        status: Status::Ok,
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
            record.status = Status::Timeout;
            record.time_ns = Some(limit.as_nanos() as u64);
        }
        Err(other) => record.status = Status::Error(other.to_string()),
    }
    record
}

/// The key a case's row will have (see [`Record::key`]).
pub fn key_of(case: &Case, config: &SearchConfig, depth: u32) -> CaseKey {
    CaseKey {
        suite: case.suite.clone(),
        position: case.name.clone(),
        variant: config.variant.to_string(),
        eval: config.eval.name().to_string(),
        depth: depth_label(depth),
        shuffle_seed: config.shuffle,
    }
}
