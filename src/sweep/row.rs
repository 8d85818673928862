//! A case's row of `runs.csv`, from its search's result or an engine's report (the schema
//! is the store's).

use crate::engine::{EngineCase, EngineSpec};
use crate::engine::{EngineMeta, Measured};
use crate::error::{EngineError, SearchError};
use crate::measure::SearchReport;
use crate::position::Case;
use crate::search::{depth_label, threads_suffix, SearchConfig};
use crate::store::{CaseKey, Record, Status, ENGINE_EVAL};

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
        name: config.variant.display_name() + &threads_suffix(config.threads),
        label: config.variant.row_label(&depth_label(depth)) + &threads_suffix(config.threads),
        eval: config.eval.name().to_string(),
        depth: depth_label(depth),
        status: Status::Ok,
        expected_score: case.expected.as_ref().and_then(|e| e.score()),
        expected_best: case.expected.as_ref().map(|e| e.best_moves().join(" ")),
        jobs,
        threads: config.threads,
        shuffle_seed: config.shuffle,
        budget: config
            .variant
            .base
            .budget()
            .map(u64::from)
            .or(config.variant.nodes),
        ..Record::default()
    };
    match result {
        Ok(report) => {
            record.memory_bytes = Some(report.memory_bytes);
            record_team(&mut record, &report);
            record.score = Some(report.score);
            record.game_result = report.game_result;
            record.best_move = report.best_move;
            record.pv = Some(report.pv.join(" "));
            record.seldepth = Some(report.seldepth);
            record.set_counters(Some(report.counters));
            record.time_ns = Some(report.time_ns);
            record.time_min_ns = Some(report.time_min_ns);
            record.time_max_ns = Some(report.time_max_ns);
            // One run has no spread: NA, not 0.
            record.time_sd_ns = (report.runs > 1).then_some(report.time_sd_ns);
            record.runs = Some(report.runs);
            let times: Vec<String> = report.times_ns.iter().map(u64::to_string).collect();
            record.times_ns = Some(times.join(" "));
            if let Some(cost) = report.cost {
                record.cpu_user_ns = Some(cost.user_ns);
                record.cpu_sys_ns = Some(cost.sys_ns);
                record.instructions = cost.instructions;
                record.cycles = cost.cycles;
            }
        }
        Err(SearchError::TimedOut { limit }) => {
            record.status = Status::Timeout;
            record.time_ns = Some(limit.as_nanos() as u64);
        }
        Err(other) => record.status = Status::Error(other.to_string()),
    }
    record
}

/// A nodeprof search's spread of nodes over its repeats and how its threads shared the work
/// (one thread: no helpers, nothing split or idle).
fn record_team(record: &mut Record, report: &SearchReport) {
    let team = &report.team;
    record.nodes_min = Some(report.nodes_min);
    record.nodes_max = Some(report.nodes_max);
    record.split_tried = Some(team.shares.tried);
    record.split = Some(team.shares.split);
    record.abandoned = Some(team.shares.abandoned);
    record.wasted = Some(team.shares.wasted);
    record.helper_nodes = Some(team.helper_nodes());
    record.idle_ns = Some(team.idle_ns.iter().sum());
    record.idle_max_ns = Some(team.idle_ns.iter().copied().max().unwrap_or(0));
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
        threads: config.threads,
    }
}

/// The row of an engine's search of `case` to `depth`; `time_limit`: the sweep's, whose
/// overrun is a timeout rather than a fault.
pub fn engine_row(
    seq: u64,
    case: &EngineCase,
    engine: &EngineMeta,
    depth: u32,
    jobs: u32,
    time_limit: Option<std::time::Duration>,
    result: Result<Measured, EngineError>,
) -> Record {
    let threads = crate::engine::threads_option(&engine.options);
    let mut record = Record {
        seq,
        game: case.position.kind().name().to_string(),
        suite: case.suite.clone(),
        position: case.name.clone(),
        empties: case.empties,
        variant: engine.name.clone(),
        name: engine.name.clone() + &threads_suffix(threads),
        label: format!("{}{}", engine.name, depth_label(depth)) + &threads_suffix(threads),
        eval: ENGINE_EVAL.to_string(),
        depth: depth_label(depth),
        status: Status::Ok,
        expected_score: case.expected_score,
        expected_best: (!case.expected_best.is_empty()).then(|| case.expected_best.join(" ")),
        jobs,
        threads,
        engine: engine.id_name.clone(),
        ..Record::default()
    };
    match result {
        Ok(measured) => {
            let it = measured.iteration;
            record.score = it.score.map(|s| s.value());
            // A solver's score is the game's result.
            if depth == crate::search::END {
                record.game_result = record.score;
            }
            record.best_move = measured.best_move;
            record.pv = Some(it.pv.join(" "));
            // The counters the engine reported (nodeprof's own engine: all of them).
            record.set_reported(it.counters.as_ref());
            record.nodes = it.nodes;
            record.iteration_nodes = measured.iteration_nodes;
            record.seldepth = it.seldepth;
            record.time_ns = it.time_ns;
            record.time_min_ns = it.time_ns;
            record.time_max_ns = it.time_ns;
            record.runs = Some(1);
            record.wall_ns = Some(it.wall_ns);
        }
        // Past the sweep's --time-limit: timed out, as a variant would be.
        Err(EngineError::Timeout { after, .. }) if Some(after) == time_limit => {
            record.status = Status::Timeout;
            record.time_ns = Some(after.as_nanos() as u64);
        }
        // A hung engine (past its own timeout=) is a fault.
        Err(error) => record.status = Status::Error(one_line(&error.to_string())),
    }
    record
}

/// The key an engine's row of `case` at `depth` will have.
pub fn engine_key(case: &EngineCase, engine: &EngineSpec, depth: u32) -> CaseKey {
    CaseKey {
        suite: case.suite.clone(),
        position: case.name.clone(),
        variant: engine.name().to_string(),
        eval: ENGINE_EVAL.to_string(),
        depth: depth_label(depth),
        shuffle_seed: None,
        threads: engine.threads(),
    }
}

/// An error message on one line (a CSV cell, a status).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
