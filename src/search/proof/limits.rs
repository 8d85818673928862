//! What stops a proof search short of a proof.

use std::time::Instant;

/// Why a proof search stopped short of a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its time limit passed.
    Time,
    /// A line went past `MAX_PLY` plies.
    TooDeep,
    /// PN's tree reached its memory before the root was solved.
    Memory,
    /// A play agent's node budget was spent.
    Budget,
}

/// The limits a proof search runs under.
pub struct Limits {
    pub deadline: Option<Instant>,
    /// A play agent's node budget (counted nodes).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Err when the time is up.
    #[inline]
    pub fn check_time(&self) -> Result<(), Stop> {
        match self.deadline {
            Some(deadline) if Instant::now() > deadline => Err(Stop::Time),
            _ => Ok(()),
        }
    }

    /// Err when the node budget is spent (`nodes` counted so far).
    #[inline(always)]
    pub fn check_nodes(&self, nodes: u64) -> Result<(), Stop> {
        match self.nodes {
            Some(most) if nodes >= most => Err(Stop::Budget),
            _ => Ok(()),
        }
    }
}
