//! An engine profiled over a depth ladder (as `sweep`, `search`, `solve` and `bench` run
//! them): checked against the plan and greeted before any file is touched; each (engine,
//! position) searched as one group of depths, an engine restarted after any fault so that the
//! next case starts clean.

use serde::Serialize;

use super::client::Engine;
use super::info::{Iteration, SearchResult};
use super::position::EngineCase;
use super::spec::{EngineSpec, Ladder, NewGame};
use crate::error::EngineError;
use crate::search::{depth_label, END};

/// What the handshake said of an engine, for `meta.json` and the `engine` column.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EngineMeta {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    /// The program's fingerprint (`blake3:HEX` of the resolved command file).
    pub program: Option<String>,
    pub protocol: &'static str,
    /// The options sent, in order.
    pub options: Vec<(String, String)>,
    pub ladder: &'static str,
    pub newgame: &'static str,
    pub timeout_s: f64,
    /// The engine's own `id name` / `id author` (NBoard: `set myname`).
    pub id_name: Option<String>,
    pub id_author: Option<String>,
}

/// Checks that `spec` can search the plan (its protocol's games and depths), then starts it
/// for its handshake: an engine that cannot start stops the sweep before it begins. The
/// engine is handed back, told of a new game, to search the plan (one process a run where
/// the protocol allows: no second start).
pub fn greet(
    spec: &EngineSpec,
    cases: &[EngineCase],
    depths: &[u32],
) -> Result<(EngineMeta, Engine), EngineError> {
    let refuse = |message: String| EngineError::Refused {
        engine: spec.name().to_string(),
        message,
    };
    if !spec.protocol.reports_searches() {
        return Err(refuse(format!(
            "{} reports moves, not searches: it cannot be profiled (it can play)",
            spec.protocol.name()
        )));
    }
    let solving = depths.contains(&END);
    match (spec.protocol.solves_only(), solving) {
        (true, _) if depths != [END] => {
            return Err(refuse(format!(
                "{} only solves to the end: sweep it with -d end (or --exact)",
                spec.protocol.name()
            )))
        }
        (false, true) => {
            return Err(refuse(format!(
                "{} engines search to a depth, not to the end: give depths (-d 1..12)",
                spec.protocol.name()
            )))
        }
        _ => {}
    }
    if let Some(kind) = spec.protocol.game() {
        if let Some(other) = cases.iter().find(|c| c.position.kind() != kind) {
            return Err(refuse(format!(
                "{} is a protocol for {}; {} is {}",
                spec.protocol.name(),
                kind.title(),
                other.name,
                other.position.kind()
            )));
        }
    }
    let engine = Engine::start(spec)?;
    let meta = EngineMeta {
        name: spec.name().to_string(),
        command: spec.launch.command.clone(),
        args: spec.launch.args.clone(),
        dir: spec.launch.dir.as_ref().map(|d| d.display().to_string()),
        program: super::fingerprint::fingerprint(&spec.launch),
        protocol: spec.protocol.name(),
        options: spec.options.clone(),
        ladder: match spec.ladder {
            Ladder::Iterations => "iterations",
            Ladder::Fresh => "fresh",
        },
        newgame: match spec.new_game {
            NewGame::Each => "each",
            NewGame::Once => "once",
        },
        timeout_s: spec.timeout.as_secs_f64(),
        id_name: engine.id_name.clone(),
        id_author: engine.id_author.clone(),
    };
    let mut engine = engine;
    engine.new_game()?;
    Ok((meta, engine))
}

/// One depth of a group, as measured.
#[derive(Clone, Debug)]
pub struct Measured {
    pub iteration: Iteration,
    /// This iteration's own nodes (the first reported: all of them).
    pub iteration_nodes: Option<u64>,
    /// The move after this iteration: its line's first move, or the answer at the last.
    pub best_move: Option<String>,
}

/// Searches `case` at `depths` with the engine in `slot` (started if empty; emptied, so
/// killed, after a fault that leaves it untrustworthy). A new game starts with the engine,
/// and with `newgame=each` before the position (and before each depth of `ladder=fresh`).
pub fn run_group(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    case: &EngineCase,
    depths: &[u32],
) -> Vec<(u32, Result<Measured, EngineError>)> {
    match spec.ladder {
        Ladder::Iterations => iterations_ladder(slot, spec, case, depths),
        Ladder::Fresh => depths
            .iter()
            .map(|&depth| {
                let measured = fresh_search(slot, spec, case, depth);
                if measured.as_ref().is_err_and(EngineError::needs_restart) {
                    *slot = None;
                }
                (depth, measured)
            })
            .collect(),
    }
}

/// One search of `case` to `depth` by the engine in `slot`, started (and its game begun)
/// if the slot is empty; a new game first where `new_game`.
fn attempt(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    case: &EngineCase,
    depth: u32,
    new_game: bool,
) -> Result<SearchResult, EngineError> {
    if slot.is_none() {
        let mut engine = Engine::start(spec)?;
        // A restarted engine of a `newgame=once` run starts a new game too: its table is
        // empty whatever was asked.
        engine.new_game()?;
        *slot = Some(engine);
    } else if new_game {
        slot.as_mut().expect("started").new_game()?;
    }
    slot.as_mut()
        .expect("started")
        .search(&case.position, depth)
}

/// `ladder=iterations`: one search to the deepest depth, each depth read from its
/// iteration; a failed search fails every depth.
fn iterations_ladder(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    case: &EngineCase,
    depths: &[u32],
) -> Vec<(u32, Result<Measured, EngineError>)> {
    let deepest = depths.iter().copied().max().unwrap_or(1);
    let each = spec.new_game == NewGame::Each;
    match attempt(slot, spec, case, deepest, each) {
        Ok(result) => depths
            .iter()
            .map(|&depth| (depth, iteration_at(spec, case, &result, depth, deepest)))
            .collect(),
        Err(e) => {
            if e.needs_restart() {
                *slot = None;
            }
            let message = e.to_string();
            let mut out = vec![(depths[0], Err(e))];
            for &depth in &depths[1..] {
                let message = format!("its search to depth {deepest} failed: {message}");
                out.push((depth, Err(refused(spec, message))));
            }
            out
        }
    }
}

/// Depth `depth` of a search to `deepest`: its iteration, its own nodes (over the
/// iteration before it) and its move.
fn iteration_at(
    spec: &EngineSpec,
    case: &EngineCase,
    result: &SearchResult,
    depth: u32,
    deepest: u32,
) -> Result<Measured, EngineError> {
    let Some(it) = result.at(depth) else {
        return Err(match result.stopped {
            true => past_limit(spec, depth),
            false => refused(
                spec,
                format!(
                    "it reported no iteration at depth {depth} (it reported depths {})",
                    reported(&result.iterations)
                ),
            ),
        });
    };
    let before = result
        .iterations
        .iter()
        .filter(|i| i.depth < depth)
        .max_by_key(|i| i.depth);
    Ok(Measured {
        iteration_nodes: match before {
            Some(b) => it.nodes.zip(b.nodes).map(|(n, b)| n.saturating_sub(b)),
            None => it.nodes,
        },
        best_move: first_move(case, it).or_else(|| {
            (depth == deepest)
                .then(|| result.best_move.clone())
                .flatten()
        }),
        iteration: it.clone(),
    })
}

/// `ladder=fresh`: a search of its own to `depth`.
fn fresh_search(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    case: &EngineCase,
    depth: u32,
) -> Result<Measured, EngineError> {
    let result = attempt(slot, spec, case, depth, spec.new_game == NewGame::Each)?;
    if result.stopped && result.at(depth).is_none() {
        return Err(past_limit(spec, depth));
    }
    let it = result
        .at(depth)
        .or_else(|| result.iterations.iter().max_by_key(|i| i.depth))
        .cloned()
        .ok_or_else(|| {
            let message = format!("it reported no search at depth {}", depth_label(depth));
            refused(spec, message)
        })?;
    Ok(Measured {
        iteration_nodes: it.nodes,
        best_move: result.best_move.clone().or_else(|| first_move(case, &it)),
        iteration: it,
    })
}

/// The engine refused the case, for `message`.
fn refused(spec: &EngineSpec, message: String) -> EngineError {
    EngineError::Refused {
        engine: spec.name().to_string(),
        message,
    }
}

/// A depth the engine did not finish within its limit (it answered the `stop`).
fn past_limit(spec: &EngineSpec, depth: u32) -> EngineError {
    EngineError::Timeout {
        engine: spec.name().to_string(),
        waiting_for: format!("iteration {}", depth_label(depth)),
        after: spec.timeout,
    }
}

/// The first move of an iteration's line, in nodeprof's spelling when it is legal.
fn first_move(case: &EngineCase, it: &Iteration) -> Option<String> {
    let first = it.pv.first()?;
    Some(
        case.position
            .canonical_move(first)
            .unwrap_or_else(|_| first.clone()),
    )
}

fn reported(iterations: &[Iteration]) -> String {
    match iterations.is_empty() {
        true => "none".into(),
        false => iterations
            .iter()
            .map(|i| i.depth.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    }
}
