//! `nodeprof compare`: two runs tables side by side; `Failure` with `--fail-on-change` when
//! a count changed.

use std::io::Write;
use std::path::Path;

use super::outcome::Outcome;
use crate::cli::CompareArgs;
use crate::error::Error;
use crate::report::compare::{compare_files, render, runs_path};

pub fn command(args: CompareArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let comparison = compare_files(&args.old, &args.new)?;
    let name = |p: &Path| runs_path(p).display().to_string();
    out.write_all(render(&comparison, &name(&args.old), &name(&args.new), args.format).as_bytes())?;
    Ok(match args.fail_on_change && comparison.counts_changed() {
        true => Outcome::Failure,
        false => Outcome::Success,
    })
}
