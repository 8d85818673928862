//! The NBoard client (Othello: Edax and NTest speak it). NBoard reports one total per
//! search (`nodestats N SECONDS`), not its iterations, so each depth is a search of its own.
//! Follows the NBoard protocol document and abulmo/edax-reversi `src/nboard.c`.

use std::io::{BufRead, Write};
use std::time::Instant;

use super::info::{Iteration, Score, SearchResult};
use super::process::Process;
use super::protocol::{refuse_options, to_a_depth, Definition, Dialogue, Identity, MoveRequest};
use crate::error::EngineError;
use crate::game::record::{GameRecord, Termination};
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::search::{MoveLimits, SearchConfig};

/// Othello engines (Edax, NTest): `nboard 1`, `set game`, `set depth`, `go`.
pub static NBOARD: Definition = Definition {
    name: "nboard",
    game: Some(GameKind::Reversi),
    reports_iterations: false,
    reports_searches: true,
    solves_only: false,
    positions_by_moves: false,
    open: || Box::new(Nboard),
    serve: Some(serve),
};

fn serve(
    kind: GameKind,
    config: &SearchConfig,
    _as_agent: bool,
    input: &mut (dyn BufRead + Send),
    mut out: &mut dyn Write,
) -> std::io::Result<()> {
    super::serve::serve_nboard(kind, config, input, &mut out)
}

/// One engine's NBoard conversation. Each position is set whole (`set game`), so a new game
/// needs no word of its own.
pub struct Nboard;

impl Dialogue for Nboard {
    fn handshake(
        &mut self,
        process: &mut Process,
        options: &[(String, String)],
    ) -> Result<Identity, EngineError> {
        refuse_options(process, NBOARD.name, options)?;
        Ok(Identity {
            name: handshake(process)?,
            author: None,
        })
    }

    fn new_game(&mut self, _process: &mut Process) -> Result<(), EngineError> {
        Ok(())
    }

    fn search(
        &mut self,
        process: &mut Process,
        position: &AnyPosition,
        depth: u32,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        to_a_depth(process, NBOARD.name, depth)?;
        search(process, position, depth, deadline)
    }

    /// `set game` and `set depth`: NBoard's searches take a depth only.
    fn play(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        let depth = request.limits.depth.unwrap_or(1);
        search(process, request.position, depth, deadline)
    }

    fn check_limits(&self, engine: &str, limits: &MoveLimits) -> Result<(), String> {
        match (limits.depth, limits.nodes, limits.movetime, limits.clock) {
            (Some(_), None, None, None) => Ok(()),
            _ => Err(format!(
                "engine {engine} speaks NBoard, whose searches take a depth only (set depth): give it depth=N"
            )),
        }
    }
}

/// `nboard 1` (the version Edax accepts), then a `ping` answered: the engine's name is what
/// it sets with `set myname`, if it does.
fn handshake(process: &mut Process) -> Result<Option<String>, EngineError> {
    process.send("nboard 1")?;
    let mut name = None;
    sync(process, 1, &mut |line| {
        if let Some(n) = line.strip_prefix("set myname ") {
            name = Some(n.trim().to_string());
        }
    })?;
    Ok(name)
}

/// Sends `ping N` and reads until `pong N`, each line before it handed to `seen`.
fn sync(process: &mut Process, n: u64, seen: &mut dyn FnMut(&str)) -> Result<(), EngineError> {
    process.send(&format!("ping {n}"))?;
    let deadline = process.control_deadline();
    loop {
        let line = process.read_line(deadline, &format!("'pong {n}'"))?;
        if line.trim() == format!("pong {n}") {
            return Ok(());
        }
        seen(line.trim());
    }
}

/// A Reversi position as the one-game GGF `set game` takes.
pub fn ggf(position: &AnyPosition) -> String {
    let text = position.to_string();
    let record = GameRecord {
        round: 0,
        date: "",
        names: ["", ""],
        start: &text,
        final_position: &text,
        moves: Vec::new(),
        termination: Termination::End,
        notes: Vec::new(),
        comment_nodes: false,
        clocks: [None, None],
        cuteataxx: false,
        winner: None,
        margin: None,
        stones: None,
    };
    position.kind().write_record(&record).trim_end().to_string()
}

/// One search to `depth`: `set game`, `set depth`, `go`, read to the `=== move` answer, then
/// a `ping` so that a `nodestats` line after the move is read too.
fn search(
    process: &mut Process,
    position: &AnyPosition,
    depth: u32,
    deadline: Instant,
) -> Result<SearchResult, EngineError> {
    process.send(&format!("set game {}", ggf(position)))?;
    process.send(&format!("set depth {depth}"))?;
    process.send("go")?;
    let started = Instant::now();
    let mut result = SearchResult::default();
    let mut iteration = Iteration {
        depth,
        seldepth: None,
        ..Iteration::default()
    };
    let mut answered = false;
    let nodestats = |line: &str, it: &mut Iteration| -> Result<(), String> {
        if let Some(rest) = line.strip_prefix("nodestats ") {
            let mut words = rest.split_whitespace();
            it.nodes = Some(
                words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n <= super::info::MAX_NODES)
                    .ok_or("nodestats without a node count up to 10^15")?,
            );
            // Seconds, finite and under MAX_TIME_MS's years, else not a time.
            it.time_ns = words
                .next()
                .and_then(|s| s.parse::<f64>().ok())
                .filter(|s| {
                    s.is_finite() && (0.0..=super::info::MAX_TIME_MS as f64 / 1e3).contains(s)
                })
                .map(|s| (s * 1e9).round() as u64);
        }
        Ok(())
    };
    while !answered {
        let line = process.read_line(deadline, "'=== move'")?;
        let line = line.trim().to_string();
        let protocol_error = |message: String| EngineError::Protocol {
            engine: process.name().to_string(),
            line: line.clone(),
            message,
        };
        if let Some(rest) = line.strip_prefix("===") {
            let mut parts = rest.trim().split('/');
            let mv = parts.next().unwrap_or("").trim();
            if mv.is_empty() {
                return Err(protocol_error("'===' without a move".into()));
            }
            result.best_move = Some(mv.to_ascii_lowercase());
            iteration.score = match parts.next().map(str::trim).filter(|e| !e.is_empty()) {
                None => None,
                Some(eval) => Some(Score::Cp(nboard_eval(eval).map_err(protocol_error)?)),
            };
            iteration.wall_ns = started.elapsed().as_nanos() as u64;
            answered = true;
        } else {
            nodestats(&line, &mut iteration).map_err(protocol_error)?;
        }
    }
    let mut failed = None;
    sync(process, 2, &mut |line| {
        if let Err(message) = nodestats(line, &mut iteration) {
            failed = Some((line.to_string(), message));
        }
    })?;
    if let Some((line, message)) = failed {
        return Err(EngineError::Protocol {
            engine: process.name().to_string(),
            line,
            message,
        });
    }
    iteration.pv = result.best_move.iter().cloned().collect();
    result.wall_ns = iteration.wall_ns;
    result.iterations.push(iteration);
    Ok(result)
}

/// An NBoard evaluation (`=== move/eval`): a finite number within ±[`super::info::MAX_CP`],
/// rounded; anything else (`1e400`, `inf`, `nan`, a word) is the engine's error, not a score.
fn nboard_eval(eval: &str) -> Result<i32, String> {
    let limit = super::info::MAX_CP as f64;
    match eval.parse::<f64>() {
        Ok(e) if e.is_finite() && e.abs() <= limit => Ok(e.round() as i32),
        _ => Err(format!(
            "evaluation '{eval}' is not a finite number within ±{}",
            super::info::MAX_CP
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_evaluation_is_a_finite_number_in_range() {
        assert_eq!(super::nboard_eval("-3.6"), Ok(-4));
        assert_eq!(super::nboard_eval("12"), Ok(12));
        assert_eq!(super::nboard_eval("-1000000"), Ok(-1_000_000));
        for bad in ["1e400", "inf", "-inf", "nan", "NaN", "1000001", "ten"] {
            let err = super::nboard_eval(bad).unwrap_err();
            assert!(err.contains(&format!("evaluation '{bad}'")), "{err}");
        }
    }
}
