//! External engines as players: one engine's side of a game, asked for each move in its
//! protocol (UCI and its dialects: the game so far as `position fen START moves ...` and a
//! `go` with the agent's limits and clocks; NBoard: `set game` and `set depth`; GTP: the
//! moves it has not seen, then `genmove`), and the pool that keeps started engines between
//! games (an engine that faulted is not given back: the next game starts a fresh one).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::agent::Limits;
use crate::engine::info::SearchResult;
use crate::engine::{Engine, EngineSpec, Protocol};
use crate::error::EngineError;
use crate::game::Termination;
use crate::position::AnyPosition;

/// How long the engine's answer may be late past its time (movetime or clock) before its
/// game is lost on time, unless `--timemargin` says otherwise.
pub const DEFAULT_TIME_MARGIN: Duration = Duration::from_millis(100);

/// One move asked of an engine.
pub struct MoveRequest<'a> {
    /// The game's start (the opening position).
    pub start: &'a AnyPosition,
    /// The moves from the game's start to now, in nodeprof's notation.
    pub moves: &'a [String],
    /// The position now.
    pub position: &'a AnyPosition,
    /// Whether the side to move is the game's first side (UCI's white, GTP's black).
    pub first_to_move: bool,
    pub limits: &'a Limits,
    /// The time left on each side's clock (the first side's first), with a clock.
    pub clocks: Option<[Duration; 2]>,
    /// With a clock of periods: the moves left in the side to move's period (UCI's
    /// `movestogo`).
    pub moves_to_go: Option<u32>,
    /// How long the answer is waited for (the stall limit, or the time left plus margin).
    pub wait: Duration,
}

/// What an engine answered for one move, its move unchecked.
pub struct EngineMove {
    pub mv: String,
    pub result: SearchResult,
}

/// An engine's fault during a game, as the game's end names it.
pub fn termination_of(error: &EngineError) -> Termination {
    match error {
        EngineError::Timeout { .. } => Termination::Stall,
        EngineError::Protocol { .. } | EngineError::Refused { .. } | EngineError::Spec { .. } => {
            Termination::ProtocolError
        }
        EngineError::Exited { .. } | EngineError::Io { .. } | EngineError::Start { .. } => {
            Termination::Crash
        }
    }
}

/// Checks before any game that `spec` can play under `limits` (what its protocol can be told).
pub fn check_limits(spec: &EngineSpec, limits: &Limits) -> Result<(), String> {
    let name = spec.name();
    match spec.protocol {
        Protocol::Uci | Protocol::Uai | Protocol::Ugi => match limits.is_empty() {
            true => Err(format!(
                "engine {name} needs a limit: depth=N, nodes=N, movetime=T or clock=T[+I] (after @, or --depth, --nodes, --movetime, --clock, -each)"
            )),
            false => Ok(()),
        },
        Protocol::Nboard => match (limits.depth, limits.nodes, limits.movetime, limits.clock) {
            (Some(_), None, None, None) => Ok(()),
            _ => Err(format!(
                "engine {name} speaks NBoard, whose searches take a depth only (set depth): give it depth=N"
            )),
        },
        Protocol::Gtp => match (limits.depth, limits.nodes, limits.movetime) {
            (None, None, None) => Ok(()),
            _ => Err(format!(
                "engine {name} speaks GTP, which has no depth, node or move-time limit: give it none (it plays at its own setting) or a clock=T"
            )),
        },
        Protocol::Pons => Err(format!(
            "engine {name} is Pons' solver, which scores positions and names no move: it cannot play"
        )),
    }
}

/// An engine seated for games: the process and, for GTP, what it has on its board.
pub struct EnginePlayer {
    engine: Engine,
    /// GTP: the position on the engine's board, and how many of the game's moves (from its
    /// opening) brought it there.
    board: Option<(AnyPosition, usize)>,
    /// Set by a fault: the engine is not given back to the pool.
    pub broken: bool,
}

impl EnginePlayer {
    pub fn start(spec: &EngineSpec) -> Result<EnginePlayer, EngineError> {
        Ok(EnginePlayer {
            engine: Engine::start(spec)?,
            board: None,
            broken: false,
        })
    }

    pub fn spec(&self) -> &EngineSpec {
        self.engine.spec()
    }

    /// What the engine calls itself (UCI's `id name`, GTP's `name` and `version`).
    pub fn id_name(&self) -> Option<&str> {
        self.engine.id_name.as_deref()
    }

    /// A new game from `start`; GTP engines are given `opening` (the moves from the game's
    /// own start position to `start`) since GTP sets positions only by moves.
    pub fn new_game(
        &mut self,
        start: &AnyPosition,
        opening: Option<&[String]>,
        clock: Option<Duration>,
    ) -> Result<(), EngineError> {
        self.board = None;
        self.engine.new_game()?;
        if self.spec().protocol != Protocol::Gtp {
            return Ok(());
        }
        let deadline = self.engine.control_deadline();
        if let Some(base) = clock {
            // GTP's clock: main time in seconds, no byo-yomi.
            self.engine.gtp(
                &format!("time_settings {} 0 0", base.as_secs().max(1)),
                deadline,
            )?;
        }
        let Some(moves) = opening else {
            return Err(EngineError::Refused {
                engine: self.spec().name().to_string(),
                message: format!(
                    "GTP sets a position only by playing moves from the start, and the opening {start} comes with none (use --openings start or random:K)"
                ),
            });
        };
        let board = self.tell(AnyPosition::start(start.kind()), moves)?;
        self.board = Some((board, 0));
        Ok(())
    }

    /// GTP: plays `moves` on the engine's board from `from` (each side's move as its
    /// colour's), and returns the position reached.
    fn tell(&mut self, from: AnyPosition, moves: &[String]) -> Result<AnyPosition, EngineError> {
        let mut position = from;
        for mv in moves {
            self.engine.play_move(first_to_move(&position), mv)?;
            position = position
                .after_moves(&[mv])
                .map_err(|message| EngineError::Refused {
                    engine: self.spec().name().to_string(),
                    message,
                })?;
        }
        Ok(position)
    }

    /// Asks for the move of `request`'s side (unchecked: the referee checks it).
    pub fn choose(&mut self, request: &MoveRequest) -> Result<EngineMove, EngineError> {
        self.ask(request).map_err(|e| e.after_waiting(request.wait))
    }

    fn ask(&mut self, request: &MoveRequest) -> Result<EngineMove, EngineError> {
        let deadline = Instant::now() + request.wait;
        let protocol = self.spec().protocol;
        let result = match protocol {
            Protocol::Uci | Protocol::Uai | Protocol::Ugi => {
                let mut position = request.start.to_string();
                if !request.moves.is_empty() {
                    position = format!("{position} moves {}", request.moves.join(" "));
                }
                let mut go = go_arguments(protocol, request.limits, request.clocks);
                if let (Some(n), Some(_)) = (request.moves_to_go, request.clocks) {
                    go.push_str(&format!(" movestogo {n}"));
                }
                self.engine.go(&position, &go, deadline)?
            }
            Protocol::Nboard => {
                let depth = request.limits.depth.unwrap_or(1);
                self.engine.go_nboard(request.position, depth, deadline)?
            }
            Protocol::Gtp => {
                // The moves since the engine's board was last in step (the opponent's).
                let (board, told) = self.board.unwrap_or((*request.start, 0));
                let board = self.tell(board, &request.moves[told..])?;
                self.board = Some((board, request.moves.len()));
                if let Some(clocks) = request.clocks {
                    let left = clocks[usize::from(!request.first_to_move)];
                    let line = format!(
                        "time_left {} {} 0",
                        crate::engine::gtp::colour(request.first_to_move),
                        left.as_secs()
                    );
                    self.engine.gtp(&line, deadline)?;
                }
                let started = Instant::now();
                let mv = self
                    .engine
                    .generate_move_by(request.first_to_move, deadline)?;
                // Its own move is on its board now (an illegal one ends the game, and the
                // engine with it).
                if let Some((board, told)) = &mut self.board {
                    if let Ok(after) = board.after_moves(&[&mv]) {
                        *board = after;
                        *told += 1;
                    }
                }
                SearchResult {
                    best_move: Some(mv),
                    wall_ns: started.elapsed().as_nanos() as u64,
                    ..SearchResult::default()
                }
            }
            Protocol::Pons => {
                return Err(EngineError::Refused {
                    engine: self.spec().name().to_string(),
                    message: "Pons' solver cannot play".into(),
                })
            }
        };
        match result.best_move.clone() {
            Some(mv) if !result.stopped => Ok(EngineMove { mv, result }),
            Some(_) => Err(EngineError::Timeout {
                engine: self.spec().name().to_string(),
                waiting_for: "'bestmove' (it answered only when told to stop)".into(),
                after: Duration::ZERO,
            }),
            None => Err(EngineError::Protocol {
                engine: self.spec().name().to_string(),
                line: "bestmove (none)".into(),
                message: "no move in a position with moves to play".into(),
            }),
        }
    }

    pub fn quit(self) {
        self.engine.quit();
    }
}

/// Whether the side to move in `position` is its game's first side (GTP's black).
fn first_to_move(position: &AnyPosition) -> bool {
    position.side_to_move() == AnyPosition::start(position.kind()).side_to_move()
}

/// `go`'s arguments for `limits` (UCI's `wtime`/`btime` are the first and second sides',
/// UGI's `p1time`/`p2time`).
fn go_arguments(protocol: Protocol, limits: &Limits, clocks: Option<[Duration; 2]>) -> String {
    let mut words = Vec::new();
    if let Some(d) = limits.depth {
        words.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        words.push(format!("nodes {n}"));
    }
    if let Some(t) = limits.movetime {
        words.push(format!("movetime {}", t.as_millis().max(1)));
    }
    if let (Some(tc), Some(clocks)) = (limits.clock, clocks) {
        let names = match protocol {
            Protocol::Ugi => ["p1time", "p2time", "p1inc", "p2inc"],
            _ => ["wtime", "btime", "winc", "binc"],
        };
        let inc = tc.increment.as_millis();
        words.push(format!(
            "{} {} {} {} {} {inc} {} {inc}",
            names[0],
            clocks[0].as_millis(),
            names[1],
            clocks[1].as_millis(),
            names[2],
            names[3]
        ));
    }
    words.join(" ")
}

/// Started engines kept between games, by name.
#[derive(Default)]
pub struct EnginePool {
    idle: Mutex<HashMap<String, Vec<EnginePlayer>>>,
}

impl EnginePool {
    /// An idle engine named like `spec`, or a new one started.
    pub fn take(&self, spec: &EngineSpec) -> Result<EnginePlayer, EngineError> {
        let idle = self
            .idle
            .lock()
            .expect("no thread panics holding the lock")
            .get_mut(spec.name())
            .and_then(Vec::pop);
        match idle {
            Some(player) => Ok(player),
            None => EnginePlayer::start(spec),
        }
    }

    /// Keeps `player` for a later game, unless it faulted (then it is stopped).
    pub fn give_back(&self, player: EnginePlayer) {
        if player.broken {
            player.quit();
            return;
        }
        self.idle
            .lock()
            .expect("no thread panics holding the lock")
            .entry(player.spec().name().to_string())
            .or_default()
            .push(player);
    }

    /// Stops every idle engine.
    pub fn shut_down(&self) {
        let idle = std::mem::take(&mut *self.idle.lock().expect("no thread panics"));
        for player in idle.into_values().flatten() {
            player.quit();
        }
    }
}
