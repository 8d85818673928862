//! The timing worker (`nodeprof time-worker SWEEP-OPTIONS`): a sweep's plan held in a
//! process that searches one unit on request, for `ab`'s paired timing. `ab` starts one
//! worker a side (two builds, or one build twice) and asks each in turn for the same unit,
//! so that base and dev are timed side by side, not one block after the other.
//!
//! The protocol, one JSON object a line: the worker first says `{"worker": 1, "units":
//! [{"case", "depth", "threads", "variant"}, ...], "counters": null or why not}` (each unit's case, depth,
//! threads and variant);
//! then for each request `{"unit": I, "iterations": K}` it searches unit I K times (each
//! search's tables made outside its clock, as in a sweep) and answers with a [`Sample`];
//! `quit` or the end of its input ends it.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use crate::cost::counters_unavailable;
use crate::error::Error;
use crate::measure::search_position;

use super::execute::{Planned, Producer, Unit};
use super::settings::SweepSettings;

/// The protocol's version, in the worker's first line.
pub const WORKER_VERSION: u32 = 1;

/// The most iterations one request may ask for.
pub const MAX_ITERATIONS: u32 = 100_000;

/// The worker's first line.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hello {
    pub worker: u32,
    pub units: Vec<UnitInfo>,
    /// Why instructions and cycles are not counted here (`None`: they are).
    pub counters: Option<String>,
}

/// A unit of the plan: its case, depth and threads (what pairs it with the other side's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitInfo {
    /// `suite/position`.
    pub case: String,
    pub depth: String,
    pub threads: u32,
    /// The variant searched.
    pub variant: String,
}

/// A request: search unit `unit` `iterations` times.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Request {
    pub unit: usize,
    pub iterations: u32,
}

/// What `iterations` searches of one unit cost, in all, and what they found (the same each
/// time, or an error).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub unit: usize,
    pub iterations: u32,
    pub nodes: u64,
    pub score: i32,
    pub best_move: Option<String>,
    /// The searches' time, summed (each search's own clock: tables outside it).
    pub wall_ns: u64,
    pub cpu_user_ns: u64,
    pub cpu_sys_ns: u64,
    pub instructions: Option<u64>,
    pub cycles: Option<u64>,
    /// Why the unit could not be searched (the rest is empty then).
    pub error: Option<String>,
}

/// Serves `settings`' plan: the hello, then a sample for each request read from `input`.
pub fn serve(
    settings: &SweepSettings,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), Error> {
    let planned = &super::run::plan_of(settings)?;
    let units: Vec<&Unit> = planned
        .units
        .iter()
        .filter(|u| matches!(u.producer, Producer::Search(_)))
        .collect();
    let hello = Hello {
        worker: WORKER_VERSION,
        units: units
            .iter()
            .map(|u| UnitInfo {
                case: format!("{}/{}", u.key.suite, u.key.position),
                depth: u.key.depth.clone(),
                threads: u.key.threads,
                variant: u.key.variant.clone(),
            })
            .collect(),
        counters: counters_unavailable().map(str::to_string),
    };
    writeln!(
        out,
        "{}",
        serde_json::to_string(&hello).map_err(std::io::Error::from)?
    )?;
    out.flush()?;
    for line in input.lines() {
        let line = line?;
        if line.trim() == "quit" {
            break;
        }
        let sample = match serde_json::from_str::<Request>(&line) {
            Ok(request) => run(planned, &units, request),
            Err(e) => Sample {
                error: Some(format!("not a request: {line:?}: {e}")),
                ..Sample::default()
            },
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&sample).map_err(std::io::Error::from)?
        )?;
        out.flush()?;
    }
    Ok(())
}

/// Searches one unit `iterations` times: the costs summed, the counts checked to be the same
/// each time (a one-thread search is deterministic).
fn run(planned: &Planned, units: &[&Unit], request: Request) -> Sample {
    let mut sample = Sample {
        unit: request.unit,
        ..Sample::default()
    };
    let Some(unit) = units.get(request.unit) else {
        sample.error = Some(format!(
            "no unit {} (the plan has {})",
            request.unit,
            units.len()
        ));
        return sample;
    };
    let Producer::Search(config) = &unit.producer else {
        unreachable!("the units are the searches'");
    };
    let position = &planned.cases[unit.case].position;
    let mut counted = Some((0u64, 0u64));
    for i in 0..request.iterations.clamp(1, MAX_ITERATIONS) {
        let report = match search_position(position, unit.depth, config) {
            Ok(report) => report,
            Err(e) => {
                sample.error = Some(format!("{}: {e}", unit.key.describe()));
                return sample;
            }
        };
        let nodes = report.counters.nodes();
        if i > 0 && config.threads <= 1 && nodes != sample.nodes {
            sample.error = Some(format!(
                "{}: not deterministic: {nodes} nodes against {}",
                unit.key.describe(),
                sample.nodes
            ));
            return sample;
        }
        sample.iterations = i + 1;
        sample.nodes = nodes;
        sample.score = report.score;
        sample.best_move = report.best_move;
        sample.wall_ns += report.time_ns;
        let cost = report.cost.unwrap_or_default();
        sample.cpu_user_ns += cost.user_ns;
        sample.cpu_sys_ns += cost.sys_ns;
        counted = counted.and_then(|(i, c)| Some((i + cost.instructions?, c + cost.cycles?)));
    }
    (sample.instructions, sample.cycles) =
        counted.map_or((None, None), |(i, c)| (Some(i), Some(c)));
    sample
}
