//! Chess lists: FEN and EPD lines, EPD's operations, `#` comment lines, errors by line.

use super::*;

fn load_text(name: &str, text: &str) -> Result<Vec<Case>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    parse_file(&path, None).map_err(|e| e.to_string())
}

#[test]
fn epd_lines_give_their_position_best_and_avoided_moves_and_id() {
    let cases = load_text(
        "few.epd",
        "# two positions\n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; am a3 Ng1; id \"ruy; lopez\"; c0 \"#1\"; acd 12;\n\
         8/8/8/8/8/2k5/8/K7 w - - 3 60\n\
         8/8/8/8/8/2k5/8/K7 b - - 0 1 D1 7; D2 17;\n",
    )
    .unwrap();
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0].name, "ruy; lopez");
    assert_eq!(cases[0].suite, "few");
    let expected = cases[0].expected.as_ref().unwrap();
    assert_eq!(expected.best_moves(), ["f1b5"]);
    assert_eq!(expected.avoid, ["a2a3", "f3g1"]);
    assert_eq!(expected.score(), None);
    assert_eq!(cases[0].position.kind(), GameKind::Chess);
    assert_eq!(cases[0].position.empties(), 64 - 32);
    assert_eq!(
        cases[0].position.to_string(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
    );
    assert_eq!(cases[1].name, "few.epd:3");
    assert_eq!(cases[1].expected, None);
    assert_eq!(
        cases[1].position.to_string(),
        "8/8/8/8/8/2k5/8/K7 w - - 3 60"
    );
    assert_eq!(cases[2].side_to_move_name(), "Black");
    // Perft's counts by depth.
    assert_eq!(cases[2].expected.as_ref().unwrap().perft, [(1, 7), (2, 17)]);
}

#[test]
fn bad_epd_lines_name_their_line_and_what_is_wrong() {
    for (text, message) in [
        ("8/8/8 w - -\n", "expected a chess position (--game chess)"),
        (
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb6;\n",
            "bm Bb6: 'Bb6' is not a legal move here",
        ),
        ("8/8/8/8/8/2k5/8/K7 w - - bm;\n", "'bm' names no move"),
        (
            "8/8/8/8/8/2k5/8/K7 w - - c0 \"open;\n",
            "unterminated string",
        ),
        ("8/8/8/8/8/2k5/8/K7 w - - 9x 1;\n", "bad EPD opcode '9x'"),
        (
            "8/8/8/8/8/2k5/8/K7 w - - D2 many;\n",
            "'D2' takes one count of leaves, found 'many'",
        ),
        ("K6r/8/8/8/8/2k5/8/8 b - -\n", "not a legal chess position"),
        ("8/8/8/8/8/8/1k6/K7 w - -\n", "the kings touch"),
    ] {
        let error = load_text("few.epd", &format!("# header\n{text}")).unwrap_err();
        assert!(error.contains(message), "{text}: {error}");
        assert!(error.contains("few.epd:2"), "{text}: {error}");
    }
}

impl Case {
    fn side_to_move_name(&self) -> &'static str {
        self.position.kind().side_name(self.position.side_to_move())
    }
}
