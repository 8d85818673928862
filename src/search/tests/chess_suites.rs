//! The chess suites nodeprof made itself, proved again: each mate in N of `mates.epd` by a
//! full-width search (mates scored by distance), every mating move listed; each middlegame of
//! `middlegames.epd` reached by the game its `c0` records. Bratko-Kopec's best moves are legal
//! where the file puts them (the loader checks each `bm`).

use super::*;
use crate::game::Chess;
use crate::search::mate_distance::is_decided;

const PROVER: &str = "pvs+tt+id+mvvlva";

fn chess_cases(name: &str) -> Vec<crate::position::Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("positions/chess")
        .join(name);
    load(&[path.display().to_string()], None).unwrap()
}

fn chess_of(case: &crate::position::Case) -> Chess {
    match case.position {
        AnyPosition::Chess(pos) => pos,
        _ => panic!("{}: not chess", case.name),
    }
}

#[test]
fn every_mate_in_n_is_proved_with_every_mating_move() {
    let cases = chess_cases("mates.epd");
    assert_eq!(cases.len(), 24);
    let win = Chess::WIN_BONUS + 1;
    for case in &cases {
        let pos = chess_of(case);
        let expected = case.expected.as_ref().unwrap();
        let n = expected.mate.unwrap();
        let plies = 2 * n - 1;
        let mate = win - plies as i32;
        let got = run(&pos, plies, PROVER);
        assert_eq!(got.score, mate, "{}", case.name);
        // No mate is shorter.
        assert!(
            !is_decided::<Chess>(run(&pos, plies - 2, PROVER).score),
            "{}",
            case.name
        );
        let mating: Vec<String> = pos
            .generate_moves()
            .iter()
            .filter(|&&mv| run(&pos.play(mv), plies - 1, PROVER).score == -(mate + 1))
            .map(|mv| mv.to_string())
            .collect();
        let mut listed = expected.best.clone();
        listed.sort();
        let mut mating = mating;
        mating.sort();
        assert_eq!(listed, mating, "{}", case.name);
        assert!(listed.contains(&got.best_move.unwrap().to_string()));
    }
}

#[test]
fn every_middlegame_is_reached_by_its_recorded_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/chess/middlegames.epd");
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = chess_cases("middlegames.epd");
    assert_eq!(cases.len(), 24);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    for (line, case) in lines.iter().zip(&cases) {
        let moves = line.split("c0 \"").nth(1).unwrap().trim_end_matches("\";");
        let mut pos = Chess::start();
        for mv in moves.split_whitespace() {
            pos = pos.play(pos.parse_legal_move(mv).unwrap());
        }
        let four = |p: &Chess| {
            p.to_string()
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(four(&pos), four(&chess_of(case)), "{}", case.name);
        assert!(!pos.is_over() && !pos.in_check());
    }
}

#[test]
fn bratko_kopec_has_its_24_positions_and_best_moves() {
    let cases = chess_cases("bratko-kopec.epd");
    assert_eq!(cases.len(), 24);
    assert_eq!(cases[0].name, "BK.01");
    assert_eq!(cases[0].expected.as_ref().unwrap().best, ["d6d1"]);
    assert_eq!(cases[4].expected.as_ref().unwrap().best, ["c3d5", "a2a4"]);
    assert!(cases
        .iter()
        .all(|c| !c.expected.as_ref().unwrap().best.is_empty()));
}
