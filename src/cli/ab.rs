//! `nodeprof ab`'s options: base against dev, as OpenBench runs a test.

use std::path::PathBuf;
use std::time::Duration;

use super::groups::GameArg;
use super::values::{parse_depths, parse_duration, share, unit_interval, Depths};

#[derive(clap::Args, Debug)]
pub struct AbArgs {
    /// The base: a variant spec, or an engine's words in one argument ("cmd=stockfish
    /// name=sf option.Hash=16")
    #[arg(value_name = "BASE")]
    pub base: String,
    /// The dev, as BASE
    #[arg(value_name = "DEV")]
    pub dev: String,
    /// The positions of the node signature
    #[arg(required = true, value_name = "POSITIONS")]
    pub positions: Vec<String>,
    /// A depth N or a range FROM..TO
    #[arg(short, long, value_parser = parse_depths)]
    pub depth: Depths,
    /// Rounds of paired timing: each round times every case on both sides, one right after
    /// the other, the order swapped from round to round (an engine side: its searches'
    /// repeats, unpaired)
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub repeat: u32,
    /// What the time verdict is judged on: the searches' CPU time (steady on a busy
    /// machine), their wall time, or the instructions they retired (where the kernel counts
    /// them)
    #[arg(long, value_enum, default_value_t = TimeMetric::Cpu)]
    pub metric: TimeMetric,
    /// The least time one sample lasts: a quick search is repeated within a sample until
    /// its searches add up to this
    #[arg(long, value_name = "DURATION", default_value = "20ms", value_parser = parse_duration)]
    pub sample_time: Duration,
    /// Build the base from this git revision of the current repository (a worktree, `cargo
    /// build --release --locked`, kept by commit) and time it against the dev
    #[arg(long, value_name = "REV", conflicts_with = "base_bin")]
    pub base_rev: Option<String>,
    /// Build the dev from this git revision, as --base-rev
    #[arg(long, value_name = "REV", conflicts_with = "dev_bin")]
    pub dev_rev: Option<String>,
    /// The base is searched by this nodeprof binary (another build of nodeprof)
    #[arg(long, value_name = "PATH")]
    pub base_bin: Option<PathBuf>,
    /// The dev is searched by this nodeprof binary
    #[arg(long, value_name = "PATH")]
    pub dev_bin: Option<PathBuf>,
    /// Also play a match, BASE against DEV, with these `nodeprof play` options (one
    /// argument: "--depth 4 -n 200 --sprt")
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    pub play: Option<String>,
    /// A time change smaller than this share is no difference
    #[arg(long, value_name = "SHARE", default_value_t = 0.02, value_parser = share)]
    pub noise_threshold: f64,
    /// The confidence of the time ratio's interval
    #[arg(long, value_name = "LEVEL", default_value_t = 0.95, value_parser = unit_interval)]
    pub confidence_level: f64,
    /// The report folder
    #[arg(short, long, value_name = "DIR", default_value = "reports/ab")]
    pub out: PathBuf,
    /// Write into a folder that holds another command's results (a sweep's or a match's),
    /// replacing its summary.md and report.html
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub game: GameArg,
}

/// What `ab`'s time verdict is judged on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeMetric {
    /// The searches' CPU time, user and system (the default: what a neighbour on the
    /// machine changes least, short of instructions)
    Cpu,
    /// The searches' wall time
    Wall,
    /// Instructions retired (where the kernel exposes the counters)
    Instructions,
}

impl TimeMetric {
    pub fn name(self) -> &'static str {
        match self {
            TimeMetric::Cpu => "CPU time",
            TimeMetric::Wall => "wall time",
            TimeMetric::Instructions => "instructions",
        }
    }
}
