//! Chess through the searcher: every variant's value against negamax's, check extension
//! against a plain minimax that applies the rule itself, and the devlog's token rule (`flow`)
//! on its worked example.

use super::*;
use crate::game::chess::CPW_PERFT;
use crate::game::Chess;
use crate::search::flow::Shares;
use crate::search::mate_distance::final_score;

/// The wiki's perft positions but the sixth (checks, castling, promotions, en passant).
fn chess() -> Vec<Chess> {
    CPW_PERFT[..5]
        .iter()
        .map(|(_, fen, _)| Chess::from_fen(fen).unwrap())
        .collect()
}

#[test]
fn every_variant_agrees_with_negamax_on_chess() {
    let (searches, _, _) = check_values_match_negamax(&chess(), 3);
    assert!(searches > 0);
}

/// Minimax with the check extension's rule written out: a child in check keeps the depth
/// before ply `last`, and every line ends at ply `last`.
fn extended_minimax(pos: &Chess, depth: u32, ply: u32, last: u32) -> i32 {
    if pos.is_over() {
        return final_score(pos, ply as usize);
    }
    if depth == 0 {
        return pos.evaluate(Eval::Pesto);
    }
    let mut best = -INF;
    for &mv in pos.generate_moves().iter() {
        let child = pos.play(mv);
        let child_depth = match (ply + 1 >= last, child.in_check()) {
            (true, _) => 0,
            (false, true) => depth,
            (false, false) => depth - 1,
        };
        best = best.max(-extended_minimax(&child, child_depth, ply + 1, last));
    }
    best
}

#[test]
fn check_extension_finds_the_value_of_the_extended_tree() {
    let mut checked_lines = 0;
    for pos in chess() {
        for (depth, last) in [(1, 4), (2, 4), (2, 3), (3, 5)] {
            let truth = extended_minimax(&pos, depth, 0, last);
            let plain = run(&pos, depth, "alphabeta").counters;
            for spec in ["alphabeta", "pvs+tt+id", "mtdf+tt+id+killer"] {
                let spec = format!("{spec}+checkext:{last}");
                let got = run(&pos, depth, &spec);
                assert_eq!(got.score, truth, "{pos} depth {depth} {spec}");
                if spec.starts_with("alphabeta") && got.counters.nodes() != plain.nodes() {
                    checked_lines += 1;
                }
            }
        }
    }
    assert!(checked_lines > 0, "some searches should meet checks");
}

#[test]
fn checks_are_chess_only() {
    let reversi = Reversi::start();
    for spec in ["alphabeta+checkext", "flow+checkweight:3"] {
        let error = search(&reversi, 3, &config(spec)).unwrap_err().to_string();
        assert!(
            error.contains("needs a game with checks"),
            "{spec}: {error}"
        );
    }
    let error = "alphabeta+checkweight".parse::<Variant>().unwrap_err();
    assert!(error.to_string().contains("use it with flow"), "{error}");
}

/// The devlog's example: 100 tokens, five moves, the second a check.
fn grants(weight: u32, used: &[Option<u64>]) -> Vec<u64> {
    let mut shares = Shares::new(100, 5, weight);
    (0..5)
        .map(|i| {
            let check = i == 1;
            let grant = shares.grant(check);
            shares.spend(used[i].unwrap_or(grant), check);
            grant
        })
        .collect()
}

#[test]
fn the_devlogs_worked_example_grants_20_32_16_16_16() {
    assert_eq!(grants(2, &[None; 5]), [20, 32, 16, 16, 16]);
    // A check weight of 3: M grows by 2 at the check.
    assert_eq!(grants(3, &[None; 5]), [20, 42, 13, 13, 12]);
}

#[test]
fn tokens_a_move_leaves_unused_flow_to_the_later_moves() {
    // The first move uses 5 of its 20: 95 left over 5 virtual moves, the check gets 2 x 19.
    assert_eq!(
        grants(2, &[Some(5), None, None, None, None]),
        [20, 38, 19, 19, 19]
    );
    // The check uses none of its 32: 80 over 3 moves.
    assert_eq!(
        grants(2, &[None, Some(0), None, None, None]),
        [20, 32, 27, 27, 26]
    );
}

/// A flow search's tokens used are its leaves, and a check weight changes what it searches.
#[test]
fn flow_uses_one_token_an_evaluation() {
    for pos in chess() {
        for depth in 1..=3 {
            let mut searcher =
                Searcher::<Chess, true>::new(&"flow".parse().unwrap(), Eval::Pesto, None).unwrap();
            let (_, used) = searcher.flow(&pos, token_budget(10, depth), -INF, INF, 0);
            assert_eq!(used, searcher.counters.leaf, "{pos} depth {depth}");
            let counted = run(&pos, depth, "flow").counters;
            assert_eq!(counted.leaf, used);
            assert_eq!(counted.tokens, token_budget(10, depth));
        }
    }
    let kiwipete = &chess()[1];
    let (two, four) = (
        run(kiwipete, 4, "flow").counters,
        run(kiwipete, 4, "flow+checkweight:4").counters,
    );
    assert_ne!(two, four, "Kiwipete has checks in its tree");
}

/// Minimax to `depth`, then over {stand pat} and the captures, played out.
fn quiet_minimax(pos: &Chess, depth: u32, ply: usize) -> i32 {
    if pos.is_over() {
        return final_score(pos, ply);
    }
    let moves = match depth {
        0 => pos.captures(),
        _ => pos.generate_moves(),
    };
    let mut best = match depth {
        0 => pos.evaluate(Eval::Pesto),
        _ => -INF,
    };
    for &mv in moves.iter() {
        best = best.max(-quiet_minimax(
            &pos.play(mv),
            depth.saturating_sub(1),
            ply + 1,
        ));
    }
    best
}

#[test]
fn quiescence_finds_the_value_of_the_capture_tree_and_counts_its_nodes() {
    // The plain minimax over every capture sequence grows fast: the start and the wiki's
    // endgame (position 3), to depth 3.
    let positions = chess();
    let mut qnodes = 0;
    for pos in [&positions[0], &positions[2]] {
        for depth in 1..=3 {
            let truth = quiet_minimax(pos, depth, 0);
            let plain = run(pos, depth, "alphabeta").counters;
            for spec in [
                "alphabeta+quiesce",
                "pvs+tt+id+quiesce+mvvlva",
                "mtdf+tt+id+quiesce",
            ] {
                let got = run(pos, depth, spec);
                assert_eq!(got.score, truth, "{pos} depth {depth} {spec}");
            }
            let quiet = run(pos, depth, "alphabeta+quiesce").counters;
            qnodes += quiet.qnode;
            assert_eq!(plain.qnode, 0);
        }
    }
    assert!(qnodes > 0, "captures below the horizon");
}

#[test]
fn mvv_lva_orders_captures_by_victim_then_attacker_and_changes_no_value() {
    // Kiwipete: bishop takes bishop, queen takes knight, pawn takes pawn, knight takes
    // pawn, queen takes pawn, then the quiet moves; a pawn takes h3 before the queen does.
    let kiwipete = &chess()[1];
    let mut moves = kiwipete.generate_moves();
    crate::search::ordering::captures_first(kiwipete, &mut moves);
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let at = |m: &str| names.iter().position(|n| n == m).unwrap();
    let order = ["e2a6", "f3f6", "d5e6", "e5d7", "f3h3", "a2a3"].map(at);
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    assert!(at("g2h3") < at("f3h3"));
    let captures = kiwipete.captures().len();
    assert!(moves[..captures]
        .iter()
        .all(|&m| kiwipete.capture_rank(m) > 0));
    assert!(moves[captures..]
        .iter()
        .all(|&m| kiwipete.capture_rank(m) == 0));
    for pos in chess() {
        for depth in 1..=3 {
            let truth = run(&pos, depth, "negamax").score;
            for spec in [
                "alphabeta+mvvlva",
                "pvs+mvvlva+killer+history",
                "mtdf+tt+id+mvvlva",
            ] {
                let mut variant: Variant = spec.parse().unwrap();
                variant = variant.with_exact_depth_cuts();
                let got = search(&pos, depth, &config_for::<Chess>(variant)).unwrap();
                assert_eq!(got.score, truth, "{pos} depth {depth} {spec}");
            }
        }
    }
}
