//! What the external-engine tests (`tests/engines.rs`, `tests/engine_faults.rs`) share: the
//! binary, a sweep's rows, and the scriptable fake UCI engine.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use nodeprof::store::{read_runs, Record};

pub const NODEPROF: &str = env!("CARGO_BIN_EXE_nodeprof");

pub fn nodeprof(args: &[&str]) -> Output {
    Command::new(NODEPROF)
        .args(args)
        .output()
        .expect("nodeprof runs")
}

pub fn rows(dir: &Path) -> Vec<Record> {
    read_runs(&dir.join("runs.csv")).expect("runs.csv reads")
}

/// `tests/engines/fake-uci`, a UCI engine whose misbehaviour its arguments choose.
pub fn fake() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines/fake-uci")
        .display()
        .to_string()
}

/// What it said on its standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
