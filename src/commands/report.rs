//! `nodeprof report`: a sweep folder's report made again from its runs.csv (or a play
//! folder's from its games), and what `sweep` and `report` print when they are done.

use std::io::{self, Write};
use std::path::Path;

use super::outcome::Outcome;
use crate::cli::{By, FilterArgs, ReportArgs};
use crate::error::Error;
use crate::report::{self, text, Filter, Metric, ReportOptions, ReportOutput};
use crate::search::END;
use crate::store::games::is_play_folder;
use crate::sweep::SweepSummary;

impl From<FilterArgs> for Filter {
    fn from(args: FilterArgs) -> Filter {
        Filter {
            variants: args.variants,
            depths: args.depth.map_or_else(Vec::new, |d| match d.from {
                END => vec!["end".into()],
                _ => d.list().iter().map(|n| n.to_string()).collect(),
            }),
            positions: args.positions,
        }
    }
}

/// `nodeprof report`: writes the report (or with `--no-write` only prints the tables asked
/// for); a play folder gets the play report.
pub fn command(args: ReportArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    // The folder written is held for as long as it is written: a play or sweep writing it,
    // or another report, stops this one.
    let written = args.out.as_deref().unwrap_or(&args.dir);
    let _guard = match args.no_write || !args.dir.is_dir() {
        true => None,
        false => Some(crate::store::lock(written)?),
    };
    if is_play_folder(&args.dir) {
        for file in report::play::run(&args.dir)? {
            writeln!(out, "{}", file.display())?;
        }
        return Ok(Outcome::Success);
    }
    let by_depth = args.by == By::Depth;
    let options = ReportOptions {
        baseline: args.baseline,
        width: args.width,
        filter: args.filter.into(),
        out: args.out,
    };
    if args.no_write {
        let tables = report::load(&args.dir, &options.filter)?;
        print_tables(&tables, &args.print, by_depth, options.width, out)?;
    } else {
        let output = report::run(&args.dir, &options)?;
        describe(
            options.out.as_deref().unwrap_or(&args.dir),
            &output,
            &args.print,
            by_depth,
            options.width,
            out,
        )?;
    }
    Ok(Outcome::Success)
}

/// The sweep's outcome: cases finished, timed out and failed (with the first failure).
pub fn describe_sweep(summary: &SweepSummary, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "swept {} cases in {:.1} s: {} finished, {} timed out, {} failed{}",
        summary.planned,
        summary.wall.as_secs_f64(),
        summary.ok,
        summary.timed_out,
        summary.failed,
        match summary.skipped {
            0 => String::new(),
            n => format!(", {n} already in runs.csv (resumed)"),
        }
    )?;
    if let Some(failure) = &summary.first_failure {
        writeln!(out, "first failure: {failure}")?;
    }
    Ok(())
}

/// The files of a report, then the cross-tables asked for, printed the way R prints them.
pub fn describe(
    dir: &Path,
    output: &ReportOutput,
    print: &[Metric],
    by_depth: bool,
    width: usize,
    out: &mut impl Write,
) -> io::Result<()> {
    let count = |ext: &str, sub: &str| {
        output
            .files
            .iter()
            .filter(|f| {
                f.parent().is_some_and(|p| p.ends_with(sub))
                    && f.extension().is_some_and(|e| e == ext)
            })
            .count()
    };
    writeln!(
        out,
        "report in {}: runs.csv, summary.md, report.html, xtabs/ ({} CSV and {} text tables), plots/ ({} SVG, {} PNG)",
        dir.display(),
        count("csv", "xtabs"),
        count("txt", "xtabs"),
        count("svg", "plots"),
        count("png", "plots"),
    )?;
    print_tables(&output.tables, print, by_depth, width, out)
}

/// The cross-tables asked for, printed the way R prints them.
pub fn print_tables(
    tables: &crate::report::tables::Tables,
    print: &[Metric],
    by_depth: bool,
    width: usize,
    out: &mut impl Write,
) -> io::Result<()> {
    let tables = if by_depth {
        &tables.by_depth
    } else {
        &tables.by_position
    };
    for metric in print {
        if let Some((_, grid)) = tables.iter().find(|(m, _)| m == metric) {
            let formula = if by_depth {
                "name + depth"
            } else {
                "name + test"
            };
            writeln!(out, "\n> xtabs({metric} ~ {formula})")?;
            out.write_all(text::render(grid, width).as_bytes())?;
        }
    }
    Ok(())
}
