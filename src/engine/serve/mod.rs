//! nodeprof's own searches as an engine (`nodeprof engine`): the protocols' engine side, so
//! that cutechess, cuteataxx, fastchess and NBoard can run them, and so that each client of
//! [`super`] can be checked end to end against the same searches run in process.
//!
//! A search is the sweep's search: `go depth D` runs the variant to depths 1..D in turn, each
//! a fresh search as `nodeprof sweep -d 1..D` runs them, and reports each as an iteration
//! (its nodes counted from the `go`, its own counters in an `info string nodeprof ...` line).

mod agent;
mod nboard;
mod pons;
mod stop;
mod uci;
mod words;

use std::io::{BufRead, Write};

use super::spec::Protocol;
use crate::game::GameKind;
use crate::search::SearchConfig;

pub use nboard::serve as serve_nboard;
pub use stop::enable as enable_stop;
pub use uci::serve as serve_uci;

/// Serves `protocol` on `input`/`output` for positions of `kind` until `quit` or the end of
/// the input.
/// With `as_agent`, a UCI-family `go` is answered as `nodeprof play`'s agent answers a
/// move (see [`agent`]).
pub fn serve(
    protocol: Protocol,
    kind: GameKind,
    config: &SearchConfig,
    as_agent: bool,
    input: impl BufRead + Send,
    output: &mut impl Write,
) -> std::io::Result<()> {
    match protocol {
        Protocol::Nboard => serve_nboard(kind, config, input, output),
        Protocol::Pons => pons::serve(kind, config, input, output),
        Protocol::Gtp => Err(std::io::Error::other("nodeprof does not serve GTP")),
        _ => serve_uci(kind, config, as_agent, input, output),
    }
}

/// The game a protocol serves when none is named: its own (UAI's Ataxx, NBoard's Othello),
/// else the registry's first (UCI and UGI take any of nodeprof's games).
pub fn default_game(protocol: Protocol) -> GameKind {
    protocol.game().unwrap_or(GameKind::DEFAULT)
}
