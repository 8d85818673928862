//! `nodeprof bench` and `nodeprof merge`'s text: the bench's searches and signature line, the
//! cases a merge found missing or twice, and the note on hosts in a merged summary.

use std::io::{self, Write};
use std::path::Path;

use crate::sweep::bench::Bench;
use crate::sweep::merge::MergeOutcome;

use super::thousands;

pub fn print(bench: &Bench, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{:<26} {:<50} {:>5} {:>12} {:>9}",
        "positions", "variant", "depth", "nodes", "time_ms"
    )?;
    for s in &bench.searches {
        writeln!(
            out,
            "{:<26} {:<50} {:>5} {:>12} {:>9.1}",
            format!("{} ({})", s.positions, s.count),
            s.variant,
            s.depth,
            thousands(s.nodes),
            s.time_ns as f64 / 1e6
        )?;
    }
    writeln!(out, "{}", bench.last_line())
}

pub fn print_merge_problems(outcome: &MergeOutcome, out: &mut impl Write) -> io::Result<()> {
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
pub fn note_hosts(dir: &Path, outcome: &MergeOutcome) -> io::Result<()> {
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
