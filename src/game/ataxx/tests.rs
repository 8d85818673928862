//! Ataxx's rules against published perft counts, its FEN and move notation round trips.

use super::bits::JUMP_TARGETS;
use super::*;
use crate::game::perft;
use crate::game::{Game, GameMove};

#[test]
fn perft_from_start_matches_published_counts() {
    let published = [16u64, 256, 6460, 155888, 4752668, 141865520];
    let start = Ataxx::start();
    for (i, &n) in published.iter().enumerate() {
        assert_eq!(perft(&start, i as u32 + 1), n, "depth {}", i + 1);
    }
}

#[test]
fn perft_of_gap_layout_matches_published_counts() {
    let pos = Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").unwrap();
    for (i, &n) in [14u64, 196, 4184, 86528, 2266352].iter().enumerate() {
        assert_eq!(perft(&pos, i as u32 + 1), n, "depth {}", i + 1);
    }
}

#[test]
fn bulk_count_equals_generated_moves() {
    // Walk a few hundred positions of a fixed game tree and compare the two counts.
    let mut frontier = vec![
        Ataxx::start(),
        Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1").unwrap(),
    ];
    for _ in 0..3 {
        let mut next = Vec::new();
        for pos in &frontier {
            assert_eq!(
                pos.count_moves(),
                pos.generate_moves().len() as u64,
                "{pos}"
            );
            for (i, &mv) in pos.generate_moves().iter().enumerate() {
                if i % 3 == 0 {
                    next.push(pos.play(mv));
                }
            }
        }
        frontier = next;
    }
    assert!(frontier.len() > 50);
}

#[test]
fn fen_round_trips() {
    for fen in [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/7/2-1-2/7/o5x o 17 42",
        "7/7/7/7/7/7/7 x 0 1",
        "xxxxxxx/ooooooo/-------/3x3/7/7/o5x o 99 100",
    ] {
        assert_eq!(Ataxx::from_fen(fen).unwrap().fen(), fen);
    }
    assert_eq!(
        Ataxx::from_fen("x5o/7/7/7/7/7/o5x x").unwrap().fen(),
        "x5o/7/7/7/7/7/o5x x 0 1"
    );
}

#[test]
fn bad_fens_are_errors() {
    let cases = [
        ("x5o/7/7/7/7/o5x x 0 1", "6 ranks, expected 7"),
        ("x5o/7/7/7/7/7/o6x x 0 1", "longer than 7"),
        ("x5o/7/7/7/7/7/o4x x 0 1", "has 6 squares, expected 7"),
        ("x5o/7/7/7/7/7/o5z x 0 1", "bad character 'z'"),
        ("x5o/7/7/7/7/7/o5x y 0 1", "bad side to move 'y'"),
        ("x5o/7/7/7/7/7/o5x x ab 1", "bad halfmove clock 'ab'"),
        ("x5o/7/7/7/7/7/o5x x 0 -1", "bad fullmove number '-1'"),
        ("x5o/7/7/7/7/7/o5x", "no side to move"),
        ("x5o/7/7/7/7/7/o5x x 0 1 9", "at most 4"),
    ];
    for (fen, expected) in cases {
        let err = Ataxx::from_fen(fen).unwrap_err();
        assert!(err.contains(expected), "{fen}: {err}");
    }
}

#[test]
fn every_move_prints_and_parses() {
    for sq in 0..49u8 {
        let clone = AtaxxMove::clone_to(sq);
        assert_eq!(clone.to_string().parse::<AtaxxMove>().unwrap(), clone);
        let mut targets = JUMP_TARGETS[sq as usize];
        while targets != 0 {
            let jump = AtaxxMove::jump(sq, targets.trailing_zeros() as u8);
            assert_eq!(jump.to_string().parse::<AtaxxMove>().unwrap(), jump);
            targets &= targets - 1;
        }
    }
    assert_eq!("0000".parse::<AtaxxMove>().unwrap(), AtaxxMove::PASS);
    assert_eq!("a1b2".parse::<AtaxxMove>().unwrap(), AtaxxMove::clone_to(8));
    for bad in ["h1", "a8", "a1d4", "a1a1x", "", "00", "a1a4"] {
        assert!(bad.parse::<AtaxxMove>().is_err(), "{bad}");
    }
}

#[test]
fn clone_and_jump_capture_neighbours_and_move_the_clocks() {
    let pos = Ataxx::from_fen("7/7/7/3o3/7/1x5/7 x 5 3").unwrap();
    // Clone b2 -> c3 takes the o on d4 and resets the halfmove clock.
    let clone = pos.play(pos.parse_legal_move("c3").unwrap());
    assert_eq!(clone.fen(), "7/7/7/3x3/2x4/1x5/7 o 0 3");
    // Jump b2 -> d3 leaves b2, takes d4 and adds one to the clock.
    let jump = pos.play(pos.parse_legal_move("b2d3").unwrap());
    assert_eq!(jump.fen(), "7/7/7/3x3/3x3/7/7 o 6 3");
    // The fullmove number grows after o's move.
    let passed = jump.play(AtaxxMove::PASS);
    assert_eq!(passed.fen(), "7/7/7/3x3/3x3/7/7 x 7 4");
    assert!(pos.parse_legal_move("b2e5").is_err());
    assert!(pos.parse_legal_move("d4").is_err(), "d4 is occupied");
}

#[test]
fn forced_pass_and_finished_games() {
    // x is walled in by gaps and cannot move; o can: x must pass.
    let walled = Ataxx::from_fen("x--4/---4/---4/7/7/7/6o x 0 1").unwrap();
    assert!(!walled.is_over());
    assert_eq!(&walled.generate_moves()[..], &[AtaxxMove::PASS]);
    assert_eq!(walled.count_moves(), 1);
    let after = walled.play(AtaxxMove::PASS);
    assert_eq!(after.fen(), "x--4/---4/---4/7/7/7/6o o 1 1");
    assert_eq!(perft(&walled, 1), 1);
    assert_eq!(perft(&walled, 2), after.count_moves());

    // No o pieces: over, perft 0 at any depth >= 1.
    let wiped = Ataxx::from_fen("x6/7/7/7/7/7/7 o 0 1").unwrap();
    assert!(wiped.is_over());
    assert!(wiped.generate_moves().is_empty());
    assert_eq!(wiped.count_moves(), 0);
    assert_eq!((perft(&wiped, 1), perft(&wiped, 3)), (0, 0));
    assert_eq!(wiped.final_margin(), -1);

    // Halfmove clock at 100: over.
    let clock = Ataxx::from_fen("x5o/7/7/7/7/7/o5x x 100 60").unwrap();
    assert!(clock.is_over());
    assert_eq!(perft(&clock, 2), 0);

    // Empty squares left, but none within two steps of a piece: over.
    let out_of_reach = Ataxx::from_fen("xo--3/----3/----3/7/7/7/7 x 0 1").unwrap();
    assert!(out_of_reach.is_over());
    assert_eq!(out_of_reach.empties(), 3 * 3 + 4 * 7);
    assert_eq!(perft(&out_of_reach, 1), 0);
    let full =
        Ataxx::from_fen("xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxx- x 0 1").unwrap();
    assert!(full.is_over());
    assert_eq!(full.final_margin(), 21 + 6 - 21);
}
