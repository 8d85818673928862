//! Positions as engines are given them: a position of one of nodeprof's games with where it
//! came from and what its suite says of it.

use crate::position::{AnyPosition, Case};

/// A position for engines with where it came from and what its suite says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCase {
    pub name: String,
    pub suite: String,
    pub empties: u32,
    pub position: AnyPosition,
    pub expected_score: Option<i32>,
    /// The suite's best moves, in nodeprof's notation (an EPD's `bm` read from SAN).
    pub expected_best: Vec<String>,
}

impl From<&Case> for EngineCase {
    fn from(case: &Case) -> EngineCase {
        EngineCase {
            name: case.name.clone(),
            suite: case.suite.clone(),
            empties: case.position.empties(),
            position: case.position,
            expected_score: case.expected.as_ref().and_then(|e| e.score()),
            expected_best: case
                .expected
                .as_ref()
                .map(|e| e.best_moves().iter().map(|m| m.to_string()).collect())
                .unwrap_or_default(),
        }
    }
}
