//! Positions as engines are given them: a position of one of nodeprof's games, or a chess
//! position passed through as FEN text (nodeprof has no chess rules yet: its moves are
//! checked for form only), with the loader of chess EPD and FEN lists.

use std::path::Path;

use crate::error::PositionError;
use crate::game::GameKind;
use crate::position::{AnyPosition, Case};

/// What an engine searches.
#[derive(Clone, Debug, PartialEq)]
pub enum EnginePosition {
    Native(AnyPosition),
    /// A chess FEN (4 fields of EPD, or 6 of FEN), or `startpos`.
    Chess(String),
}

impl EnginePosition {
    /// The game's name, as the `game` column writes it.
    pub fn game(&self) -> &'static str {
        match self {
            EnginePosition::Native(p) => p.kind().name(),
            EnginePosition::Chess(_) => "chess",
        }
    }

    pub fn kind(&self) -> Option<GameKind> {
        match self {
            EnginePosition::Native(p) => Some(p.kind()),
            EnginePosition::Chess(_) => None,
        }
    }

    /// The one-line text a UCI-family `position fen` carries.
    pub fn text(&self) -> String {
        match self {
            EnginePosition::Native(p) => p.to_string(),
            EnginePosition::Chess(fen) => fen.clone(),
        }
    }

    /// Checks a move the engine answered: legal by nodeprof's rules for its games (the
    /// move written back in nodeprof's notation), of UCI's form for chess.
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
            EnginePosition::Chess(_) => match is_uci_move(text) {
                true => Ok(text.to_string()),
                false => Err(format!(
                    "'{text}' is not a chess move in UCI's form (e2e4, e7e8q)"
                )),
            },
        }
    }
}

fn is_uci_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"qrbn".contains(&b[4]),
        _ => text == "0000",
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
    /// The suite's best moves (an EPD's `bm` as written: SAN for chess).
    pub expected_best: Vec<String>,
}

impl From<&Case> for EngineCase {
    fn from(case: &Case) -> EngineCase {
        EngineCase {
            name: case.name.clone(),
            suite: case.suite.clone(),
            empties: case.position.empties(),
            position: EnginePosition::Native(case.position),
            expected_score: case.expected.as_ref().map(|e| e.score()),
            expected_best: case
                .expected
                .as_ref()
                .map(|e| e.best_moves().iter().map(|m| m.to_string()).collect())
                .unwrap_or_default(),
        }
    }
}

/// Whether a position line is a chess FEN or EPD: eight ranks of piece letters and digits,
/// both kings on the board, then the side to move.
pub fn looks_like_chess(line: &str) -> bool {
    let mut fields = line.split_whitespace();
    let (Some(board), Some(side)) = (fields.next(), fields.next()) else {
        return false;
    };
    let ranks: Vec<&str> = board.split('/').collect();
    ranks.len() == 8
        && ranks
            .iter()
            .all(|r| !r.is_empty() && r.chars().all(|c| "pnbrqkPNBRQK12345678".contains(c)))
        && board.matches('K').count() == 1
        && board.matches('k').count() == 1
        && (side == "w" || side == "b")
}

/// Whether the file at `path` holds chess positions (its first position line is one).
pub fn is_chess_file(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    text.lines()
        .map(|l| l.split(['%', '#']).next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(looks_like_chess)
}

/// The positions of a chess EPD or FEN list: one a line, named `stem:line` (or by their EPD
/// `id`), with `bm` as their expected best moves. `%` and `#` start comments.
pub fn load_chess(path: &Path) -> Result<Vec<EngineCase>, PositionError> {
    let text = std::fs::read_to_string(path).map_err(|source| PositionError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let stem = path
        .file_name()
        .map_or("inline".into(), |s| s.to_string_lossy().into_owned());
    let suite = path
        .file_stem()
        .map_or("inline".into(), |s| s.to_string_lossy().into_owned());
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(['%', '#']).next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |message: String| PositionError::Parse {
            file: path.display().to_string(),
            line: i + 1,
            message,
        };
        if !looks_like_chess(line) {
            return Err(bad(format!(
                "'{line}' is not a chess FEN or EPD line (eight ranks, both kings, w or b to move)"
            )));
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (fen, opcodes) = match words.get(4).and_then(|w| w.parse::<u32>().ok()) {
            // A FEN: six fields, then (rarely) nothing.
            Some(_) => (words[..6.min(words.len())].join(" "), String::new()),
            None => (
                words[..4.min(words.len())].join(" "),
                words.get(4..).map_or(String::new(), |w| w.join(" ")),
            ),
        };
        let mut best = Vec::new();
        let mut id = None;
        for op in opcodes.split(';').map(str::trim).filter(|o| !o.is_empty()) {
            let (code, operand) = op.split_once(' ').unwrap_or((op, ""));
            match code {
                "bm" => best = operand.split_whitespace().map(str::to_string).collect(),
                "id" => id = Some(operand.trim().trim_matches('"').to_string()),
                _ => {}
            }
        }
        let pieces = fen
            .split(' ')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .count() as u32;
        cases.push(EngineCase {
            name: id.unwrap_or_else(|| format!("{stem}:{}", i + 1)),
            suite: suite.clone(),
            empties: 64 - pieces.min(64),
            position: EnginePosition::Chess(fen),
            expected_score: None,
            expected_best: best,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_lines_are_told_from_the_games_lines() {
        assert!(looks_like_chess(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        ));
        assert!(looks_like_chess("8/8/8/8/8/8/k7/K7 w - - bm Kb1;"));
        assert!(!looks_like_chess("x5o/7/7/7/7/7/o5x x 0 1"));
        assert!(!looks_like_chess("8/8/8/8/8/8/8/K7 w - -"));
        assert!(!looks_like_chess("--XXXO-- X"));
    }

    #[test]
    fn epd_lines_give_their_fen_best_moves_and_id() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("few.epd");
        std::fs::write(
            &path,
            "# two positions\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"ruy\";\n8/8/8/8/8/8/k7/K7 w - - 0 1\n",
        )
        .unwrap();
        let cases = load_chess(&path).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].name, "ruy");
        assert_eq!(cases[0].expected_best, ["Bb5"]);
        assert_eq!(
            cases[0].position,
            EnginePosition::Chess(
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -".into()
            )
        );
        assert_eq!(cases[0].empties, 64 - 32);
        assert_eq!(cases[1].name, "few.epd:3");
        assert_eq!(cases[1].empties, 62);
        std::fs::write(&path, "8/8/8 w - -\n").unwrap();
        let error = load_chess(&path).unwrap_err().to_string();
        assert!(error.contains("few.epd:1"), "{error}");
    }

    #[test]
    fn moves_are_checked() {
        let chess = EnginePosition::Chess("startpos".into());
        assert_eq!(chess.check_move("e7e8q"), Ok("e7e8q".into()));
        assert!(chess.check_move("e9e4").is_err());
        let reversi = EnginePosition::Native(AnyPosition::start(GameKind::Reversi));
        assert_eq!(reversi.check_move("F5"), Ok("f5".into()));
        assert!(reversi.check_move("a1").is_err());
    }
}
