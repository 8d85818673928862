//! Sweeps and their reports, end to end on small suites.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::*;
use crate::game::{perft, Eval};
use crate::measure::Repeat;
use crate::report::{self, ReportOptions};
use crate::search::{Clock, END};
use crate::store::{read_runs, CaseKey, Record, Status, COLUMNS, RUNS_FILE};

fn positions(names: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions");
    names
        .iter()
        .map(|n| root.join(n).display().to_string())
        .collect()
}

/// A temporary folder for a test's sweep (removed when the test ends, passed or not); the
/// sweep makes its `out` subfolder.
struct Scratch {
    _temp: tempfile::TempDir,
    out: PathBuf,
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.out
    }
}

fn scratch(test: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("nodeprof-sweep-{test}-"))
        .tempdir()
        .unwrap();
    let out = dir.path().join("out");
    Scratch { _temp: dir, out }
}

fn settings(
    out_dir: PathBuf,
    cases: &[&str],
    variants: &[&str],
    depths: std::ops::RangeInclusive<u32>,
) -> SweepSettings {
    SweepSettings {
        engines: Vec::new(),
        positions: positions(cases),
        game: None,
        variants: variants.iter().map(|v| v.parse().unwrap()).collect(),
        depths: Some(depths.collect()),
        eval: Eval::Material,
        shuffle: None,
        jobs: 1,
        threads: vec![1],
        time_limit: None,
        clock: Clock::SYSTEM,
        out_dir,
        resume: false,
        force: false,
        repeat: Repeat::default(),
        quiet: true,
        minimal: None,
        parallelism: false,
        command_line: vec!["test".into()],
        shard: None,
        signature: None,
        bench_shuffle: None,
    }
}

/// The cell of an xtabs CSV at (row label, column label).
fn cell(path: &Path, row: &str, col: &str) -> String {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let headers = reader.headers().unwrap().clone();
    let j = headers
        .iter()
        .position(|h| h == col)
        .unwrap_or_else(|| panic!("no column {col}"));
    for record in reader.records() {
        let record = record.unwrap();
        if &record[0] == row {
            return record[j].to_string();
        }
    }
    panic!("no row {row} in {}", path.display());
}

mod guards;
mod minimal;
mod repeats;
mod rows;
mod threads;
