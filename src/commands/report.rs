//! What `nodeprof sweep` and `nodeprof report` print when they are done.

use std::io::{self, Write};
use std::path::Path;

use crate::report::{text, Metric, ReportOutput};
use crate::sweep::SweepSummary;

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
        "report in {}: runs.csv, summary.md, xtabs/ ({} CSV and {} text tables), plots/ ({} SVG, {} PNG)",
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
