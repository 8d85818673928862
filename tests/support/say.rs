//! What a test did not check, said on the terminal itself: the test harness captures
//! `eprintln!` of a passing test, so a skip told that way is never seen.

/// Writes `text` and a newline to the process's standard error, past the harness's capture.
pub fn to_terminal(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
