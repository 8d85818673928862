//! The NBoard engine side (Othello): `set game`, `set depth`, `move`, `ping`, `go`; each `go`
//! one search to the set depth, reported as `nodestats` and `=== MOVE/EVAL/SECONDS`.

use std::io::{BufRead, Write};
use std::sync::mpsc::Receiver;

use super::stop::{self, AtEnd, Line};
use super::words::{engine_name, move_text};
use crate::error::SearchError;
use crate::game::GameKind;
use crate::measure::search_position;
use crate::position::AnyPosition;
use crate::search::{SearchConfig, MAX_DEPTH};

/// Serves until `quit` or the end of the input, either of which stops a search under way.
pub fn serve(
    kind: GameKind,
    config: &SearchConfig,
    input: impl BufRead + Send,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let config = config.for_game(kind);
    stop::serve_lines(input, AtEnd::Stop, |lines| {
        answer(kind, &config, lines, out)
    })
}

/// Answers the commands of `lines` until `quit` or the end of the input.
fn answer(
    kind: GameKind,
    config: &SearchConfig,
    lines: &Receiver<Line>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    // None after a refused `set game`: no move is made for a position NBoard did not set.
    let mut position = Some(AnyPosition::start(kind));
    let mut depth = 1;
    while let Some((number, line)) = stop::next_line(lines) {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            continue;
        };
        match command {
            "nboard" => writeln!(out, "set myname {}", engine_name(config).replace(' ', "-"))?,
            "set" => match words.next() {
                Some("depth") => match words.next().and_then(|d| d.parse::<u32>().ok()) {
                    Some(d) if (1..=MAX_DEPTH).contains(&d) => depth = d,
                    _ => writeln!(out, "status bad depth in '{line}'")?,
                },
                Some("game") => {
                    let ggf = line.trim_start()["set game".len()..].trim();
                    let read = read_game(kind, ggf);
                    if let Err(e) = &read {
                        writeln!(out, "status bad game: {e}")?;
                    }
                    position = read.ok();
                }
                _ => {}
            },
            "move" => {
                let mv = words.next().unwrap_or("").split('/').next().unwrap_or("");
                match position.as_ref().map(|p| p.after_moves(&[mv])) {
                    Some(Ok(p)) => position = Some(p),
                    Some(Err(e)) => writeln!(out, "status bad move: {e}")?,
                    None => writeln!(out, "status bad move: {NO_GAME}")?,
                }
            }
            "ping" => writeln!(out, "pong {}", words.next().unwrap_or("0"))?,
            "go" => match &position {
                Some(p) => go(p, depth, &stop::stoppable(config, number), out)?,
                None => writeln!(out, "status error: {NO_GAME}")?,
            },
            "quit" => break,
            // hint, learn, analyze, set contempt/time: nothing nodeprof does.
            _ => {}
        }
        out.flush()?;
    }
    Ok(())
}

/// One search of `position` to `depth`, reported as NBoard reads it.
fn go(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
    out: &mut impl Write,
) -> std::io::Result<()> {
    match search_position(position, depth, config) {
        Ok(report) => {
            let seconds = report.time_ns as f64 / 1e9;
            writeln!(out, "nodestats {} {seconds:.6}", report.counters.nodes())?;
            let best = move_text(report.best_move.as_deref());
            let best = if best == "pass" {
                "PA".to_string()
            } else {
                best.to_uppercase()
            };
            writeln!(out, "=== {best}/{}/{seconds:.6}", report.score)
        }
        // Stopped by `quit` or the end of the input: nobody is left to answer.
        Err(SearchError::TimedOut { .. }) => Ok(()),
        Err(e) => writeln!(out, "status error: {e}"),
    }
}

/// Why `move` and `go` are refused after a refused `set game`.
const NO_GAME: &str = "no game: the last 'set game' was refused";

/// The position a one-game GGF reaches.
fn read_game(kind: GameKind, ggf: &str) -> Result<AnyPosition, String> {
    let games = kind.read_records(ggf)?;
    let game = games.first().ok_or("no game in the GGF text")?;
    let start = AnyPosition::parse_text(kind, &game.start)?;
    start.after_moves(&game.moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Variant;

    /// What the server answers to `input`.
    fn served(input: &str) -> String {
        let config = SearchConfig::new("alphabeta".parse::<Variant>().unwrap());
        let mut out = Vec::new();
        serve(GameKind::Reversi, &config, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// A game as NBoard sends it (its protocol description's example): the board one run of
    /// 64 squares, then the side to move, then the moves.
    const NBOARD_GAME: &str = "set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]\
        PB[/Users/chris/dev/ntest]PW[Chris]RE[?]TI[15:00]TY[8]\
        BO[8 ---------------------------O*------*O--------------------------- *]\
        B[F5]W[F6]B[E6]W[F4];)";

    #[test]
    fn the_board_nboard_sends_is_searched() {
        let answer = served(&format!("nboard 2\n{NBOARD_GAME}\nset depth 3\ngo\n"));
        assert!(!answer.contains("status bad game"), "{answer}");
        let best = answer
            .lines()
            .find_map(|l| l.strip_prefix("=== "))
            .and_then(|m| m.split('/').next())
            .unwrap_or_else(|| panic!("{answer}"));
        let start = AnyPosition::start(GameKind::Reversi);
        let reached = start.after_moves(&["f5", "f6", "e6", "f4"]).unwrap();
        let config = SearchConfig::new("alphabeta".parse::<Variant>().unwrap());
        let inside = search_position(&reached, 3, &config).unwrap();
        assert_eq!(Some(best.to_lowercase()), inside.best_move, "{answer}");
    }

    #[test]
    fn after_a_refused_game_no_move_is_made_for_the_previous_position() {
        let answer = served(&format!(
            "{NBOARD_GAME}\nset game (;GM[Othello]BO[8 --- *];)\ngo\n"
        ));
        assert!(answer.contains("status bad game"), "{answer}");
        assert!(!answer.contains("==="), "{answer}");
        assert!(answer.contains("status error: no game: the last 'set game' was refused"));
    }
}
