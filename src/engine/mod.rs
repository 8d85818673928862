//! External engines: started as processes ([`process`]), spoken to in their protocols (UCI
//! and its dialects UAI and UGI, NBoard, Pons' solver, GTP), their reports of each search read
//! into iterations ([`info`]); and nodeprof's own searches behind those protocols
//! ([`serve`], `nodeprof engine`).

pub mod client;
pub mod gtp;
pub mod info;
pub mod nboard;
pub mod pons;
pub mod position;
pub mod process;
pub mod serve;
pub mod spec;
pub mod uci;

pub use client::Engine;
pub use info::{Iteration, Score, SearchResult};
pub use position::EngineCase;
pub use spec::{EngineSpec, Ladder, NewGame, Protocol};
