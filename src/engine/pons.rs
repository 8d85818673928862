//! The client of Pascal Pons' Connect 4 solver (PascalPons/connect4, tag `part12`): one move
//! string a line in, `<moves> <score> <positions explored> <microseconds>` out. `-w` (a weak
//! solve) goes in the engine's `args=`.

use std::time::Instant;

use super::info::{Iteration, Score, SearchResult};
use super::process::Process;
use crate::error::EngineError;
use crate::position::AnyPosition;
use crate::search::END;

/// Solves one position (a Connect 4 position, written as its moves; the caller checks the
/// game, see `Protocol::game`).
pub fn solve(
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
