//! The arguments of the commands that read a sweep's rows: `report`, `plot`, `compare` and
//! `merge`, and the case filter of the first two.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::ValueEnum;

use super::values::{parse_depths, share, unit_interval, Depths};
use crate::report::compare_text::Format;
use crate::report::Metric;

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
            Metric::Counter(i) => crate::counters::COUNTERS[i].meaning,
            other => other.title(),
        };
        help.push_str(&format!("\n  {}: {meaning}", m.column()));
    }
    help
}

#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The variant the summary compares against
    #[arg(long, default_value = "negamax")]
    pub baseline: String,
    /// Line width of the text cross-tables
    #[arg(long, default_value_t = 80)]
    pub width: usize,
    #[arg(long = "print", value_name = "METRIC", value_delimiter = ',', help = metric_help(), long_help = metric_long_help())]
    pub print: Vec<Metric>,
    /// Print the totals by depth instead of the tables by position
    #[arg(long, value_enum, default_value_t = By::Position)]
    pub by: By,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Write the report here instead of into DIR (useful with filters)
    #[arg(short, long, value_name = "OUT")]
    pub out: Option<PathBuf>,
    /// Print the --print tables only: write no file
    #[arg(long, requires = "print", conflicts_with = "out")]
    pub no_write: bool,
}

#[derive(clap::Args, Debug)]
pub struct PlotArgs {
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The metric on the y axis: nodes, a counter (leaf, interior, tt_probe, tt_hit,
    /// tt_cut, beta_cut, first_cut, research), first_cut_rate or time_ms
    #[arg(short, long, value_name = "METRIC", value_parser = metric_parser(), hide_possible_values = true)]
    pub metric: Metric,
    /// What goes on the x axis
    #[arg(long, value_enum, default_value_t = PlotX::Depth)]
    pub x: PlotX,
    #[command(flatten)]
    pub filter: FilterArgs,
}

#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// The reference: a runs.csv or a report folder
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The table to check against it
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
    /// Output format
    #[arg(long, default_value = "text", value_parser = PossibleValuesParser::new(Format::NAMES).try_map(|s| s.parse::<Format>()))]
    pub format: Format,
    /// Exit with code 1 when any count, score, best move or line changed, or a case is in
    /// one table only (times may differ): a guard for engine changes in CI
    #[arg(long)]
    pub fail_on_change: bool,
    /// Exit with code 1 also when a case's principal variation alone changed (listed apart
    /// from count changes)
    #[arg(long)]
    pub fail_on_line_change: bool,
    /// The confidence of the time ratio's bootstrap interval (where both tables keep each
    /// run's time), in (0, 1)
    #[arg(long, value_name = "P", default_value_t = 0.95, value_parser = unit_interval)]
    pub confidence_level: f64,
    /// A time change smaller than this share (0.02: 2%) is noise, however sure, as
    /// criterion's --noise-threshold
    #[arg(long, value_name = "SHARE", default_value_t = 0.02, value_parser = share)]
    pub noise_threshold: f64,
    /// How far the machine's drift between two runs made at different times may move a
    /// time ratio (a share, added to the noise threshold): the tables' times are unpaired
    #[arg(long, value_name = "SHARE", default_value_t = crate::report::compare_stats::DEFAULT_DRIFT, value_parser = share)]
    pub drift: f64,
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The shards' folders
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The merged folder
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
    /// Replace OUT's results even if they are not an earlier merge of these shards
    #[arg(long)]
    pub force: bool,
}

/// Which cases a report or chart shows.
#[derive(clap::Args, Debug)]
pub struct FilterArgs {
    /// Only these variants (display names or specs)
    #[arg(short, long = "variant", value_name = "NAME", value_delimiter = ',')]
    pub variants: Vec<String>,
    /// Only these depths (N, FROM..TO or end)
    #[arg(short, long, value_parser = parse_depths)]
    pub depth: Option<Depths>,
    /// Only these positions (end40 or end40.pos)
    #[arg(short, long = "position", value_name = "NAME", value_delimiter = ',')]
    pub positions: Vec<String>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// name ~ position (rows variant and depth, one column per position)
    Position,
    /// name ~ depth (totals over the positions)
    Depth,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum PlotX {
    Depth,
    Nodes,
}

/// The metrics by name, so that shell completion offers them.
fn metric_parser() -> impl TypedValueParser<Value = Metric> {
    let values = Metric::all()
        .into_iter()
        .map(|m| PossibleValue::new(m.column()));
    PossibleValuesParser::new(values).try_map(|s| s.parse::<Metric>())
}
