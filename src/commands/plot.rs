//! `nodeprof plot`: one chart of a sweep folder, a metric against depth or against nodes.

use std::io::Write;

use super::outcome::Outcome;
use crate::cli::{PlotArgs, PlotX};
use crate::error::Error;
use crate::report::{self, charts};

/// Draws the chart into DIR/plots and prints its files.
pub fn command(args: PlotArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let _guard = match args.dir.is_dir() {
        true => Some(crate::store::lock(&args.dir)?),
        false => None,
    };
    let tables = report::load(&args.dir, &args.filter.into())?;
    let plots = args.dir.join("plots");
    let metric = args.metric;
    let files = match args.x {
        PlotX::Depth => {
            charts::metric_by_depth(&tables, metric, &plots, &format!("{metric}_by_depth"))?
        }
        PlotX::Nodes => {
            charts::metric_vs_nodes(&tables, metric, &plots, &format!("{metric}_vs_nodes"))?
        }
    };
    for file in files {
        writeln!(out, "{}", file.display())?;
    }
    Ok(Outcome::Success)
}
