//! Parallel search against one thread and the suites' proven scores: any number of threads,
//! more than the cores included, finds the same values; the counts of every thread add up.

use super::depth_limited::brute_force_minimax;
use super::exact::random_endgames;
use super::*;
use crate::measure::SearchReport;
use crate::position::Case;

/// The suite's cases (built-in suites by name).
fn suite(spec: &str) -> Vec<Case> {
    load(&[spec.to_string()], None).unwrap()
}

/// Solves `case` with `config` at `threads` threads and checks the suite's score and that
/// the best move is one of its best (where the suite lists them).
fn solves_as_the_suite_says(case: &Case, config: &SearchConfig, threads: u32) -> SearchReport {
    let config = SearchConfig {
        threads,
        ..config.for_game(case.position.kind())
    };
    let report = search_position(&case.position, END, &config).unwrap();
    let expected = case.expected.as_ref().unwrap();
    let name = &case.name;
    assert_eq!(
        report.game_result,
        expected.score(),
        "{name} at {threads} threads"
    );
    if !expected.move_values.is_empty() {
        let best = report.best_move.clone().unwrap();
        assert!(
            expected.best_moves().contains(&best.as_str()),
            "{name} at {threads} threads: {best}"
        );
    }
    report
}

/// The default solver of the case's game, its evaluation the solving one, its helpers
/// starting at once (`helpers_after` 0: the small trees are shared too, not left to the main
/// thread as the command line's searches leave them).
fn default_config(case: &Case) -> SearchConfig {
    let kind = case.position.kind();
    SearchConfig {
        eval: Eval::Pattern,
        helpers_after: 0,
        ..SearchConfig::new(crate::search::variants::default_solver(kind))
    }
}

#[test]
fn ffo_1_to_39_solve_to_their_scores_at_any_thread_count() {
    // One thread is the other exact tests' (FFO 1..24); 3 and 8 threads on 2 cores are
    // more threads than cores. YBWC splits nodes of 12 empties and more: all of these.
    for case in suite("ffo:1..39") {
        for threads in [2, 3, 4, 8] {
            let report = solves_as_the_suite_says(&case, &default_config(&case), threads);
            assert_eq!(report.counters.nodes(), report.nodes_min);
        }
    }
}

#[test]
fn ataxx_and_connect4_end_suites_solve_at_any_thread_count() {
    for spec in ["ataxx:end", "connect4:end-easy"] {
        for case in suite(spec) {
            for threads in [1, 2, 3, 4, 8] {
                solves_as_the_suite_says(&case, &default_config(&case), threads);
            }
        }
    }
}

#[test]
fn random_endgames_solve_to_the_one_thread_value_and_move() {
    // 200 seeded endgames of 12 to 15 empties: the default solver (YBWC), ABDADA and Lazy SMP.
    let solver = crate::search::endgame::reversi::SOLVER;
    let mut shared = 0;
    for (i, pos) in random_endgames(200, 15).into_iter().enumerate() {
        let spec = match i % 4 {
            3 => format!("{solver}+smp"),
            2 => format!("{solver}+abdada"),
            _ => solver.to_string(),
        };
        let mut config = config(&spec);
        config.eval = Eval::Pattern;
        config.helpers_after = 0;
        let truth = search(&pos, END, &config).unwrap().score;
        for threads in [2, 3, 4, 8] {
            config.threads = threads;
            let outcome = search(&pos, END, &config).unwrap();
            shared += (outcome.team.helper_nodes() > 0) as u32;
            assert_eq!(outcome.score, truth, "{spec} at {threads} threads on {pos}");
            let mv = outcome.best_move.expect("a solved position has a move");
            config.threads = 1;
            let child = search(&pos.play(mv), END, &config).unwrap().score;
            assert_eq!(-child, truth, "{spec} at {threads}: {mv} on {pos}");
        }
    }
    // The helpers searched in most of the 800 parallel solves (all but the tiniest trees).
    assert!(shared >= 600, "helpers searched in {shared} of 800 solves");
}

#[test]
fn oversubscribed_repeats_never_give_a_wrong_value() {
    // 20 runs of 4 threads on this machine's cores (2 in CI): no wrong value, no hang, no
    // panic, whatever the interleaving.
    let cases = suite("ffo:20..23");
    for run in 0..20 {
        for case in &cases {
            solves_as_the_suite_says(case, &default_config(case), 4);
        }
        let _ = run;
    }
}

#[test]
fn depth_limited_ybwc_without_a_table_returns_alpha_betas_value() {
    for seed in 0..12 {
        let tree = TreeSpec::parse(&format!("tree:4:7:seed={seed}"))
            .unwrap()
            .root();
        let truth = brute_force_minimax(&tree);
        for spec in ["alphabeta", "pvs", "alphabeta+ybwc+killer:2"] {
            for threads in [2, 3, 4] {
                let config = SearchConfig {
                    threads,
                    ..config(spec)
                };
                let got = search(&tree, 7, &config).unwrap();
                assert_eq!(got.score, truth, "seed {seed} {spec} at {threads} threads");
            }
        }
    }
    for pos in ffo() {
        let truth = run(&pos, 6, "alphabeta").score;
        for threads in [2, 4] {
            let config = SearchConfig {
                threads,
                ..config("alphabeta")
            };
            assert_eq!(search(&pos, 6, &config).unwrap().score, truth, "{pos}");
        }
    }
    for pos in ataxx() {
        let truth = run(&pos, 4, "pvs").score;
        let config = SearchConfig {
            threads: 3,
            ..config("pvs")
        };
        assert_eq!(search(&pos, 4, &config).unwrap().score, truth, "{pos}");
    }
}

#[test]
fn every_threads_counts_add_up_to_the_row() {
    let pos = ffo()[0];
    for spec in [
        "mtdf+tt:16+mobility+stab+last:7",
        "pvs+tt:16+mobility+last:7+smp",
    ] {
        let config = SearchConfig {
            threads: 3,
            ..config(spec)
        };
        let outcome = search(&pos, END, &config).unwrap();
        let team = &outcome.team;
        assert_eq!(team.threads, 3);
        assert_eq!(team.nodes.len(), 3);
        assert_eq!(
            team.nodes.iter().sum::<u64>(),
            outcome.counters.nodes(),
            "{spec}"
        );
        assert!(team.helper_nodes() > 0, "{spec}: the helpers searched");
        assert!(team.shares.wasted <= outcome.counters.nodes());
        assert_eq!(
            outcome.counters.iteration, 1,
            "{spec}: the main thread's iterations"
        );
    }
    // One thread: no team, no parallel counts.
    let alone = run(&pos, END, "mtdf+tt:16+mobility+stab+last:7");
    assert_eq!(alone.team.threads, 1);
    assert_eq!(alone.team.shares, Default::default());
    assert_eq!(alone.team.helper_nodes(), 0);
}

#[test]
fn two_ways_of_sharing_work_are_refused_together() {
    let err = "alphabeta+ybwc+smp".parse::<Variant>().unwrap_err();
    assert!(err.to_string().contains("pick one"), "{err}");
    let err = "alphabeta+smp".parse::<Variant>().unwrap_err();
    assert!(err.to_string().contains("+tt"), "{err}");
    let err = "negamax+ybwc".parse::<Variant>().unwrap_err();
    assert!(err.to_string().contains("window"), "{err}");
}

/// A watched solve publishes its nodes as it goes (every `PROGRESS_CHECK` nodes of a thread)
/// and the rest when it ends: the published nodes add up to the row's, on any threads.
#[test]
fn a_watched_solve_publishes_its_progress() {
    use crate::search::progress::{Progress, ProgressSink};
    let case = &crate::position::load(&["ffo:41".to_string()], None).unwrap()[0];
    for threads in [1, 2] {
        let progress = std::sync::Arc::new(Progress::default());
        let config = SearchConfig {
            eval: Eval::Pattern,
            threads,
            progress: ProgressSink(Some(progress.clone())),
            ..SearchConfig::new(crate::search::variants::default_solver(
                crate::game::GameKind::Reversi,
            ))
        };
        let report = crate::measure::search_position(&case.position, END, &config).unwrap();
        assert_eq!(progress.nodes(), report.counters.nodes());
        assert!(progress.passes() >= 1);
    }
}

#[test]
fn helper_threads_evaluate_with_the_weights_put_in_on_the_searching_thread() {
    use crate::game::reversi::pattern::{patterns, with_weights, Weights, PHASES};
    // All-zero weights: every evaluation is 0, so every depth-limited score is 0 (theory);
    // the embedded weights score these positions otherwise. A helper thread reading the
    // embedded weights instead would bring their values into the root's.
    let zero: &'static Weights = Box::leak(Box::new(Weights::from_canonical(&vec![
        0;
        PHASES * patterns().canonical_len
    ])));
    let mut config = config("pvs+tt+id");
    config.eval = Eval::Pattern;
    let mut embedded_nonzero = 0;
    for case in suite("ffo:40..44") {
        let crate::position::AnyPosition::Reversi(pos) = case.position else {
            panic!("ffo is Reversi");
        };
        config.threads = 1;
        embedded_nonzero += (search(&pos, 6, &config).unwrap().score != 0) as u32;
        for (threads, spec) in [(2, "pvs+tt+id"), (3, "pvs+tt+id"), (2, "pvs+tt+id+smp")] {
            let mut config = super::config(spec);
            config.eval = Eval::Pattern;
            config.threads = threads;
            let score = with_weights(zero, || search(&pos, 6, &config).unwrap().score);
            assert_eq!(score, 0, "{} with {spec} on {threads} threads", case.name);
        }
    }
    assert!(embedded_nonzero >= 4, "{embedded_nonzero}");
}

#[test]
fn helpers_start_only_once_the_search_has_lasted_a_while() {
    // Connect 4's quick lines take tens of nodes: on 2 threads the helper never starts
    // (no nodes of its own, nothing split), and the value is the suite's.
    let mut quick = 0;
    let config = |case: &Case| SearchConfig {
        helpers_after: crate::search::parallel::HELPERS_AFTER,
        ..default_config(case)
    };
    for case in suite("connect4:end-easy").iter().take(20) {
        let report = solves_as_the_suite_says(case, &config(case), 2);
        if report.counters.nodes() < u64::from(crate::search::parallel::HELPERS_AFTER) {
            assert_eq!(report.team.helper_nodes(), 0, "{}", case.name);
            assert_eq!(report.team.shares.split, 0, "{}", case.name);
            quick += 1;
        }
    }
    assert!(quick >= 10, "{quick} quick lines");
    // A longer solve starts it: the helper searches (FFO 40, millions of nodes).
    let case = &suite("ffo:40")[0];
    let report = solves_as_the_suite_says(case, &config(case), 2);
    assert!(report.team.helper_nodes() > 0);
}

#[test]
fn abdada_puts_off_the_moves_another_thread_searches() {
    // On one thread ABDADA is the plain search, count for count; on 2 and 3 the threads
    // put off young brothers another one is searching, and the values are the suite's.
    let case = &suite("ffo:40")[0];
    let config = |spec: &str| SearchConfig {
        eval: Eval::Pattern,
        ..SearchConfig::new(spec.parse().unwrap())
    };
    let solver = crate::search::endgame::reversi::SOLVER;
    let alone = solves_as_the_suite_says(case, &config(solver), 1);
    let abdada = config(&format!("{solver}+abdada"));
    let one = solves_as_the_suite_says(case, &abdada, 1);
    assert_eq!(one.counters, alone.counters);
    for threads in [2, 3] {
        let report = solves_as_the_suite_says(case, &abdada, threads);
        let shares = report.team.shares;
        assert!(
            report.team.helper_nodes() > 0,
            "{threads} threads: {shares:?}"
        );
        assert!(
            shares.split > 0 && shares.tried >= shares.split,
            "{threads}: {shares:?}"
        );
    }
}
