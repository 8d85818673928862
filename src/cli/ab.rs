//! `nodeprof ab`'s options: base against dev, as OpenBench runs a test.

use std::path::PathBuf;

use super::groups::GameArg;
use super::values::{parse_depths, share, Depths};

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
    /// Timed runs of each search (the time verdict's interval needs two or more)
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub repeat: u32,
    /// Also play a match, BASE against DEV, with these `nodeprof play` options (one
    /// argument: "--depth 4 -n 200 --sprt")
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    pub play: Option<String>,
    /// A time change smaller than this share is noise
    #[arg(long, value_name = "SHARE", default_value_t = 0.02, value_parser = share)]
    pub noise_threshold: f64,
    /// The report folder
    #[arg(short, long, value_name = "DIR", default_value = "reports/ab")]
    pub out: PathBuf,
    #[command(flatten)]
    pub game: GameArg,
}
