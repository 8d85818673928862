//! The protocols nodeprof speaks, one line each: the first is the one an engine spec without
//! `proto=` speaks. A protocol's file defines it whole (see [`super::protocol`]).

use std::fmt;
use std::io::{BufRead, Write};

use super::protocol::{Definition, Dialogue};
use super::{gtp, nboard, pons, uci};
use crate::game::GameKind;
use crate::search::{MoveLimits, SearchConfig};

static PROTOCOLS: [&Definition; 6] = [
    &uci::UCI,
    &uci::UAI,
    &uci::UGI,
    &nboard::NBOARD,
    &pons::PONS,
    &gtp::GTP,
];

/// A protocol: a handle on its [`Definition`] in the registry.
#[derive(Clone, Copy)]
pub struct Protocol(pub(super) &'static Definition);

impl Protocol {
    /// Every protocol, in the registry's order.
    pub fn all() -> impl Iterator<Item = Protocol> {
        PROTOCOLS.iter().map(|d| Protocol(d))
    }

    /// The protocol named `name` (any case).
    pub fn named(name: &str) -> Option<Protocol> {
        Protocol::all().find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The names of the registry's protocols, for messages.
    pub fn names() -> Vec<&'static str> {
        Protocol::all().map(Protocol::name).collect()
    }

    /// The protocol of engines of any game that report their iterations (UCI): the one an
    /// engine spec without `proto=` speaks.
    pub fn default_protocol() -> Protocol {
        Protocol::all().next().expect("the registry is not empty")
    }

    pub fn name(self) -> &'static str {
        self.0.name
    }

    pub fn definition(self) -> &'static Definition {
        self.0
    }

    pub fn game(self) -> Option<GameKind> {
        self.0.game
    }

    pub fn reports_iterations(self) -> bool {
        self.0.reports_iterations
    }

    pub fn reports_searches(self) -> bool {
        self.0.reports_searches
    }

    pub fn solves_only(self) -> bool {
        self.0.solves_only
    }

    pub fn positions_by_moves(self) -> bool {
        self.0.positions_by_moves
    }

    /// Whether nodeprof serves its searches in this protocol (`nodeprof engine`).
    pub fn served(self) -> bool {
        self.0.serve.is_some()
    }

    pub fn open(self) -> Box<dyn Dialogue> {
        (self.0.open)()
    }

    /// Serves nodeprof's searches in this protocol on `input`/`output` for positions of
    /// `kind` until `quit` or the end of the input. With `as_agent`, a UCI-family `go` is
    /// answered as `nodeprof play`'s agent answers a move. A protocol nodeprof does not serve
    /// is an error.
    pub fn serve(
        self,
        kind: GameKind,
        config: &SearchConfig,
        as_agent: bool,
        input: &mut (dyn BufRead + Send),
        output: &mut dyn Write,
    ) -> std::io::Result<()> {
        match self.0.serve {
            Some(serve) => serve(kind, config, as_agent, input, output),
            None => Err(std::io::Error::other(format!(
                "nodeprof does not serve {self}"
            ))),
        }
    }

    /// The game served when none is named: the protocol's own (UAI's Ataxx, NBoard's
    /// Othello), else the default game (UCI and UGI take any of nodeprof's games).
    pub fn default_game(self) -> GameKind {
        self.game().unwrap_or(GameKind::DEFAULT)
    }

    /// Whether an engine of this protocol can play under `limits` (why not, naming `engine`).
    pub fn check_limits(self, engine: &str, limits: &MoveLimits) -> Result<(), String> {
        self.open().check_limits(engine, limits)
    }
}

impl PartialEq for Protocol {
    fn eq(&self, other: &Protocol) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Protocol {}

impl std::hash::Hash for Protocol {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state)
    }
}

impl fmt::Debug for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}
