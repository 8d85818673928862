//! Pascal Pons' solver's line protocol, served: a Connect 4 move string a line (an empty line:
//! the start), `<moves> <score> <nodes> <microseconds>` out, the score as his solver gives it
//! (the game result: positive when the side to move wins, by the stones it has left).

use std::io::{BufRead, Write};

use crate::game::GameKind;
use crate::measure::search_position;
use crate::position::AnyPosition;
use crate::search::{SearchConfig, END};

/// Serves until the end of the input.
pub fn serve(
    kind: GameKind,
    config: &SearchConfig,
    input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let config = config.for_game(kind);
    for line in input.lines() {
        let line = line?;
        let moves = line.trim();
        let position = match moves {
            "" => Ok(AnyPosition::start(kind)),
            text => AnyPosition::parse_text(kind, text),
        };
        // As his solver does, a line it cannot play is reported on stderr and skipped.
        let report = position
            .map_err(|e| e.to_string())
            .and_then(|p| search_position(&p, END, &config).map_err(|e| e.to_string()));
        match report {
            Ok(report) => writeln!(
                out,
                "{moves} {} {} {}",
                report.game_result.unwrap_or(report.score),
                report.counters.nodes(),
                report.time_ns / 1000
            )?,
            Err(e) => eprintln!("Line {moves}: {e}"),
        }
        out.flush()?;
    }
    Ok(())
}
