//! Running the `nodeprof` binary from the end-to-end tests (`tests/trust*.rs`): its output,
//! and its output checked.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs `nodeprof ARGS` in `dir`.
pub fn nodeprof(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nodeprof"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Its standard output, once it succeeded (else its errors fail the test).
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Its standard error, once it exited with `code`.
pub fn failed(out: &Output, code: i32) -> String {
    assert_eq!(out.status.code(), Some(code), "{}", text(&out.stdout));
    text(&out.stderr)
}
