//! What every engine protocol is: a definition (its name, its game, what it reports, how it
//! is served) and a [`Dialogue`], one engine's conversation in it. A protocol is one file
//! that defines both, and one line of the registry; nothing outside `engine/` names
//! one.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use super::info::SearchResult;
use super::process::Process;
use crate::error::EngineError;
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::search::{MoveLimits, SearchConfig};

/// What the handshake told of an engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// What it calls itself: UCI's `id name`, NBoard's `set myname`, GTP's `name version`.
    pub name: Option<String>,
    pub author: Option<String>,
}

/// One move asked of an engine in a game.
pub struct MoveRequest<'a> {
    /// The game's start (the opening position).
    pub start: &'a AnyPosition,
    /// The moves from the game's start to now, in nodeprof's notation.
    pub moves: &'a [String],
    /// The position now.
    pub position: &'a AnyPosition,
    /// Whether the side to move is the game's first side (UCI's white, GTP's black).
    pub first_to_move: bool,
    pub limits: &'a MoveLimits,
    /// The time left on each side's clock (the first side's first), with a clock.
    pub clocks: Option<[Duration; 2]>,
    /// With a clock of periods: the moves left in the side to move's period (UCI's
    /// `movestogo`).
    pub moves_to_go: Option<u32>,
    /// How long the answer is waited for (the stall limit, or the time left plus margin).
    pub wait: Duration,
}

/// How a game starts for an engine.
pub struct GameStart<'a> {
    /// The position the game starts from.
    pub start: &'a AnyPosition,
    /// The moves from the game's own start position to `start`, when known (GTP sets
    /// positions only by moves).
    pub opening: Option<&'a [String]>,
    /// The clock's base time, if the game has a clock.
    pub clock: Option<Duration>,
}

/// One engine's conversation in its protocol, over its process. The client (`Engine`)
/// holds one and checks every answer; the dialogue only speaks and reads.
pub trait Dialogue: Send {
    /// The handshake, the options sent (a protocol without options refuses any, see
    /// [`refuse_options`]): what the engine said of itself.
    fn handshake(
        &mut self,
        process: &mut Process,
        options: &[(String, String)],
    ) -> Result<Identity, EngineError>;

    /// A new game: the engine's table cleared by the protocol's word for it (nothing where
    /// each position is a game of its own by the protocol's word).
    fn new_game(&mut self, process: &mut Process) -> Result<(), EngineError>;

    /// A profiled search of `position` to `depth` (`END`: to the end of the game), read until
    /// its answer or `deadline`. A protocol that reports no searches refuses.
    fn search(
        &mut self,
        process: &mut Process,
        position: &AnyPosition,
        depth: u32,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError>;

    /// A game starts (after [`Dialogue::new_game`]): what the protocol tells of it.
    fn start_game(&mut self, _process: &mut Process, _game: &GameStart) -> Result<(), EngineError> {
        Ok(())
    }

    /// The move of `request`'s side in a game (unchecked: the referee checks it).
    fn play(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError>;

    /// What the protocol can tell an engine of a move's limits: why not, for `limits` it
    /// cannot (in words that name `engine`).
    fn check_limits(&self, engine: &str, limits: &MoveLimits) -> Result<(), String>;

    /// The line that asks the engine to leave, if the protocol has one.
    fn quit_line(&self) -> Option<&'static str> {
        Some("quit")
    }
}

/// nodeprof's own searches served in a protocol (`nodeprof engine`): for positions of a
/// game, with a search configuration, `--as-agent` or not.
pub type Server = fn(
    GameKind,
    &SearchConfig,
    bool,
    &mut (dyn BufRead + Send),
    &mut dyn Write,
) -> std::io::Result<()>;

/// A protocol's definition: what is known of it before any engine starts.
pub struct Definition {
    /// Its name in an engine spec (`proto=uci`) and in `meta.json`.
    pub name: &'static str,
    /// The one game it is defined for (UAI: Ataxx; NBoard and GTP: Othello; Pons' solver:
    /// Connect 4); none for those that carry any game's positions as text.
    pub game: Option<GameKind>,
    /// One search reports each iteration (else each depth is a search of its own).
    pub reports_iterations: bool,
    /// It reports a search's work at all (GTP gives moves only: it plays, it is not
    /// profiled).
    pub reports_searches: bool,
    /// It only solves to the end (depths other than `end` are refused).
    pub solves_only: bool,
    /// It sets positions only by playing moves from the game's start.
    pub positions_by_moves: bool,
    /// A new dialogue, for one engine.
    pub open: fn() -> Box<dyn Dialogue>,
    /// How nodeprof serves its searches in it, if it does.
    pub serve: Option<Server>,
}

/// A refusal by the engine named `engine`.
pub fn refused(engine: &str, message: impl Into<String>) -> EngineError {
    EngineError::Refused {
        engine: engine.to_string(),
        message: message.into(),
    }
}

/// A search of a protocol that searches to a depth: `depth` must not be `END` (solving is
/// for solvers, such as Pons').
pub fn to_a_depth(process: &Process, protocol: &str, depth: u32) -> Result<(), EngineError> {
    match depth {
        crate::search::END => Err(refused(
            process.name(),
            format!(
                "{protocol} engines search to a depth; depth 'end' is for solvers (proto=pons)"
            ),
        )),
        _ => Ok(()),
    }
}

/// The handshake of a protocol without options: any option given is refused.
pub fn refuse_options(
    process: &Process,
    protocol: &str,
    options: &[(String, String)],
) -> Result<(), EngineError> {
    match options.first() {
        None => Ok(()),
        Some((name, _)) => Err(refused(
            process.name(),
            format!("{protocol} has no options (option.{name}=...); pass settings in args="),
        )),
    }
}
