//! An engine in use: started and greeted, told of new games, asked for searches in its
//! protocol, its answers checked; restarted after any fault.

use std::time::{Duration, Instant};

use super::gtp;
use super::info::SearchResult;
use super::nboard;
use super::pons;
use super::process::Process;
use super::spec::{EngineSpec, Protocol};
use super::uci;
use crate::error::EngineError;
use crate::position::AnyPosition;
use crate::search::END;

/// How long an engine has to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A running engine, greeted.
pub struct Engine {
    spec: EngineSpec,
    process: Process,
    /// What it calls itself: UCI's `id name`, NBoard's `set myname`.
    pub id_name: Option<String>,
    pub id_author: Option<String>,
}

impl Engine {
    /// Starts the engine and runs the protocol's handshake (its options sent).
    pub fn start(spec: &EngineSpec) -> Result<Engine, EngineError> {
        let mut process = Process::start(&spec.launch)?;
        process.set_control_wait(spec.timeout);
        let (id_name, id_author) = match spec.protocol {
            Protocol::Uci | Protocol::Uai | Protocol::Ugi => {
                let id = uci::handshake(&mut process, spec.protocol, &spec.options)?;
                (id.name, id.author)
            }
            Protocol::Nboard => {
                refuse_options(spec)?;
                (nboard::handshake(&mut process)?, None)
            }
            Protocol::Pons => {
                refuse_options(spec)?;
                (None, None)
            }
            Protocol::Gtp => {
                refuse_options(spec)?;
                (gtp::handshake(&mut process)?, None)
            }
        };
        Ok(Engine {
            spec: spec.clone(),
            process,
            id_name,
            id_author,
        })
    }

    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// Tells the engine a new game starts (UCI's `ucinewgame`, GTP's `clear_board`; NBoard's
    /// `set game` and the solver's lines carry no table across by the protocol's own word, so
    /// nothing is sent).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        match self.spec.protocol {
            Protocol::Uci | Protocol::Uai | Protocol::Ugi => {
                uci::new_game(&mut self.process, self.spec.protocol)
            }
            Protocol::Gtp => {
                let deadline = self.process.control_deadline();
                gtp::command(&mut self.process, "clear_board", deadline).map(|_| ())
            }
            Protocol::Nboard | Protocol::Pons => Ok(()),
        }
    }

    /// Searches `position` to `depth` (`END`: solve), its answer checked: a best move that is
    /// not legal (or not a move) is an error.
    pub fn search(
        &mut self,
        position: &AnyPosition,
        depth: u32,
    ) -> Result<SearchResult, EngineError> {
        if let Some(kind) = self.spec.protocol.game() {
            if position.kind() != kind {
                return Err(EngineError::Refused {
                    engine: self.spec.name().to_string(),
                    message: format!(
                        "{} is a protocol for {}, not {}",
                        self.spec.protocol.name(),
                        kind.title(),
                        position.kind()
                    ),
                });
            }
        }
        let deadline = Instant::now() + self.spec.timeout;
        let limit = self.spec.timeout;
        let searched = self
            .dispatch(position, depth, deadline)
            .map_err(|e| e.after_waiting(limit));
        let mut result = searched?;
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

    /// The search in the engine's protocol.
    fn dispatch(
        &mut self,
        position: &AnyPosition,
        depth: u32,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        let refused = |message: String| EngineError::Refused {
            engine: self.spec.name().to_string(),
            message,
        };
        Ok(match (self.spec.protocol, position) {
            (Protocol::Pons, p) if depth == END => pons::solve(&mut self.process, p, deadline)?,
            (Protocol::Pons, _) => {
                return Err(refused(
                    "Pons' solver only solves Connect 4 positions to the end (depth end)".into(),
                ))
            }
            (Protocol::Gtp, _) => {
                return Err(refused(
                    "GTP reports moves, not searches: a GTP engine plays matches".into(),
                ))
            }
            (_, _) if depth == END => {
                return Err(refused(format!(
                    "{} engines search to a depth; depth 'end' is for solvers (proto=pons)",
                    self.spec.protocol.name()
                )))
            }
            (Protocol::Nboard, p) => nboard::search(&mut self.process, p, depth, deadline)?,
            (Protocol::Uci | Protocol::Uai | Protocol::Ugi, _) => uci::search(
                &mut self.process,
                &position.to_string(),
                &format!("depth {depth}"),
                deadline,
            )?,
        })
    }

    /// A UCI-family search for a game's move: `position fen POSITION` (which may carry
    /// `moves ...`), then `go GO_ARGS`, read to `bestmove` (past `deadline` the engine is
    /// told to stop). The move is not checked: the match's referee checks it.
    pub fn go(
        &mut self,
        position: &str,
        go_args: &str,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        uci::search(&mut self.process, position, go_args, deadline)
    }

    /// NBoard's search of `position` to `depth`, for a game's move (not checked here).
    pub fn go_nboard(
        &mut self,
        position: &AnyPosition,
        depth: u32,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        nboard::search(&mut self.process, position, depth, deadline)
    }

    /// One GTP command and its answer (`? ...` is an error).
    /// The deadline of an answer to a control command sent now (see
    /// [`Process::control_deadline`]).
    pub fn control_deadline(&self) -> Instant {
        self.process.control_deadline()
    }

    pub fn gtp(&mut self, line: &str, deadline: Instant) -> Result<String, EngineError> {
        gtp::command(&mut self.process, line, deadline)
    }

    /// GTP: tells the engine the move `mv` (nodeprof's notation) was played by the first
    /// player (black) or the second.
    pub fn play_move(&mut self, first_player: bool, mv: &str) -> Result<(), EngineError> {
        let line = format!("play {} {}", gtp::colour(first_player), gtp::vertex(mv));
        let deadline = Instant::now() + self.spec.timeout;
        match gtp::command(&mut self.process, &line, deadline) {
            // Othello engines that pass by themselves refuse a played pass (gtp-rhino: "?
            // syntax error"): the pass is theirs to make.
            Err(EngineError::Refused { .. }) if gtp::vertex(mv) == "pass" => Ok(()),
            other => other.map(|_| ()),
        }
    }

    /// GTP: asks the engine for the move of the first player (black) or the second, in
    /// nodeprof's notation (`pass`, `resign` as GTP says them), waiting until `deadline`.
    pub fn generate_move_by(
        &mut self,
        first_player: bool,
        deadline: Instant,
    ) -> Result<String, EngineError> {
        let line = format!("genmove {}", gtp::colour(first_player));
        gtp::command(&mut self.process, &line, deadline).map(|a| gtp::from_vertex(&a))
    }

    /// [`Engine::generate_move_by`] within the engine's timeout.
    pub fn generate_move(&mut self, first_player: bool) -> Result<String, EngineError> {
        let deadline = Instant::now() + self.spec.timeout;
        self.generate_move_by(first_player, deadline)
    }

    /// Ends the engine politely (`quit`), killing it if it does not leave.
    pub fn quit(mut self) {
        let quit = match self.spec.protocol {
            Protocol::Pons => None,
            _ => Some("quit"),
        };
        self.process.stop(quit, QUIT_GRACE);
    }
}

fn refuse_options(spec: &EngineSpec) -> Result<(), EngineError> {
    match spec.options.first() {
        None => Ok(()),
        Some((name, _)) => Err(EngineError::Refused {
            engine: spec.name().to_string(),
            message: format!(
                "{} has no options (option.{name}=...); pass settings in args=",
                spec.protocol.name()
            ),
        }),
    }
}
