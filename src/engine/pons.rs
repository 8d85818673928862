//! The client of Pascal Pons' Connect 4 solver (PascalPons/connect4, tag `part12`): one move
//! string a line in, `<moves> <score> <positions explored> <microseconds>` out. `-w` (a weak
//! solve) goes in the engine's `args=`.

use std::io::{BufRead, Write};
use std::time::Instant;

use super::info::{Iteration, Score, SearchResult};
use super::process::Process;
use super::protocol::{refuse_options, refused, Definition, Dialogue, Identity, MoveRequest};
use crate::error::EngineError;
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::search::{MoveLimits, SearchConfig, END};

/// Pascal Pons' Connect 4 solver (tag `part12`): a move string a line in, `moves score
/// nodes microseconds` out.
pub static PONS: Definition = Definition {
    name: "pons",
    game: Some(GameKind::Connect4),
    reports_iterations: false,
    reports_searches: true,
    solves_only: true,
    positions_by_moves: false,
    open: || Box::new(Pons),
    serve: Some(serve),
};

fn serve(
    kind: GameKind,
    config: &SearchConfig,
    _as_agent: bool,
    input: &mut (dyn BufRead + Send),
    mut out: &mut dyn Write,
) -> std::io::Result<()> {
    super::serve::serve_pons(kind, config, input, &mut out)
}

/// One solver's conversation: a line a position, each one on its own (no new game to tell,
/// no `quit`: the end of its input ends it).
pub struct Pons;

impl Dialogue for Pons {
    fn handshake(
        &mut self,
        process: &mut Process,
        options: &[(String, String)],
    ) -> Result<Identity, EngineError> {
        refuse_options(process, PONS.name, options)?;
        Ok(Identity::default())
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
        match depth {
            END => solve(process, position, deadline),
            _ => Err(refused(
                process.name(),
                "Pons' solver only solves Connect 4 positions to the end (depth end)",
            )),
        }
    }

    fn play(
        &mut self,
        process: &mut Process,
        _request: &MoveRequest,
        _deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        Err(refused(process.name(), "Pons' solver cannot play"))
    }

    fn check_limits(&self, engine: &str, _limits: &MoveLimits) -> Result<(), String> {
        Err(format!(
            "engine {engine} is Pons' solver, which scores positions and names no move: it cannot play"
        ))
    }

    fn quit_line(&self) -> Option<&'static str> {
        None
    }
}

/// Solves one position (a Connect 4 position, written as its moves; the caller checks the
/// game, see `Protocol::game`).
fn solve(
    process: &mut Process,
    position: &AnyPosition,
    deadline: Instant,
) -> Result<SearchResult, EngineError> {
    let text = position.to_string();
    let moves = if text == "start" { String::new() } else { text };
    process.send(&moves)?;
    let started = Instant::now();
    let line = process.read_line(deadline, "the solver's answer")?;
    let wall_ns = started.elapsed().as_nanos() as u64;
    let words: Vec<&str> = line.split_whitespace().collect();
    // The move string is empty for the start position: three numbers then.
    let numbers = match words.len() {
        4 if words[0] == moves => &words[1..],
        3 if moves.is_empty() => &words[..],
        _ => {
            return Err(EngineError::Protocol {
                engine: process.name().to_string(),
                line: line.clone(),
                message: format!("expected '{moves} SCORE NODES MICROSECONDS'"),
            })
        }
    };
    let number = |i: usize| numbers[i].parse::<i64>().ok();
    let (Some(score), Some(nodes), Some(micros)) = (number(0), number(1), number(2)) else {
        return Err(EngineError::Protocol {
            engine: process.name().to_string(),
            line: line.clone(),
            message: "expected three numbers after the moves".into(),
        });
    };
    Ok(SearchResult {
        warnings: Vec::new(),
        iterations: vec![Iteration {
            depth: END,
            nodes: Some(nodes as u64),
            time_ns: Some(micros as u64 * 1000),
            wall_ns,
            score: Some(Score::Cp(score as i32)),
            ..Iteration::default()
        }],
        best_move: None,
        wall_ns,
        stopped: false,
    })
}
