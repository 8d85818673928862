//! The NBoard engine side (Othello): `set game`, `set depth`, `move`, `ping`, `go`; each `go`
//! one search to the set depth, reported as `nodestats` and `=== MOVE/EVAL/SECONDS`.

use std::io::{BufRead, Write};

use super::words::{engine_name, move_text};
use crate::game::GameKind;
use crate::measure::search_position;
use crate::position::AnyPosition;
use crate::search::{SearchConfig, MAX_DEPTH};

/// Serves until `quit` or the end of the input.
pub fn serve(
    kind: GameKind,
    config: &SearchConfig,
    input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let config = config.for_game(kind);
    let mut position = AnyPosition::start(kind);
    let mut depth = 1;
    for line in input.lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            continue;
        };
        match command {
            "nboard" => writeln!(out, "set myname {}", engine_name(&config).replace(' ', "-"))?,
            "set" => match words.next() {
                Some("depth") => match words.next().and_then(|d| d.parse::<u32>().ok()) {
                    Some(d) if (1..=MAX_DEPTH).contains(&d) => depth = d,
                    _ => writeln!(out, "status bad depth in '{line}'")?,
                },
                Some("game") => {
                    let ggf = line.trim_start()["set game".len()..].trim();
                    match read_game(kind, ggf) {
                        Ok(p) => position = p,
                        Err(e) => writeln!(out, "status bad game: {e}")?,
                    }
                }
                _ => {}
            },
            "move" => {
                let mv = words.next().unwrap_or("").split('/').next().unwrap_or("");
                match position.after_moves(&[mv]) {
                    Ok(p) => position = p,
                    Err(e) => writeln!(out, "status bad move: {e}")?,
                }
            }
            "ping" => writeln!(out, "pong {}", words.next().unwrap_or("0"))?,
            "go" => match search_position(&position, depth, &config) {
                Ok(report) => {
                    let seconds = report.time_ns as f64 / 1e9;
                    writeln!(out, "nodestats {} {seconds:.6}", report.counters.nodes())?;
                    let best = move_text(report.best_move.as_deref());
                    let best = if best == "pass" {
                        "PA".to_string()
                    } else {
                        best.to_uppercase()
                    };
                    writeln!(out, "=== {best}/{}/{seconds:.6}", report.score)?;
                }
                Err(e) => writeln!(out, "status error: {e}")?,
            },
            "quit" => break,
            // hint, learn, analyze, set contempt/time: nothing nodeprof does.
            _ => {}
        }
        out.flush()?;
    }
    Ok(())
}

/// The position a one-game GGF reaches.
fn read_game(kind: GameKind, ggf: &str) -> Result<AnyPosition, String> {
    let games = kind.read_records(ggf)?;
    let game = games.first().ok_or("no game in the GGF text")?;
    let start = AnyPosition::parse_text(kind, &game.start)?;
    start.after_moves(&game.moves)
}
