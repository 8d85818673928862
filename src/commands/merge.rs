//! `nodeprof merge`: the shards of a sweep or a play joined, then the report; or the cases a
//! merge found missing or twice.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::sweep::merge::MergeOutcome;
use crate::{play, report, sweep};

/// Merges the shards in `dirs` into `out` and writes its report; false (and the cases listed)
/// when a case is missing or repeated.
pub fn run(
    dirs: &[PathBuf],
    out: &Path,
    command: &[String],
    text: &mut impl Write,
) -> Result<bool, Error> {
    let plays = dirs
        .first()
        .is_some_and(|d| report::play::is_play_folder(d));
    let outcome = match plays {
        true => play::merge::merge(dirs, out, command)?,
        false => sweep::merge::merge(dirs, out, command)?,
    };
    if !outcome.complete() {
        print_merge_problems(&outcome, text)?;
        return Ok(false);
    }
    let what = if plays { "games" } else { "cases" };
    let written = match plays {
        true => {
            report::play::run(out)?;
            None
        }
        false => Some(report::run(out, &report::ReportOptions::default())?),
    };
    note_hosts(out, &outcome)?;
    writeln!(
        text,
        "merged {} shards ({} {what}) into {}",
        outcome.shards.len(),
        outcome.cases,
        out.display()
    )?;
    if let Some(output) = written {
        super::report::describe(out, &output, &[], false, 80, text)?;
    }
    Ok(true)
}

fn print_merge_problems(outcome: &MergeOutcome, out: &mut impl Write) -> io::Result<()> {
    let list = |title: &str, cases: &[String], out: &mut dyn Write| -> io::Result<()> {
        if cases.is_empty() {
            return Ok(());
        }
        writeln!(out, "{} {title}:", cases.len())?;
        for case in cases.iter().take(50) {
            writeln!(out, "  {case}")?;
        }
        if cases.len() > 50 {
            writeln!(out, "  ... and {} more", cases.len() - 50)?;
        }
        Ok(())
    };
    writeln!(out, "not merged: the plan has {} cases", outcome.cases)?;
    list("cases missing", &outcome.missing, out)?;
    list("cases more than once", &outcome.duplicated, out)
}

/// Adds to a merged report's `summary.md` where its times come from.
fn note_hosts(dir: &Path, outcome: &MergeOutcome) -> io::Result<()> {
    let path = dir.join("summary.md");
    let mut text = std::fs::read_to_string(&path)?;
    let shards: Vec<String> = outcome
        .shards
        .iter()
        .map(|s| format!("{} on {}", s.sharding.shard, s.host))
        .collect();
    text.push_str(&format!(
        "\nMerged from {} shards ({}).",
        outcome.shards.len(),
        shards.join(", ")
    ));
    if outcome.hosts.len() > 1 {
        text.push_str(&format!(
            " **The times come from {} hosts ({}): compare times only within a host (hosts.csv names each case's); the counts do not depend on the machine.**",
            outcome.hosts.len(),
            outcome.hosts.join(", ")
        ));
    }
    text.push('\n');
    std::fs::write(&path, text)
}
