//! Positions as engines are given them: a position of one of nodeprof's games (chess among
//! them), with what its suite says of it.

use crate::game::GameKind;
use crate::position::{AnyPosition, Case};

/// What an engine searches.
#[derive(Clone, Debug, PartialEq)]
pub enum EnginePosition {
    Native(AnyPosition),
}

impl EnginePosition {
    /// The game's name, as the `game` column writes it.
    pub fn game(&self) -> &'static str {
        match self {
            EnginePosition::Native(p) => p.kind().name(),
        }
    }

    pub fn kind(&self) -> Option<GameKind> {
        match self {
            EnginePosition::Native(p) => Some(p.kind()),
        }
    }

    /// The one-line text a UCI-family `position fen` carries.
    pub fn text(&self) -> String {
        match self {
            EnginePosition::Native(p) => p.to_string(),
        }
    }

    /// Checks a move the engine answered: legal by nodeprof's rules (the move written back in
    /// nodeprof's notation).
    pub fn check_move(&self, text: &str) -> Result<String, String> {
        match self {
            EnginePosition::Native(p) => {
                let after = p.after_moves(&[text])?;
                // The canonical spelling: the legal move that the text names.
                Ok(p.legal_moves()
                    .into_iter()
                    .find(|m| p.after_moves(&[m]).ok() == Some(after))
                    .unwrap_or_else(|| text.to_string()))
            }
        }
    }
}

/// A position for engines with where it came from and what its suite says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCase {
    pub name: String,
    pub suite: String,
    pub empties: u32,
    pub position: EnginePosition,
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
            position: EnginePosition::Native(case.position),
            expected_score: case.expected.as_ref().and_then(|e| e.score()),
            expected_best: case
                .expected
                .as_ref()
                .map(|e| e.best_moves().iter().map(|m| m.to_string()).collect())
                .unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_checked() {
        let chess = EnginePosition::Native(AnyPosition::start(GameKind::Chess));
        assert_eq!(chess.check_move("g1f3"), Ok("g1f3".into()));
        assert_eq!(chess.check_move("Nf3"), Ok("g1f3".into()));
        assert!(chess.check_move("e7e8q").is_err());
        assert!(chess.check_move("e9e4").is_err());
        let reversi = EnginePosition::Native(AnyPosition::start(GameKind::Reversi));
        assert_eq!(reversi.check_move("F5"), Ok("f5".into()));
        assert!(reversi.check_move("a1").is_err());
    }
}
