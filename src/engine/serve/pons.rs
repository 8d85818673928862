//! Pascal Pons' solver's line protocol, served: a Connect 4 move string a line (an empty line:
//! the start), `<moves> <score> <nodes> <microseconds>` out, the score as his solver gives it
//! (the game result: positive when the side to move wins, by the stones it has left).
//!
//! As with his solver, a file piped in is answered line by line to its end; `quit` (no
//! position's moves) stops the search under way and ends the session.

use std::io::{BufRead, Write};
use std::sync::mpsc::Receiver;

use super::stop::{self, AtEnd, Line};
use crate::game::GameKind;
use crate::measure::search_position;
use crate::position::AnyPosition;
use crate::search::{SearchConfig, END};

/// Serves until `quit` or the end of the input.
pub fn serve(
    kind: GameKind,
    config: &SearchConfig,
    input: impl BufRead + Send,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let config = config.for_game(kind);
    stop::serve_lines(input, AtEnd::Finish, |lines| {
        answer(kind, &config, lines, out)
    })
}

/// Answers each line of `lines` until `quit` or the end of the input.
fn answer(
    kind: GameKind,
    config: &SearchConfig,
    lines: &Receiver<Line>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    while let Some((number, line)) = stop::next_line(lines) {
        let moves = line.trim();
        if moves == "quit" {
            break;
        }
        let position = match moves {
            "" => Ok(AnyPosition::start(kind)),
            text => AnyPosition::parse_text(kind, text),
        };
        // As his solver does, a line it cannot play is reported on stderr and skipped.
        let report = position.map_err(|e| e.to_string()).and_then(|p| {
            search_position(&p, END, &stop::stoppable(config, number)).map_err(|e| e.to_string())
        });
        match report {
            Ok(report) => writeln!(
                out,
                "{moves} {} {} {}",
                report.game_result.unwrap_or(report.score),
                report.counters.nodes(),
                report.time_ns / 1000
            )?,
            Err(_) if stop::stopped(number) => break,
            Err(e) => eprintln!("Line {moves}: {e}"),
        }
        out.flush()?;
    }
    Ok(())
}
