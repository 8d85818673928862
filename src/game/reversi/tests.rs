//! Reversi's rules against brute force and published perft counts.

use super::bits::*;
use super::eval::*;
use super::notation::*;
use super::rules::*;
use crate::game::perft;
use crate::game::{Game, GameMove, Side};

/// Brute-force flips: walk each direction square by square.
fn flips_slow(p: u64, o: u64, sq: usize) -> u64 {
    let mut all = 0;
    for (df, dr) in DIRECTIONS {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        let mut line = 0u64;
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            if o & bit != 0 {
                line |= bit;
            } else {
                if p & bit != 0 {
                    all |= line;
                }
                break;
            }
            f += df;
            r += dr;
        }
    }
    all
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn flips_and_moves_match_brute_force_on_random_boards() {
    let mut s = 0x1234_5678_9abc_def1u64;
    for _ in 0..20_000 {
        let a = xorshift(&mut s);
        let b = xorshift(&mut s);
        let (p, o) = (a & !b, b & !a & xorshift(&mut s));
        let mut moves = 0;
        for sq in 0..64 {
            if (p | o) >> sq & 1 == 0 {
                let slow = flips_slow(p, o, sq);
                assert_eq!(flips(p, o, sq), slow, "p={p:#x} o={o:#x} sq={sq}");
                assert_eq!(flips_scalar(p, o, sq), slow, "p={p:#x} o={o:#x} sq={sq}");
                if slow != 0 {
                    moves |= 1 << sq;
                }
            }
        }
        assert_eq!(move_squares(p, o), moves, "p={p:#x} o={o:#x}");
        assert_eq!(move_squares_scalar(p, o), moves, "p={p:#x} o={o:#x}");
    }
}

#[test]
fn ordering_helpers_match_brute_force_on_random_boards() {
    let mut s = 0x0bad_cafe_dead_beefu64;
    for _ in 0..2_000 {
        let discs = xorshift(&mut s) & xorshift(&mut s);
        let mut next_to = 0u64;
        for sq in 0..64i32 {
            let (f, r) = (sq % 8, sq / 8);
            let near = (-1..=1)
                .flat_map(|df| (-1..=1).map(move |dr| (f + df, r + dr)))
                .filter(|&(g, q)| (g, q) != (f, r) && (0..8).contains(&g) && (0..8).contains(&q))
                .any(|(g, q)| discs >> (q * 8 + g) & 1 != 0);
            next_to |= (near as u64) << sq;
        }
        assert_eq!(adjacent(discs), next_to, "discs={discs:#x}");
        let mut safe = 0;
        for (corner, sides) in [(0, [1, 8]), (7, [6, 15]), (56, [57, 48]), (63, [62, 55])] {
            if discs >> corner & 1 != 0 {
                safe += 1 + sides.iter().filter(|&&sq| discs >> sq & 1 != 0).count() as u32;
            }
        }
        assert_eq!(corner_stability(discs), safe, "discs={discs:#x}");
    }
}

#[test]
fn fastest_first_puts_the_move_leaving_fewest_replies_first() {
    // The tie-breaks can outweigh one reply in principle; in play the mobility weight
    // dominates, and a tuning that loses this loses fastest-first.
    let mut s = 0x5eed_0f0e_1100u64;
    for _ in 0..200 {
        let mut pos = Reversi::start();
        for _ in 0..xorshift(&mut s) % 40 {
            let moves = pos.generate_moves();
            pos = pos.play(moves[(xorshift(&mut s) % moves.len() as u64) as usize]);
        }
        let moves = pos.generate_moves();
        let best = moves
            .iter()
            .min_by_key(|&&mv| pos.mobility_rank(mv))
            .unwrap();
        let fewest = moves
            .iter()
            .map(|&mv| corner_weighted(pos.play(mv).move_squares()))
            .min()
            .unwrap();
        assert_eq!(
            corner_weighted(pos.play(*best).move_squares()),
            fewest,
            "{pos}"
        );
    }
}

#[test]
fn perft_from_start_matches_published_counts() {
    let published = [4u64, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    let start = Reversi::start();
    for (i, &n) in published.iter().enumerate() {
        assert_eq!(perft(&start, i as u32 + 1), n, "depth {}", i + 1);
    }
}

#[test]
fn start_position_prints_and_parses() {
    let start = Reversi::start();
    let text = start.to_string();
    assert_eq!(
        text,
        "---------------------------OX------XO--------------------------- X"
    );
    assert_eq!(text.parse::<Reversi>().unwrap(), start);
    let moves: Vec<String> = start
        .generate_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
}

#[test]
fn every_move_prints_and_parses() {
    for sq in 0..64 {
        let mv = ReversiMove(sq);
        assert_eq!(mv.to_string().parse::<ReversiMove>().unwrap(), mv);
        assert_eq!(
            mv.to_string()
                .to_uppercase()
                .parse::<ReversiMove>()
                .unwrap(),
            mv
        );
    }
    for pass in ["pass", "PA", "@@", "PS"] {
        assert_eq!(pass.parse::<ReversiMove>().unwrap(), ReversiMove::PASS);
    }
    for bad in ["i1", "a9", "a0", "", "a", "a10", "zz"] {
        assert!(bad.parse::<ReversiMove>().is_err(), "{bad}");
    }
}

#[test]
fn forced_pass_is_the_only_move_and_consumes_a_ply() {
    // Black a1, white b1, white to move: white cannot outflank anything, black can
    // play c1, so white must pass.
    let pos = Reversi::from_board(&format!("XO{}", "-".repeat(62)), Side::Second).unwrap();
    assert!(!pos.is_over());
    let moves = pos.generate_moves();
    assert_eq!(&moves[..], &[ReversiMove::PASS]);
    assert_eq!(pos.count_moves(), 1);
    let after = pos.play(ReversiMove::PASS);
    assert_eq!(after.side_to_move(), Side::First);
    assert_eq!(after.generate_moves().len(), 1); // c1
    assert_eq!(perft(&pos, 1), 1);
    assert_eq!(perft(&pos, 2), 1);
    // After c1 every disc is black: game over, one leaf at any depth.
    assert_eq!(perft(&pos, 3), 1);
    assert_eq!(perft(&pos, 7), 1);
}

#[test]
fn finished_game_is_one_leaf_and_scores_empties_to_the_winner() {
    // Black 3 discs, white 1, nobody can move (no O adjacent line ends).
    let pos = Reversi::from_board(&format!("XX-X{}O", "-".repeat(59)), Side::Second).unwrap();
    assert!(pos.is_over());
    assert_eq!(pos.generate_moves().len(), 0);
    assert_eq!(pos.count_moves(), 0);
    for d in 1..5 {
        assert_eq!(perft(&pos, d), 1);
    }
    // White to move, loses 1 - 3 with 60 empties to black.
    assert_eq!(pos.material(), -2);
    assert_eq!(pos.final_margin(), -62);
    let full_draw = Reversi::from_board(&"XO".repeat(32), Side::First).unwrap();
    assert!(full_draw.is_over());
    assert_eq!(full_draw.final_margin(), 0);
}

#[test]
fn bad_boards_are_errors() {
    assert!(Reversi::from_board(&"-".repeat(63), Side::First)
        .unwrap_err()
        .contains("63 squares, expected 64"));
    let err = Reversi::from_board(&format!("Z{}", "-".repeat(63)), Side::First).unwrap_err();
    assert!(err.contains("bad character 'Z'"), "{err}");
    assert!(
        "---------------------------OX------XO---------------------------"
            .parse::<Reversi>()
            .is_err()
    );
}

#[test]
fn key_separates_sides_and_positions() {
    let start = Reversi::start();
    let passed = start.play(ReversiMove::PASS);
    assert_ne!(start.key(), passed.key());
    let children: Vec<u64> = start
        .generate_moves()
        .iter()
        .map(|&m| start.play(m).key())
        .collect();
    for (i, a) in children.iter().enumerate() {
        for b in &children[i + 1..] {
            assert_ne!(a, b);
        }
    }
}
