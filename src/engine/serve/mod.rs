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

pub use nboard::serve as serve_nboard;
pub use pons::serve as serve_pons;
pub use stop::enable as enable_stop;
pub use uci::serve as serve_uci;
