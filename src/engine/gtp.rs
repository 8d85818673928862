//! The GTP client (Go Text Protocol, version 2), as Othello engines such as Debian's
//! `gtp-rhino` speak it: `= answer` or `? error`, each ended by a blank line. GTP reports
//! moves, never a search's work, and sets positions only by playing moves from the start
//! (`clear_board`, then `play`), so it serves matches (nodeprof play), not profiles.

use std::time::Instant;

use super::process::Process;
use crate::error::EngineError;

/// One command and its answer: the text after `= ` (an error for `? ...`).
pub fn command(
    process: &mut Process,
    line: &str,
    deadline: Instant,
) -> Result<String, EngineError> {
    process.send(line)?;
    let mut answer: Option<Result<String, String>> = None;
    loop {
        let reply = process.read_line(deadline, &format!("the answer to '{line}'"))?;
        let reply = reply.trim_end();
        match (&mut answer, reply) {
            // The blank line that ends an answer.
            (Some(_), "") => break,
            (None, "") => continue,
            (None, text) => {
                answer = Some(match (text.strip_prefix('='), text.strip_prefix('?')) {
                    (Some(ok), _) => Ok(strip_id(ok).to_string()),
                    (_, Some(error)) => Err(strip_id(error).to_string()),
                    _ => {
                        return Err(EngineError::Protocol {
                            engine: process.name().to_string(),
                            line: text.to_string(),
                            message: format!("expected '= ...' or '? ...' in answer to '{line}'"),
                        })
                    }
                })
            }
            // Multi-line answers (showboard, list_commands) continue until the blank line.
            (Some(Ok(text)), more) => {
                text.push('\n');
                text.push_str(more);
            }
            (Some(Err(_)), _) => {}
        }
    }
    match answer.expect("an answer was read") {
        Ok(text) => Ok(text),
        Err(error) => Err(EngineError::Refused {
            engine: process.name().to_string(),
            message: format!("it refused '{line}': {error}"),
        }),
    }
}

/// An answer's optional command id (`=12 E6`) dropped.
fn strip_id(text: &str) -> &str {
    text.trim_start_matches(|c: char| c.is_ascii_digit()).trim()
}

/// `protocol_version`, `name`, `version`, `boardsize 8`: the engine's name and version.
pub fn handshake(process: &mut Process) -> Result<Option<String>, EngineError> {
    let deadline = process.control_deadline();
    let version = command(process, "protocol_version", deadline)?;
    if version.trim() != "2" {
        return Err(EngineError::Refused {
            engine: process.name().to_string(),
            message: format!("it speaks GTP version {version}, nodeprof speaks 2"),
        });
    }
    let name = command(process, "name", deadline)?;
    let number = command(process, "version", deadline).unwrap_or_default();
    command(process, "boardsize 8", deadline)?;
    Ok(Some(format!("{name} {number}").trim().to_string()))
}

/// GTP's colour of the side to move: the first player is black.
pub fn colour(first_player: bool) -> &'static str {
    match first_player {
        true => "black",
        false => "white",
    }
}

/// A move in GTP's form: `pass`, or the vertex (`E6`); nodeprof's are lower case.
pub fn vertex(mv: &str) -> String {
    match mv {
        "pass" | "PA" | "pa" => "pass".into(),
        square => square.to_ascii_uppercase(),
    }
}

/// GTP's answer to `genmove` in nodeprof's notation (`E6` → `e6`; `pass`; `resign` kept).
pub fn from_vertex(answer: &str) -> String {
    answer.trim().to_ascii_lowercase()
}
