//! What a play is asked to do, and what it did.

use std::path::PathBuf;
use std::time::Duration;

use super::adjudication::Adjudication;

use super::agent::Agent;
use super::openings::Openings;
use crate::game::{Eval, GameKind};
use crate::search::Clock;
use crate::stats::{EloEstimate, Sprt, Tally, Verdict};
use crate::store::ShardSpec;

/// Everything a play needs, in plain types.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    pub game: GameKind,
    /// The matches, each (agent1, agent2) with its limits set.
    pub matches: Vec<[Agent; 2]>,
    /// Games per match (pairs of two; an odd number leaves the last pair half played).
    pub games: u64,
    pub openings: Openings,
    pub jobs: usize,
    pub seed: u64,
    /// The evaluation of searches and of greedy agents (`None`: the game's default).
    pub eval: Option<Eval>,
    pub sprt: Option<Sprt>,
    pub out_dir: PathBuf,
    pub resume: bool,
    pub force: bool,
    /// Where time is read from (tests stand in for the system's clock).
    pub clock: Clock,
    pub command_line: Vec<String>,
    /// Play only this shard of each match's game pairs (not with an SPRT).
    pub shard: Option<ShardSpec>,
    /// The bench total this build must count first (see `sweep --signature`).
    pub signature: Option<u64>,
    /// How games may end before the rules end them.
    pub adjudication: Adjudication,
    /// How late past its time an engine's answer may come (fastchess's `timemargin`).
    pub time_margin: Duration,
    /// A copy of the game records written here as well (cutechess's `-pgnout`).
    pub record_copy: Option<PathBuf>,
    /// Move comments with each move's nodes (`{+0.25/12 0.150s n=1234}`).
    pub comment_nodes: bool,
    /// PGN records in cuteataxx's dialect rather than the standard's.
    pub pgn_cuteataxx: bool,
}

/// How one match went.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    pub name: String,
    pub agents: [String; 2],
    pub tally: Tally,
    /// The SPRT's verdict, when the match ran one.
    pub verdict: Option<Verdict>,
    pub llr: Option<f64>,
    pub elo: Option<EloEstimate>,
}

/// What `play` did.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySummary {
    pub matches: Vec<MatchSummary>,
    /// Games found finished in the folder and not played again.
    pub resumed: u64,
}

/// A match's name in the tables: `agent1 vs agent2`.
pub fn match_name(agents: &[Agent; 2]) -> String {
    format!("{} vs {}", agents[0], agents[1])
}
