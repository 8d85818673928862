//! Monte Carlo tree search against alpha-beta: MCTS-Solver proves the win, draw or loss
//! alpha-beta proves, on the suites and on seeded random endgames, with a move that keeps
//! it; a budgeted search's move is a best move more often as its budget grows, and the same
//! seed gives the same counts.

use super::connect4::connect4_endgames;
use super::exact::random_endgames;
use super::proof::{
    after, ataxx, ataxx_endgames, connect4, ffo_1_to_19, positions_dir, proofs_agree,
    random_endgames_agree, result, solve_config, suite,
};
use super::*;
use std::collections::HashMap;

use crate::game::GameKind;
use crate::search::variants::default_solver;

/// MCTS-Solver under each selection rule and playout.
const SOLVERS: &[&str] = &[
    "uct+solver",
    "puct+solver",
    "uct+solver+rave",
    "uct+solver+guided",
];

#[test]
fn mcts_solver_proves_the_connect4_end_easy_results() {
    let cases = suite("connect4:end-easy", connect4);
    assert_eq!(cases.len(), 100);
    let met = proofs_agree(&cases, &default_solver(GameKind::Connect4), SOLVERS);
    assert!(
        met.iter().all(|&n| n > 0),
        "wins, draws and losses: {met:?}"
    );
}

/// PUCT with the pattern evaluation proves FFO 1..19 (in about a minute; its graph takes
/// 1.5 GiB on problem 15, so the test gives it 2); UCT's random playouts fill a gigabyte on
/// problem 15 (docs/families.md), so it proves the first seven (14 empties).
#[test]
fn mcts_solver_proves_the_ffo_1_to_19_results() {
    let cases = ffo_1_to_19();
    let truth = default_solver(GameKind::Reversi);
    for pos in &cases {
        let mut config =
            solve_config::<Reversi>("puct+solver+explore:30+tt:2048".parse().unwrap(), true);
        config.eval = Eval::Pattern;
        let proved = search(pos, END, &config).unwrap();
        let expected = result(pos, &truth).0;
        assert_eq!(proved.score.signum(), expected, "{pos}");
        let mv = proved.best_move.unwrap();
        assert_eq!(after(pos, mv, &truth), expected, "{mv} on {pos}");
    }
    proofs_agree(&cases[..7], &truth, &["uct+solver"]);
}

/// One position of the Ataxx end suite, a win by a clone while the opponent can jump on for
/// 25 plies, fills gigabytes before MCTS-Solver proves it (docs/families.md): the test
/// proves the 19 others and checks that one stops with the memory error.
#[test]
fn mcts_solver_proves_the_ataxx_end_suite_results() {
    let all = suite(&positions_dir("ataxx/end"), ataxx);
    assert_eq!(all.len(), 20);
    let hard: Ataxx = "ooooooo/ooooxxx/o1o-xxx/oo---x1/ooo-xxx/ooxxxxx/o1xxxxx o 0 75"
        .parse()
        .unwrap();
    let cases: Vec<Ataxx> = all.into_iter().filter(|p| *p != hard).collect();
    assert_eq!(cases.len(), 19);
    proofs_agree(
        &cases,
        &default_solver(GameKind::Ataxx),
        &["uct+solver", "puct+solver"],
    );
    let config = solve_config::<Ataxx>("uct+solver+tt:16".parse().unwrap(), true);
    let error = search(&hard, END, &config).unwrap_err().to_string();
    assert!(error.contains("filled its 16 MiB"), "{error}");
}

#[test]
fn mcts_solver_proves_200_random_reversi_endgames() {
    let cases = random_endgames(200, 10);
    random_endgames_agree(&cases, GameKind::Reversi, &["uct+solver", "puct+solver"]);
}

#[test]
fn mcts_solver_proves_200_random_connect4_endgames() {
    let cases = connect4_endgames(200, 8);
    random_endgames_agree(&cases, GameKind::Connect4, SOLVERS);
}

#[test]
fn mcts_solver_proves_200_random_ataxx_endgames() {
    let cases = ataxx_endgames(200, 1);
    random_endgames_agree(&cases, GameKind::Ataxx, &["uct+solver", "puct+solver"]);
}

/// The exact value, by score bounds on margins rather than on win, draw and loss.
#[test]
fn mcts_solver_proves_exact_values() {
    for pos in connect4_endgames(40, 10) {
        let truth = search(
            &pos,
            END,
            &solve_config::<Connect4>(default_solver(GameKind::Connect4), false),
        );
        let proved = search(
            &pos,
            END,
            &solve_config::<Connect4>("uct+solver".parse().unwrap(), false),
        );
        assert_eq!(proved.unwrap().score, truth.unwrap().score, "{pos}");
    }
}

/// Whether `mv` is a best move of `pos` by win, draw or loss (alpha-beta's).
fn is_best<G: Endgame>(
    pos: &G,
    mv: G::Move,
    truth: &Variant,
    results: &mut HashMap<G, i32>,
) -> bool {
    let mut result = |p: &G| -> i32 {
        if p.is_over() {
            return p.final_margin().signum();
        }
        *results.entry(*p).or_insert_with(|| {
            let config = solve_config::<G>(truth.clone(), true);
            search(p, END, &config).unwrap().score.signum()
        })
    };
    -result(&pos.play(mv)) == result(pos)
}

/// The share of `cases` whose move is a best move, by each of `specs`.
fn shares<G: Endgame>(cases: &[G], truth: &Variant, specs: &[&str]) -> Vec<f64> {
    let mut results = HashMap::new();
    specs
        .iter()
        .map(|spec| best_share(cases, spec, truth, &mut results))
        .collect()
}

/// The share of `cases` whose move by `spec` is a best move.
fn best_share<G: Endgame>(
    cases: &[G],
    spec: &str,
    truth: &Variant,
    results: &mut HashMap<G, i32>,
) -> f64 {
    let config = solve_config::<G>(spec.parse().unwrap(), true);
    let best = cases
        .iter()
        .filter(|pos| {
            let out = search(*pos, END, &config).unwrap();
            is_best(*pos, out.best_move.unwrap(), truth, results)
        })
        .count();
    best as f64 / cases.len() as f64
}

/// The move is a best move (by win, draw or loss) more often as the budget grows: on Connect
/// 4's end-easy set from 10 to 1,000 iterations, and always once MCTS-Solver proves the
/// root; on FFO 1..19 from 10 to 10,000 (MCTS-Solver's proofs there: above).
#[test]
fn mcts_moves_improve_with_the_budget() {
    let cases = suite("connect4:end-easy", connect4);
    let truth = default_solver(GameKind::Connect4);
    let c4 = shares(
        &cases,
        &truth,
        &["uct:10", "uct:100", "uct:1000", "uct+solver"],
    );
    assert!(c4[0] < c4[1] && c4[1] <= c4[2] + 0.02, "{c4:?}");
    assert_eq!(c4[3], 1.0, "{c4:?}");
    let truth = default_solver(GameKind::Reversi);
    let ffo = shares(&ffo_1_to_19(), &truth, &["uct:10", "uct:1000", "uct:10000"]);
    assert!(ffo[0] < ffo[1] && ffo[1] < ffo[2], "{ffo:?}");
}

/// The same seed gives the same counts and move; another seed other counts.
#[test]
fn mcts_is_deterministic_under_a_seed() {
    let pos = ffo_1_to_19()[0];
    let run = |spec: &str, seed: Option<u64>| {
        let mut config = solve_config::<Reversi>(spec.parse().unwrap(), true);
        config.shuffle = seed;
        let out = search(&pos, END, &config).unwrap();
        (out.counters, out.best_move, out.score)
    };
    for spec in ["uct:2000", "uct:2000+rave+guided", "puct:2000"] {
        assert_eq!(run(spec, None), run(spec, None), "{spec}");
        assert_eq!(run(spec, Some(7)), run(spec, Some(7)), "{spec}");
        assert_ne!(run(spec, None).0, run(spec, Some(7)).0, "{spec}");
    }
}

/// The counters say what the search did: one iteration each, every position made a node
/// (UCT: the descents' steps and the playouts' plies), fewer expansions than iterations.
#[test]
fn mcts_counts_its_iterations_and_nodes() {
    let pos = ffo_1_to_19()[0];
    let config = solve_config::<Reversi>("uct:5000".parse().unwrap(), true);
    let out = search(&pos, END, &config).unwrap();
    let c = out.counters;
    assert_eq!(c.iteration, 5000);
    assert_eq!(c.leaf, 0, "{c:?}");
    assert!(
        c.interior >= c.iteration - 1 && c.tt_probe <= c.interior,
        "{c:?}"
    );
    assert!(c.research > 0 && c.research < c.iteration, "{c:?}");
    assert!(c.qnode > 0 && out.seldepth > 0, "{c:?}");
    assert!(out.score.abs() < 1000, "an estimate: {}", out.score);
    let puct = solve_config::<Reversi>("puct:5000".parse().unwrap(), true);
    let p = search(&pos, END, &puct).unwrap().counters;
    assert_eq!(p.qnode, 0, "puct plays no playouts: {p:?}");
    assert!(p.leaf > p.research, "priors: {p:?}");
}

/// A Monte Carlo search refuses what it cannot do, with a message that says why.
#[test]
fn mcts_refuses_what_it_cannot_do() {
    let pos = Reversi::start();
    let refusal = |spec: &str, depth: u32, threads: u32| {
        let mut config = config(spec);
        config.threads = threads;
        search(&pos, depth, &config).unwrap_err().to_string()
    };
    assert!(refusal("uct:100", 5, 1).contains("depth end"));
    assert!(refusal("uct:100", END, 2).contains("one thread"));
    assert!(refusal("uct", END, 1).contains("budget"));
    assert!(refusal("puct:10+rave", END, 1).contains("for uct"));
    assert!(refusal("uct:10+killer:2", END, 1).contains("no other enhancement"));
    let error = "alphabeta+solver"
        .parse::<Variant>()
        .unwrap_err()
        .to_string();
    assert!(error.contains("Monte Carlo"), "{error}");
    let chess = crate::game::Chess::start();
    let chess_config = config_for::<crate::game::Chess>("uct:10".parse().unwrap());
    let error = search(&chess, END, &chess_config).unwrap_err().to_string();
    assert!(error.contains("repetition"), "{error}");
}

/// A Monte Carlo agent plays within its node budget (the same move every time) or its
/// move time (a move all the same), and its own iteration budget alone.
#[test]
fn a_monte_carlo_agent_plays_within_its_budgets() {
    let pos = crate::game::reversi::Reversi::start();
    let config = SearchConfig::new("uct".parse::<Variant>().unwrap());
    let nodes = Limit {
        nodes: Some(5_000),
        ..Limit::default()
    };
    let a = Thinker::new(&config).unwrap().think(&pos, nodes).unwrap();
    let b = Thinker::new(&config).unwrap().think(&pos, nodes).unwrap();
    assert_eq!(a, b);
    let c = a.counters;
    assert!(c.nodes() >= 5_000 && c.nodes() < 5_100, "{c:?}");
    let timed = Limit {
        deadline: Some(std::time::Instant::now()),
        ..Limit::default()
    };
    let quick = Thinker::new(&config).unwrap().think(&pos, timed).unwrap();
    assert!(quick.best_move.is_some() && quick.counters.iteration >= 2);
    let budgeted = SearchConfig::new("uct:300".parse::<Variant>().unwrap());
    let own = Thinker::new(&budgeted)
        .unwrap()
        .think(&pos, Limit::default())
        .unwrap();
    assert_eq!(own.counters.iteration, 300);
    let error = Thinker::new(&config).unwrap().think(&pos, Limit::default());
    assert!(error.unwrap_err().to_string().contains("budget"));
}
