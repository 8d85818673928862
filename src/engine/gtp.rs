//! The GTP client (Go Text Protocol, version 2), as Othello engines such as Debian's
//! `gtp-rhino` speak it: `= answer` or `? error`, each ended by a blank line. GTP reports
//! moves, never a search's work, and sets positions only by playing moves from the start
//! (`clear_board`, then `play`), so it serves matches (nodeprof play), not profiles.

use std::time::Instant;

use super::info::SearchResult;
use super::process::Process;
use super::protocol::{
    refuse_options, refused, Definition, Dialogue, GameStart, Identity, MoveRequest,
};
use crate::error::EngineError;
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::search::MoveLimits;

/// The Go Text Protocol, as Othello engines speak it (Debian's `gtp-rhino`): moves only.
pub static GTP: Definition = Definition {
    name: "gtp",
    game: Some(GameKind::Reversi),
    reports_iterations: false,
    reports_searches: false,
    solves_only: false,
    positions_by_moves: true,
    open: || Box::<Gtp>::default(),
    serve: None,
};

/// One engine's GTP conversation, and what it has on its board: the position, and how many
/// of the game's moves (from its opening) brought it there.
#[derive(Default)]
pub struct Gtp {
    board: Option<(AnyPosition, usize)>,
}

impl Dialogue for Gtp {
    /// `protocol_version`, `name`, `version`, `boardsize 8`.
    fn handshake(
        &mut self,
        process: &mut Process,
        options: &[(String, String)],
    ) -> Result<Identity, EngineError> {
        refuse_options(process, GTP.name, options)?;
        Ok(Identity {
            name: handshake(process)?,
            author: None,
        })
    }

    fn new_game(&mut self, process: &mut Process) -> Result<(), EngineError> {
        self.board = None;
        let deadline = process.control_deadline();
        command(process, "clear_board", deadline).map(|_| ())
    }

    fn search(
        &mut self,
        process: &mut Process,
        _position: &AnyPosition,
        _depth: u32,
        _deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        Err(refused(
            process.name(),
            "GTP reports moves, not searches: a GTP engine plays matches",
        ))
    }

    /// The clock (main time in seconds, no byo-yomi), and the opening's moves played from
    /// the game's start: GTP sets positions only by moves.
    fn start_game(&mut self, process: &mut Process, game: &GameStart) -> Result<(), EngineError> {
        let deadline = process.control_deadline();
        if let Some(base) = game.clock {
            let line = format!("time_settings {} 0 0", base.as_secs().max(1));
            command(process, &line, deadline)?;
        }
        let Some(moves) = game.opening else {
            return Err(refused(
                process.name(),
                format!(
                    "GTP sets a position only by playing moves from the start, and the opening {} comes with none (use --openings start or random:K)",
                    game.start
                ),
            ));
        };
        let board = tell(process, AnyPosition::start(game.start.kind()), moves)?;
        self.board = Some((board, 0));
        Ok(())
    }

    /// The moves it has not seen (the opponent's), then `genmove`.
    fn play(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        let (board, told) = self.board.unwrap_or((*request.start, 0));
        let board = tell(process, board, &request.moves[told..])?;
        self.board = Some((board, request.moves.len()));
        if let Some(clocks) = request.clocks {
            let left = clocks[usize::from(!request.first_to_move)];
            let line = format!(
                "time_left {} {} 0",
                colour(request.first_to_move),
                left.as_secs()
            );
            command(process, &line, deadline)?;
        }
        let started = Instant::now();
        let line = format!("genmove {}", colour(request.first_to_move));
        let mv = command(process, &line, deadline).map(|a| from_vertex(&a))?;
        // Its own move is on its board now (an illegal one ends the game, and the engine
        // with it).
        if let Some((board, told)) = &mut self.board {
            if let Ok(after) = board.after_moves(&[&mv]) {
                *board = after;
                *told += 1;
            }
        }
        Ok(SearchResult {
            best_move: Some(mv),
            wall_ns: started.elapsed().as_nanos() as u64,
            ..SearchResult::default()
        })
    }

    fn check_limits(&self, engine: &str, limits: &MoveLimits) -> Result<(), String> {
        match (limits.depth, limits.nodes, limits.movetime) {
            (None, None, None) => Ok(()),
            _ => Err(format!(
                "engine {engine} speaks GTP, which has no depth, node or move-time limit: give it none (it plays at its own setting) or a clock=T"
            )),
        }
    }
}

/// Plays `moves` on the engine's board from `from` (each side's move as its colour's), and
/// returns the position reached.
fn tell(
    process: &mut Process,
    from: AnyPosition,
    moves: &[String],
) -> Result<AnyPosition, EngineError> {
    let mut position = from;
    for mv in moves {
        play_move(process, first_to_move(&position), mv)?;
        position = position
            .after_moves(&[mv])
            .map_err(|message| refused(process.name(), message))?;
    }
    Ok(position)
}

/// Tells the engine the move `mv` (nodeprof's notation) was played by the first player
/// (black) or the second.
fn play_move(process: &mut Process, first_player: bool, mv: &str) -> Result<(), EngineError> {
    let line = format!("play {} {}", colour(first_player), vertex(mv));
    let deadline = process.control_deadline();
    match command(process, &line, deadline) {
        // Othello engines that pass by themselves refuse a played pass (gtp-rhino: "?
        // syntax error"): the pass is theirs to make.
        Err(EngineError::Refused { .. }) if vertex(mv) == "pass" => Ok(()),
        other => other.map(|_| ()),
    }
}

/// Whether the side to move in `position` is its game's first side (GTP's black).
fn first_to_move(position: &AnyPosition) -> bool {
    position.side_to_move() == AnyPosition::start(position.kind()).side_to_move()
}

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
fn handshake(process: &mut Process) -> Result<Option<String>, EngineError> {
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
fn colour(first_player: bool) -> &'static str {
    match first_player {
        true => "black",
        false => "white",
    }
}

/// A move in GTP's form: `pass`, or the vertex (`E6`); nodeprof's are lower case.
fn vertex(mv: &str) -> String {
    match mv {
        "pass" | "PA" | "pa" => "pass".into(),
        square => square.to_ascii_uppercase(),
    }
}

/// GTP's answer to `genmove` in nodeprof's notation (`E6` → `e6`; `pass`; `resign` kept).
fn from_vertex(answer: &str) -> String {
    answer.trim().to_ascii_lowercase()
}
