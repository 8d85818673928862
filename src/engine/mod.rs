//! External engines: started as processes ([`process`]), spoken to in their protocols (UCI
//! and its dialects UAI and UGI, NBoard, Pons' solver, GTP), their reports of each search read
//! into iterations ([`info`]); and nodeprof's own searches behind those protocols
//! ([`serve`], `nodeprof engine`).

pub mod client;
pub mod counters_line;
mod fingerprint;
mod gtp;
pub mod info;
pub mod ladder;
mod nboard;
mod pons;
pub mod pool;
pub mod position;
pub mod process;
pub mod protocol;
mod registry;
pub mod serve;
mod spawn;
pub mod spec;
mod uci;

pub use client::{Engine, EngineMove};
pub use info::{Iteration, Score, SearchResult};
pub use ladder::{greet, run_group, EngineMeta, Measured};
pub use pool::Pool;
pub use position::EngineCase;
pub use protocol::{GameStart, MoveRequest};
pub use registry::Protocol;
pub use spec::{threads_option, EngineSpec, Ladder, NewGame};
