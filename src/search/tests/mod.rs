//! The search engine against independent truths: perft, plain negamax, search theory.

use std::path::Path;

use super::*;
use crate::counters::Counters;
use crate::error::SearchError;
use crate::game::{perft, Ataxx, Connect4, Eval, Game, GameMove, Reversi, TreeSpec, UniformTree};
use crate::measure::search_position;
use crate::position::{load, AnyPosition};
use searcher::Searcher;

fn positions(dir: &str, names: &[&str]) -> Vec<AnyPosition> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("positions")
        .join(dir);
    names
        .iter()
        .map(|n| load(&[root.join(n).display().to_string()], None).unwrap()[0].position)
        .collect()
}

/// Ten FFO problems (20 to 24 empties).
fn ffo() -> Vec<Reversi> {
    let names: Vec<String> = (40..50).map(|n| format!("end{n}.pos")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    positions("reversi/ffo", &names)
        .into_iter()
        .map(|p| match p {
            AnyPosition::Reversi(r) => r,
            _ => unreachable!(),
        })
        .collect()
}

/// Ten Ataxx positions small enough for negamax at depth 5: the starts and late games.
fn ataxx() -> Vec<Ataxx> {
    let names = [
        "start.pos",
        "gaps-c3-c5-e3-e5.pos",
        "gaps-d4.pos",
        "gaps-b2-b6-f2-f6.pos",
        "gaps-cross.pos",
        "late-start-160-s11.pos",
        "late-start-190-s12.pos",
        "late-start-160-s13.pos",
        "late-start-130-s17.pos",
        "late-start-150-s4.pos",
    ];
    positions("ataxx", &names)
        .into_iter()
        .map(|p| match p {
            AnyPosition::Ataxx(a) => a,
            _ => unreachable!(),
        })
        .collect()
}

fn config(spec: &str) -> SearchConfig {
    SearchConfig::new(spec.parse().unwrap())
}

/// `variant` with an evaluation `G` has (its default when it lacks material).
fn config_for<G: Endgame>(variant: Variant) -> SearchConfig {
    let mut config = SearchConfig::new(variant);
    if !G::EVALS.contains(&config.eval) {
        config.eval = G::DEFAULT_EVAL;
    }
    config
}

fn run<G: Endgame>(pos: &G, depth: u32, spec: &str) -> SearchOutcome<G::Move> {
    search(pos, depth, &config_for::<G>(spec.parse().unwrap())).unwrap()
}

/// Every depth-limited variant worth telling apart: each base, each enhancement, and the
/// combinations the literature names.
const VARIANTS: &[&str] = &[
    "bnb",
    "bnb+killer:2+history+mobility",
    "alphabeta",
    "alphabeta+failhard",
    "killer",
    "history",
    "mobility",
    "transposition",
    "transposition_k",
    "transposition_h",
    "alphabeta+ttmove",
    "alphabeta+ttcut",
    "idab",
    "ttmo",
    "ttco",
    "aspiration",
    "alphabeta+tt+id+asp:1",
    "etc",
    "alphabeta+tt+etc+failhard",
    "pvs",
    "pvs+failhard",
    "pvs+tt+id",
    "pvs+tt+id+asp:2+etc+killer:2+history",
    "mtdf+tt",
    "mtdf+tt+id",
    "mtdf+tt+id+failhard",
    "mtdf+tt+id+etc+mobility",
];

/// Every variant's root value equals negamax's when table cut-offs take only entries of
/// exactly the needed depth; without a table, always. Returns (searches, disagreements,
/// largest difference) for the table variants as written (deeper entries allowed).
fn check_values_match_negamax<G: Endgame>(cases: &[G], max_depth: u32) -> (u32, u32, i32) {
    let (mut searches, mut differ, mut worst) = (0, 0, 0);
    for pos in cases {
        for depth in 1..=max_depth {
            let truth = run(pos, depth, "negamax").score;
            for spec in VARIANTS {
                let variant: Variant = spec.parse().unwrap();
                let exact = config_for::<G>(variant.with_exact_depth_cuts());
                let got = search(pos, depth, &exact).unwrap();
                assert_eq!(got.score, truth, "{} depth {depth} {}", pos, exact.variant);
                let default = search(pos, depth, &config_for::<G>(variant.clone())).unwrap();
                if variant.table.is_none() {
                    assert_eq!(default.score, truth, "{pos} depth {depth} {spec}");
                    continue;
                }
                searches += 1;
                if default.score != truth {
                    differ += 1;
                    worst = worst.max((default.score - truth).abs());
                }
            }
        }
    }
    (searches, differ, worst)
}

mod budget;
mod chess;
mod chess_pruning;
mod chess_suites;
mod connect4;
mod depth_limited;
mod exact;
mod mcts;
mod minimal;
mod parallel;
mod proof;
mod root_report;
mod span;
mod trail;
