//! `nodeprof show`: a position as a board diagram with its facts.

use std::io::{self, Write};

use crate::game::{Ataxx, Game, Reversi, UniformTree};
use crate::position::{AnyPosition, Case};

/// Prints one case: header, diagram, legal moves, and the expected values if any.
pub fn run(case: &Case, out: &mut impl Write) -> io::Result<()> {
    let (diagram, moves) = match &case.position {
        AnyPosition::Reversi(p) => (reversi_diagram(p), move_list(p)),
        AnyPosition::Ataxx(p) => (ataxx_diagram(p), move_list(p)),
        AnyPosition::Tree(p) => (tree_diagram(p), move_list(p)),
    };
    let pos = &case.position;
    writeln!(
        out,
        "{} ({}:{}): {}, {} to move, {} empties",
        case.name,
        case.source.display(),
        case.line,
        pos.kind(),
        pos.side_to_move().name(),
        pos.empties()
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
        writeln!(
            out,
            "expected score: {:+}, best move: {} (listed values: {})",
            expected.score(),
            expected.best_moves().join(" or "),
            values.join(" ")
        )?;
    }
    writeln!(out)
}

fn move_list<G: Game>(pos: &G) -> Vec<String> {
    pos.generate_moves().iter().map(|m| m.to_string()).collect()
}

/// Row 1 at the top as in Othello diagrams; `X` black, `O` white, `.` a legal move.
fn reversi_diagram(pos: &Reversi) -> String {
    let (black, white, legal) = (pos.black(), pos.white(), pos.move_squares());
    let mut s = String::from("  a b c d e f g h\n");
    for row in 0..8 {
        s.push_str(&format!("{}", row + 1));
        for file in 0..8 {
            let bit = 1u64 << (row * 8 + file);
            let c = if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else if legal & bit != 0 {
                '.'
            } else {
                '-'
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s
}

/// The tree's shape and leaf values (from the root player's point of view).
fn tree_diagram(pos: &UniformTree) -> String {
    let spec = pos.spec();
    let values: Vec<String> = spec.values.iter().map(|v| v.to_string()).collect();
    format!(
        "uniform tree: {} children a node, {} plies, {} leaves: {}\n",
        spec.width,
        spec.depth,
        values.len(),
        values.join(" ")
    )
}

/// Rank 7 at the top as in FEN; `x`, `o`, `#` a gap, `.` empty.
fn ataxx_diagram(pos: &Ataxx) -> String {
    let mut s = String::new();
    for rank in (0..7u8).rev() {
        s.push_str(&format!("{}", rank + 1));
        for file in 0..7u8 {
            let c = match pos.square_char(rank * 7 + file) {
                '-' => '#',
                c => c,
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str("  a b c d e f g\n");
    s.push_str(&format!(
        "halfmove clock {}, fullmove {}\n",
        pos.halfmove_clock(),
        pos.fullmove_number()
    ));
    s
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
