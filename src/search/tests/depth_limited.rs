//! Depth-limited searches against plain negamax, perft, brute-force minimax and search theory.

use super::*;

#[test]
fn every_variant_finds_the_negamax_value_on_ffo_positions() {
    let (searches, differ, worst) = check_values_match_negamax(&ffo(), 5);
    // With their default tables (which may reuse a deeper entry), the variants still find
    // negamax's value on every one of these positions and depths.
    assert_eq!(searches, 850, "the table variants were searched");
    assert_eq!(
        (differ, worst),
        (0, 0),
        "reversi: default-table searches that differ"
    );
}

#[test]
fn every_variant_finds_the_negamax_value_on_ataxx_positions() {
    let (searches, differ, worst) = check_values_match_negamax(&ataxx(), 5);
    // With their default tables (which may reuse a deeper entry), the variants still find
    // negamax's value on every one of these positions and depths.
    assert_eq!(searches, 850, "the table variants were searched");
    assert_eq!(
        (differ, worst),
        (0, 0),
        "ataxx: default-table searches that differ"
    );
}

#[test]
fn every_variant_finds_the_minimax_value_of_random_trees() {
    for seed in 0..20 {
        let tree = TreeSpec::parse(&format!("tree:3:6:seed={seed}"))
            .unwrap()
            .root();
        let truth = brute_force_minimax(&tree);
        for depth in [6u32] {
            assert_eq!(run(&tree, depth, "negamax").score, truth);
            for spec in VARIANTS {
                let variant = spec.parse::<Variant>().unwrap().with_exact_depth_cuts();
                let got = search(&tree, depth, &SearchConfig::new(variant)).unwrap();
                assert_eq!(got.score, truth, "seed {seed} {spec}");
            }
        }
    }
}

/// The bisection driver, which takes its first bounds from the game, finds every tree's
/// value at every depth (it returned 0 without searching: a tree's win bonus is 0).
#[test]
fn bisection_finds_the_minimax_value_of_uniform_trees() {
    for (width, depth) in [(2u32, 1u32), (2, 2), (3, 3), (2, 5), (4, 3)] {
        for seed in 0..12 {
            let tree = TreeSpec::parse(&format!("tree:{width}:{depth}:seed={seed}"))
                .unwrap()
                .root();
            let truth = brute_force_minimax(&tree);
            for spec in ["bisect", "bisect+tt", "bisect+tt+id"] {
                let got = run(&tree, depth, spec);
                assert_eq!(got.score, truth, "tree:{width}:{depth}:seed={seed} {spec}");
                assert!(got.best_move.is_some(), "{spec}: a move");
                assert!(got.counters.leaf > 0, "{spec}: it searched");
            }
        }
    }
}

/// Minimax written out plainly, from the side to move's point of view.
pub(super) fn brute_force_minimax(pos: &UniformTree) -> i32 {
    if pos.is_over() {
        return pos.final_margin();
    }
    pos.generate_moves()
        .iter()
        .map(|&m| -brute_force_minimax(&pos.play(m)))
        .max()
        .unwrap()
}

/// Whether any game ends within `depth` plies below `pos` (before the horizon).
fn game_ends_within<G: Game>(pos: &G, depth: u32) -> bool {
    depth > 0
        && (pos.is_over()
            || pos
                .generate_moves()
                .iter()
                .any(|&m| game_ends_within(&pos.play(m), depth - 1)))
}

fn check_negamax_visits_the_perft_tree<G: Endgame>(cases: &[G], max_depth: u32) -> u32 {
    let mut checked = 0;
    for pos in cases {
        for depth in 1..=max_depth {
            if game_ends_within(pos, depth) {
                continue;
            }
            let c = run(pos, depth, "negamax").counters;
            assert_eq!(c.leaf, perft(pos, depth), "{pos} depth {depth}");
            let inner: u64 = (0..depth).map(|d| perft(pos, d)).sum();
            assert_eq!(c.interior, inner, "{pos} depth {depth}");
            assert_eq!((c.tt_probe, c.beta_cut, c.research), (0, 0, 0));
            checked += 1;
        }
    }
    checked
}

#[test]
fn negamax_visits_exactly_the_perft_tree() {
    let reversi = check_negamax_visits_the_perft_tree(&ffo(), 5);
    let start = check_negamax_visits_the_perft_tree(&[Reversi::start()], 7);
    let ataxx = check_negamax_visits_the_perft_tree(&ataxx(), 4);
    assert!(
        reversi >= 45 && start == 7 && ataxx >= 20,
        "{reversi} {start} {ataxx}"
    );
}

#[test]
fn alphabeta_prunes_between_negamax_and_branch_and_bound() {
    fn check<G: Endgame>(cases: &[G], max_depth: u32) {
        for pos in cases {
            for depth in 1..=max_depth {
                let negamax = run(pos, depth, "negamax").counters.leaf;
                let alphabeta = run(pos, depth, "alphabeta").counters.leaf;
                let bnb = run(pos, depth, "bnb").counters.leaf;
                assert!(
                    alphabeta <= negamax,
                    "{pos} depth {depth}: {alphabeta} > {negamax}"
                );
                assert!(
                    bnb >= alphabeta,
                    "{pos} depth {depth}: bnb {bnb} < {alphabeta}"
                );
                assert!(bnb <= negamax, "{pos} depth {depth}: bnb {bnb} > {negamax}");
            }
        }
    }
    check(&ffo(), 6);
    check(&ataxx(), 4);
}

#[test]
fn alphabeta_meets_the_minimal_tree_when_ordering_is_perfect() {
    for (width, depth) in [(2u32, 1u32), (2, 5), (3, 4), (3, 5), (4, 6), (5, 3), (8, 4)] {
        let tree = TreeSpec::parse(&format!("tree:{width}:{depth}:ordered"))
            .unwrap()
            .root();
        let minimal = width.pow(depth.div_ceil(2)) + width.pow(depth / 2) - 1;
        for spec in ["alphabeta", "alphabeta+failhard", "pvs"] {
            let c = run(&tree, depth, spec).counters;
            assert_eq!(c.leaf, minimal as u64, "{width}^{depth} {spec}");
            assert_eq!(
                c.beta_cut, c.first_cut,
                "every cut-off comes from the first move"
            );
        }
        assert_eq!(
            run(&tree, depth, "negamax").counters.leaf,
            (width as u64).pow(depth)
        );
    }
}

#[test]
fn token_search_with_a_full_budget_is_alphabeta() {
    // On a uniform tree of width w, a budget of w^d shares out exactly like a depth-d search.
    for seed in 0..10 {
        let tree = TreeSpec::parse(&format!("tree:3:7:seed={seed}"))
            .unwrap()
            .root();
        for depth in 1..=5 {
            let token = run(&tree, depth, "token:3");
            let mut ab = run(&tree, depth, "alphabeta");
            // Node types are counted by windowed searches only.
            (
                ab.counters.fail_high,
                ab.counters.fail_low,
                ab.counters.exact_node,
            ) = (0, 0, 0);
            // And the tokens granted by token searches only.
            ab.counters.tokens = token_budget(3, depth);
            assert_eq!(
                (token.score, token.counters),
                (ab.score, ab.counters),
                "seed {seed} depth {depth}"
            );
        }
    }
}

#[test]
fn token_search_spends_at_most_its_budget() {
    let tree = TreeSpec::parse("tree:3:9:seed=5").unwrap().root();
    // A budget of 3 over 3 moves: one evaluation each.
    let c = run(&tree, 1, "token:3").counters;
    assert_eq!((c.leaf, c.interior), (3, 1));
    // 10 = 4 + 3 + 3 at the root, 4 = 2 + 1 + 1 below, 2 = 1 + 1: at most 10 leaves.
    let c = run(&tree, 1, "token:10").counters;
    assert!(c.leaf <= 10 && c.leaf >= 3, "{c:?}");
    for pos in ffo().iter().take(3) {
        for depth in 1..=4 {
            let c = run(pos, depth, "token").counters;
            assert!(
                c.leaf <= token_budget(10, depth),
                "{pos} {depth}: {}",
                c.leaf
            );
            assert!(c.leaf >= 1);
        }
    }
    let one = run(&Reversi::start(), 1, "token:2");
    assert_eq!(
        one.counters.main_tree(),
        3,
        "root and two children of budget 1"
    );
}

#[test]
fn counters_are_identical_on_every_run() {
    let pos = ffo()[0];
    for spec in VARIANTS {
        let a = run(&pos, 5, spec);
        let b = run(&pos, 5, spec);
        assert_eq!(
            (a.score, a.best_move, &a.pv, a.counters),
            (b.score, b.best_move, &b.pv, b.counters),
            "{spec}"
        );
    }
}

#[test]
fn shuffle_is_reproducible_and_keeps_the_value() {
    let pos = ffo()[3];
    let mut orders = std::collections::HashSet::new();
    for seed in 0..5 {
        let mut shuffled = config("alphabeta");
        shuffled.shuffle = Some(seed);
        let a = search(&pos, 5, &shuffled).unwrap();
        let b = search(&pos, 5, &shuffled).unwrap();
        assert_eq!(a.counters, b.counters);
        assert_eq!(a.score, run(&pos, 5, "negamax").score);
        orders.insert(a.counters.leaf);
    }
    assert!(orders.len() > 1, "different seeds give different orders");
}

#[test]
fn principal_variation_leads_to_the_score() {
    fn check<G: Endgame>(pos: &G, depth: u32, spec: &str) {
        let out = run(pos, depth, spec);
        assert_eq!(out.pv.first().copied(), out.best_move, "{spec}");
        let mut p = *pos;
        for &mv in &out.pv {
            assert!(p.is_legal(mv), "{spec}: {mv} illegal");
            p = p.play(mv);
        }
        if out.pv.len() as u32 == depth || p.is_over() {
            let leaf = if p.is_over() {
                p.terminal_score()
            } else {
                p.evaluate(Eval::Material)
            };
            let sign = if out.pv.len().is_multiple_of(2) {
                1
            } else {
                -1
            };
            assert_eq!(
                sign * leaf,
                out.score,
                "{spec}: the line's leaf has the root value"
            );
        } else {
            panic!(
                "{spec}: a full-window search leaves a full line ({} of {depth})",
                out.pv.len()
            );
        }
    }
    for pos in ffo().iter().take(5) {
        for spec in [
            "negamax",
            "alphabeta",
            "pvs",
            "bnb",
            "alphabeta+killer:2+history",
        ] {
            check(pos, 5, spec);
        }
    }
    for pos in ataxx().iter().take(3) {
        check(pos, 3, "alphabeta");
    }
}

#[test]
fn square_weights_change_values_but_not_negamax_counts() {
    let pos = ffo()[0];
    let mut weights = config("negamax");
    weights.eval = Eval::SquareWeights;
    let w = search(&pos, 4, &weights).unwrap();
    let d = run(&pos, 4, "negamax");
    assert_eq!(w.counters, d.counters);
    assert_ne!(w.score, d.score);
    let mut ab = config("alphabeta");
    ab.eval = Eval::SquareWeights;
    assert_eq!(search(&pos, 4, &ab).unwrap().score, w.score);
}

#[test]
fn bad_depths_and_evaluations_are_errors() {
    let err = search(&Reversi::start(), 0, &config("alphabeta")).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("bad depth 0: expected 1 to {MAX_DEPTH}")
    );
    assert!(search(&Reversi::start(), MAX_DEPTH + 1, &config("alphabeta")).is_err());
    let mut weights = config("alphabeta");
    weights.eval = Eval::SquareWeights;
    let err = search(&Ataxx::start(), 3, &weights)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("'weights' evaluation is not defined for ataxx"),
        "{err}"
    );
}

#[test]
fn finished_games_score_their_exact_margin_beyond_any_heuristic() {
    // A Reversi game that ends at once: black to move has won 3 - 1 with 60 empties.
    let pos = Reversi::from_board(
        &format!("XX-X{}O", "-".repeat(59)),
        crate::game::Side::First,
    )
    .unwrap();
    let out = run(&pos, 3, "alphabeta");
    assert_eq!(out.score, 62 + Reversi::WIN_BONUS);
    assert_eq!(game_result::<Reversi>(out.score), Some(62));
    assert_eq!(out.counters.leaf, 1);
    assert_eq!(out.counters.interior, 0);
}
