//! Play under a limit: agents (a search variant with a depth, node or time limit, or the
//! random and greedy players), games between them, matches in colour-swapped pairs with an
//! SPRT, the tables and game records they write.

pub mod agent;
pub mod game;
pub mod merge;
pub mod records;
mod run;
pub mod table;

pub use agent::{Agent, Chooser, Limits, TimeControl};
pub use game::{play_game, PlayedGame, Termination};
pub use run::{
    game_line, match_name, openings_from, openings_game, run, summary_lines, MatchSummary,
    Openings, PlaySettings, PlaySummary,
};

#[cfg(test)]
mod tests;
