//! Option groups several commands share: the output folder and shard, the evaluation, the
//! game.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use crate::game::{Eval, GameKind};
use crate::store::ShardSpec;

/// The folder a sweep or a play writes into, what becomes of results already there, and
/// the shard of the plan it runs.
#[derive(clap::Args, Debug)]
pub struct RunFolderArgs {
    #[allow(rustdoc::invalid_html_tags)]
    /// The output folder [default: a sweep's reports/<suite name>, a play's
    /// reports/play-<game>]
    #[arg(short, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Keep the results already in DIR (its runs.csv or games.csv) and run only the rest
    /// (same plan)
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Replace DIR's results even if they are of another plan (without it, such a run stops)
    #[arg(long)]
    pub force: bool,
    /// Run only shard K of N of the plan (a sweep's cases, a play's game pairs; split by a
    /// hash): K/N, or auto (a Slurm job array) / auto/N (a Kubernetes Indexed Job with N
    /// completions); runs the bench first and writes what `nodeprof merge` needs (not with
    /// --sprt)
    #[arg(long, value_name = "K/N|auto[/N]")]
    pub shard: Option<ShardSpec>,
    /// Refuse to run unless `nodeprof bench` counts this many nodes on this build (the gate
    /// every shard of a cluster run passes)
    #[arg(long, value_name = "NODES")]
    pub signature: Option<u64>,
}

/// `--eval`: the evaluations are the games' own, listed from the registry.
#[derive(clap::Args, Debug)]
pub struct EvalArg {
    /// Heuristic evaluation at the horizon, of the greedy agent, and of the ordering searches
    /// and iterations of exact solving [default: disc, or the game's own; solving to the end:
    /// pattern (Reversi), else the game's own]
    #[arg(long, value_name = "EVAL", value_parser = eval_parser())]
    pub eval: Option<Eval>,
}

/// The evaluations, each with what it measures and the games that have it.
fn eval_parser() -> impl TypedValueParser<Value = Eval> {
    let values = Eval::ALL.map(|e| {
        let games: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|g| g.evals().contains(&e))
            .map(|g| g.name())
            .collect();
        PossibleValue::new(e.name()).help(format!("{} ({})", e.about(), games.join(", ")))
    });
    PossibleValuesParser::new(values).try_map(|s| s.parse::<Eval>())
}

#[derive(clap::Args, Debug)]
pub struct GameArg {
    #[arg(short, long, value_name = "GAME", help = game_help(), value_parser = game_parser(),
          ignore_case = true, hide_possible_values = true)]
    pub game: Option<GameKind>,
}

/// The games by name and alias, so that shell completion offers them.
fn game_parser() -> impl TypedValueParser<Value = GameKind> {
    let values = GameKind::ALL
        .iter()
        .map(|g| PossibleValue::new(g.name()).aliases(g.aliases().iter().copied()));
    PossibleValuesParser::new(values).try_map(|s| s.parse::<GameKind>())
}

/// `--game`'s help: the games of the registry.
fn game_help() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    format!(
        "The game of the positions: {} (detected from the content by default; needed for startpos)",
        names.join(", ")
    )
}

/// `--format`: how a command prints its results (docs/output.md).
#[derive(clap::Args, Debug)]
pub struct FormatArg {
    /// Print the results as text tables, one JSON document (its schema in docs/output.md)
    /// or CSV rows (each as it is made)
    #[arg(long, value_enum, default_value_t = crate::output::Format::Text)]
    pub format: crate::output::Format,
}
