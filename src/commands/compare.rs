//! `nodeprof compare`: two runs tables side by side; `Failure` with `--fail-on-change` when
//! a count changed.

use std::io::Write;
use std::path::Path;

use super::outcome::Outcome;
use crate::cli::CompareArgs;
use crate::error::Error;
use crate::output::{self, Output};
use crate::report::compare::{compare_files, runs_path};
use crate::report::compare_data::{CompareLine, CompareSummary};
use crate::report::compare_stats::TimeTest;
use crate::report::compare_text::{render, Format};

pub fn command(args: CompareArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let test = TimeTest {
        confidence: args.confidence_level,
        noise_threshold: args.noise_threshold,
        drift: args.drift,
    };
    let comparison = compare_files(&args.old, &args.new, test)?;
    let name = |p: &Path| runs_path(p).display().to_string();
    let (old, new) = (name(&args.old), name(&args.new));
    let data = match args.format {
        Format::Text | Format::Markdown => None,
        Format::Json => Some(output::Format::Json),
        Format::Csv => Some(output::Format::Csv),
    };
    match data {
        None => out.write_all(render(&comparison, &old, &new, args.format).as_bytes())?,
        Some(format) => {
            let mut output = Output::new(format, out);
            for row in &comparison.rows {
                output.row(&CompareLine::of(row, &comparison))?;
            }
            output.finish("compare", CompareSummary::of(&comparison, &old, &new))?;
        }
    }
    let lines_changed = args.fail_on_line_change && !comparison.line_changes.is_empty();
    let counts_changed =
        (args.fail_on_change || args.fail_on_line_change) && comparison.counts_changed();
    Ok(match counts_changed || lines_changed {
        true => Outcome::Failure,
        false => Outcome::Success,
    })
}
