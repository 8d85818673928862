//! `solve --where` for the other families: the root's proof and disproof numbers kept over a
//! proof search end in the proof's result at the search's nodes, and a Monte Carlo search's
//! root moves add up to its iterations, the most visited first being its move. Keeping
//! them changes no count.

use super::proof::{connect4, reversi, solve_config, suite};
use super::*;
use crate::search::report_root as root_report;
use crate::search::root_report::RootReport;

/// Each proof's last point is solved the way the proof went, the points' nodes never go
/// down, and the last is the search's own count.
fn trail_ends_in_the_proof<G: Endgame>(pos: &G, spec: &str) {
    let config = solve_config::<G>(spec.parse().unwrap(), true);
    let outcome = search(pos, END, &config).unwrap();
    let Ok(RootReport::Proof(points, table)) = root_report(pos, &config) else {
        panic!("{spec}: no proof trail");
    };
    assert!(
        points.windows(2).all(|w| w[0].nodes <= w[1].nodes),
        "{spec}"
    );
    // df-pn's table holds what it stored, at most its entries; PN has none.
    match (spec.starts_with("dfpn"), table) {
        (true, Some(t)) => assert!(t.used > 0 && t.used <= t.entries, "{spec}: {t:?}"),
        (false, None) => {}
        (_, table) => panic!("{spec}: table {table:?}"),
    }
    assert_eq!(
        points.last().unwrap().nodes,
        outcome.counters.nodes(),
        "{spec}"
    );
    let goals: Vec<i32> = points.iter().map(|p| p.at_least).collect();
    for goal in [1, 0].into_iter().filter(|g| goals.contains(g)) {
        let last = points.iter().rfind(|p| p.at_least == goal).unwrap();
        let holds = match outcome.score.signum() {
            1 => true,
            0 => goal == 0,
            _ => false,
        };
        let expected = match holds {
            true => (Some(0), None),
            false => (None, Some(0)),
        };
        assert_eq!((last.proof, last.disproof), expected, "{spec}, goal {goal}");
    }
}

#[test]
fn a_proof_trail_ends_in_its_proof_at_the_searchs_nodes() {
    let ffo = suite("ffo:1..3", reversi);
    let c4 = suite("connect4:end-easy", connect4);
    for spec in ["pn", "pn2", "dfpn", "dfpn+weak"] {
        for pos in &ffo {
            trail_ends_in_the_proof(pos, spec);
        }
        for pos in c4.iter().take(20) {
            trail_ends_in_the_proof(pos, spec);
        }
    }
}

#[test]
fn a_monte_carlo_root_report_is_the_searchs_root() {
    let pos = Reversi::start();
    let config = solve_config::<Reversi>("uct:2000".parse().unwrap(), true);
    let outcome = search(&pos, END, &config).unwrap();
    let Ok(RootReport::Visits(moves, nodes)) = root_report(&pos, &config) else {
        panic!("no root moves");
    };
    assert_eq!(nodes, outcome.counters.nodes());
    assert_eq!(moves.len(), 4);
    assert_eq!(Some(moves[0].mv), outcome.best_move);
    let visits: u64 = moves.iter().map(|m| m.visits).sum();
    assert!((1998..=2000).contains(&visits), "{visits}");
    assert!(moves.windows(2).all(|w| w[0].visits >= w[1].visits));
    // A proved endgame: the proven move's value is the result.
    let c4 = suite("connect4:end-easy", connect4);
    let config = solve_config::<Connect4>("uct+solver".parse().unwrap(), true);
    for pos in c4.iter().take(10) {
        let outcome = search(pos, END, &config).unwrap();
        let Ok(RootReport::Visits(moves, _)) = root_report(pos, &config) else {
            panic!("no root moves");
        };
        let best = moves
            .iter()
            .find(|m| Some(m.mv) == outcome.best_move)
            .unwrap();
        assert_eq!(best.proven, Some(outcome.score.signum()), "{pos}");
    }
}
