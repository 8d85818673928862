//! An engine in use: started and greeted, told of new games, asked for searches and moves in
//! its protocol (through its [`Dialogue`]), its answers checked; restarted after any fault.

use std::time::{Duration, Instant};

use super::info::SearchResult;
use super::process::Process;
use super::protocol::{refused, Dialogue, GameStart, MoveRequest};
use super::spec::EngineSpec;
use crate::error::EngineError;
use crate::position::AnyPosition;

/// How long an engine has to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A running engine, greeted.
pub struct Engine {
    spec: EngineSpec,
    process: Process,
    dialogue: Box<dyn Dialogue>,
    /// What it calls itself: UCI's `id name`, NBoard's `set myname`.
    pub id_name: Option<String>,
    pub id_author: Option<String>,
    /// Set after a fault that leaves it untrustworthy: a pool does not keep it.
    pub broken: bool,
}

/// What an engine answered for one move of a game, its move unchecked.
pub struct EngineMove {
    pub mv: String,
    pub result: SearchResult,
}

impl Engine {
    /// Starts the engine and runs the protocol's handshake (its options sent).
    pub fn start(spec: &EngineSpec) -> Result<Engine, EngineError> {
        let mut process = Process::start(&spec.launch)?;
        process.set_control_wait(spec.timeout);
        let mut dialogue = spec.protocol.open();
        let identity = dialogue.handshake(&mut process, &spec.options)?;
        Ok(Engine {
            spec: spec.clone(),
            process,
            dialogue,
            id_name: identity.name,
            id_author: identity.author,
            broken: false,
        })
    }

    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// Tells the engine a new game starts (UCI's `ucinewgame`, GTP's `clear_board`; NBoard's
    /// `set game` and the solver's lines carry no table across by the protocol's own word, so
    /// nothing is sent).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.dialogue.new_game(&mut self.process)
    }

    /// A new game of a match, from `game.start`: the new game told, then what the protocol
    /// says of a game's start (GTP: its clock and the opening's moves).
    pub fn start_game(&mut self, game: &GameStart) -> Result<(), EngineError> {
        self.new_game()?;
        self.dialogue.start_game(&mut self.process, game)
    }

    /// Searches `position` to `depth` (`END`: solve), its answer checked: a best move that is
    /// not legal (or not a move) is an error.
    pub fn search(
        &mut self,
        position: &AnyPosition,
        depth: u32,
    ) -> Result<SearchResult, EngineError> {
        self.check_game(position)?;
        let deadline = Instant::now() + self.spec.timeout;
        let limit = self.spec.timeout;
        let mut result = self
            .dialogue
            .search(&mut self.process, position, depth, deadline)
            .map_err(|e| e.after_waiting(limit))?;
        if let Some(mv) = &result.best_move {
            let canonical =
                position
                    .canonical_move(mv)
                    .map_err(|message| EngineError::Protocol {
                        engine: self.spec.name().to_string(),
                        line: mv.clone(),
                        message: format!("an illegal or unreadable move: {message}"),
                    })?;
            result.best_move = Some(canonical);
        }
        Ok(result)
    }

    /// A protocol defined for one game refuses the positions of another.
    fn check_game(&self, position: &AnyPosition) -> Result<(), EngineError> {
        let protocol = self.spec.protocol;
        match protocol.game() {
            Some(kind) if position.kind() != kind => Err(refused(
                self.spec.name(),
                format!(
                    "{protocol} is a protocol for {}, not {}",
                    kind.title(),
                    position.kind()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// Asks for the move of `request`'s side within `request.wait` (the move unchecked: the
    /// referee checks it). An answer only after `stop`, or none, is an error.
    pub fn choose(&mut self, request: &MoveRequest) -> Result<EngineMove, EngineError> {
        let deadline = Instant::now() + request.wait;
        let result = self
            .dialogue
            .play(&mut self.process, request, deadline)
            .map_err(|e| e.after_waiting(request.wait))?;
        match result.best_move.clone() {
            Some(mv) if !result.stopped => Ok(EngineMove { mv, result }),
            Some(_) => Err(EngineError::Timeout {
                engine: self.spec.name().to_string(),
                waiting_for: "'bestmove' (it answered only when told to stop)".into(),
                after: request.wait,
            }),
            None => Err(EngineError::Protocol {
                engine: self.spec.name().to_string(),
                line: "bestmove (none)".into(),
                message: "no move in a position with moves to play".into(),
            }),
        }
    }

    /// Ends the engine politely (`quit` where the protocol has it), killing it if it does
    /// not leave.
    pub fn quit(mut self) {
        let quit = self.dialogue.quit_line();
        self.process.stop(quit, QUIT_GRACE);
    }
}
