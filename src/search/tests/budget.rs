//! A node budget in the variant's name (`+nodes:N`, which `sweep --budget` adds): the same
//! search as a play agent's `nodes=N`, node for node, for alpha-beta and Monte Carlo tree
//! search; a proof search, which has no move before its proof, refuses it.

use super::*;
use crate::game::GameKind;
use crate::search::timed::{Limit, Thinker};
use crate::search::variants::default_solver;

/// `spec+nodes:N` searched as a case against `spec` thought with a node limit of N.
fn budget_is_the_agents_limit(spec: &str, nodes: u64) {
    let pos = Reversi::start();
    let plain = SearchConfig::new(spec.parse::<Variant>().unwrap());
    let limit = Limit {
        nodes: Some(nodes),
        ..Limit::default()
    };
    let thought = Thinker::new(&plain).unwrap().think(&pos, limit).unwrap();
    let budgeted = SearchConfig::new(format!("{spec}+nodes:{nodes}").parse().unwrap());
    let outcome = search(&pos, END, &budgeted).unwrap();
    assert_eq!(outcome.best_move, thought.best_move, "{spec}");
    assert_eq!(outcome.score, thought.score, "{spec}");
    assert_eq!(outcome.counters, thought.counters, "{spec}");
    let spent = outcome.counters.nodes();
    assert!(
        spent >= nodes && spent < nodes + nodes / 10,
        "{spec}: {spent} nodes"
    );
}

#[test]
fn a_node_budget_is_the_play_agents_node_limit() {
    budget_is_the_agents_limit("alphabeta+tt+id", 20_000);
    budget_is_the_agents_limit("uct", 5_000);
    budget_is_the_agents_limit("puct+solver", 5_000);
}

#[test]
fn a_proof_search_refuses_a_node_budget() {
    let config = SearchConfig::new("dfpn+nodes:1000".parse::<Variant>().unwrap());
    let error = search(&Reversi::start(), END, &config).unwrap_err();
    assert!(
        error.to_string().contains("no move before its proof"),
        "{error}"
    );
}

/// A proof-number agent under a node budget: a legal move, the most promising toward the
/// proof under way, with score 0 when the budget runs out first; the proof's result when it
/// proves in time; the same move for the same budget.
#[test]
fn a_proof_number_agent_plays_within_its_budget() {
    let pos = Reversi::start();
    for spec in ["pn", "pn2", "dfpn"] {
        let config = SearchConfig::new(spec.parse::<Variant>().unwrap());
        let limit = Limit {
            nodes: Some(5_000),
            ..Limit::default()
        };
        let a = Thinker::new(&config).unwrap().think(&pos, limit).unwrap();
        let b = Thinker::new(&config).unwrap().think(&pos, limit).unwrap();
        assert_eq!(a, b, "{spec}");
        let mv = a.best_move.unwrap();
        assert!(pos.generate_moves().contains(&mv), "{spec}: {mv}");
        assert_eq!(a.score, 0, "{spec}");
        let spent = a.counters.nodes();
        assert!((5_000..5_100).contains(&spent), "{spec}: {spent} nodes");
    }
    let endgame = load(&["connect4:end-easy".to_string()], None).unwrap();
    let AnyPosition::Connect4(c4) = endgame[0].position else {
        panic!("a Connect 4 position");
    };
    let config = super::proof::solve_config::<Connect4>("pn".parse().unwrap(), false);
    let limit = Limit {
        nodes: Some(1_000_000),
        ..Limit::default()
    };
    let proved = Thinker::new(&config).unwrap().think(&c4, limit).unwrap();
    let solved = search(&c4, END, &config).unwrap();
    assert_eq!(
        (proved.score, proved.best_move),
        (solved.score, solved.best_move)
    );
}

/// A play agent whose variant carries a node budget keeps to the smaller of it and the
/// agent's own `nodes=` limit.
#[test]
fn an_agents_variant_budget_and_node_limit_take_the_smaller() {
    let pos = Reversi::start();
    for spec in ["alphabeta+tt+id+nodes:3000", "uct+nodes:3000"] {
        let config = SearchConfig::new(spec.parse::<Variant>().unwrap());
        let think = |nodes| {
            let limit = Limit {
                nodes,
                ..Limit::default()
            };
            Thinker::new(&config).unwrap().think(&pos, limit).unwrap()
        };
        let (own, wider, narrower) = (think(None), think(Some(5_000)), think(Some(2_000)));
        assert_eq!(own, wider, "{spec}");
        let spent = |t: &crate::search::Thought<_>| t.counters.nodes();
        assert!(
            (3_000..3_300).contains(&spent(&own)),
            "{spec}: {}",
            spent(&own)
        );
        assert!(
            (2_000..2_200).contains(&spent(&narrower)),
            "{spec}: {}",
            spent(&narrower)
        );
    }
}

/// Budgeted alpha-beta on every case at each budget: each value it says is exact (not an
/// estimate) is the game's solver's. Returns how many were said exact.
fn exact_values_are_the_solvers<G: Endgame>(cases: &[G], kind: GameKind, budgets: &[u64]) -> usize {
    let solver = super::proof::solve_config::<G>(default_solver(kind), false);
    let mut exact = 0;
    for pos in cases {
        let truth = search(pos, END, &solver).unwrap().score;
        for budget in budgets {
            let spec = format!("alphabeta+tt+id+nodes:{budget}");
            let config = config_for::<G>(spec.parse().unwrap());
            let outcome = search(pos, END, &config).unwrap();
            if !outcome.estimate {
                assert_eq!(outcome.score, truth, "{spec} on {pos}");
                exact += 1;
            }
        }
    }
    exact
}

/// A forced win found short of the end is a bound on the margin, not the value: a budgeted
/// search says its value is exact only where it is (FFO 1..19, the Ataxx end suite, whose
/// wins found early once read as exact margins).
#[test]
fn a_budgeted_value_said_exact_is_the_solvers() {
    let ffo = exact_values_are_the_solvers(
        &super::proof::ffo_1_to_19(),
        GameKind::Reversi,
        &[10_000, 3_000_000],
    );
    let ataxx = super::proof::suite(
        &super::proof::positions_dir("ataxx/end"),
        super::proof::ataxx,
    );
    let ataxx =
        exact_values_are_the_solvers(&ataxx, GameKind::Ataxx, &[100, 1_000, 10_000, 100_000]);
    assert!(ffo > 0 && ataxx > 0, "exact: {ffo} FFO, {ataxx} Ataxx");
}
