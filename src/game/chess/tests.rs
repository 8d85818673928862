//! Chess: perft of the Chess Programming Wiki's positions against their published counts,
//! the notations (FEN, UCI's moves, SAN) round trip, the game's end, PeSTO's orientation.

use super::{Chess, ChessMove, CPW_PERFT};
use crate::game::{
    perft, perft_divide, Eval, Game, GameMove, GameRecord, Notation, Side, Termination,
};
use crate::random::splitmix64;

/// Every published count up to 16 M leaves (about a second in all); the deeper ones are in
/// `benches/movegen.rs`.
#[test]
fn perft_matches_the_wikis_published_counts() {
    let mut counted = 0;
    for (name, fen, counts) in CPW_PERFT {
        let pos = Chess::from_fen(fen).unwrap();
        for (depth, &expected) in (1..).zip(counts.iter()) {
            if expected > 16_000_000 {
                break;
            }
            assert_eq!(perft(&pos, depth), expected, "{name} at depth {depth}");
            counted += 1;
        }
    }
    assert_eq!(counted, 28);
}

#[test]
fn divide_adds_up_and_names_castling_as_uci_does() {
    let (_, fen, counts) = CPW_PERFT[1];
    let pos = Chess::from_fen(fen).unwrap();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len() as u64, counts[0]);
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), counts[2]);
    let names: Vec<String> = divide.iter().map(|(m, _)| m.to_string()).collect();
    assert!(names.contains(&"e1g1".to_string()) && names.contains(&"e1c1".to_string()));
}

#[test]
fn fen_round_trips_and_epd_takes_four_fields() {
    for (_, fen, _) in CPW_PERFT {
        assert_eq!(Chess::from_fen(fen).unwrap().to_string(), fen);
    }
    let epd = Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(epd, Chess::start());
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ] {
        assert!(Chess::from_fen(bad).is_err(), "{bad}");
    }
    assert!(Chess::looks_like("8/8/8/8/8/8/8/K6k w - - 0 1"));
    assert!(!Chess::looks_like("x5o/7/7/7/7/7/o5x x 0 1"));
    // Ataxx claims any text with ranks (loosely), chess its FEN's eight (specifically): the
    // registry gives each text to one game, whatever their order.
    use crate::game::GameKind;
    for (text, game) in [
        ("8/8/8/8/8/8/8/K6k w - - 0 1", GameKind::Chess),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            GameKind::Chess,
        ),
        ("x5o/7/7/7/7/7/o5x x 0 1", GameKind::Ataxx),
        ("x5o/7/7/7", GameKind::Ataxx),
    ] {
        assert_eq!(GameKind::claiming(text), Some(game), "{text}");
    }
}

/// A Chess960 position (Shredder-FEN castling letters) reads, counts and writes back.
#[test]
fn chess960_castling_is_king_takes_rook() {
    // The first position of the wiki's Chess960 perft list.
    let pos = Chess::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
        .unwrap();
    assert_eq!(
        [1, 2, 3].map(|d| perft(&pos, d)),
        [21, 528, 12_189],
        "the wiki's Chess960 perft position 1"
    );
    assert_eq!(
        pos.to_string(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );
}

#[test]
fn moves_parse_in_uci_and_san_and_their_codes_round_trip() {
    let (_, fen, _) = CPW_PERFT[1];
    let pos = Chess::from_fen(fen).unwrap();
    let castle = pos.parse_legal_move("e1g1").unwrap();
    assert_eq!(pos.parse_legal_move("O-O").unwrap(), castle);
    assert_eq!(pos.parse_legal_move("e1h1").unwrap(), castle);
    assert_eq!(castle.to_string(), "e1g1");
    assert_eq!(pos.parse_legal_move("Qxf6").unwrap().to_string(), "f3f6");
    assert_eq!(
        pos.parse_legal_move("e2e5"),
        Err(crate::game::MoveError::Illegal("e2e5".into()))
    );
    assert!(pos.parse_legal_move("Ke3").is_err());
    let syntax = pos.parse_legal_move("z9").unwrap_err();
    assert!(
        matches!(&syntax, crate::game::MoveError::Syntax { text, .. } if text == "z9"),
        "{syntax:?}"
    );
    assert!(
        syntax.to_string().contains("expected UCI's form"),
        "{syntax}"
    );
    let promotion = Chess::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    let queen = promotion.parse_legal_move("e8=Q").unwrap();
    assert_eq!(queen.to_string(), "e7e8q");
    assert_eq!(promotion.parse_legal_move("e7e8q").unwrap(), queen);
    for (_, fen, _) in CPW_PERFT {
        let pos = Chess::from_fen(fen).unwrap();
        for mv in pos.generate_moves().iter().copied() {
            assert_eq!(ChessMove::from_code(mv.to_code()), mv);
            assert!(mv.index() < Chess::MOVE_INDEXES);
            assert_eq!(pos.parse_legal_move(&mv.to_string()).unwrap(), mv);
        }
    }
    assert_eq!(ChessMove::PASS.to_string(), "0000");
}

#[test]
fn checkmate_loses_stalemate_draws_and_neither_has_moves() {
    // Fool's mate: White is mated.
    let mated =
        Chess::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    assert!(mated.is_over() && mated.in_check());
    assert_eq!(mated.final_margin(), -1);
    assert_eq!(perft(&mated, 2), 0);
    let stalemate = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(stalemate.is_over() && !stalemate.in_check());
    assert_eq!(stalemate.final_margin(), 0);
    assert!(!Chess::start().is_over());
    assert_eq!(
        Chess::start().side_to_move(),
        Side::First,
        "the first mover"
    );
    assert_eq!(Chess::start().side_name(Side::First), "White");
}

/// The same position with the colours swapped (ranks mirrored) is worth the same to the side
/// to move; a knight in the centre beats one in the corner; the start is level.
#[test]
fn pesto_is_colour_symmetric_and_oriented() {
    assert_eq!(Chess::start().evaluate(Eval::Pesto), 0);
    assert_eq!(Chess::start().material(), 0);
    let mut state = 7;
    for _ in 0..200 {
        let pos = random_position(&mut state, 40);
        let mirrored = Chess::from_fen(&mirror(&pos.to_string())).unwrap();
        assert_eq!(
            pos.evaluate(Eval::Pesto),
            mirrored.evaluate(Eval::Pesto),
            "{pos} against {mirrored}"
        );
        assert_eq!(pos.material(), mirrored.material());
    }
    let centre = Chess::from_fen("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1").unwrap();
    let corner = Chess::from_fen("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
    assert!(centre.evaluate(Eval::Pesto) > corner.evaluate(Eval::Pesto));
    assert_eq!(centre.material(), 300);
    let black = Chess::from_fen("4k3/8/8/8/8/5N2/8/4K3 b - - 0 1").unwrap();
    assert_eq!(black.evaluate(Eval::Pesto), -centre.evaluate(Eval::Pesto));
}

/// A position after up to `plies` random moves from the start (fewer if the game ends).
pub(crate) fn random_position(state: &mut u64, plies: u64) -> Chess {
    let mut pos = Chess::start();
    for _ in 0..splitmix64(state) % (plies + 1) {
        let moves = pos.generate_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[(splitmix64(state) % moves.len() as u64) as usize]);
    }
    pos
}

/// A FEN with the board upside down and the colours swapped.
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| {
        s.chars()
            .map(|c| match c {
                c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                c => c.to_ascii_uppercase(),
            })
            .collect::<String>()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = match f[2] {
        "-" => "-".to_string(),
        c => {
            let s = swap(c);
            let (upper, lower): (String, String) = s.chars().partition(|c| c.is_ascii_uppercase());
            upper + &lower
        }
    };
    let ep = match f[3] {
        "-" => "-".to_string(),
        e => format!("{}{}", &e[..1], if &e[1..] == "3" { "6" } else { "3" }),
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        f[4],
        f[5]
    )
}

/// A game record with `moves` (UCI's form) from `start`.
fn record<'a>(start: &'a str, final_position: &'a str, moves: &[&'a str]) -> GameRecord<'a> {
    let mut side = Chess::from_fen(start).unwrap().side_to_move();
    GameRecord {
        round: 1,
        date: "2026-11-24 18:00:00",
        names: ["pvs+tt", "stockfish"],
        start,
        final_position,
        moves: moves
            .iter()
            .map(|&mv| {
                let played = (side, mv);
                side = side.opponent();
                played
            })
            .collect(),
        notes: Vec::new(),
        comment_nodes: false,
        clocks: [None, None],
        cuteataxx: false,
        termination: Termination::End,
        winner: Some(Side::First),
        margin: Some(1),
        stones: None,
    }
}

#[test]
fn game_records_are_pgn_in_san_and_read_back() {
    // The scholar's mate: SAN with captures, check and mate marks; the first mover (nodeprof's
    // `Side::First`) is PGN's White, and wins 1-0.
    let start = Chess::start().to_string();
    let moves = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
    let mut end = Chess::start();
    for mv in moves {
        end = end.play(end.parse_legal_move(mv).unwrap());
    }
    let end = end.to_string();
    let text = Chess::write_record(&record(&start, &end, &moves));
    assert!(
        text.contains("[White \"pvs+tt\"]\n[Black \"stockfish\"]\n[Result \"1-0\"]"),
        "{text}"
    );
    assert!(
        text.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
        "{text}"
    );
    let read = Chess::read_records(&text).unwrap();
    assert_eq!(read.len(), 1);
    let mut pos = Chess::from_fen(&read[0].start).unwrap();
    for (san, uci) in read[0].moves.iter().zip(moves) {
        let mv = pos.parse_legal_move(san).unwrap();
        assert_eq!(mv.to_string(), uci);
        pos = pos.play(mv);
    }
    assert_eq!(read[0].moves.len(), moves.len());
    // From a set position with Black to move: castling, and the move numbers go on.
    let start = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 30";
    let text = Chess::write_record(&record(start, start, &["e8c8", "e1g1"]));
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 30\"]"));
    assert!(text.contains("30... O-O-O 31. O-O 1-0"), "{text}");
    // A game without a FEN tag starts from the standard position.
    let read = Chess::read_records("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    assert_eq!(read[0].start, Chess::start().to_string());
    assert_eq!(read[0].moves, ["e4", "e5", "Nf3"]);
}

#[test]
fn a_wrong_fen_is_told_what_is_wrong_with_it() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (fen, says) in [
        (
            format!("{start} w KQkq - 150 1"),
            "halfmove clock 150 is over 100",
        ),
        (
            format!("{start} w KQkq - x 8"),
            "halfmove clock 'x' is not a number",
        ),
        (format!("{start} w KQkq - 0 0"), "move number '0'"),
        (format!("{start} w KQkq e5 0 1"), "en passant square 'e5'"),
        (format!("{start} w KQkz - 0 1"), "castling rights 'KQkz'"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1".into(),
            "'X' in rank 1 is not a piece",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            "rank 7 has 7 squares",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1".into(),
            "Black has 0 kings",
        ),
    ] {
        // Chess claims the line (not Ataxx), and its reader names the fault.
        assert!(<Chess as Notation>::looks_like(&fen), "{fen}");
        assert!(
            <Chess as Notation>::split_operations(&fen).is_none_or(|(_, ops)| ops.is_empty()),
            "{fen}"
        );
        let error = Chess::from_fen(&fen).unwrap_err();
        assert!(error.contains(says), "{fen}: {error}");
    }
    // EPD operations still split off.
    let epd = format!("{start} w KQkq - bm e4; id \"x\";");
    assert_eq!(
        <Chess as Notation>::split_operations(&epd).unwrap().1,
        "bm e4; id \"x\";"
    );
}
