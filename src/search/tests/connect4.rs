//! Connect 4's searches and solvers against negamax and the independent array board.

use super::*;

fn connect4() -> Vec<Connect4> {
    ["4453", "4444445", "3344521", "7766554", "112233", "4455321"]
        .iter()
        .map(|m| Connect4::from_moves(m).unwrap())
        .collect()
}

/// The variants with Connect 4's techniques that apply to depth-limited searches.
const CONNECT4_VARIANTS: &[&str] = &[
    "alphabeta+winfirst",
    "alphabeta+winfirst+threats",
    "pvs+tt+winfirst+threats",
    "mtdf+tt+threats",
    "bisect+tt",
    "bisect+tt+winfirst+threats",
    "bisect+ttcut+ttnarrow+winfirst",
    "alphabeta+ttcut+ttnarrow+ttlower+faillow",
];

#[test]
fn every_variant_finds_the_negamax_value_on_connect4_positions() {
    let (searches, differ, worst) = check_values_match_negamax(&connect4(), 5);
    println!("connect4: {differ} of {searches} default-table searches differ from negamax, by at most {worst}");
    for pos in connect4() {
        for depth in 1..=5 {
            let truth = run(&pos, depth, "negamax").score;
            for spec in CONNECT4_VARIANTS {
                let variant: Variant = spec.parse().unwrap();
                let exact = config_for::<Connect4>(variant.with_exact_depth_cuts());
                assert_eq!(
                    search(&pos, depth, &exact).unwrap().score,
                    truth,
                    "{pos} {depth} {spec}"
                );
            }
        }
    }
}

/// Connect 4 positions with `empties` to 4 more empties left, from seeded random games
/// that are not over and whose side to move cannot win at once.
pub(super) fn connect4_endgames(count: usize, empties: u32) -> Vec<Connect4> {
    let mut state = 0xC0_44EC7_u64;
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Connect4::start();
        let stop = empties + out.len() as u32 % 5;
        while !pos.is_over() && pos.empties() > stop {
            let moves = pos.generate_moves();
            pos = pos
                .play(moves[(crate::random::splitmix64(&mut state) % moves.len() as u64) as usize]);
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

/// Every exact variant, the tutorial's steps (strong and weak) among them, finds the value
/// the independent array board's plain alpha-beta proves.
#[test]
fn every_connect4_solver_finds_the_value_of_the_independent_prover() {
    use crate::game::connect4::tests::ArrayBoard;
    let mut specs: Vec<Variant> = [
        "alphabeta",
        "pvs+tt+winfirst+threats",
        "mtdf+tt+nolose+clamp+threats",
        "bisect+tt+nolose+clamp+threats+etc",
        "alphabeta+winfirst+clamp+killer:2+history",
        crate::search::endgame::connect4::SOLVER,
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
    specs.extend(Variant::pons2017_steps());
    for pos in connect4_endgames(40, 9) {
        let truth = ArrayBoard::from_moves(&pos.sequence()).solve(-100, 100);
        for variant in &specs {
            let outcome = search(&pos, END, &config_for::<Connect4>(variant.clone())).unwrap();
            let margin = game_result::<Connect4>(outcome.score).unwrap_or(outcome.score.signum());
            match variant.wld {
                true => assert_eq!(margin.signum(), truth.signum(), "{variant} on {pos}"),
                false => assert_eq!(margin, truth, "{variant} on {pos}"),
            }
            if let (Some(mv), false) = (outcome.best_move, variant.wld) {
                let child = pos.play(mv);
                let after = match child.is_over() {
                    true => -child.final_margin(),
                    false => -ArrayBoard::from_moves(&child.sequence()).solve(-100, 100),
                };
                assert_eq!(after, truth, "{variant}: {mv} on {pos}");
            }
        }
    }
}

/// A finished Connect 4 game is worth its final margin to every solver and search: `1212121`
/// (X has four in column 1 with its 4th stone; O, to move, has three in column 2) is worth
/// -18 by the tutorial's convention, -(42 + 1 - 6) / 2. Solvers used to read O's open three
/// as a win at once (+18), or bisect between bounds that exclude -18 (-17).
#[test]
fn finished_connect4_games_are_worth_their_final_margin_to_every_solver() {
    let mut finished: Vec<Connect4> = ["1212121", "1213121"]
        .iter()
        .map(|m| Connect4::from_moves(m).unwrap())
        .collect();
    assert_eq!(finished[0].final_margin(), -18);
    let mut state = 0x0F1_4153_u64;
    while finished.len() < 30 {
        let mut pos = Connect4::start();
        while !pos.is_over() {
            let moves = pos.generate_moves();
            let pick = crate::random::splitmix64(&mut state) % moves.len() as u64;
            pos = pos.play(moves[pick as usize]);
        }
        finished.push(pos);
    }
    let mut specs: Vec<Variant> = [
        "alphabeta",
        "negamax",
        "pvs+tt+id",
        "mtdf+tt",
        "bisect+tt",
        "bisect+tt+nolose+clamp+threats+etc",
        "alphabeta+winfirst+clamp",
        crate::search::endgame::connect4::SOLVER,
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
    specs.extend(Variant::pons2017_steps());
    for pos in &finished {
        let truth = pos.final_margin();
        for variant in &specs {
            for wld in [false, true] {
                let config = SearchConfig {
                    wld,
                    ..config_for::<Connect4>(variant.clone())
                };
                let outcome = search(pos, END, &config).unwrap();
                let margin = game_result::<Connect4>(outcome.score).unwrap_or(0);
                match wld || variant.wld {
                    true => assert_eq!(margin.signum(), truth.signum(), "{variant} wld on {pos}"),
                    false => assert_eq!(margin, truth, "{variant} on {pos}"),
                }
                assert_eq!(outcome.best_move, None, "{variant} on {pos}");
            }
        }
        for depth in 1..=3 {
            for spec in CONNECT4_VARIANTS {
                let got = run(pos, depth, spec).score;
                assert_eq!(got, pos.terminal_score(), "{spec} depth {depth} on {pos}");
            }
        }
    }
}

/// Every position of a suite gets a best move from the default solver, lost ones too (16 of
/// Connect 4's middle-easy set were settled at the root by their threats, with no move), and
/// the move keeps the position's value (the child solved again; the independent prover is
/// far too slow at these 20-odd empties).
#[test]
fn the_connect4_solver_answers_every_position_with_a_move_that_keeps_its_value() {
    let cases = load(&["connect4:middle-easy".to_string()], None).unwrap();
    for case in &cases {
        let AnyPosition::Connect4(pos) = case.position else {
            unreachable!()
        };
        let solved = run(&pos, END, crate::search::endgame::connect4::SOLVER);
        let margin = game_result::<Connect4>(solved.score).unwrap_or(0);
        let mv = solved
            .best_move
            .unwrap_or_else(|| panic!("{}: no move", case.name));
        let child = pos.play(mv);
        let after = match child.is_over() {
            true => -child.final_margin(),
            false => {
                let solved = run(&child, END, crate::search::endgame::connect4::SOLVER);
                -game_result::<Connect4>(solved.score).unwrap_or(0)
            }
        };
        assert_eq!(after, margin, "{}: {mv}", case.name);
        assert_eq!(
            Some(margin),
            case.expected.as_ref().and_then(|e| e.score),
            "{}",
            case.name
        );
    }
}

/// The tutorial's own examples (part 2): 4455 is worth 18, 44455554221 is worth -15.
#[test]
fn connect4_scores_follow_the_tutorials_convention() {
    for (moves, score) in [("4455", 18), ("44455554221", -15)] {
        let pos = Connect4::from_moves(moves).unwrap();
        let solved = run(&pos, END, crate::search::endgame::connect4::SOLVER);
        assert_eq!(
            game_result::<Connect4>(solved.score),
            Some(score),
            "{moves}"
        );
    }
}
