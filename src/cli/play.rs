//! `nodeprof play`'s options: nodeprof's own, and those the cutechess form is rewritten into
//! (see [`super::cutechess`]).

use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;

use super::engine::EngineArgs;
use super::groups::{EvalArg, GameArg, RunFolderArgs};
use super::values::{parse_depths, parse_duration, Depths};

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Agents: random, greedy, a variant spec, or the name of an --engine, with options
    /// after @ (depth=N, nodes=N, movetime=150ms, clock=10s[+100ms] or 40/1m[+1s], shuffle),
    /// e.g. alphabeta+tt+id@movetime=150ms [default: the --engine engines]
    #[arg(value_name = "AGENT")]
    pub agents: Vec<String>,
    /// Who plays whom: gauntlet (every agent but the last against the last) or roundrobin
    /// (every pair once)
    #[arg(long, value_enum, default_value_t = Tournament::Gauntlet)]
    pub tournament: Tournament,
    /// Depth limit of agents that name no limit; a range FROM..TO plays one match a depth
    #[arg(short, long, value_parser = parse_depths)]
    pub depth: Option<Depths>,
    /// Node budget per move of agents that name no limit (exact and reproducible)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Time per move of agents that name no limit (150ms, 1s)
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub movetime: Option<Duration>,
    /// Game clock of agents that name no limit (10s, 1m+100ms): 150 ms a move while more
    /// than 1 s remains, 10 ms after; a side whose clock runs out loses
    #[arg(long, value_name = "TIME[+INC]")]
    pub clock: Option<String>,
    /// Games per match (in pairs: one opening, colours swapped) [default: 10; 200 against
    /// random, the 2011 benchmark's 100 games as each colour]
    #[arg(short = 'n', long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Where games start: random:K (K seeded random plies, a new opening each pair), start
    /// (every game from the start position), or positions (a file, a built-in suite), one a
    /// pair in turn [default: random:K with the game's K: Reversi 8, Ataxx 4, Connect 4 4,
    /// chess 6]
    #[arg(long, value_name = "OPENINGS")]
    pub openings: Option<String>,
    /// Games played at once (timed agents then share the machine; recorded in meta.json)
    #[arg(short, long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: u16,
    /// Seed of random agents, random openings and shuffled move orders
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[allow(rustdoc::broken_intra_doc_links)]
    /// Stop a match when the SPRT decides: elo0=0,elo1=50,alpha=0.05,beta=0.05,
    /// model=binomial|logistic|normalized[,trinomial] (alone: the defaults shown)
    #[arg(long, value_name = "SPEC", num_args = 0..=1, default_missing_value = "")]
    pub sprt: Option<String>,
    #[command(flatten)]
    pub eval: EvalArg,
    #[command(flatten)]
    pub folder: RunFolderArgs,
    /// No per-game lines
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub format: super::groups::FormatArg,
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub engines: EngineArgs,
    /// Decide a game by nodeprof's exact solver once it has this many empty squares or
    /// fewer (alone: Reversi 16, Connect 4 16): the result of perfect play from there
    #[arg(long, value_name = "EMPTIES", num_args = 0..=1, default_missing_value = "default", value_parser = parse_exact_at)]
    pub adjudicate_exact: Option<ExactAt>,
    /// Draw by the agents' scores, as cutechess: movenumber=N,movecount=M,score=S
    #[arg(long, value_name = "SPEC")]
    pub draw: Option<String>,
    /// Resign by the agents' scores, as cutechess: movecount=M,score=S[,twosided=true]
    #[arg(long, value_name = "SPEC")]
    pub resign: Option<String>,
    /// A draw after N full moves
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub maxmoves: Option<u32>,
    /// How late past its time an engine may answer before it loses on time
    #[arg(long, value_name = "TIME", value_parser = parse_duration, default_value = "100ms")]
    pub timemargin: Duration,
    /// Append each finished game's record to this file too (cutechess's -pgnout; what the
    /// file held stays)
    #[arg(long, value_name = "FILE")]
    pub pgnout: Option<PathBuf>,
    /// With each move's comment, its nodes ({+0.25/12 0.150s n=1234})
    #[arg(long)]
    pub comment_nodes: bool,
    /// PGN records (Ataxx) as strict readers take them (standard: the seven tag roster,
    /// SetUp and FEN, move numbers from the FEN) or as cuteataxx writes them
    #[arg(long, value_name = "DIALECT", value_enum, default_value_t = PgnDialect::Standard)]
    pub pgn_dialect: PgnDialect,
    /// The order of opening positions: sequential (default) or random (shuffled by --seed)
    #[arg(long, value_name = "ORDER", value_enum, default_value_t = OpeningsOrder::Sequential)]
    pub openings_order: OpeningsOrder,
    /// Start from the K-th opening position (1 = the first)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub openings_start: u64,
    /// Openings from a record file (PGN, GGF, move lines): the first N plies of each game
    /// [default: all]
    #[arg(long, value_name = "N")]
    pub openings_plies: Option<usize>,
    /// Accepted for cutechess's -recover: a faulty engine always loses its game, not the
    /// match, and is restarted
    #[arg(long)]
    pub recover: bool,
}

/// Who plays whom in a play with more than two agents.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tournament {
    Gauntlet,
    Roundrobin,
}

/// How PGN records are written.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnDialect {
    Standard,
    Cuteataxx,
}

/// The order opening positions are taken in.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningsOrder {
    Sequential,
    Random,
}

/// Where `--adjudicate-exact` solves: the game's default, or at this many empty squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactAt {
    GameDefault,
    Empties(u32),
}

fn parse_exact_at(text: &str) -> Result<ExactAt, String> {
    match text {
        "default" => Ok(ExactAt::GameDefault),
        n => n
            .parse::<u32>()
            .map(ExactAt::Empties)
            .map_err(|_| format!("expected a number of empty squares, got '{n}'")),
    }
}
