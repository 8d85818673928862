//! Command-line arguments (clap derive). Nothing outside this file sees clap types: the
//! arguments become a plain [`Job`].

use clap::{Parser, Subcommand, ValueEnum};

use nodeprof::commands::perft::PerftConfig;
use nodeprof::game::GameKind;

#[derive(Parser, Debug)]
#[command(
    name = "nodeprof",
    version,
    about = "Benchmark suite and node-count profiler for game-tree search (Reversi, Ataxx)",
    after_help = "POSITIONS are files (.pos, .obf, .fen), folders, globs, 'startpos' (with --game), \
                  or a position written inline (an Ataxx FEN or an obf Reversi board and side)."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the game tree at depths 1..N (bulk counting), with time and speed
    Perft {
        /// Positions to count from
        #[arg(required = true, value_name = "POSITIONS")]
        positions: Vec<String>,
        /// The deepest depth
        #[arg(short, long, value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Count only the deepest depth, not 1..N
        #[arg(long)]
        only: bool,
        /// Split the deepest count by root move
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        game: GameArg,
    },
    /// Print positions as board diagrams with side to move, empties, legal moves and the
    /// expected score where the file carries one
    Show {
        #[arg(required = true, value_name = "POSITIONS")]
        positions: Vec<String>,
        #[command(flatten)]
        game: GameArg,
    },
}

#[derive(clap::Args, Debug)]
struct GameArg {
    /// The game of the positions (detected from the content by default; needed for startpos)
    #[arg(short, long, value_enum)]
    game: Option<GameChoice>,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum GameChoice {
    Reversi,
    Ataxx,
}

impl GameArg {
    fn kind(&self) -> Option<GameKind> {
        self.game.map(|g| match g {
            GameChoice::Reversi => GameKind::Reversi,
            GameChoice::Ataxx => GameKind::Ataxx,
        })
    }
}

/// What the user asked for, in plain types.
pub enum Job {
    Perft {
        positions: Vec<String>,
        game: Option<GameKind>,
        config: PerftConfig,
    },
    Show {
        positions: Vec<String>,
        game: Option<GameKind>,
    },
}

impl Cli {
    pub fn into_job(self) -> Job {
        match self.command {
            Command::Perft {
                positions,
                depth,
                only,
                divide,
                game,
            } => Job::Perft {
                positions,
                game: game.kind(),
                config: PerftConfig {
                    depth,
                    only_last: only,
                    divide,
                },
            },
            Command::Show { positions, game } => Job::Show {
                positions,
                game: game.kind(),
            },
        }
    }
}
