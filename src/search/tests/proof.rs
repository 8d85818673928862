//! Proof-number search against alpha-beta: every proof (PN, PN², df-pn) the same win, loss or
//! draw as alpha-beta proves, on the suites and on seeded random endgames of each game; the
//! exact values by repeated proofs; the move each proof names keeps the value.

use super::connect4::connect4_endgames;
use super::exact::random_endgames;
use super::*;
use crate::search::variants::default_solver;

/// The proof-number searches.
const PROOFS: &[&str] = &["pn", "pn2", "dfpn", "pn2+weak", "dfpn+weak"];

/// Those for Ataxx, whose jumps reach a position by many orders: df-pn's sums count such a
/// position once a line, and two of the end suite's positions are not proved in minutes
/// (docs/families.md); its weak numbers prove them. Plain PN's graph takes more than its
/// default 1 GiB on one of them.
const ATAXX_PROOFS: &[&str] = &["pn+tt:2048", "pn2", "pn+weak", "pn2+weak", "dfpn+weak"];

pub(super) fn solve_config<G: Endgame>(variant: Variant, wld: bool) -> SearchConfig {
    let mut config = config_for::<G>(variant);
    config.wld = wld;
    config.threads = 1;
    config
}

/// Win (1), draw (0) or loss (-1) for the side to move of `pos`, by `variant`, and its move.
pub(super) fn result<G: Endgame>(pos: &G, variant: &Variant) -> (i32, Option<G::Move>) {
    let outcome = search(pos, END, &solve_config::<G>(variant.clone(), true))
        .unwrap_or_else(|e| panic!("{variant} on {pos}: {e}"));
    (outcome.score.signum(), outcome.best_move)
}

/// The side to move's result after `mv`, by the game's solver: what the move keeps.
pub(super) fn after<G: Endgame>(pos: &G, mv: G::Move, truth: &Variant) -> i32 {
    let child = pos.play(mv);
    match child.is_over() {
        true => -child.final_margin().signum(),
        false => -result(&child, truth).0,
    }
}

/// Every proof search proves `truth`'s result on every case, with a move that keeps it.
/// Returns the cases of each result (win, draw, loss), so that a test can say it met each.
pub(super) fn proofs_agree<G: Endgame>(cases: &[G], truth: &Variant, specs: &[&str]) -> [usize; 3] {
    let mut met = [0; 3];
    for pos in cases {
        let (expected, _) = result(pos, truth);
        met[(1 - expected) as usize] += 1;
        for spec in specs {
            let variant: Variant = spec.parse().unwrap();
            let (proved, best) = result(pos, &variant);
            assert_eq!(proved, expected, "{spec} on {pos}");
            if let Some(mv) = best {
                assert_eq!(after(pos, mv, truth), expected, "{spec}: {mv} on {pos}");
            }
        }
    }
    met
}

pub(super) fn suite<G: Endgame>(spec: &str, pick: fn(AnyPosition) -> Option<G>) -> Vec<G> {
    load(&[spec.to_string()], None)
        .unwrap()
        .into_iter()
        .map(|case| pick(case.position).unwrap())
        .collect()
}

pub(super) fn reversi(p: AnyPosition) -> Option<Reversi> {
    match p {
        AnyPosition::Reversi(r) => Some(r),
        _ => None,
    }
}

pub(super) fn connect4(p: AnyPosition) -> Option<Connect4> {
    match p {
        AnyPosition::Connect4(c) => Some(c),
        _ => None,
    }
}

pub(super) fn ataxx(p: AnyPosition) -> Option<Ataxx> {
    match p {
        AnyPosition::Ataxx(a) => Some(a),
        _ => None,
    }
}

pub(super) fn positions_dir(dir: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("positions")
        .join(dir)
        .display()
        .to_string()
}

/// Ataxx positions with at most `empties` empty squares from seeded random games (the
/// finished ones among them).
pub(super) fn ataxx_endgames(count: usize, empties: u32) -> Vec<Ataxx> {
    let mut state = 0xA7A8_E4D5_u64;
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Ataxx::start();
        while !pos.is_over() && pos.empties() > empties {
            let moves = pos.generate_moves();
            pos = pos
                .play(moves[(crate::random::splitmix64(&mut state) % moves.len() as u64) as usize]);
        }
        out.push(pos);
    }
    out
}

/// FFO's problems 1 to 19 (14 to 16 empties).
pub(super) fn ffo_1_to_19() -> Vec<Reversi> {
    let names: Vec<String> = (1..=19).map(|n| format!("end{n:02}.pos")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let cases: Vec<Reversi> = positions("reversi/ffo", &names)
        .into_iter()
        .filter_map(reversi)
        .collect();
    assert_eq!(cases.len(), 19);
    cases
}

#[test]
fn every_proof_search_proves_the_ffo_1_to_19_results() {
    let cases = ffo_1_to_19();
    let truth = default_solver(crate::game::GameKind::Reversi);
    let met = proofs_agree(&cases, &truth, PROOFS);
    assert!(met[0] > 0 && met[2] > 0, "wins and losses: {met:?}");
}

#[test]
fn every_proof_search_proves_the_connect4_end_easy_results() {
    let cases = suite("connect4:end-easy", connect4);
    assert_eq!(cases.len(), 100);
    let truth = default_solver(crate::game::GameKind::Connect4);
    let met = proofs_agree(&cases, &truth, PROOFS);
    assert!(
        met.iter().all(|&n| n > 0),
        "wins, draws and losses: {met:?}"
    );
}

#[test]
fn every_proof_search_proves_the_ataxx_end_suite_results() {
    let cases = suite(&positions_dir("ataxx/end"), ataxx);
    assert_eq!(cases.len(), 20);
    let truth = default_solver(crate::game::GameKind::Ataxx);
    proofs_agree(&cases, &truth, ATAXX_PROOFS);
}

/// `specs` prove the results of `cases`, the game's solver's, and meet wins and losses.
pub(super) fn random_endgames_agree<G: Endgame>(
    cases: &[G],
    kind: crate::game::GameKind,
    specs: &[&str],
) {
    assert_eq!(cases.len(), 200);
    let met = proofs_agree(cases, &default_solver(kind), specs);
    assert!(
        met[0] > 0 && met[2] > 0,
        "{kind:?}: wins and losses {met:?}"
    );
}

#[test]
fn every_proof_search_proves_200_random_reversi_endgames() {
    let cases = random_endgames(200, 12);
    random_endgames_agree(&cases, crate::game::GameKind::Reversi, PROOFS);
}

#[test]
fn every_proof_search_proves_200_random_connect4_endgames() {
    let cases = connect4_endgames(200, 8);
    random_endgames_agree(&cases, crate::game::GameKind::Connect4, PROOFS);
}

/// Plain PN proves the end suite above; here its sums take seconds on the one position in
/// ten whose jumps go on (the test would take minutes).
#[test]
fn every_proof_search_proves_200_random_ataxx_endgames() {
    let cases = ataxx_endgames(200, 1);
    random_endgames_agree(&cases, crate::game::GameKind::Ataxx, &ATAXX_PROOFS[1..]);
}

/// Repeated proofs of "at least k" give alpha-beta's exact value, and the move of the last
/// proof that held keeps it (Reversi and Connect 4: Ataxx's proofs near the exact value take
/// PN seconds to minutes a position, see docs/families.md).
#[test]
fn repeated_proofs_give_the_exact_value() {
    fn exact<G: Endgame>(cases: &[G], truth: &Variant, specs: &[&str]) {
        for pos in cases {
            let config = solve_config::<G>(truth.clone(), false);
            let value = search(pos, END, &config).unwrap().score;
            for spec in specs {
                let config = solve_config::<G>(spec.parse().unwrap(), false);
                let proved = search(pos, END, &config).unwrap();
                assert_eq!(proved.score, value, "{spec} on {pos}");
                if let Some(mv) = proved.best_move {
                    let child = pos.play(mv);
                    let kept = match child.is_over() {
                        true => -child.terminal_score(),
                        false => -search(&child, END, &config).unwrap().score,
                    };
                    assert_eq!(kept, value, "{spec}: {mv} on {pos}");
                }
            }
        }
    }
    exact(
        &random_endgames(40, 10),
        &default_solver(crate::game::GameKind::Reversi),
        PROOFS,
    );
    exact(
        &connect4_endgames(40, 10),
        &default_solver(crate::game::GameKind::Connect4),
        PROOFS,
    );
}

/// df-pn proves with a table of 1/16 of its default size, and with the smallest (1 MiB).
#[test]
fn dfpn_proves_with_a_small_table() {
    let sixteenth = format!("dfpn+tt:{}", crate::search::proof::DFPN_DEFAULT_MIB / 16);
    let cases = ffo_1_to_19();
    let truth = default_solver(crate::game::GameKind::Reversi);
    proofs_agree(&cases, &truth, &[&sixteenth, "dfpn+tt:1"]);
}

/// A proof search refuses what it cannot do, with a message that says why.
#[test]
fn proof_searches_refuse_what_they_cannot_do() {
    let pos = Reversi::start();
    let refusal = |spec: &str, depth: u32, threads: u32| {
        let mut config = config(spec);
        config.threads = threads;
        search(&pos, depth, &config).unwrap_err().to_string()
    };
    assert!(refusal("pn", 5, 1).contains("to the end"));
    assert!(refusal("dfpn", END, 2).contains("one thread"));
    assert!(refusal("pn2+killer:2", END, 1).contains("no other enhancement"));
    let error = "alphabeta+weak".parse::<Variant>().unwrap_err().to_string();
    assert!(error.contains("proof-number"), "{error}");
    let chess = crate::game::Chess::start();
    let chess_config = config_for::<crate::game::Chess>("dfpn".parse().unwrap());
    let error = search(&chess, END, &chess_config).unwrap_err().to_string();
    assert!(error.contains("repetition"), "{error}");
    // A tree that outgrows its memory says so, and names the searches that bound theirs.
    let mut hard = positions("reversi/ffo", &["end40.pos"])
        .into_iter()
        .filter_map(reversi);
    let error = search(&hard.next().unwrap(), END, &config("pn+tt:1"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("filled its 1 MiB"), "{error}");
}
