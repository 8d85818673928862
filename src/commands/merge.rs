//! `nodeprof merge`: the shards of a sweep or a play joined, then the report; or the cases a
//! merge found missing or twice.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::store::games::{is_play_folder, GAMES_FILE};
use crate::store::merge::{merge_error, read_shards, MergeOutcome};
use crate::store::{META_FILE, RUNS_FILE};
use crate::{play, report, store};

/// Merges the shards in `dirs` into `out` and writes its report; false (and the cases listed)
/// when a case is missing or repeated.
pub fn run(
    dirs: &[PathBuf],
    out: &Path,
    force: bool,
    command: &[String],
    text: &mut impl Write,
) -> Result<bool, Error> {
    let created = !out.exists();
    let guard = guard_output(dirs, out, force)?;
    let plays = dirs.first().is_some_and(|d| is_play_folder(d));
    let outcome = match plays {
        true => play::merge::merge(dirs, out, command),
        false => store::merge::merge(dirs, out, command).map_err(Error::from),
    };
    if created && !outcome.as_ref().is_ok_and(|o| o.complete()) {
        // Nothing merged: the folder this merge made for its lock goes again.
        drop(guard);
        let _ = std::fs::remove_file(out.join(crate::store::LOCK_FILE));
        let _ = std::fs::remove_dir(out);
    }
    let outcome = outcome?;
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

/// The merged folder, locked: not one of the shards, not a folder another command is writing
/// to, and not holding another plan's results unless `force`. Shards still being written
/// (their folder locked) are refused too.
fn guard_output(
    dirs: &[PathBuf],
    out: &Path,
    force: bool,
) -> Result<crate::store::FolderLock, Error> {
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if let Some(dir) = dirs.iter().find(|d| same(d, out)) {
        return Err(merge_error(format!(
            "-o {}: that is the shard {} being merged; write the merge to a folder of its own",
            out.display(),
            dir.display()
        )));
    }
    if let Some(dir) = dirs.iter().find(|d| crate::store::busy(d)) {
        return Err(merge_error(format!(
            "{}: a sweep or play is still writing this shard (it holds the folder's lock); merge once it has finished",
            dir.display()
        )));
    }
    let shards = read_shards(dirs)?;
    let guard = crate::store::lock(out)?;
    let held = [RUNS_FILE, GAMES_FILE]
        .into_iter()
        .find(|f| out.join(f).exists());
    if let (Some(file), false) = (held, force) {
        let meta: Option<serde_json::Value> = std::fs::read_to_string(out.join(META_FILE))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok());
        let merged_plan = meta
            .as_ref()
            .and_then(|m| m["plan_fingerprint"].as_str().map(str::to_string));
        if merged_plan.as_deref() != Some(shards[0].sharding.plan_fingerprint.as_str()) {
            return Err(merge_error(format!(
                "{} holds results that are not an earlier merge of these shards ({file}): add --force to replace them, or write to another folder with -o DIR",
                out.display()
            )));
        }
    }
    Ok(guard)
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

/// `nodeprof merge`: `Failure` (the cases listed) when a case is missing or repeated.
pub fn command(
    args: crate::cli::MergeArgs,
    out: &mut impl Write,
) -> Result<super::outcome::Outcome, Error> {
    let command_line: Vec<String> = crate::provenance::command_line();
    Ok(
        match run(&args.dirs, &args.out, args.force, &command_line, out)? {
            true => super::outcome::Outcome::Success,
            false => super::outcome::Outcome::Failure,
        },
    )
}
