//! `nodeprof show`: a position as a board diagram with its facts.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use super::outcome::Outcome;
use crate::cli::ShowArgs;
use crate::error::Error;
use crate::output::{Output, Row};
use crate::position::Case;

/// A position's facts, as `--format json` (schema `nodeprof-show`, in `rows`) and `csv`
/// write them; lists of moves are space-separated, as `runs.csv`'s `expected_best`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    pub game: String,
    pub suite: String,
    /// The case name, as `runs.csv`'s `position`.
    pub position: String,
    pub source: String,
    /// The position's line in `source` (from 1).
    pub line: usize,
    /// The position in its game's notation (an obf line, a FEN).
    pub notation: String,
    /// `reversi, Black to move, 20 empties`.
    pub summary: String,
    pub empties: u32,
    pub legal_moves: String,
    pub expected_score: Option<i32>,
    pub expected_best: Option<String>,
    /// The values the suite lists, `move:value` (`a2:+38 b1:+36`).
    pub move_values: Option<String>,
    /// Moves the suite says to avoid (an EPD's `am`).
    pub avoid: Option<String>,
}

impl Row for Shown {}

impl From<&Case> for Shown {
    fn from(case: &Case) -> Shown {
        let pos = &case.position;
        let expected = case.expected.as_ref();
        let joined = |words: Vec<String>| (!words.is_empty()).then(|| words.join(" "));
        Shown {
            game: pos.kind().name().to_string(),
            suite: case.suite.clone(),
            position: case.name.clone(),
            source: case.source.display().to_string(),
            line: case.line,
            notation: pos.to_string(),
            summary: pos.summary(),
            empties: pos.empties(),
            legal_moves: pos.legal_moves().join(" "),
            expected_score: expected.and_then(|e| e.score()),
            expected_best: expected
                .and_then(|e| joined(e.best_moves().iter().map(|m| m.to_string()).collect())),
            move_values: expected.and_then(|e| {
                joined(
                    e.move_values
                        .iter()
                        .map(|(m, v)| format!("{m}:{v:+}"))
                        .collect(),
                )
            }),
            avoid: expected.and_then(|e| joined(e.avoid.clone())),
        }
    }
}

/// The JSON document's fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Positions {
    pub rows: Vec<Shown>,
}

/// Prints one case: header, diagram, legal moves, and the expected values if any.
pub fn run(case: &Case, out: &mut impl Write) -> io::Result<()> {
    let (diagram, moves) = (case.position.diagram(), case.position.legal_moves());
    let pos = &case.position;
    writeln!(
        out,
        "{} ({}:{}): {}",
        case.name,
        case.source.display(),
        case.line,
        pos.summary()
    )?;
    out.write_all(diagram.as_bytes())?;
    writeln!(out, "position: {pos}")?;
    writeln!(out, "legal moves ({}): {}", moves.len(), moves.join(" "))?;
    if let Some(expected) = &case.expected {
        let values: Vec<String> = expected
            .move_values
            .iter()
            .map(|(m, v)| format!("{m}:{v:+}"))
            .collect();
        let best = expected.best_moves().join(" or ");
        match expected.score() {
            Some(score) if best.is_empty() => writeln!(out, "expected score: {score:+}")?,
            Some(score) => writeln!(
                out,
                "expected score: {score:+}, best move: {best} (listed values: {})",
                values.join(" ")
            )?,
            None => writeln!(out, "best move: {best}")?,
        }
        if !expected.avoid.is_empty() {
            writeln!(out, "moves to avoid: {}", expected.avoid.join(" "))?;
        }
    }
    writeln!(out)
}

/// `nodeprof show`: each position in turn.
pub fn command(args: ShowArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let mut output = Output::new(args.format.format, out);
    for case in crate::position::load(&args.positions, args.game.game)? {
        run(&case, &mut output.text())?;
        output.row(&Shown::from(&case))?;
    }
    output.finish("show", ())?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::load;

    #[test]
    fn shows_the_diagram_moves_and_expected_values() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/positions/reversi/ffo/end40.pos"
        );
        let case = &load(&[path.into()], None).unwrap()[0];
        let mut out = Vec::new();
        run(case, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("end40.pos ("), "{}", lines[0]);
        assert!(lines[0].ends_with("reversi, Black to move, 20 empties"));
        assert_eq!(lines[1], "  a b c d e f g h");
        assert_eq!(lines[2], "1 O . . O O O O X");
        assert_eq!(lines[9], "8 - - - . - - - -");
        assert_eq!(lines[11], "legal moves (10): b1 c1 a2 a6 c6 c7 d7 f7 g7 d8");
        assert!(lines[12].starts_with("expected score: +38, best move: a2 (listed values: a2:+38"));
    }

    #[test]
    fn shows_ataxx_gaps_and_clocks() {
        let case = &load(&["x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7".into()], None).unwrap()[0];
        let mut out = Vec::new();
        run(case, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\n5 . . # . # . .\n"), "{text}");
        assert!(text.contains("halfmove clock 3, fullmove 7"));
        assert!(text.contains("legal moves (14): "));
    }
}
