//! The command line's schema (clap derive): a struct of arguments per subcommand, and the
//! option groups several share, declared once. Each subcommand's file in `commands/` turns
//! its struct into its settings; nothing here decides what the arguments mean.

use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};

use crate::engine::Protocol;
use crate::measure::Repeat;
use crate::search::Variant;
use crate::sweep::plan::Profile;

mod ab;
pub mod cutechess;
mod engine;
mod examples;
mod groups;
mod play;
mod report;
mod trace;
mod values;

pub use ab::{AbArgs, TimeMetric};
pub use engine::EngineArgs;
use examples::*;
pub use groups::{EvalArg, FormatArg, GameArg, RunFolderArgs};
pub use play::{ExactAt, OpeningsOrder, PgnDialect, PlayArgs, Tournament};
pub use report::{By, CompareArgs, FilterArgs, MergeArgs, PlotArgs, PlotX, ReportArgs};
pub use trace::TraceArgs;
pub use values::{parse_depths, parse_duration, Depths};

#[derive(Parser, Debug)]
#[command(
    name = "nodeprof",
    version = crate::provenance::VERSION,
    long_version = crate::provenance::VERSION_LINE,
    about = "Benchmark suite and node-count profiler for game-tree search (Reversi, Ataxx, Connect 4, chess)",
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
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the game tree at depths 1..N (bulk counting), with time and speed
    #[command(after_help = PERFT_EXAMPLES)]
    Perft(PerftArgs),
    /// Search positions with variants at one or more depths: score, best move, every
    /// counter and the principal variation
    #[command(after_help = SEARCH_EXAMPLES)]
    Search(SearchArgs),
    /// Solve positions exactly (to the end of the game) and check each score against the
    /// suite: a table row per position and a total line; exit code 1 if any score or best
    /// move disagrees with the suite or a position is not solved
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// List the base algorithms, enhancements and named presets
    #[command(after_help = VARIANTS_EXAMPLES)]
    Variants(VariantsArgs),
    /// Run every position x variant x depth into a report folder: runs.csv (a row per case,
    /// written as each finishes), meta.json, then the report (xtabs, summary.md, charts)
    #[command(after_help = SWEEP_EXAMPLES)]
    Sweep(SweepArgs),
    /// Make the report of a sweep folder again from its runs.csv
    #[command(after_help = REPORT_EXAMPLES)]
    Report(ReportArgs),
    /// Draw one chart of a sweep folder: a metric against depth (one line a variant, summed
    /// over the positions) or against nodes
    #[command(after_help = PLOT_EXAMPLES)]
    Plot(PlotArgs),
    /// Compare two runs tables (runs.csv files or report folders): cases whose counts
    /// changed, totals per variant and depth with the ratio NEW/OLD, the geometric mean of
    /// the per-position ratios, and time ratios with their spread
    #[command(after_help = COMPARE_EXAMPLES)]
    Compare(CompareArgs),
    /// Base against dev, as OpenBench runs a test: the node signature of both (a sweep each,
    /// with repeats), their counts and time to depth compared, and with --play a match
    /// between them; one report (summary.md, report.html) and an exit code for CI
    #[command(after_help = AB_EXAMPLES)]
    Ab(AbArgs),
    /// `ab`'s timing worker: a sweep's plan (the sweep's options), each unit searched on
    /// request (JSON lines on standard input and output; see src/sweep/worker.rs)
    #[command(hide = true)]
    TimeWorker(SweepArgs),
    /// Play matches between agents under a limit: games in colour-swapped pairs, per-move and
    /// per-game tables, game records, an optional SPRT, and the report. Every agent but the
    /// last plays the last (two agents: one match)
    #[command(after_help = PLAY_EXAMPLES)]
    Play(Box<PlayArgs>),
    /// A fixed, quick set of searches; the last line, `<total> nodes <n> nps`, is the build's
    /// signature (every shard of a cluster sweep checks it)
    #[command(after_help = BENCH_EXAMPLES)]
    Bench(BenchArgs),
    /// Be an engine: speak UCI, UAI, UGI, NBoard or Pons' solver's lines on standard input
    /// and output with one of nodeprof's variants, so that cutechess, fastchess, NBoard or
    /// nodeprof itself can run it; each iteration's counters go out in `info string nodeprof
    /// ...` lines
    #[command(after_help = ENGINE_EXAMPLES)]
    Engine(EngineServeArgs),
    /// Merge the shards of a sweep or a play (folders written with --shard) into one table and
    /// its report: same plan, same build, every case or game exactly once (else they are
    /// listed, and exit 1)
    #[command(after_help = MERGE_EXAMPLES)]
    Merge(MergeArgs),
    /// The SPRT and Elo estimate of match results, as fastchess's calculator gives them
    #[command(after_help = SPRT_EXAMPLES)]
    Sprt(SprtArgs),
    /// Analyse search traces (an engine's, through its probe, or `search --trace`'s): node
    /// types, where the cut-offs happen, table use, the effective branching factor and the
    /// distance from the minimal tree, a row a search (docs/probe.md)
    #[command(after_help = TRACE_EXAMPLES)]
    Trace(TraceArgs),
    /// Print positions as board diagrams with side to move, empties, legal moves and the
    /// expected score where the file carries one
    #[command(after_help = SHOW_EXAMPLES)]
    Show(ShowArgs),
    /// Print the shell completion script for SHELL (bash, zsh, fish, elvish, powershell)
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print nodeprof's manual page, or a subcommand's (roff, for man), generated from the
    /// same schema as --help
    #[command(after_help = MAN_EXAMPLES)]
    Man(ManArgs),
}

#[derive(clap::Args, Debug)]
pub struct VariantsArgs {
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// The subcommand whose page to print (nodeprof-SUBCOMMAND(1)) [default: nodeprof(1)]
    pub subcommand: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell the script is for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Positions to count from
    #[arg(required = true, value_name = "POSITIONS")]
    pub positions: Vec<String>,
    /// The deepest depth
    #[arg(short, long, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    /// Count only the deepest depth, not 1..N
    #[arg(long)]
    pub only: bool,
    /// Split the deepest count by root move
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub game: GameArg,
}

#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    #[arg(required = true, value_name = "POSITIONS")]
    pub positions: Vec<String>,
    /// Variant specs or presets (repeat or separate with commas); see `nodeprof variants`
    /// [default: alphabeta, or none with --engine]
    #[arg(short, long = "variant", value_name = "SPEC", value_delimiter = ',')]
    pub variants: Vec<Variant>,
    /// A depth N or a range FROM..TO (both included)
    #[arg(short, long, value_parser = parse_depths)]
    pub depth: Depths,
    #[command(flatten)]
    pub eval: EvalArg,
    /// Randomise the move order reproducibly with this seed
    #[arg(long, value_name = "SEED")]
    pub shuffle: Option<u64>,
    /// Search with the conventions of a named profile
    #[arg(long, value_parser = profile_parser())]
    pub profile: Option<Profile>,
    /// Threads searching each position together, a list (`1,2`: each variant on each
    /// count, named `@tN` past one; see docs/parallel.md): counts then vary from run to run
    #[arg(short = 't', long, value_name = "N,...", value_delimiter = ',', default_value = "1", value_parser = threads_parser())]
    pub threads: Vec<u32>,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub repeat: RepeatArgs,
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub engines: EngineArgs,
    /// Also write each search's trace to this file (one more search of each case, untimed,
    /// with the same counts; docs/probe.md): analyse it with `nodeprof trace`
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
}

/// The most threads a search may be given.
pub const MAX_THREADS: u32 = 1024;

/// A `-t` list's thread counts in the order given, each once (`-t 1,2,1` is `1,2`).
pub fn thread_counts(given: &[u32]) -> Vec<u32> {
    let mut counts = Vec::new();
    for &t in given {
        if !counts.contains(&t) {
            counts.push(t);
        }
    }
    counts
}

fn threads_parser() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=MAX_THREADS as i64)
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[arg(required = true, value_name = "POSITIONS")]
    pub positions: Vec<String>,
    /// The variant (default: the best endgame variant for the game, see README)
    #[arg(short, long = "variant", value_name = "SPEC")]
    pub variant: Option<Variant>,
    /// exact: the final margin; wld: only win, loss or draw (a window of -1..1)
    #[arg(long, value_enum, default_value_t = SolveMode::Exact)]
    pub mode: SolveMode,
    #[command(flatten)]
    pub eval: EvalArg,
    /// Give up a position after this long (seconds, or 500ms, 2m, ...)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
    #[command(flatten)]
    pub repeat: RepeatArgs,
    #[command(flatten)]
    pub game: GameArg,
    /// Add each solve's left-first minimal graph (one more solve, with the window at the
    /// value) and the nodes over it
    #[arg(long)]
    pub minimal: bool,
    /// After the table, where each solve's nodes go (one more solve, on one thread): its
    /// stages (iterations, selective passes, the search to the end) with their ordering and
    /// ProbCut searches apart, the passes to the end, and the nodes by empties; for a
    /// proof-number or Monte Carlo search, its root over the search
    #[arg(long = "where")]
    pub where_nodes: bool,
    /// Threads solving each position together (YBWC, see docs/parallel.md), a list (`1,2,4`:
    /// each position at each count in turns, rows named `@tN`, and each count's speedup over
    /// the first) [default: this machine's logical cores]
    #[arg(short = 't', long, value_name = "N,...", value_delimiter = ',', value_parser = threads_parser())]
    pub threads: Option<Vec<u32>>,
    #[command(flatten)]
    pub format: FormatArg,
    /// Solvers to run (proto=pons); with engines and no -v, only they solve
    #[command(flatten)]
    pub engines: EngineArgs,
}

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// With --engine: the positions to bench the engines on (nodeprof's own bench is fixed)
    #[arg(value_name = "POSITIONS")]
    pub positions: Vec<String>,
    /// With --engine: the depth of every search [default: 12]
    #[arg(short, long, value_parser = clap::value_parser!(u32).range(1..=MAX_BENCH_DEPTH))]
    pub depth: Option<u32>,
    /// nodeprof's own bench on N threads a search (its speed together; past one thread the
    /// node count varies from run to run and is no signature)
    #[arg(short = 't', long, value_name = "N", default_value_t = 1, value_parser = threads_parser())]
    pub threads: u32,
    #[command(flatten)]
    pub format: FormatArg,
    /// Engines to bench as their own `bench` commands run: one new game at the start, the
    /// table kept from position to position, `go depth D` each; the last line per engine is
    /// `<total> nodes <nps> nps`, as OpenBench reads it
    #[command(flatten)]
    pub engines: EngineArgs,
}

/// The deepest `bench --engine -d`.
const MAX_BENCH_DEPTH: i64 = 120;

#[derive(clap::Args, Debug)]
pub struct SweepArgs {
    /// Positions (default: the FFO problems 40..59; with --exact 1..19)
    #[arg(value_name = "POSITIONS")]
    pub positions: Vec<String>,
    /// Variant specs or presets (default: the classic comparison set)
    #[arg(short, long = "variant", value_name = "SPEC", value_delimiter = ',')]
    pub variants: Vec<Variant>,
    /// A depth N or a range FROM..TO (default 2..6; 1..4 when every position is Ataxx,
    /// whose branching factor is several times Reversi's)
    #[arg(short, long, value_parser = parse_depths)]
    pub depth: Option<Depths>,
    /// Node budgets, a list (`1000,10000`): each variant searches each case under each
    /// budget (`+nodes:N` added to its spec; the `budget` column), deepening to the end of
    /// the game unless --depth bounds it
    #[arg(long, value_name = "N,...", value_delimiter = ',', value_parser = clap::value_parser!(u64).range(1..))]
    pub budget: Vec<u64>,
    #[command(flatten)]
    pub eval: EvalArg,
    /// Randomise the move order reproducibly with this seed (recorded in runs.csv)
    #[arg(long, value_name = "SEED")]
    pub shuffle: Option<u64>,
    /// Cases run at once (recorded: parallel runs distort time)
    #[arg(short, long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Threads searching each case together, a list (`1,2,4`): each count is a case of its
    /// own (the `threads` column), and the report adds how the searches scale
    #[arg(short = 't', long, value_name = "N,...", value_delimiter = ',', default_value = "1", value_parser = threads_parser())]
    pub threads: Vec<u32>,
    /// Give up a case after this long (seconds, or 500ms, 2m, ...); it is recorded as timed out
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
    /// Solve each case to the end of the game (the depth column holds `end`); default
    /// variants: the endgame set (see README)
    #[arg(long, conflicts_with = "depth")]
    pub exact: bool,
    #[command(flatten)]
    pub folder: RunFolderArgs,
    /// No progress bar or summary
    #[arg(short, long)]
    pub quiet: bool,
    /// Add to each row how far the search is from the minimum: the case's minimal tree
    /// (where the full tree is within --minimal-tree-cap) and the variant's left-first
    /// minimal graph (one more search)
    #[arg(long)]
    pub minimal: bool,
    /// Add to each row the case's available parallelism: the work and span of the
    /// variant's one-thread search under YBWC's rules (one more search; docs/parallel.md)
    #[arg(long)]
    pub parallelism: bool,
    /// Most nodes of full tree walked for a minimal tree (NA beyond; 0: no minimal tree)
    #[arg(long, value_name = "NODES", default_value_t = crate::measure::minimal::DEFAULT_TREE_CAP, requires = "minimal")]
    pub minimal_tree_cap: u64,
    /// The variant the report compares against
    #[arg(long, default_value = "negamax")]
    pub baseline: String,
    /// Sweep with the conventions of a named profile (default variants: the profile's;
    /// the same variants with nodeprof's defaults go to DIR/nodeprof-defaults, and the
    /// summary shows both side by side)
    #[arg(long, value_parser = profile_parser())]
    pub profile: Option<Profile>,
    #[command(flatten)]
    pub repeat: RepeatArgs,
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub engines: EngineArgs,
}

#[derive(clap::Args, Debug)]
pub struct SprtArgs {
    /// Game results: wins/losses/draws of the first player
    #[arg(
        long,
        value_name = "W/L/D",
        conflicts_with = "penta",
        required_unless_present = "penta"
    )]
    pub wdl: Option<String>,
    /// Game pairs by score: LL/LD/DD/WD/WW (DD counts WL pairs too)
    #[arg(long, value_name = "LL/LD/DD/WD/WW")]
    pub penta: Option<String>,
    /// The Elo difference of H0 (the null hypothesis)
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// The Elo difference of H1, above elo0 (within +-1000 for the GSPRT models)
    #[arg(long, default_value_t = 50.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds (false positive), in (0, 1)
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds (false negative), in (0, 1)
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// binomial (wins and losses), logistic or normalized (the GSPRT)
    #[arg(long, default_value = "binomial")]
    pub model: String,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    #[arg(required = true, value_name = "POSITIONS")]
    pub positions: Vec<String>,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub game: GameArg,
}

/// Repeats, as hyperfine's `--runs` and `--warmup`.
#[derive(clap::Args, Debug)]
pub struct RepeatArgs {
    /// Run each search N times: the counts of every run must agree (else an error: the search
    /// is not deterministic); times are the median, with the minimum and maximum [default:
    /// adaptive, up to 10 runs while they add up to less than 20 ms, stopping once three in
    /// a row are within 10% of one another: quick searches get a median and a spread, long
    /// ones run once; `solve` repeats so until the whole solve has timed 20 ms, then solves
    /// each position once]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: Option<u32>,
    /// Untimed runs of each search before the timed ones
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub warmup: u32,
}

impl RepeatArgs {
    pub fn repeat(&self) -> Repeat {
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

/// The named profiles, each with what it reproduces.
fn profile_parser() -> impl TypedValueParser<Value = Profile> {
    let values = Profile::ALL.map(|p| PossibleValue::new(p.name()).help(p.about()));
    PossibleValuesParser::new(values).try_map(|s| {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| format!("unknown profile '{s}'"))
    })
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    Exact,
    Wld,
}

fn protocol_parser() -> impl TypedValueParser<Value = Protocol> {
    // The protocols nodeprof serves (GTP it only speaks as a client).
    let names: Vec<&'static str> = Protocol::all()
        .filter(|p| p.served())
        .map(Protocol::name)
        .collect();
    PossibleValuesParser::new(names).map(|name| Protocol::named(&name).expect("listed"))
}

#[derive(clap::Args, Debug)]
pub struct EngineServeArgs {
    /// The protocol to speak on standard input and output
    #[arg(long, value_parser = protocol_parser())]
    pub protocol: Protocol,
    /// The variant that searches (see `nodeprof variants`)
    #[arg(
        short,
        long = "variant",
        value_name = "SPEC",
        default_value = "alphabeta+tt+id"
    )]
    pub variant: Variant,
    #[command(flatten)]
    pub eval: EvalArg,
    /// The game (default: the protocol's own: Ataxx for uai, Reversi for nboard, Connect 4
    /// for pons; Reversi for uci and ugi)
    #[command(flatten)]
    pub game: GameArg,
    /// Answer each `go` as `nodeprof play`'s agent answers a move (one searcher through the
    /// game, its table kept; play's depth, node, move-time and clock limits), for matches;
    /// without it a `go depth D` runs depths 1..D fresh, as a sweep does (uci, uai, ugi)
    #[arg(long)]
    pub as_agent: bool,
}
