//! Command-line arguments (clap derive). Nothing outside this file sees clap types: the
//! arguments become a plain [`Job`].

use clap::{Parser, Subcommand, ValueEnum};

use nodeprof::commands::perft::PerftConfig;
use nodeprof::commands::search::SearchJob;
use nodeprof::game::{Eval, GameKind};
use nodeprof::search::{SearchConfig, Variant, MAX_DEPTH};

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
    /// Search positions with variants at one or more depths: score, best move, every
    /// counter and the principal variation
    Search {
        #[arg(required = true, value_name = "POSITIONS")]
        positions: Vec<String>,
        /// Variant specs or presets (repeat or separate with commas); see `nodeprof variants`
        #[arg(
            short,
            long = "variant",
            value_name = "SPEC",
            value_delimiter = ',',
            default_value = "alphabeta"
        )]
        variants: Vec<Variant>,
        /// A depth N or a range FROM..TO (both included)
        #[arg(short, long, value_parser = parse_depths)]
        depth: Depths,
        /// Heuristic evaluation at the horizon (weights: Reversi only)
        #[arg(long, value_enum, default_value_t = EvalChoice::Disc)]
        eval: EvalChoice,
        /// Randomise the move order reproducibly with this seed
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
        #[command(flatten)]
        game: GameArg,
    },
    /// List the base algorithms, enhancements and named presets
    Variants,
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
    Tree,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum EvalChoice {
    /// Disc / piece difference
    Disc,
    /// A classic square-weight table (Reversi)
    Weights,
}

/// Depths FROM..=TO.
#[derive(Clone, Copy, Debug)]
struct Depths {
    from: u32,
    to: u32,
}

fn parse_depths(text: &str) -> Result<Depths, String> {
    let bad =
        || format!("expected a depth N or a range FROM..TO with 1 <= FROM <= TO <= {MAX_DEPTH}");
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
    let (from, to) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.trim_start_matches('='))?),
        None => {
            let d = number(text)?;
            (d, d)
        }
    };
    if from == 0 || from > to || to > MAX_DEPTH {
        return Err(bad());
    }
    Ok(Depths { from, to })
}

impl GameArg {
    fn kind(&self) -> Option<GameKind> {
        self.game.map(|g| match g {
            GameChoice::Reversi => GameKind::Reversi,
            GameChoice::Ataxx => GameKind::Ataxx,
            GameChoice::Tree => GameKind::Tree,
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
    Search {
        positions: Vec<String>,
        game: Option<GameKind>,
        job: SearchJob,
    },
    Variants,
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
            Command::Search {
                positions,
                variants,
                depth,
                eval,
                shuffle,
                game,
            } => {
                let eval = match eval {
                    EvalChoice::Disc => Eval::Material,
                    EvalChoice::Weights => Eval::SquareWeights,
                };
                let configs = variants
                    .into_iter()
                    .map(|variant| SearchConfig {
                        variant,
                        eval,
                        shuffle,
                    })
                    .collect();
                Job::Search {
                    positions,
                    game: game.kind(),
                    job: SearchJob {
                        configs,
                        depths: (depth.from..=depth.to).collect(),
                    },
                }
            }
            Command::Variants => Job::Variants,
            Command::Show { positions, game } => Job::Show {
                positions,
                game: game.kind(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_are_a_number_or_a_range() {
        let d = parse_depths("2..6").unwrap();
        assert_eq!((d.from, d.to), (2, 6));
        let d = parse_depths("2..=6").unwrap();
        assert_eq!((d.from, d.to), (2, 6));
        let d = parse_depths("8").unwrap();
        assert_eq!((d.from, d.to), (8, 8));
        for bad in ["0", "6..2", "x", "2..", "..4", "1..999", "-1"] {
            let err = parse_depths(bad).unwrap_err();
            assert!(
                err.starts_with("expected a depth N or a range FROM..TO"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn arguments_become_jobs() {
        let cli = Cli::try_parse_from([
            "nodeprof",
            "search",
            "a.pos",
            "-v",
            "pvs+tt+id,negaalpha",
            "-d",
            "2..4",
            "--shuffle",
            "7",
        ])
        .unwrap();
        let Job::Search { job, .. } = cli.into_job() else {
            panic!("a search job")
        };
        assert_eq!(job.depths, [2, 3, 4]);
        let specs: Vec<String> = job.configs.iter().map(|c| c.variant.to_string()).collect();
        assert_eq!(specs, ["pvs+tt+id", "alphabeta"]);
        assert!(job.configs.iter().all(|c| c.shuffle == Some(7)));
        let err = Cli::try_parse_from(["nodeprof", "search", "a.pos", "-v", "mtdf", "-d", "3"])
            .unwrap_err();
        assert!(err.to_string().contains("mtdf needs a table"), "{err}");
    }
}
