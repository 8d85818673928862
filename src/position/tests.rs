//! Tests of the position files shipped in `positions/` and of the loaders' error handling.

use std::path::{Path, PathBuf};

mod connect4_suites;
mod epd;

use super::load::position_files_in;
use super::*;
use crate::game::{Ataxx, Game, GameKind, Side};

/// The FFO suite's facts: problem, empties, side to move, exact score, best moves
/// (from the published suite; the boards themselves are checked against the `.obf` lists and
/// by solving in the search tests).
const FFO_FACTS: [(u32, u32, &str, i32, &str); 79] = [
    (1, 14, "B", 18, "g8"),
    (2, 14, "B", 10, "a4"),
    (3, 14, "B", 2, "d1"),
    (4, 14, "B", 0, "h8,a5"),
    (5, 14, "B", 32, "g8"),
    (6, 14, "B", 14, "a1,h3"),
    (7, 14, "B", 8, "a6"),
    (8, 15, "W", 8, "e1"),
    (9, 15, "W", -8, "g7,a4"),
    (10, 15, "W", 10, "b2"),
    (11, 15, "W", 30, "b3"),
    (12, 15, "W", -8, "b7"),
    (13, 16, "B", 14, "b7"),
    (14, 16, "B", 18, "a3"),
    (15, 16, "B", 4, "g3,b8"),
    (16, 16, "B", 24, "f8"),
    (17, 16, "B", 8, "f8"),
    (18, 16, "B", -2, "g2"),
    (19, 16, "B", 8, "b6"),
    (20, 6, "B", 6, "h5"),
    (21, 15, "W", 0, "g5"),
    (22, 17, "W", 2, "g8"),
    (23, 18, "B", 4, "a2"),
    (24, 19, "W", 0, "c3"),
    (25, 19, "W", 0, "g1,a5"),
    (26, 20, "B", 0, "d8"),
    (27, 20, "B", -2, "b7"),
    (28, 20, "B", 0, "f1,b2,e1"),
    (29, 20, "B", 10, "g2"),
    (30, 20, "B", 0, "g3"),
    (31, 20, "B", -2, "g6"),
    (32, 20, "B", -4, "g3"),
    (33, 20, "B", -8, "e7,a3"),
    (34, 20, "B", -2, "c2"),
    (35, 21, "W", 0, "c7"),
    (36, 21, "W", 0, "b7"),
    (37, 22, "B", -20, "g2"),
    (38, 24, "B", 4, "b2"),
    (39, 26, "W", 64, "a8,b1,g1,g5,g6,c8,h3,e8,h4"),
    (40, 20, "B", 38, "a2"),
    (41, 22, "B", 0, "h4"),
    (42, 22, "B", 6, "g2"),
    (43, 23, "W", -12, "g3,c7"),
    (44, 23, "W", -14, "d2,b8"),
    (45, 24, "B", 6, "b2"),
    (46, 24, "B", -8, "b3"),
    (47, 25, "W", 4, "g2"),
    (48, 25, "W", 28, "f6"),
    (49, 26, "B", 16, "e1"),
    (50, 26, "B", 10, "d8"),
    (51, 27, "W", 6, "e2,a3"),
    (52, 27, "W", 0, "a3"),
    (53, 28, "B", -2, "d8"),
    (54, 28, "B", -2, "c7"),
    (55, 29, "W", 0, "g6,b7,e2,g4"),
    (56, 29, "W", 2, "h5"),
    (57, 30, "B", -10, "a6"),
    (58, 30, "B", 4, "g1"),
    (59, 34, "B", 64, "h4,g8,e8"),
    (60, 24, "B", 20, "c2"),
    (61, 25, "W", -14, "h3,g1"),
    (62, 27, "W", 28, "e8"),
    (63, 27, "W", -2, "f2"),
    (64, 27, "W", 20, "b4"),
    (65, 28, "B", 10, "g1"),
    (66, 28, "B", 30, "h3"),
    (67, 28, "B", 22, "h3"),
    (68, 30, "B", 28, "e8"),
    (69, 30, "B", 0, "h3"),
    (70, 30, "B", -24, "e3"),
    (71, 31, "W", 20, "d2"),
    (72, 31, "W", 24, "e1"),
    (73, 31, "W", -4, "g4"),
    (74, 31, "W", -30, "f1"),
    (75, 32, "B", 14, "d2"),
    (76, 32, "B", 32, "a3"),
    (77, 34, "B", 34, "b7"),
    (78, 34, "B", 8, "f1"),
    (79, 36, "B", 64, "d7"),
];

fn positions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("positions")
}

fn load_one(path: &Path) -> Vec<Case> {
    load(&[path.display().to_string()], None).unwrap()
}

#[test]
fn every_ffo_position_loads_with_the_published_facts() {
    let cases = load_one(&positions_dir().join("reversi/ffo"));
    assert_eq!(cases.len(), 79);
    for (case, &(number, empties, side, score, best)) in cases.iter().zip(FFO_FACTS.iter()) {
        assert_eq!(case.name, format!("end{number:02}.pos"));
        assert_eq!(case.position.kind(), GameKind::Reversi);
        assert_eq!(case.position.empties(), empties, "{}", case.name);
        let side = if side == "B" {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(case.position.side_to_move(), side, "{}", case.name);
        let expected = case
            .expected
            .as_ref()
            .expect("FFO cases carry their values");
        assert_eq!(expected.score(), Some(score), "{}", case.name);
        assert_eq!(expected.best_moves().join(","), best, "{}", case.name);
    }
}

#[test]
fn obf_lists_hold_the_same_cases_as_the_pos_files() {
    let pos_cases = load_one(&positions_dir().join("reversi/ffo"));
    let obf_cases = load_one(&positions_dir().join("reversi/obf"));
    assert_eq!(obf_cases.len(), 79);
    assert_eq!(obf_cases[0].name, "fforum-1-19.obf:2");
    for (a, b) in pos_cases.iter().zip(&obf_cases) {
        assert_eq!(a.position, b.position, "{} / {}", a.name, b.name);
        assert_eq!(a.expected, b.expected, "{} / {}", a.name, b.name);
    }
}

/// Every shipped file's data lines (comments dropped) are exactly what the writers print.
#[test]
fn every_position_file_prints_back_to_the_same_text() {
    let mut checked = 0;
    for dir in ["reversi/ffo", "reversi/obf", "ataxx", "ataxx/end"] {
        for file in position_files_in(&positions_dir().join(dir)).unwrap() {
            let text = std::fs::read_to_string(&file).unwrap();
            let data: Vec<&str> = formats_data_lines(&text);
            let cases = parse_file(&file, None).unwrap();
            let printed: Vec<String> = if file.extension().unwrap() == "pos" {
                write_pos_file(&cases[0])
                    .lines()
                    .map(String::from)
                    .collect()
            } else {
                cases.iter().map(write_list_line).collect()
            };
            assert_eq!(printed, data, "{}", file.display());
            checked += 1;
        }
    }
    assert!(checked >= 79 + 4 + 10, "{checked}");
}

fn formats_data_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split('%').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The random-play Ataxx positions say how they were reached; replaying gives the FEN.
#[test]
fn ataxx_positions_are_reached_by_their_recorded_moves() {
    let mut replayed = 0;
    let mut files = position_files_in(&positions_dir().join("ataxx")).unwrap();
    files.extend(position_files_in(&positions_dir().join("ataxx/end")).unwrap());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("% {key}: ")))
                .map(str::to_string)
        };
        let (Some(from), Some(moves)) = (field("from"), field("moves")) else {
            continue;
        };
        let mut pos = Ataxx::from_fen(&from).unwrap();
        for mv in moves.split_whitespace() {
            pos = pos.play(pos.parse_legal_move(mv).unwrap());
        }
        let case = &parse_file(&file, None).unwrap()[0];
        assert_eq!(case.position, AnyPosition::Ataxx(pos), "{}", file.display());
        replayed += 1;
    }
    assert!(replayed >= 5 + 20);
}

/// The Ataxx endgame suite loads, and the default solver re-proves its values.
#[test]
fn ataxx_end_suite_values_are_proved_again() {
    use crate::measure::search_position;
    use crate::search::{SearchConfig, END};
    let cases = load(
        &[positions_dir().join("ataxx/end").display().to_string()],
        None,
    )
    .unwrap();
    assert_eq!(cases.len(), 20);
    let config = SearchConfig::new(
        crate::search::endgame::solving::GENERIC_SOLVER
            .parse()
            .unwrap(),
    );
    for case in &cases {
        let expected = case.expected.as_ref().unwrap();
        let report = search_position(&case.position, END, &config).unwrap();
        assert_eq!(report.game_result, expected.score(), "{}", case.name);
        let best = report.best_move.unwrap();
        assert!(
            expected.best_moves().contains(&best.as_str()),
            "{}",
            case.name
        );
        // The file lists every equally best move: each root move is proved to reach the
        // root's value or to fall short of it (a window around it at the child).
        let AnyPosition::Ataxx(pos) = case.position else {
            panic!("an Ataxx position")
        };
        let text = std::fs::read_to_string(&case.source).unwrap();
        let unproved: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix(crate::position::NOT_PROVED))
            .map_or(Vec::new(), |l| l.split_whitespace().collect());
        let mut reaching = Vec::new();
        for &mv in pos.generate_moves().iter() {
            if unproved.contains(&mv.to_string().as_str()) {
                continue;
            }
            let window = (-report.score - 1, -report.score + 1);
            let child = crate::search::solve_in_window(&pos.play(mv), &config, window).unwrap();
            assert!(child.score >= -report.score, "{} {mv}", case.name);
            if child.score == -report.score {
                reaching.push(mv.to_string());
            }
        }
        let mut listed = expected.best_moves();
        listed.sort();
        reaching.sort();
        assert_eq!(listed, reaching, "{}: the equally best moves", case.name);
    }
    // Other solvers pick other best moves among equals; every one is accepted.
    for spec in [
        "pvs+tt:64",
        "pvs+tt:64+mobility",
        "alphabeta+tt:64+mobility",
    ] {
        let config = SearchConfig::new(spec.parse().unwrap());
        for case in &cases {
            let solved = crate::commands::solve::solve(case, &config, Default::default()).unwrap();
            assert_eq!(
                (solved.score_ok, solved.move_ok),
                (Some(true), Some(true)),
                "{spec} {}",
                case.name
            );
        }
    }
}

#[test]
fn folders_and_globs_load_in_natural_order() {
    let ffo = positions_dir().join("reversi/ffo");
    let glob = format!("{}/end4*.pos", ffo.display());
    let names: Vec<String> = load(&[glob], None)
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names.first().map(String::as_str), Some("end40.pos"));
    assert_eq!(names.len(), 10);
    assert!(natural_cmp("end9.pos", "end10.pos").is_lt());
    assert!(natural_cmp("end09.pos", "end10.pos").is_lt());
    assert!(natural_cmp("a-1-19.obf", "a-20-39.obf").is_lt());
    let ataxx = load(&[positions_dir().join("ataxx").display().to_string()], None).unwrap();
    assert!(ataxx.iter().all(|c| c.position.kind() == GameKind::Ataxx));
}

#[test]
fn startpos_and_inline_positions() {
    let start = load(&["startpos".into()], Some(GameKind::Ataxx)).unwrap();
    assert_eq!(start[0].position, AnyPosition::Ataxx(Ataxx::start()));
    let err = load(&["startpos".into()], None).unwrap_err();
    assert!(err.to_string().contains("needs --game"), "{err}");
    let inline = load(&["x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1".into()], None).unwrap();
    assert_eq!(inline[0].position.empties(), 41);
    let tree = load(&["tree:2:2:3141".into()], None).unwrap();
    assert_eq!(tree[0].position.kind(), GameKind::Tree);
    assert_eq!(tree[0].position.to_string(), "tree:2:2:3141");
    let err = load(&["tree:2:2:3141".into()], Some(GameKind::Reversi)).unwrap_err();
    assert!(err.to_string().contains("found a uniform tree"), "{err}");
    let err = load(&["no/such/file.pos".into()], None).unwrap_err();
    assert!(
        err.to_string().contains("'no/such/file.pos' is not a file"),
        "{err}"
    );
}

/// A scratch folder of its own for each test that writes files.
fn scratch(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("nodeprof-{test}-"))
        .tempdir()
        .unwrap()
}

fn load_error(dir: &Path, name: &str, content: &str, game: Option<GameKind>) -> String {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    load(&[path.display().to_string()], game)
        .unwrap_err()
        .to_string()
}

#[test]
fn malformed_files_give_the_file_line_and_what_was_expected() {
    let dir = scratch("malformed");
    let dir = dir.path();
    let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "short.pos",
            format!("{}\nBlack to move\n", &board[1..]),
            "short.pos:1: board has 63 squares, expected 64",
        ),
        (
            "char.pos",
            format!("{}Z\nBlack to move\n", &board[1..]),
            "char.pos:1: bad character 'Z'",
        ),
        (
            "noside.pos",
            format!("% a comment\n{board}\n"),
            "noside.pos:3: missing side to move",
        ),
        (
            "badside.pos",
            format!("{board}\nGreen to move\n"),
            "badside.pos:2: bad side line 'Green to move'",
        ),
        (
            "move.pos",
            format!("{board}\nBlack to move\nz9:+38\n"),
            "move.pos:3: 'z9' is not a Reversi move",
        ),
        (
            "illegal.pos",
            format!("{board}\nBlack to move\nh8:+38\n"),
            "illegal.pos:3: move h8 is not legal",
        ),
        (
            "score.pos",
            format!("{board}\nBlack to move\na2:lots\n"),
            "score.pos:3: bad score 'lots'",
        ),
        (
            "extra.pos",
            format!("{board}\nBlack to move\na2:+38\nmore\n"),
            "extra.pos:4: unexpected line",
        ),
        (
            "empty.pos",
            "% only a comment\n".into(),
            "empty.pos:1: no position in the file",
        ),
        (
            "fen.pos",
            "% start\nx5o/7/7/7/7/7/o5x x zero 1\n".into(),
            "fen.pos:2: bad halfmove clock 'zero'",
        ),
        (
            "fen-ranks.pos",
            "x5o/7/7/7/7/o5x x 0 1\n".into(),
            "fen-ranks.pos:1: FEN board has 6 ranks, expected 7",
        ),
        (
            "fen-move.pos",
            "x5o/7/7/7/7/7/o5x x 0 1\na1c1:+1\n".into(),
            "fen-move.pos:2: move a1c1 is not legal",
        ),
        (
            "list.obf",
            format!("{board} X; a2:+38;\n{board} Q; a2:+38;\n"),
            "list.obf:2: bad side to move 'Q'",
        ),
        (
            "list.fen",
            "x5o/7/7/7/7/7/o5x x 0 1\n\nx5o/7/7/7/7/7/o5x x 0 1; q9:+1\n".into(),
            "list.fen:3: 'q9' is not an Ataxx move",
        ),
        (
            // A line holding only a score is no board (it was "missing side to move").
            "score.obf",
            format!("{board} X; a2:+38;\n-12\n"),
            "score.obf:2: '-12' is not a board: expected 64 squares",
        ),
        (
            // An .obf list is Reversi's: `12` there is no Connect 4 game (it was read as one).
            "moves.obf",
            "12\n".into(),
            "moves.obf:1: expected a Reversi position (--game reversi), found a Connect 4 move sequence",
        ),
    ];
    for (name, content, expected) in cases {
        let err = load_error(dir, name, &content, None);
        assert!(
            err.starts_with(&dir.join(name).display().to_string()),
            "{err}"
        );
        assert!(
            err.contains(expected),
            "{name}: got '{err}', expected '{expected}'"
        );
    }
    let err = load_error(
        dir,
        "wrong-game.pos",
        &format!("{board}\nBlack to move\n"),
        Some(GameKind::Ataxx),
    );
    assert!(
        err.contains(
            "wrong-game.pos:1: expected an Ataxx position (--game ataxx), found a Reversi board"
        ),
        "{err}"
    );
    let empty_dir = dir.join("nothing-here");
    std::fs::create_dir_all(&empty_dir).unwrap();
    let err = load(&[empty_dir.display().to_string()], None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("no position files found"), "{err}");
}

#[test]
fn built_in_suites_load_by_name_from_anywhere() {
    let names = |spec: &str| -> Vec<String> {
        load(&[spec.to_string()], None)
            .unwrap()
            .into_iter()
            .map(|c| format!("{}/{}", c.suite, c.name))
            .collect()
    };
    let ffo = names("ffo:40..59");
    assert_eq!(ffo.len(), 20);
    assert_eq!(
        (ffo[0].as_str(), ffo[19].as_str()),
        ("ffo/end40.pos", "ffo/end59.pos")
    );
    assert_eq!(names("ffo:41"), ["ffo/end41.pos"]);
    assert_eq!(names("ffo:9,10"), ["ffo/end09.pos", "ffo/end10.pos"]);
    assert_eq!(names("ffo").len(), 79);
    assert_eq!(names("ataxx:end").len(), 20);
    assert_eq!(names("ataxx:start"), ["ataxx/start.pos"]);
    let lists = names("fforum:40-59");
    assert_eq!(
        (lists.len(), lists[0].as_str()),
        (20, "fforum-40-59/fforum-40-59.obf:2")
    );
    // The embedded suite is the files on disk, case for case.
    let disk = load(
        &[positions_dir().join("reversi/ffo").display().to_string()],
        None,
    )
    .unwrap();
    let built_in = load(&["ffo".to_string()], None).unwrap();
    for (a, b) in disk.iter().zip(&built_in) {
        assert_eq!(
            (&a.name, &a.suite, a.position, &a.expected),
            (&b.name, &b.suite, b.position, &b.expected)
        );
    }
    for (spec, expected) in [
        (
            "ffo:80",
            "ffo:80: bad selection '80', expected numbers 1..79",
        ),
        ("ffo:9..2", "ffo:9..2: bad selection '9..2'"),
        (
            "ataxx:nothing",
            "no position 'nothing' in the built-in suite ataxx",
        ),
    ] {
        let err = load(&[spec.to_string()], None).unwrap_err().to_string();
        assert!(err.contains(expected), "{spec}: {err}");
    }
}

#[test]
fn a_byte_order_mark_is_skipped_and_bad_bytes_name_their_line() {
    let dir = scratch("bytes");
    let dir = dir.path();
    let text = std::fs::read_to_string(positions_dir().join("reversi/ffo/end40.pos")).unwrap();
    let bom = dir.join("bom.pos");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    let cases = load(&[bom.display().to_string()], None).unwrap();
    assert_eq!(cases[0].expected.as_ref().unwrap().score(), Some(38));
    let mut bytes = text.into_bytes();
    let second_line = bytes.iter().position(|&b| b == b'\n').unwrap() + 3;
    bytes[second_line] = 0xFF;
    let bad = dir.join("bad.pos");
    std::fs::write(&bad, bytes).unwrap();
    let err = load(&[bad.display().to_string()], None)
        .unwrap_err()
        .to_string();
    assert!(
        err.ends_with("bad.pos:2: byte 0xFF at column 3 is not UTF-8 text"),
        "{err}"
    );
}

#[test]
fn moves_are_read_in_any_form_the_game_reads_and_written_canonically() {
    let chess = AnyPosition::start(GameKind::Chess);
    assert_eq!(chess.canonical_move("g1f3"), Ok("g1f3".into()));
    assert_eq!(chess.canonical_move("Nf3"), Ok("g1f3".into()));
    assert!(chess.canonical_move("e7e8q").is_err());
    assert!(chess.canonical_move("e9e4").is_err());
    let reversi = AnyPosition::start(GameKind::Reversi);
    assert_eq!(reversi.canonical_move("F5"), Ok("f5".into()));
    assert!(reversi.canonical_move("a1").is_err());
}
