//! An engine process seen from outside (Linux's /proc): the tests that kill nodeprof and
//! check that its engine does not outlive it.

#![allow(dead_code)]

use std::path::Path;
use std::time::{Duration, Instant};

/// The pid an engine wrote into `file` once it started (`echo $$ > pid`), waited for until
/// `guard` (a hang guard, not a speed check).
pub fn written_pid(file: &Path, guard: Instant) -> u32 {
    loop {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        if let Ok(pid) = text.trim().parse::<u32>() {
            return pid;
        }
        assert!(Instant::now() < guard, "the engine never started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether process `pid` is alive (a zombie, ended but not reaped, is not).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        !s.rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

/// Waits until process `pid` has ended, failing the test if it still runs at `guard`.
pub fn wait_gone(pid: u32, guard: Instant) {
    while alive(pid) {
        assert!(
            Instant::now() < guard,
            "engine {pid} outlived the killed sweep"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
