//! Match statistics, apart from the matches: tallies of games and game pairs, Elo estimates
//! and the SPRT; and the paired timing's verdict (`paired`). `play` keeps them as games end, the report and `nodeprof sprt` read them
//! back from the tables.

pub mod elo;
pub mod paired;
pub mod rating;
pub mod sprt;
pub mod tally;

pub use elo::{elo_estimate, elo_of_score, expected_score, EloEstimate};
pub use rating::{ratings, Rating};
pub use sprt::{Model, Sprt, Verdict, GSPRT_MAX_ELO, MAX_GAMES};
pub use tally::{Results, Tally};
