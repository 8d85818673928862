//! Chess's rules in the search and the pruning enhancements: mates scored by distance (the
//! table keeping them right), draws by repetition and by rule, and null-move pruning,
//! late-move reductions and futility pruning checked where they must change nothing.

use super::*;
use crate::game::Chess;
use crate::search::mate_distance::is_decided;

fn fen(text: &str) -> Chess {
    Chess::from_fen(text).unwrap()
}

/// Mates in N, proven by Debian's Stockfish 15.1 (`score mate N`), with its mating move
/// where it is the only one.
const MATES: &[(&str, u32, Option<&str>)] = &[
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, Some("a1a8")),
    (
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        Some("d5f6"),
    ),
    (
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        None,
    ),
    (
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
        3,
        None,
    ),
];

#[test]
fn a_mate_in_n_scores_by_its_distance_at_every_depth_and_with_every_table() {
    let win = Chess::WIN_BONUS + 1;
    for &(text, n, only) in MATES {
        let pos = fen(text);
        let plies = 2 * n - 1;
        for spec in [
            "alphabeta",
            "pvs+tt+id+mvvlva",
            "pvs+tt+id+killer+history+quiesce+etc",
            "mtdf+tt+id",
            "alphabeta+tt+draws",
        ] {
            // One ply deeper than the mate too: the table holds mates found below the
            // root at other plies, and the shortest must still win.
            for depth in [plies, plies + 1] {
                let got = run(&pos, depth, spec);
                assert_eq!(got.score, win - plies as i32, "{text} {spec} depth {depth}");
                assert_eq!(game_result::<Chess>(got.score), Some(1));
                let best = got.best_move.unwrap();
                if let Some(only) = only {
                    assert_eq!(best.to_string(), only, "{text} {spec} depth {depth}");
                }
                // The mating move leaves the other side mated in N - 1.
                let child = pos.play(best);
                if n > 1 {
                    let reply = run(&child, plies - 1, "alphabeta");
                    assert_eq!(
                        reply.score,
                        -(win - plies as i32 + 1),
                        "{text} after {best}"
                    );
                } else {
                    assert!(child.is_over() && child.in_check());
                }
            }
        }
        // Short of the mate the search sees none.
        if plies > 1 {
            assert!(!is_decided::<Chess>(
                run(&pos, plies - 1, "alphabeta").score
            ));
        }
    }
}

/// The keys of the positions after each of `moves` from `start`, `start`'s first.
fn keys_after(start: &Chess, moves: &[&str]) -> (Chess, Vec<u64>) {
    let mut pos = *start;
    let mut keys = vec![pos.key()];
    for text in moves {
        pos = pos.play(pos.parse_legal_move(text).unwrap());
        keys.push(pos.key());
    }
    (pos, keys)
}

#[test]
fn a_move_back_to_a_position_of_the_game_is_a_drawn_leaf() {
    // After 1. Nf3 Nf6 2. Ng1, Black's Ng8 brings back the start: one of Black's moves.
    let (pos, keys) = keys_after(&Chess::start(), &["g1f3", "g8f6", "f3g1"]);
    let config = config_for::<Chess>("alphabeta+draws".parse().unwrap());
    let mut searcher = Searcher::<Chess, true>::for_config(&config).unwrap();
    searcher.set_history(&keys[..keys.len() - 1]);
    searcher.search_root(&pos, 1);
    let counted = searcher.counters();
    assert_eq!(counted.drawn, 1);
    assert_eq!(counted.leaf, pos.count_moves());
    // Without the game's history no child repeats anything.
    assert_eq!(run(&pos, 1, "alphabeta+draws").counters.drawn, 0);
    // On the path alone: from the start, depth 4 sees Nf3 Nf6 Ng1 Ng8 and the like.
    let deep = run(&Chess::start(), 4, "negamax+draws").counters;
    assert_eq!(deep.drawn, 16, "4 knight moves there and back, each side");
}

#[test]
fn the_fifty_move_rule_and_dead_positions_draw_in_search() {
    // Halfmove clock 99: every move but a capture or a pawn move draws.
    let pos = fen("4k3/8/8/8/8/8/4P3/R3K3 w Q - 99 80");
    let quiet = pos
        .generate_moves()
        .iter()
        .filter(|&&mv| pos.is_quiet(mv) && !mv.to_string().starts_with("e2"))
        .count() as u64;
    assert!(quiet > 10);
    assert_eq!(run(&pos, 1, "alphabeta+draws").counters.drawn, quiet);
    assert_eq!(run(&pos, 1, "alphabeta").counters.drawn, 0);
    // A knight, a bishop, or nothing cannot mate; a rook or a pawn can.
    for (text, dead) in [
        ("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3BK3/8/8 b - - 0 1", true),
        ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3RK3/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/3PK3/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1", false),
    ] {
        assert_eq!(fen(text).drawn_by_rule(), dead, "{text}");
    }
    // A rook checks the king and may be taken by king or knight: a dead draw, which
    // material alone would count a knight up.
    let pos = fen("8/8/4k3/8/8/3rK3/8/2N5 w - - 0 1");
    let taken = run(&pos, 1, "alphabeta+draws");
    assert_eq!(taken.counters.drawn, 2);
    assert_eq!(taken.score, 0);
    assert!(run(&pos, 1, "alphabeta").score > 0);
}

#[test]
fn pruning_that_never_applies_changes_nothing() {
    let positions: Vec<Chess> = crate::game::chess::CPW_PERFT[..5]
        .iter()
        .map(|(_, text, _)| fen(text))
        .collect();
    let (mut plain_nodes, mut reduced_nodes) = (0, 0);
    for pos in &positions {
        let plain = run(pos, 4, "pvs+tt+id+mvvlva");
        // A futility margin beyond every evaluation, reductions after more moves than any
        // position has: the same search, node for node.
        for spec in [
            "pvs+tt+id+mvvlva+futility:100000",
            "pvs+tt+id+mvvlva+lmr:64",
        ] {
            let got = run(pos, 4, spec);
            assert_eq!(
                (got.score, got.counters.nodes()),
                (plain.score, plain.counters.nodes()),
                "{spec}"
            );
            assert_eq!(got.counters.futile + got.counters.reduced, 0);
        }
        // And applied, each prunes and counts what it did.
        let reduced = run(pos, 4, "pvs+tt+id+mvvlva+lmr").counters;
        assert!(
            reduced.reduced > 0
                && reduced.research <= reduced.reduced + plain.counters.research * 2
        );
        (plain_nodes, reduced_nodes) = (
            plain_nodes + plain.counters.nodes(),
            reduced_nodes + reduced.nodes(),
        );
        let futile = run(pos, 4, "pvs+tt+id+mvvlva+futility").counters;
        assert!(futile.futile > 0);
    }
    assert!(reduced_nodes < plain_nodes);
}

#[test]
fn null_moves_are_never_tried_in_check_nor_with_only_king_and_pawns() {
    // King and pawns against king: zugzwang land.
    let pawns = fen("8/4k3/8/3P4/4P3/8/8/4K3 w - - 0 1");
    assert!(pawns.null_move().is_none());
    assert_eq!(run(&pawns, 6, "alphabeta+nullmove").counters.null_try, 0);
    // In check: no null move.
    let check = fen("4k3/8/8/8/8/8/8/4Q1K1 b - - 0 1");
    assert!(check.in_check() && check.null_move().is_none());
    let free = fen("4k3/8/8/8/8/8/8/3Q2K1 b - - 0 1");
    assert!(free.null_move().is_none(), "Black has only its king");
    assert!(fen("4k3/8/8/8/8/8/8/3Q2K1 w - - 0 1").null_move().is_some());
    // Elsewhere it is tried and cuts, and the root's move still comes back.
    let kiwipete = fen(crate::game::chess::CPW_PERFT[1].1);
    let got = run(&kiwipete, 5, "pvs+tt+id+mvvlva+nullmove");
    assert!(got.counters.null_try > 0 && got.counters.null_cut > 0);
    assert!(got.counters.null_cut <= got.counters.null_try);
    assert!(got.best_move.is_some());
}

#[test]
fn pruning_and_draws_are_refused_where_the_game_has_no_such_thing() {
    let reversi = ffo()[0];
    for spec in [
        "alphabeta+nullmove",
        "alphabeta+futility",
        "alphabeta+draws",
    ] {
        let refused = search(&reversi, 3, &config_for::<Reversi>(spec.parse().unwrap()));
        assert!(refused.is_err(), "{spec} on Reversi");
    }
    // Late-move reductions mean something in every game.
    assert!(run(&reversi, 4, "alphabeta+lmr").counters.reduced > 0);
}
