//! Play under a limit: agents (a search variant with a depth, node or time limit, or the
//! random and greedy players), games between them, matches in colour-swapped pairs with an
//! SPRT, the tables and game records they write.

pub mod adjudication;
pub mod agent;
mod check;
mod draw_rules;
pub mod game;
pub mod merge;
pub mod meta;
pub mod openings;
mod output;
pub mod records;
mod referee;
mod rows;
mod run;
pub mod settings;
mod shard;

pub use crate::game::Termination;
pub use adjudication::Adjudication;
pub use agent::{Agent, Chooser, MoveLimits, TimeControl};
pub use game::{GameSetup, PlayedGame};
pub use openings::{openings_from, openings_game, Openings};
pub use output::{game_line, summary_lines};
pub use referee::play_game;
pub use run::run;
pub use settings::{match_name, MatchSummary, PlaySettings, PlaySummary};

#[cfg(test)]
mod tests;
