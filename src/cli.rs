//! Command-line arguments (clap derive). Nothing outside this file sees clap types: the
//! arguments become a plain [`Job`].

use clap::{Parser, Subcommand, ValueEnum};

use nodeprof::commands::perft::PerftConfig;
use nodeprof::commands::search::SearchJob;
use nodeprof::game::{Eval, GameKind};
use nodeprof::measure::Repeat;
use nodeprof::play::{Agent, Limits, Openings, PlaySettings};
use nodeprof::report::{self, Metric, ReportOptions};
use nodeprof::search::{Clock, SearchConfig, Variant, END, MAX_DEPTH};
use nodeprof::stats::{Sprt, Tally};
use nodeprof::store::ShardSpec;
use nodeprof::sweep::{plan, SweepSettings};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "nodeprof",
    version = nodeprof::provenance::VERSION,
    long_version = nodeprof::provenance::VERSION_LINE,
    about = "Benchmark suite and node-count profiler for game-tree search (Reversi, Ataxx, Connect 4)",
    after_help = "POSITIONS are built-in suites (ffo:40..59, ffo:41, fforum:40-59, ataxx:end, ataxx:start), \
                  files (.pos, .obf, .fen), folders, globs, 'startpos' (with --game), or a position \
                  written inline (an Ataxx FEN or an obf Reversi board and side).\n\n\
                  Examples:\n  nodeprof sweep                                   the main job: FFO 40..59, the classic variants, depths 2..6\n  \
                  nodeprof search ffo:40 -v negaalpha,pvs+tt+id -d 6\n  \
                  nodeprof solve ffo:40..44\n  \
                  nodeprof play alphabeta+tt+id greedy --game connect4 --movetime 150ms -n 100"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

const COMPARE_EXAMPLES: &str = "Examples:\n  nodeprof compare reports/ffo-40-59 /tmp/new-sweep\n  nodeprof compare old/runs.csv new/runs.csv --format markdown --fail-on-change";
const PERFT_EXAMPLES: &str = "Examples:\n  nodeprof perft startpos --game reversi -d 8\n  nodeprof perft ataxx:start -d 5 --divide\n  nodeprof perft ffo:40 -d 4 --only";
const SEARCH_EXAMPLES: &str = "Examples:\n  nodeprof search ffo:40 -v negaalpha,transposition -d 2..6\n  nodeprof search ffo:40 -v negaalpha,transposition -d 2 --repeat 9 --warmup 2\n  nodeprof search ataxx:start -v pvs+tt+id -d 4";
const SOLVE_EXAMPLES: &str = "Examples:\n  nodeprof solve ffo:40..49\n  nodeprof solve ataxx:end --repeat 5\n  nodeprof solve ffo:1..19 -v pvs+tt:64 --time-limit 30s";
const VARIANTS_EXAMPLES: &str = "Examples:\n  nodeprof variants\n  nodeprof search ffo:41 -v alphabeta+tt+killer:2+history -d 6";
const SWEEP_EXAMPLES: &str = "Examples:\n  nodeprof sweep                                     FFO 40..59 into reports/ffo-40-59\n  nodeprof sweep ffo:40..44 -v negaalpha,pvs+tt+id -d 2..8 --repeat 5 -o reports/mine\n  nodeprof sweep --exact                             the endgame ladder on FFO 1..19\n  nodeprof sweep ataxx:end -d end -o reports/ataxx-end --resume";
/// `report --print`'s help: the metrics, from the counter schema.
fn metric_help() -> String {
    let names: Vec<&str> = Metric::all().iter().map(|m| m.column()).collect();
    format!(
        "Also print these cross-tables ({}; node and inode as in R)",
        names.join(", ")
    )
}

fn metric_long_help() -> String {
    let mut help = metric_help() + ":";
    for m in Metric::all() {
        let meaning = match m {
            Metric::Counter(i) => nodeprof::counters::COUNTERS[i].meaning,
            other => other.title(),
        };
        help.push_str(&format!("\n  {}: {meaning}", m.column()));
    }
    help
}

const REPORT_EXAMPLES: &str = "Examples:\n  nodeprof report reports/ffo-40-59 --print leaf --by depth\n  nodeprof report reports/ffo-40-59 -v negaalpha,pvs+tt+id -d 4..6 -o reports/two-variants";
const PLOT_EXAMPLES: &str = "Examples:\n  nodeprof plot reports/ffo-40-59 -m beta_cut\n  nodeprof plot reports/ffo-40-59 -m time_ms --x nodes -v negaalpha,transposition";
const PLAY_EXAMPLES: &str = "Examples:\n  nodeprof play alphabeta+tt+id greedy --game connect4 --movetime 150ms -n 100\n  nodeprof play alphabeta+id+tt@movetime=150ms alphabeta@depth=1 --game ataxx -n 400 --sprt elo0=0,elo1=50\n  nodeprof play negamax alphabeta random --game reversi --depth 2..4 -n 200\n  nodeprof play pvs+tt+id@nodes=50000 alphabeta@depth=3 --openings random:4 -j 2 --resume -o reports/mine";
const SPRT_EXAMPLES: &str = "Examples:\n  nodeprof sprt --wdl 222/212/0\n  nodeprof sprt --penta 13/37/50/25/3 --elo0 0 --elo1 4 --model normalized";
const BENCH_EXAMPLES: &str = "Examples:\n  nodeprof bench\n  nodeprof sweep ffo:1..19 --exact --shard 2/4 --signature $(nodeprof bench | tail -1 | cut -d' ' -f1) -o shards/2";
const MERGE_EXAMPLES: &str = "Examples:\n  nodeprof merge shards/1 shards/2 shards/3 shards/4 -o merged\n  nodeprof merge shards/* -o reports/ffo-1-19-exact";
const SHOW_EXAMPLES: &str =
    "Examples:\n  nodeprof show ffo:40\n  nodeprof show ataxx:end | head -20";

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the game tree at depths 1..N (bulk counting), with time and speed
    #[command(after_help = PERFT_EXAMPLES)]
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
    #[command(after_help = SEARCH_EXAMPLES)]
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
        /// Heuristic evaluation at the horizon (weights, mobility: Reversi only; threats: Connect 4) [default:
        /// disc; solving to the end: mobility, for the iterations of +id and +sso]
        #[arg(long, value_enum)]
        eval: Option<EvalChoice>,
        /// Randomise the move order reproducibly with this seed
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
        /// Search with the conventions of a named profile
        #[arg(long, value_enum)]
        profile: Option<Profile>,
        #[command(flatten)]
        repeat: RepeatArgs,
        #[command(flatten)]
        game: GameArg,
    },
    /// Solve positions exactly (to the end of the game) and check each score against the
    /// suite: a table row per position and a total line; exit code 1 if any score or best
    /// move disagrees with the suite or a position is not solved
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve {
        #[arg(required = true, value_name = "POSITIONS")]
        positions: Vec<String>,
        /// The variant (default: the best endgame variant for the game, see README)
        #[arg(short, long = "variant", value_name = "SPEC")]
        variant: Option<Variant>,
        /// exact: the final margin; wld: only win, loss or draw (a window of -1..1)
        #[arg(long, value_enum, default_value_t = SolveMode::Exact)]
        mode: SolveMode,
        /// Evaluation at the horizon of the ordering searches (+sso) and of the depth-limited
        /// iterations (+id) (weights, mobility: Reversi only; threats: Connect 4)
        #[arg(long, value_enum, default_value_t = EvalChoice::Mobility)]
        eval: EvalChoice,
        /// Give up a position after this long (seconds, or 500ms, 2m, ...)
        #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
        time_limit: Option<Duration>,
        #[command(flatten)]
        repeat: RepeatArgs,
        #[command(flatten)]
        game: GameArg,
    },
    /// List the base algorithms, enhancements and named presets
    #[command(after_help = VARIANTS_EXAMPLES)]
    Variants,
    /// Run every position x variant x depth into a report folder: runs.csv (a row per case,
    /// written as each finishes), meta.json, then the report (xtabs, summary.md, charts)
    #[command(after_help = SWEEP_EXAMPLES)]
    Sweep {
        /// Positions (default: the FFO problems 40..59; with --exact 1..19)
        #[arg(value_name = "POSITIONS")]
        positions: Vec<String>,
        /// Variant specs or presets (default: the classic comparison set)
        #[arg(short, long = "variant", value_name = "SPEC", value_delimiter = ',')]
        variants: Vec<Variant>,
        /// A depth N or a range FROM..TO (default 2..6; 1..4 when every position is Ataxx,
        /// whose branching factor is several times Reversi's)
        #[arg(short, long, value_parser = parse_depths)]
        depth: Option<Depths>,
        /// Heuristic evaluation at the horizon (weights, mobility: Reversi only; threats: Connect 4) [default:
        /// disc; solving to the end: mobility, for the iterations of +id and +sso]
        #[arg(long, value_enum)]
        eval: Option<EvalChoice>,
        /// Randomise the move order reproducibly with this seed (recorded in runs.csv)
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
        /// Cases run at once (recorded: parallel runs distort time)
        #[arg(short, long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        jobs: u32,
        /// Give up a case after this long (seconds, or 500ms, 2m, ...); it is recorded as timed out
        #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
        time_limit: Option<Duration>,
        /// Solve each case to the end of the game (the depth column holds `end`); default
        /// variants: the endgame set (see README)
        #[arg(long, conflicts_with = "depth")]
        exact: bool,
        /// The report folder (default: reports/<suite name>)
        #[arg(short, long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Keep the cases already in DIR/runs.csv and run only the others (same plan)
        #[arg(long, conflicts_with = "force")]
        resume: bool,
        /// Replace DIR/runs.csv even if it holds another plan (without it, such a sweep stops)
        #[arg(long)]
        force: bool,
        /// Run only shard K of N of the plan's cases (split by a hash of each case): K/N, or
        /// auto (a Slurm job array) / auto/N (a Kubernetes Indexed Job with N completions);
        /// runs the bench first and writes plan.csv for `nodeprof merge`
        #[arg(long, value_name = "K/N|auto[/N]")]
        shard: Option<ShardSpec>,
        /// Refuse to sweep unless `nodeprof bench` counts this many nodes on this build (the
        /// gate every shard of a cluster sweep passes)
        #[arg(long, value_name = "NODES")]
        signature: Option<u64>,
        /// No progress bar or summary
        #[arg(short, long)]
        quiet: bool,
        /// The variant the report compares against
        #[arg(long, default_value = "negamax")]
        baseline: String,
        /// Sweep with the conventions of a named profile (default variants: the profile's;
        /// the same variants with nodeprof's defaults go to DIR/nodeprof-defaults, and the
        /// summary shows both side by side)
        #[arg(long, value_enum)]
        profile: Option<Profile>,
        #[command(flatten)]
        repeat: RepeatArgs,
        #[command(flatten)]
        game: GameArg,
    },
    /// Make the report of a sweep folder again from its runs.csv
    #[command(after_help = REPORT_EXAMPLES)]
    Report {
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// The variant the summary compares against
        #[arg(long, default_value = "negamax")]
        baseline: String,
        /// Line width of the text cross-tables
        #[arg(long, default_value_t = 80)]
        width: usize,
        #[arg(long = "print", value_name = "METRIC", value_delimiter = ',', help = metric_help(), long_help = metric_long_help())]
        print: Vec<Metric>,
        /// Print the totals by depth instead of the tables by position
        #[arg(long, value_enum, default_value_t = By::Position)]
        by: By,
        #[command(flatten)]
        filter: FilterArgs,
        /// Write the report here instead of into DIR (useful with filters)
        #[arg(short, long, value_name = "OUT")]
        out: Option<PathBuf>,
        /// Print the --print tables only: write no file
        #[arg(long, requires = "print", conflicts_with = "out")]
        no_write: bool,
    },
    /// Draw one chart of a sweep folder: a metric against depth (one line a variant, summed
    /// over the positions) or against nodes
    #[command(after_help = PLOT_EXAMPLES)]
    Plot {
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// The metric on the y axis: nodes, a counter (leaf, interior, tt_probe, tt_hit,
        /// tt_cut, beta_cut, first_cut, research), first_cut_rate or time_ms
        #[arg(short, long, value_name = "METRIC")]
        metric: Metric,
        /// What goes on the x axis
        #[arg(long, value_enum, default_value_t = PlotX::Depth)]
        x: PlotX,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// Compare two runs tables (runs.csv files or report folders): cases whose counts
    /// changed, totals per variant and depth with the ratio NEW/OLD, the geometric mean of
    /// the per-position ratios, and time ratios with their spread
    #[command(after_help = COMPARE_EXAMPLES)]
    Compare {
        /// The reference: a runs.csv or a report folder
        #[arg(value_name = "OLD")]
        old: PathBuf,
        /// The table to check against it
        #[arg(value_name = "NEW")]
        new: PathBuf,
        /// Output format
        #[arg(long, value_enum, default_value_t = CompareFormat::Text)]
        format: CompareFormat,
        /// Exit with code 1 when any count, score, best move or line changed, or a case is in
        /// one table only (times may differ): a guard for engine changes in CI
        #[arg(long)]
        fail_on_change: bool,
    },
    /// Play matches between agents under a limit: games in colour-swapped pairs, per-move and
    /// per-game tables, game records, an optional SPRT, and the report. Every agent but the
    /// last plays the last (two agents: one match)
    #[command(after_help = PLAY_EXAMPLES)]
    Play {
        /// Agents: random, greedy, or a variant spec with options after @ (depth=N, nodes=N,
        /// movetime=150ms, clock=10s[+100ms], shuffle), e.g. alphabeta+tt+id@movetime=150ms
        #[arg(required = true, num_args = 2.., value_name = "AGENT")]
        agents: Vec<String>,
        /// Depth limit of agents that name no limit; a range FROM..TO plays one match a depth
        #[arg(short, long, value_parser = parse_depths)]
        depth: Option<Depths>,
        /// Node budget per move of agents that name no limit (exact and reproducible)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Time per move of agents that name no limit (150ms, 1s)
        #[arg(long, value_name = "TIME", value_parser = parse_duration)]
        movetime: Option<Duration>,
        /// Game clock of agents that name no limit (10s, 1m+100ms): 150 ms a move while more
        /// than 1 s remains, 10 ms after; a side whose clock runs out loses
        #[arg(long, value_name = "TIME[+INC]")]
        clock: Option<String>,
        /// Games per match (in pairs: one opening, colours swapped) [default: 10; 200 against
        /// random, the 2011 benchmark's 100 games as each colour]
        #[arg(short = 'n', long, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        /// Where games start: start, random:K (K seeded random plies, a new opening each
        /// pair), or positions (a file, a built-in suite), one a pair in turn
        #[arg(long, default_value = "start", value_name = "OPENINGS")]
        openings: String,
        /// Games played at once (timed agents then share the machine; recorded in meta.json)
        #[arg(short, long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
        jobs: u16,
        /// Seed of random agents, random openings and shuffled move orders
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a match when the SPRT decides: elo0=0,elo1=50,alpha=0.05,beta=0.05,
        /// model=binomial|logistic|normalized[,trinomial] (alone: the defaults shown)
        #[arg(long, value_name = "SPEC", num_args = 0..=1, default_missing_value = "")]
        sprt: Option<String>,
        /// Evaluation of searches and of the greedy agent (default: the game's)
        #[arg(long, value_enum)]
        eval: Option<EvalChoice>,
        /// Output folder [default: reports/play-GAME]
        #[arg(short, long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Keep the games already in DIR/games.csv and play the rest (same settings)
        #[arg(long, conflicts_with = "force")]
        resume: bool,
        /// Replace DIR/games.csv even if it holds another match
        #[arg(long)]
        force: bool,
        /// No per-game lines
        #[arg(short, long)]
        quiet: bool,
        /// Play only shard K of N of each match's game pairs (K/N, auto, auto/N; see sweep);
        /// `nodeprof merge` joins the shards (not with --sprt)
        #[arg(long, value_name = "K/N|auto[/N]")]
        shard: Option<ShardSpec>,
        /// Refuse to play unless `nodeprof bench` counts this many nodes on this build
        #[arg(long, value_name = "NODES")]
        signature: Option<u64>,
        #[command(flatten)]
        game: GameArg,
    },
    /// A fixed, quick set of searches; the last line, `<total> nodes <n> nps`, is the build's
    /// signature (every shard of a cluster sweep checks it)
    #[command(after_help = BENCH_EXAMPLES)]
    Bench,
    /// Merge the shards of a sweep or a play (folders written with --shard) into one table and
    /// its report: same plan, same build, every case or game exactly once (else they are
    /// listed, and exit 1)
    #[command(after_help = MERGE_EXAMPLES)]
    Merge {
        /// The shards' folders
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
        /// The merged folder
        #[arg(short, long, value_name = "OUT")]
        out: PathBuf,
        /// Replace OUT's results even if they are not an earlier merge of these shards
        #[arg(long)]
        force: bool,
    },
    /// The SPRT and Elo estimate of match results, as fastchess's calculator gives them
    #[command(after_help = SPRT_EXAMPLES)]
    Sprt {
        /// Game results: wins/losses/draws of the first player
        #[arg(
            long,
            value_name = "W/L/D",
            conflicts_with = "penta",
            required_unless_present = "penta"
        )]
        wdl: Option<String>,
        /// Game pairs by score: LL/LD/DD/WD/WW (DD counts WL pairs too)
        #[arg(long, value_name = "LL/LD/DD/WD/WW")]
        penta: Option<String>,
        /// The Elo difference of H0 (the null hypothesis)
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        elo0: f64,
        /// The Elo difference of H1, above elo0 (within +-1000 for the GSPRT models)
        #[arg(long, default_value_t = 50.0, allow_negative_numbers = true)]
        elo1: f64,
        /// The chance of accepting H1 when H0 holds (false positive), in (0, 1)
        #[arg(long, default_value_t = 0.05)]
        alpha: f64,
        /// The chance of accepting H0 when H1 holds (false negative), in (0, 1)
        #[arg(long, default_value_t = 0.05)]
        beta: f64,
        /// binomial (wins and losses), logistic or normalized (the GSPRT)
        #[arg(long, default_value = "binomial")]
        model: String,
    },
    /// Print positions as board diagrams with side to move, empties, legal moves and the
    /// expected score where the file carries one
    #[command(after_help = SHOW_EXAMPLES)]
    Show {
        #[arg(required = true, value_name = "POSITIONS")]
        positions: Vec<String>,
        #[command(flatten)]
        game: GameArg,
    },
}

/// Repeats, as hyperfine's `--runs` and `--warmup`.
#[derive(clap::Args, Debug)]
struct RepeatArgs {
    /// Run each search N times: the counts of every run must agree (else an error: the search
    /// is not deterministic); times are the median, with the minimum and maximum [default:
    /// adaptive, up to 10 runs while they add up to less than 20 ms: quick searches get a
    /// median and a spread, long ones run once]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    repeat: Option<u32>,
    /// Untimed runs of each search before the timed ones
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    warmup: u32,
}

impl RepeatArgs {
    fn repeat(&self) -> Repeat {
        match self.repeat {
            Some(runs) => Repeat {
                runs,
                warmup: self.warmup,
                adaptive: false,
            },
            None => Repeat {
                warmup: self.warmup,
                ..Repeat::adaptive()
            },
        }
    }
}

/// Which cases a report or chart shows.
#[derive(clap::Args, Debug)]
struct FilterArgs {
    /// Only these variants (display names or specs)
    #[arg(short, long = "variant", value_name = "NAME", value_delimiter = ',')]
    variants: Vec<String>,
    /// Only these depths (N, FROM..TO or end)
    #[arg(short, long, value_parser = parse_depths)]
    depth: Option<Depths>,
    /// Only these positions (end40 or end40.pos)
    #[arg(short, long = "position", value_name = "NAME", value_delimiter = ',')]
    positions: Vec<String>,
}

impl FilterArgs {
    fn filter(self) -> report::Filter {
        report::Filter {
            variants: self.variants,
            depths: self.depth.map_or_else(Vec::new, |d| match d.from {
                END => vec!["end".into()],
                _ => (d.from..=d.to).map(|n| n.to_string()).collect(),
            }),
            positions: self.positions,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareFormat {
    Text,
    Markdown,
}

#[derive(clap::Args, Debug)]
struct GameArg {
    #[arg(short, long, value_name = "GAME", help = game_help())]
    game: Option<GameKind>,
}

/// `--game`'s help: the games of the registry.
fn game_help() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    format!(
        "The game of the positions: {} (detected from the content by default; needed for startpos)",
        names.join(", ")
    )
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// name ~ position (rows variant and depth, one column per position)
    Position,
    /// name ~ depth (totals over the positions)
    Depth,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum SolveMode {
    Exact,
    Wld,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum PlotX {
    Depth,
    Nodes,
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    nodeprof::duration::parse(text, false)
}

/// Named sets of conventions (see `plan::Profile`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Profile {
    /// The classic 2011 FFO tables: moves file by file, leaves white minus black whatever the
    /// side to move, fail-hard, a large table storing only nodes where a move raised alpha
    Classic2011,
    /// Pascal Pons' "Solving Connect 4" tutorial: its steps (minmax ... lower_bound_tt),
    /// strong and weak, solved to the end with its table and conventions
    Pons2017,
}

impl Profile {
    fn plan(self) -> plan::Profile {
        match self {
            Profile::Classic2011 => plan::Profile::Classic2011,
            Profile::Pons2017 => plan::Profile::Pons2017,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum EvalChoice {
    /// Disc / piece difference
    Disc,
    /// Open threes: squares completing four for the side to move minus the other's (Connect 4)
    Threats,
    /// A classic square-weight table (Reversi)
    Weights,
    /// Mobility against the opponent's, corner moves double, and corners held (Reversi)
    Mobility,
}

/// Depths FROM..=TO.
#[derive(Clone, Copy, Debug)]
struct Depths {
    from: u32,
    to: u32,
}

fn parse_depths(text: &str) -> Result<Depths, String> {
    if text.trim() == "end" {
        return Ok(Depths { from: END, to: END });
    }
    let bad = || {
        format!("expected a depth N, a range FROM..TO with 1 <= FROM <= TO <= {MAX_DEPTH}, or end")
    };
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
        self.game
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
    Solve {
        positions: Vec<String>,
        game: Option<GameKind>,
        /// `None`: the game's default endgame variant.
        variant: Option<Variant>,
        eval: Eval,
        time_limit: Option<Duration>,
        wld: bool,
        repeat: Repeat,
    },
    Variants,
    Sweep {
        settings: SweepSettings,
        report: ReportOptions,
        /// The same sweep with nodeprof's default conventions, to compare (profiles).
        defaults: Option<Box<SweepSettings>>,
    },
    Report {
        dir: PathBuf,
        options: ReportOptions,
        print: Vec<Metric>,
        by: By,
        no_write: bool,
    },
    Plot {
        dir: PathBuf,
        metric: Metric,
        x: PlotX,
        filter: report::Filter,
    },
    Compare {
        old: PathBuf,
        new: PathBuf,
        format: CompareFormat,
        fail_on_change: bool,
    },
    Show {
        positions: Vec<String>,
        game: Option<GameKind>,
    },
    Play {
        /// The settings, openings still as written (`start`, `random:K` or positions).
        settings: PlaySettings,
        openings: String,
        /// Whether `--game` was given (else the openings' game, Reversi for start or random).
        game_given: bool,
        quiet: bool,
    },
    Sprt {
        sprt: Sprt,
        tally: Tally,
    },
    Bench,
    Merge {
        dirs: Vec<PathBuf>,
        out: PathBuf,
        force: bool,
    },
    /// Arguments that parse but do not make a job (one error line).
    Invalid(String),
}

/// The evaluation chosen, or the default: disc count, but mobility when solving (its
/// searches before the solve order and guess better with it).
fn eval_of(choice: Option<EvalChoice>, solving: bool) -> Eval {
    match choice {
        None => plan::default_eval(solving),
        Some(EvalChoice::Disc) => Eval::Material,
        Some(EvalChoice::Threats) => Eval::Threats,
        Some(EvalChoice::Weights) => Eval::SquareWeights,
        Some(EvalChoice::Mobility) => Eval::Mobility,
    }
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
                profile,
                repeat,
                game,
            } => {
                let eval = eval_of(eval, depth.to == END);
                let configs = variants
                    .into_iter()
                    .map(|v| match profile {
                        Some(profile) => profile.plan().apply(&v),
                        None => v,
                    })
                    .map(|variant| SearchConfig {
                        variant,
                        eval,
                        shuffle,
                        time_limit: None,
                        clock: Clock::SYSTEM,
                        wld: false,
                    })
                    .collect();
                Job::Search {
                    positions,
                    game: game.kind(),
                    job: SearchJob {
                        configs,
                        depths: (depth.from..=depth.to).collect(),
                        repeat: repeat.repeat(),
                    },
                }
            }
            Command::Solve {
                positions,
                variant,
                mode,
                eval,
                time_limit,
                repeat,
                game,
            } => Job::Solve {
                positions,
                game: game.kind(),
                variant,
                eval: eval_of(Some(eval), true),
                time_limit,
                wld: mode == SolveMode::Wld,
                repeat: repeat.repeat(),
            },
            Command::Variants => Job::Variants,
            Command::Sweep {
                positions,
                variants,
                depth,
                eval,
                shuffle,
                jobs,
                time_limit,
                exact,
                out,
                resume,
                force,
                shard,
                signature,
                quiet,
                baseline,
                profile,
                repeat,
                game,
            } => {
                let exact_default = positions.is_empty() && exact;
                let profile = profile.map(Profile::plan);
                let positions = plan::sweep_positions(positions, exact, profile);
                let out_dir =
                    out.unwrap_or_else(|| plan::sweep_folder(profile, &positions, exact_default));
                let settings = SweepSettings {
                    positions,
                    game: game.kind(),
                    variants,
                    depths: match exact {
                        true => Some(vec![END]),
                        false => depth.map(|d| (d.from..=d.to).collect()),
                    },
                    eval: eval_of(eval, exact || depth.is_some_and(|d| d.to == END)),
                    shuffle,
                    jobs: jobs as usize,
                    time_limit,
                    clock: Clock::SYSTEM,
                    out_dir,
                    resume,
                    force,
                    repeat: repeat.repeat(),
                    quiet,
                    command_line: std::env::args().collect(),
                    shard,
                    signature,
                    bench_shuffle: None,
                };
                let (settings, defaults) = plan::with_profile(settings, profile);
                Job::Sweep {
                    settings,
                    report: ReportOptions {
                        baseline,
                        ..ReportOptions::default()
                    },
                    defaults,
                }
            }
            Command::Report {
                dir,
                baseline,
                width,
                print,
                by,
                filter,
                out,
                no_write,
            } => Job::Report {
                dir,
                options: ReportOptions {
                    baseline,
                    width,
                    filter: filter.filter(),
                    out,
                },
                print,
                by,
                no_write,
            },
            Command::Plot {
                dir,
                metric,
                x,
                filter,
            } => Job::Plot {
                dir,
                metric,
                x,
                filter: filter.filter(),
            },
            Command::Compare {
                old,
                new,
                format,
                fail_on_change,
            } => Job::Compare {
                old,
                new,
                format,
                fail_on_change,
            },
            Command::Show { positions, game } => Job::Show {
                positions,
                game: game.kind(),
            },
            Command::Play {
                agents,
                depth,
                nodes,
                movetime,
                clock,
                games,
                openings,
                jobs,
                seed,
                sprt,
                eval,
                out,
                resume,
                force,
                quiet,
                shard,
                signature,
                game,
            } => match play_settings(PlayArgs {
                agents: agents.clone(),
                depth,
                nodes,
                movetime,
                clock,
                sprt,
                eval,
            }) {
                Ok((matches, sprt, eval)) => {
                    let kind = game.kind().unwrap_or(GameKind::ALL[0]);
                    let against_random = agents.last().is_some_and(|a| a.trim() == "random");
                    let games = games.unwrap_or(if against_random { 200 } else { 10 });
                    Job::Play {
                        settings: PlaySettings {
                            game: kind,
                            matches,
                            games,
                            openings: Openings::Start,
                            jobs: jobs as usize,
                            seed,
                            eval,
                            sprt,
                            out_dir: out
                                .unwrap_or_else(|| PathBuf::from(format!("reports/play-{kind}"))),
                            resume,
                            force,
                            clock: Clock::SYSTEM,
                            command_line: std::env::args().collect(),
                            shard,
                            signature,
                        },
                        openings,
                        game_given: game.kind().is_some(),
                        quiet,
                    }
                }
                Err(message) => Job::Invalid(message),
            },
            Command::Bench => Job::Bench,
            Command::Merge { dirs, out, force } => Job::Merge { dirs, out, force },
            Command::Sprt {
                wdl,
                penta,
                elo0,
                elo1,
                alpha,
                beta,
                model,
            } => {
                let spec = format!(
                    "elo0={elo0},elo1={elo1},alpha={alpha},beta={beta},model={model}{}",
                    match (model.as_str(), &penta) {
                        ("binomial", _) => "",
                        (_, Some(_)) => ",pentanomial",
                        (_, None) => ",trinomial",
                    }
                );
                match (
                    spec.parse::<Sprt>(),
                    tally_of(wdl.as_deref(), penta.as_deref()),
                ) {
                    (Ok(sprt), Ok(tally)) => Job::Sprt { sprt, tally },
                    (Err(m), _) | (_, Err(m)) => Job::Invalid(m),
                }
            }
        }
    }
}

/// The matches, the SPRT and the evaluation of a play.
type PlayChoice = (Vec<[Agent; 2]>, Option<Sprt>, Option<Eval>);

/// What `play` takes from the command line besides its plain options.
struct PlayArgs {
    agents: Vec<String>,
    depth: Option<Depths>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    clock: Option<String>,
    sprt: Option<String>,
    eval: Option<EvalChoice>,
}

/// The matches (each agent but the last against the last, once per depth of a range), the
/// SPRT and the evaluation.
fn play_settings(args: PlayArgs) -> Result<PlayChoice, String> {
    let mut agents: Vec<Agent> = Vec::new();
    for text in &args.agents {
        agents.push(text.parse().map_err(|e| format!("agent '{text}': {e}"))?);
    }
    let opponent = agents.pop().expect("clap asks for two agents at least");
    let clock = args
        .clock
        .as_deref()
        .map(nodeprof::play::agent::parse_time_control)
        .transpose()?;
    let depths: Vec<Option<u32>> = match args.depth {
        Some(d) if d.to == END => return Err("play: --depth end is not a playing limit".into()),
        Some(d) => (d.from..=d.to).map(Some).collect(),
        None => vec![None],
    };
    let mut matches = Vec::new();
    for agent in &agents {
        for &depth in &depths {
            let limits = Limits {
                depth,
                nodes: args.nodes,
                movetime: args.movetime,
                clock,
            };
            matches.push([
                agent.clone().or_limits(&limits),
                opponent.clone().or_limits(&limits),
            ]);
        }
    }
    let sprt = args.sprt.as_deref().map(str::parse::<Sprt>).transpose()?;
    Ok((matches, sprt, args.eval.map(|e| eval_of(Some(e), false))))
}

/// Counts as `--wdl W/L/D` or `--penta LL/LD/DD/WD/WW` write them.
fn tally_of(wdl: Option<&str>, penta: Option<&str>) -> Result<Tally, String> {
    let numbers = |text: &str, n: usize, what: &str| -> Result<Vec<u64>, String> {
        let v: Vec<u64> = text
            .split('/')
            .map(|t| t.trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("bad counts '{text}': expected {what}, whole numbers"))?;
        match v.len() == n {
            true => Ok(v),
            false => Err(format!("bad counts '{text}': expected {what}")),
        }
    };
    let mut tally = Tally::default();
    if let Some(text) = wdl {
        let v = numbers(text, 3, "W/L/D")?;
        (tally.wins, tally.losses, tally.draws) = (v[0], v[1], v[2]);
    }
    let too_many = || {
        format!(
            "too many games: the counts must add up to at most {} (2^53) games",
            nodeprof::stats::MAX_GAMES
        )
    };
    if let Some(text) = penta {
        let v = numbers(text, 5, "LL/LD/DD/WD/WW")?;
        tally.penta.copy_from_slice(&v);
        // Games as the pairs give them (a WL pair counted in DD counts as two draws).
        let games = |a: u64, b: u64| a.checked_mul(2).and_then(|a| a.checked_add(b));
        tally.wins = games(v[4], v[3]).ok_or_else(too_many)?;
        tally.losses = games(v[0], v[1]).ok_or_else(too_many)?;
        tally.draws = games(v[2], v[1])
            .and_then(|d| d.checked_add(v[3]))
            .ok_or_else(too_many)?;
    }
    let total = tally
        .wins
        .checked_add(tally.losses)
        .and_then(|n| n.checked_add(tally.draws))
        .filter(|&n| n <= nodeprof::stats::MAX_GAMES)
        .ok_or_else(too_many)?;
    if total == 0 {
        return Err("no games: the counts are all zero".into());
    }
    Ok(tally)
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
        let d = parse_depths("end").unwrap();
        assert_eq!((d.from, d.to), (END, END));
        for bad in ["0", "6..2", "x", "2..", "..4", "1..999", "-1"] {
            let err = parse_depths(bad).unwrap_err();
            assert!(
                err.starts_with("expected a depth N, a range FROM..TO"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn durations_are_range_checked() {
        assert_eq!(parse_duration("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        for bad in [
            "0",
            "0s",
            "0ms",
            "-1",
            "1e20",
            "1e19",
            "300000000000y",
            "2y",
            "NaN",
            "inf",
            "x",
            "",
        ] {
            let err = parse_duration(bad).unwrap_err();
            assert!(
                err.starts_with(&format!("bad duration '{bad}'")),
                "{bad}: {err}"
            );
        }
        for bad in ["1e20", "0s", "300000000000y"] {
            let err = Cli::try_parse_from(["nodeprof", "sweep", "--time-limit", bad]).unwrap_err();
            assert!(err.to_string().contains("at most a year"), "{bad}: {err}");
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
        let cli =
            Cli::try_parse_from(["nodeprof", "sweep", "--profile", "classic2011", "-q"]).unwrap();
        let Job::Sweep {
            settings, defaults, ..
        } = cli.into_job()
        else {
            panic!("a sweep job")
        };
        let names: Vec<String> = settings.variants.iter().map(|v| v.display_name()).collect();
        assert_eq!(
            names,
            [
                "negamax",
                "negaalpha",
                "killer",
                "transposition",
                "transposition_k"
            ]
        );
        assert!(settings.variants.iter().all(|v| v.is_classic2011()));
        assert_eq!(settings.out_dir, PathBuf::from("reports/classic2011"));
        let defaults = defaults.expect("the defaults to compare with");
        assert_eq!(
            defaults.out_dir,
            PathBuf::from("reports/classic2011/nodeprof-defaults")
        );
        assert!(defaults.variants.iter().all(|v| !v.is_classic2011()));
        let err = Cli::try_parse_from(["nodeprof", "search", "a.pos", "-v", "mtdf", "-d", "3"])
            .unwrap_err();
        assert!(err.to_string().contains("mtdf needs a table"), "{err}");
    }
}

/// The command lines the documents show without their output (```sh blocks: jobs too long
/// or too cluster-bound to run in a test; tests/transcripts.rs runs the ```console ones)
/// still parse with today's options.
#[cfg(test)]
mod documented_commands {
    use clap::Parser;

    use super::Cli;

    #[test]
    fn every_command_line_in_the_readme_and_docs_parses() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = vec![root.join("README.md")];
        for entry in std::fs::read_dir(root.join("docs")).unwrap() {
            files.push(entry.unwrap().path());
        }
        let mut checked = 0;
        for file in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "md"))
        {
            let text = std::fs::read_to_string(file).unwrap();
            let mut in_sh = false;
            let mut in_block = false;
            for (n, line) in text.lines().enumerate() {
                if line.starts_with("```") {
                    in_sh = line == "```sh";
                    in_block = !in_block;
                    continue;
                }
                // Whole lines of ```sh blocks, and commands quoted in the prose that are
                // complete (no `[OPTIONS]`, `A|B` or `...` placeholders).
                // A quoted command may leave out what the prose names around it (`nodeprof
                // compare --fail-on-change`): missing arguments are allowed there, unknown
                // options and bad values are not.
                let whole = in_block;
                let commands: Vec<&str> = match (in_block, in_sh) {
                    (true, true) => vec![line],
                    (true, false) => continue,
                    (false, _) => line
                        .split('`')
                        .skip(1)
                        .step_by(2)
                        .filter(|c| c.starts_with("nodeprof ") && c.split(' ').count() >= 3)
                        .filter(|c| !c.contains(['[', '|', '<']) && !c.contains("..."))
                        .filter(|c| {
                            c.split(' ').all(|w| {
                                w != w.to_uppercase()
                                    || w.starts_with('-')
                                    || w.chars().any(|c| c.is_ascii_digit())
                            })
                        })
                        .collect(),
                };
                for command in commands {
                    // One command a line; a comment, a pipe or a second command ends it.
                    let command = command.split(" #").next().unwrap();
                    let command = command
                        .split(" &&")
                        .next()
                        .unwrap()
                        .split(" |")
                        .next()
                        .unwrap();
                    let args = match command.trim() {
                        c if c.starts_with("nodeprof ") => c.to_string(),
                        c if c.starts_with("cargo run --release -- ") => {
                            format!("nodeprof {}", &c["cargo run --release -- ".len()..])
                        }
                        _ => continue,
                    };
                    let words =
                        shlex::split(&args).unwrap_or_else(|| panic!("{args}: bad quoting"));
                    if let Err(e) = Cli::try_parse_from(&words) {
                        // Help and version requests are what they show.
                        use clap::error::ErrorKind;
                        let fragment = !whole && e.kind() == ErrorKind::MissingRequiredArgument;
                        if !fragment
                            && !matches!(
                                e.kind(),
                                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
                            )
                        {
                            panic!("{}:{}: {args}\n{e}", file.display(), n + 1);
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 15, "only {checked} command lines found");
    }
}
