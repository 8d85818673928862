//! How a command that ran ended, for the exit code.

/// How a command that ran ended: `Failure` (exit code 1) when it found something wrong (a
/// solve off the suite's value, a changed count, a merge with cases missing, no case
/// finished).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Failure,
}
