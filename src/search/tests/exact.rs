//! Exact solving against negamax, the FFO suite's proven scores and the 2011 tables.

use super::*;

/// The classic 2011 tables' conventions (issue #6): file-by-file move order, leaves scored
/// white minus black whatever the side to move, fail-hard nega-alpha, a table that stores only
/// nodes where a move raised alpha. With them, the published cells come out exactly.
#[test]
fn classic_conventions_reproduce_the_published_2011_cells() {
    let cases = ffo();
    let (end40, end43) = (&cases[0], &cases[3]);
    let published: [(&Reversi, &str, u32, u64, u64); 15] = [
        (end40, "negamax", 2, 30, 11),
        (end40, "negamax", 3, 305, 41),
        (end40, "negamax", 4, 1325, 346),
        (end43, "negamax", 2, 84, 7),
        (end43, "negamax", 3, 578, 91),
        (end43, "negamax", 4, 7297, 669),
        (end40, "negaalpha", 2, 13, 11),
        (end40, "negaalpha", 3, 117, 23),
        (end40, "negaalpha", 4, 139, 132),
        (end43, "negaalpha", 2, 49, 7),
        (end43, "negaalpha", 3, 77, 36),
        (end43, "negaalpha", 4, 673, 141),
        (end40, "killer", 6, 1259, 1277),
        (end40, "transposition", 6, 1205, 1302),
        (end40, "transposition_k", 6, 1220, 1277),
    ];
    for (pos, preset, depth, leaf, interior) in published {
        let classic = preset.parse::<Variant>().unwrap().classic2011();
        let c = search(pos, depth, &SearchConfig::new(classic.clone()))
            .unwrap()
            .counters;
        assert_eq!(
            (c.leaf, c.interior),
            (leaf, interior),
            "{classic} depth {depth}"
        );
        // Named as the tables print them.
        let label = classic.row_label(&depth.to_string());
        let expected = match preset {
            "killer" => format!("killer{depth}_32"),
            _ => format!("{preset}{depth}"),
        };
        assert_eq!(label, expected);
    }
    // File by file: a1, a2, ... for Reversi.
    let start = Reversi::start();
    let mut moves = start.generate_moves();
    moves.sort_by_key(|m| m.file_order_key());
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(names, ["c4", "d3", "e6", "f5"]);
}

/// Reversi positions with few empties from seeded random play (and their game-over cases).
pub(super) fn random_endgames(count: usize, max_empties: u32) -> Vec<Reversi> {
    let mut state = 0x005E_ED0F_E4D5_u64;
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Reversi::start();
        let stop = max_empties - (out.len() as u32 % 4);
        while !pos.is_over() && pos.empties() > stop {
            let moves = pos.generate_moves();
            pos = pos
                .play(moves[(crate::random::splitmix64(&mut state) % moves.len() as u64) as usize]);
        }
        out.push(pos);
    }
    out
}

/// The endgame variants: each technique alone and together, both null-window drivers.
const EXACT_VARIANTS: &[&str] = &[
    "alphabeta",
    "pvs+tt",
    "mtdf+tt",
    "mtdf+tt+mobility+parity",
    "alphabeta+last:4",
    "pvs+tt+last:8",
    "mtdf+tt+stab",
    "pvs+tt+etc+stab+last:6",
    "mtdf+tt+id+mobility+etc+parity+stab+last:7",
    "pvs+tt+sso:2+mobility+last:5",
    "alphabeta+failhard+stab+last:3",
    "mtdf+tt+id+mobility+etc+parity+stab+last:3+evalsort:4",
    "pvs+tt+evalsort:1",
];

#[test]
fn every_endgame_variant_solves_to_the_negamax_value() {
    for pos in random_endgames(60, 9) {
        let truth = run(&pos, END, "negamax").score;
        assert!(
            game_result::<Reversi>(truth).is_some() || truth == 0,
            "{pos}"
        );
        for spec in EXACT_VARIANTS {
            let outcome = run(&pos, END, spec);
            assert_eq!(outcome.score, truth, "{spec} on {pos}");
            // The best move reaches the value: the child solves to minus it.
            if let Some(mv) = outcome.best_move {
                assert_eq!(
                    -run(&pos.play(mv), END, "negamax").score,
                    truth,
                    "{spec} {mv} on {pos}"
                );
            }
        }
    }
}

#[test]
fn win_loss_draw_mode_proves_the_sign_of_the_exact_value() {
    for pos in random_endgames(40, 10) {
        let exact = run(&pos, END, "mtdf+tt+last:6").score;
        for spec in ["alphabeta+last:4", "pvs+tt+stab+last:6", "mtdf+tt+mobility"] {
            let mut config = config(spec);
            config.wld = true;
            let wld = search(&pos, END, &config).unwrap().score;
            assert_eq!(wld.signum(), exact.signum(), "{spec} on {pos}");
        }
    }
}

#[test]
fn the_specialised_last_empties_count_one_leaf_for_the_last_square() {
    // One empty square: the position is a single leaf, whoever plays it.
    for pos in random_endgames(40, 9) {
        let mut visits = Counters::default();
        let value = pos.solve_small(-INF, INF, &mut Default::default(), &mut visits, None);
        assert_eq!(value, run(&pos, END, "negamax").score, "{pos}");
        assert!(visits.leaf >= 1);
    }
    let mut pos = random_endgames(1, 9)[0];
    while pos.empties() > 1 && !pos.is_over() {
        pos = pos.play(pos.generate_moves()[0]);
    }
    if pos.empties() == 1 {
        let mut visits = Counters::default();
        pos.solve_small(-INF, INF, &mut Default::default(), &mut visits, None);
        assert_eq!(
            visits,
            Counters {
                leaf: 1,
                ..Counters::default()
            }
        );
    }
}

#[test]
fn the_specialised_last_empties_fail_soft_with_bounds_on_the_right_side() {
    // Null windows at, above and below the true value: a fail high returns a lower bound
    // (between beta and the value), a fail low an upper bound (between the value and alpha).
    // 9 empties: the sorted nodes (6+ empties, with their stability cut-off, which the high
    // fixed windows reach, and their table) and the parity-ordered ones below. One table
    // throughout, as a search keeps it: every window finds the bounds the earlier ones
    // stored, for this position and the others before it.
    let mut table = Default::default();
    for pos in random_endgames(200, 9) {
        let truth = run(&pos, END, "negamax").score;
        let near = [
            truth - 20,
            truth - 2,
            truth,
            truth + 1,
            truth + 3,
            truth + 21,
        ];
        // Windows at the extreme margins and beyond them too (an MTD(f) guess of a coarse
        // evaluation: the table must not store a bound from a window holding no margin).
        let extremes = [
            10_064, 10_065, 10_066, 20_000, -10_063, -10_064, -10_065, -20_000,
        ];
        for beta in near
            .into_iter()
            .chain([-40, -10, 10, 30, 50])
            .chain(extremes)
        {
            let mut visits = Counters::default();
            let value = pos.solve_small(beta - 1, beta, &mut table, &mut visits, None);
            if beta <= truth {
                assert!(
                    beta <= value && value <= truth,
                    "{beta}: {value} {truth} {pos}"
                );
            } else {
                assert!(
                    truth <= value && value < beta,
                    "{beta}: {value} {truth} {pos}"
                );
            }
        }
    }
}

#[test]
fn the_specialised_solver_agrees_with_the_main_search_up_to_its_most_empties() {
    // 11 to 14 empties (its table at every depth from 6): the exact value by MTD(f) with
    // the main table and no specialised code, then null windows around it, one table
    // throughout (whose cut-offs must have happened).
    let (mut table, mut visits) = (Default::default(), Counters::default());
    for pos in random_endgames(24, 14) {
        let truth = run(&pos, END, "mtdf+tt:16+mobility").score;
        let value = pos.solve_small(-INF, INF, &mut table, &mut visits, None);
        assert_eq!(value, truth, "{pos}");
        for beta in [truth - 3, truth, truth + 1, truth + 5] {
            let value = pos.solve_small(beta - 1, beta, &mut table, &mut visits, None);
            assert_eq!(
                value >= beta,
                truth >= beta,
                "{beta}: {value} {truth} {pos}"
            );
        }
    }
    assert!(
        visits.tt_cut > 0 && visits.tt_hit > visits.tt_cut,
        "{visits:?}"
    );
}

#[test]
fn ffo_problems_solve_to_the_published_scores() {
    // FFO 1..19 (14 to 16 empties) and 20..24 (6 to 19) with the default endgame variant:
    // its selective passes (ProbCut at 12+ empties) and evaluation ordering (14+) at work.
    // Each principal variation, played out, ends the game with the published score (the
    // table's line, rebuilt by the small solver: FFO 1's table line alone ended 26 up,
    // against 18).
    let names: Vec<String> = (1..25).map(|n| format!("end{n:02}.pos")).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/reversi/ffo");
    let mut config = config(crate::search::endgame::reversi::SOLVER);
    config.eval = Eval::Pattern;
    for name in names {
        let case = &load(&[root.join(&name).display().to_string()], None).unwrap()[0];
        let expected = case.expected.as_ref().unwrap();
        let report = search_position(&case.position, END, &config).unwrap();
        assert_eq!(report.game_result, expected.score(), "{name}");
        let best = report.best_move.unwrap();
        assert!(
            expected.best_moves().contains(&best.as_str()),
            "{name}: {best}"
        );
        assert!(report.counters.nodes() > 0);
        let AnyPosition::Reversi(pos) = case.position else {
            unreachable!()
        };
        assert_eq!(
            played_out_margin(&pos, &report.pv),
            Some(report.game_result.unwrap()),
            "{name}: {:?}",
            report.pv
        );
    }
}

/// The final margin for `pos`'s side to move after `line`, when its moves are legal and
/// end the game.
fn played_out_margin(pos: &Reversi, line: &[String]) -> Option<i32> {
    let mut at = *pos;
    for text in line {
        at = at.play(at.parse_legal_move(text).ok()?);
    }
    let sign = if line.len().is_multiple_of(2) { 1 } else { -1 };
    at.is_over().then(|| sign * at.final_margin())
}

#[test]
fn solving_options_that_do_not_fit_are_refused() {
    let reversi = Reversi::start();
    let err = |pos: &dyn Fn() -> Result<(), SearchError>| pos().unwrap_err().to_string();
    assert!(
        err(&|| search(&reversi, 4, &config("pvs+tt+last:4")).map(|_| ()))
            .contains("+last works only when solving to the end")
    );
    assert!(
        err(&|| search(&Ataxx::start(), END, &config("pvs+tt+stab")).map(|_| ()))
            .contains("+stab needs stable pieces, which ataxx lacks")
    );
    assert!(
        err(&|| search(&Ataxx::start(), END, &config("alphabeta+last:2")).map(|_| ()))
            .contains("+last needs a specialised endgame solver")
    );
    assert!(err(&|| search(&reversi, END, &config("token")).map(|_| ()))
        .contains("does not search to the end"));
}

/// A 2-empty Ataxx endgame whose jump sequences run to the halfmove limit: MTD(f) did not
/// finish it (its fail-low passes stored the first of their failed moves as the table move,
/// and the fail-high pass followed those jumps up to 100 plies deep). Every driver solves it
/// in the same few tens of thousands of nodes (pvs+tt: 21,510). The time limit only keeps a
/// regression from hanging the suite.
#[test]
fn mtdf_solves_an_ataxx_endgame_that_jumps_to_the_halfmove_limit() {
    let pos = positions("ataxx/end", &["end-start-179-s38.pos"])[0];
    let AnyPosition::Ataxx(pos) = pos else {
        unreachable!()
    };
    for spec in [
        "pvs+tt:64",
        "mtdf+tt:64",
        "mtdf+tt",
        "mtdf+tt+id",
        "bisect+tt",
    ] {
        let config = SearchConfig {
            time_limit: Some(std::time::Duration::from_secs(120)),
            ..config_for::<Ataxx>(spec.parse().unwrap())
        };
        let outcome = search(&pos, END, &config).unwrap();
        assert_eq!(game_result::<Ataxx>(outcome.score), Some(-3), "{spec}");
        let nodes = outcome.counters.main_tree();
        assert!(nodes < 50_000, "{spec}: {nodes} nodes");
    }
}

#[test]
fn ataxx_solves_to_the_negamax_value_with_the_clock_in_the_key() {
    // Near the halfmove limit, jump sequences end by the clock: the same board with another
    // clock has another value, so tables must tell them apart.
    let boards = [
        "xxxxxxx/xxxxxxx/ooooooo/ooo1ooo/xxxxxxx/xxxxxxx/xxxxxoo x 99 80",
        "xxxxxxx/xxxxxxx/ooooooo/ooo1ooo/xxxxxxx/xxxxxxx/xxxxxoo x 97 80",
        "ooooooo/xxxxxxx/ooooooo/oooo1oo/xxxxxxx/xxxxxxx/xxxxxoo o 96 80",
    ];
    for fen in boards {
        let pos = Ataxx::from_fen(fen).unwrap();
        let truth = run(&pos, END, "negamax").score;
        for spec in [
            "alphabeta",
            "pvs+tt",
            "mtdf+tt+mobility+etc",
            "alphabeta+tt+ttexact",
        ] {
            assert_eq!(run(&pos, END, spec).score, truth, "{spec} on {fen}");
        }
    }
}

#[test]
fn trying_the_table_move_before_ordering_the_rest_keeps_the_full_order() {
    // `open` defers ordering behind a table move; `order_rest` must then give the moves after
    // it the order `order` gives them, or deferring would change the counts.
    let variant: Variant = "alphabeta+tt+mobility+parity+history+killer:4"
        .parse()
        .unwrap();
    let mut searcher = Searcher::<Reversi, true>::new(&variant, Eval::Mobility, None).unwrap();
    let mut compared = 0;
    for pos in ffo() {
        // History and killers from a real search, so every ordering step has data.
        searcher.search_root(&pos, 5);
        for ply in 0..3 {
            let moves = pos.generate_moves();
            for &first in moves.iter() {
                let mut full = moves.clone();
                searcher.order(&pos, &mut full, ply, Some(first), 5);
                let mut deferred = moves.clone();
                let j = deferred.iter().position(|&m| m == first).unwrap();
                deferred[..=j].rotate_right(1);
                searcher.order_rest(&pos, &mut deferred, ply, 5);
                assert_eq!(full[..], deferred[..], "{pos} ply {ply} first {first}");
                compared += 1;
            }
        }
    }
    assert!(compared > 100);
}

#[test]
fn repeats_agree_and_a_run_that_counts_differently_is_an_error() {
    use crate::measure::{measure, same_result, Repeat};
    use crate::position::AnyPosition;
    let pos = AnyPosition::Reversi(ffo()[1]);
    let report = measure(
        &pos,
        4,
        &config("pvs+tt+id"),
        Repeat {
            runs: 4,
            warmup: 2,
            adaptive: false,
        },
    )
    .unwrap();
    assert_eq!(report.runs, 4);
    assert!(report.time_min_ns <= report.time_ns && report.time_ns <= report.time_max_ns);
    // Four runs within [min, max]: no spread can exceed the range.
    assert!(report.time_sd_ns <= report.time_max_ns - report.time_min_ns);
    let once = measure(&pos, 4, &config("pvs+tt+id"), Repeat::default()).unwrap();
    assert_eq!(
        (once.counters, once.score, &once.pv),
        (report.counters, report.score, &report.pv)
    );
    // The check measure applies between runs.
    let mut other = once.clone();
    assert!(same_result(&once, &other, 2).is_ok());
    other.time_ns += 1_000_000;
    assert!(same_result(&once, &other, 2).is_ok(), "times may differ");
    other.counters.tt_hit += 1;
    let err = same_result(&once, &other, 3).unwrap_err().to_string();
    assert!(
        err.starts_with("not deterministic: run 3 of the same search counted differently (tt_hit"),
        "{err}"
    );
}

/// The exact search with `+evalsort` leaves the moves of depth-limited entries (`+id`'s
/// iterations, ProbCut's shallow searches) to its ordering searches and keeps those of entries
/// searched to the end, a selective pass's included: the entries' depths tell them apart at
/// every depth a search stores, on a position of few empties and of many.
#[test]
fn entries_searched_to_the_end_are_told_from_depth_limited_ones() {
    type S = Searcher<Reversi, false>;
    let cases = ffo();
    for pos in [&cases[0], &cases[9]] {
        for depth in [0, 1, pos.empties() / 2, MAX_DEPTH] {
            let stored = S::table_depth(pos, depth, false);
            assert!(!S::searched_to_the_end(stored), "depth {depth}");
        }
        for selective in [false, true] {
            let stored = S::table_depth(pos, END, selective);
            assert!(S::searched_to_the_end(stored), "selective {selective}");
        }
    }
}

#[test]
fn mtdf_from_a_coarse_evaluations_guesses_solves_to_the_negamax_value() {
    // The mobility evaluation's guesses lie beyond every margin, so MTD(f)'s first windows
    // do too: the specialised solver (and its table) must answer them with bounds.
    let mut solver = config("mtdf+tt:8+mobility+id+etc+parity+stab+last:7");
    solver.eval = Eval::Mobility;
    for pos in random_endgames(200, 10) {
        let truth = run(&pos, END, "negamax").score;
        assert_eq!(search(&pos, END, &solver).unwrap().score, truth, "{pos}");
    }
}
