//! Where a solve's nodes go (`search::trail`): every node accounted for once, the untraced
//! solve's count, and the passes to the end bracketing the suite's proven score.

use super::exact::random_endgames;
use super::*;
use crate::search::trail::{Stage, Verdict};

/// FFO 40 (its case, with the proven score) and the default solver on one thread with the
/// pattern evaluation, as `solve --where` runs it.
fn ffo40_and_the_solver() -> (crate::position::Case, Reversi, SearchConfig) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/reversi/ffo");
    let case = load(&[root.join("end40.pos").display().to_string()], None)
        .unwrap()
        .remove(0);
    let AnyPosition::Reversi(pos) = case.position else {
        panic!("FFO 40 is Reversi")
    };
    let mut solver = config(crate::search::endgame::reversi::SOLVER);
    solver.eval = Eval::Pattern;
    solver.threads = 1;
    (case, pos, solver)
}

#[test]
fn the_trail_accounts_for_every_node_of_the_solve_and_brackets_the_proven_score() {
    // FFO 40 (20 empties): the default solver's iterations, its three selective passes
    // (ProbCut at 12+ empties) with ordering searches (14+), and MTD(f) to the end.
    let (case, pos, config) = ffo40_and_the_solver();
    let trail = trail_of(&pos, &config).unwrap();
    // The trail changes nothing: the untraced solve counts the same nodes.
    let untraced = search(&pos, END, &config).unwrap();
    assert_eq!(trail.nodes, untraced.counters.nodes());
    // Every node is in one stage, and in one count by empties.
    let stages: u64 = trail.stages.iter().map(|s| s.nodes).sum();
    assert_eq!(stages, trail.nodes);
    let by_empties: u64 =
        trail.by_empties.iter().sum::<u64>() + trail.solver_by_empties.iter().sum::<u64>();
    assert_eq!(by_empties, trail.nodes);
    // The solver takes 11 empties and fewer (+last:11); the main search reaches below 12
    // only in its depth-limited searches (ProbCut's shallow searches at 12 empties reach
    // 8); none above 20.
    assert!(trail.by_empties[..8].iter().all(|&n| n == 0));
    assert!(trail.solver_by_empties[12..].iter().all(|&n| n == 0));
    // The solver's nodes are counted at their own empties, down to the last square.
    assert!(trail.solver_by_empties[1..=11].iter().all(|&n| n > 0));
    assert!(trail.by_empties[21..].iter().all(|&n| n == 0));
    assert_eq!(
        trail.by_empties[20],
        trail
            .stages
            .iter()
            .map(|s| s.passes.len() as u64)
            .sum::<u64>()
    );
    // Stages in order: iterations 1..10 (half the empties), margins 2, 6, 12, the end.
    let kinds: Vec<Stage> = trail.stages.iter().map(|s| s.stage).collect();
    let mut expected: Vec<Stage> = (1..=10).map(Stage::Iteration).collect();
    expected.extend([2, 6, 12].map(Stage::Selective));
    expected.push(Stage::Exact);
    assert_eq!(kinds, expected);
    for s in &trail.stages {
        assert!(s.ordering + s.probcut <= s.nodes, "{:?}", s.stage);
        // A stage's nodes are its root passes' (no work between them).
        assert_eq!(
            s.passes.iter().map(|p| p.nodes).sum::<u64>(),
            s.nodes,
            "{:?}",
            s.stage
        );
        match s.stage {
            Stage::Selective(_) => assert!(
                s.probcut > 0
                    && s.ordering > 0
                    && 0 < s.probcut_cuts
                    && s.probcut_cuts < s.probcut_tries
            ),
            Stage::Exact | Stage::Iteration(_) => assert_eq!(
                (s.probcut, s.probcut_tries, s.ordering > 0),
                (0, 0, s.stage == Stage::Exact)
            ),
        }
    }
    // MTD(f)'s null windows close on the published score: the last pass that failed high
    // proved at least +38, a pass at 38..39 failed low.
    let score = case.expected.as_ref().unwrap().score().unwrap();
    assert_eq!(score, 38);
    let exact = trail.stages.last().unwrap();
    let proved_at_least = exact
        .passes
        .iter()
        .filter(|p| p.result() == "fail high")
        .map(|p| p.value)
        .max();
    let proved_at_most = exact
        .passes
        .iter()
        .filter(|p| p.result() == "fail low")
        .map(|p| p.value)
        .min();
    assert_eq!(
        (proved_at_least, proved_at_most),
        (Some(score), Some(score))
    );
    assert!(exact
        .passes
        .iter()
        .all(|p| p.alpha.is_some() && p.beta == p.alpha.map(|a| a + 1)));
}

#[test]
fn probcut_cut_offs_the_exact_search_checked_are_judged_as_an_exact_solve_of_their_node() {
    // FFO 40's selective passes cut a few hundred nodes; the exact search's table decides
    // some of them. Each verdict must agree with a solve of the cut node from scratch.
    let (_, pos, solver) = ffo40_and_the_solver();
    let (trail, claims) = crate::search::run::trail_and_claims(&pos, &solver).unwrap();
    // The stages count every cut once, and their checked and wrong ones are the verdicts'.
    let cuts: u64 = trail.stages.iter().map(|s| s.probcut_cuts).sum();
    assert_eq!(cuts, claims.len() as u64);
    for (i, stage) in trail.stages.iter().enumerate() {
        let mine = claims.iter().filter(|(_, c, _)| c.stage == i);
        let (mut checked, mut wrong) = (0, 0);
        for (_, _, verdict) in mine {
            checked += (*verdict != Verdict::Unchecked) as u64;
            wrong += (*verdict == Verdict::Wrong) as u64;
        }
        assert_eq!(
            (stage.probcut_checked, stage.probcut_wrong),
            (checked, wrong)
        );
    }
    let checked: Vec<_> = claims
        .iter()
        .filter(|(_, _, v)| *v != Verdict::Unchecked)
        .collect();
    // Both verdicts occur (FFO 40's narrowest passes make a wrong cut or two).
    assert!(checked.len() >= 10, "{} checked", checked.len());
    assert!(checked.iter().any(|(_, _, v)| *v == Verdict::Wrong));
    assert!(checked.iter().any(|(_, _, v)| *v == Verdict::Right));
    let exact = config("mtdf+tt:16+mobility+parity+stab+last:7");
    for (node, claim, verdict) in checked {
        let truth = search(node, END, &exact).unwrap().score;
        let holds = match claim.high {
            true => truth >= claim.bound,
            false => truth <= claim.bound,
        };
        let expected = if holds {
            Verdict::Right
        } else {
            Verdict::Wrong
        };
        assert_eq!(*verdict, expected, "{claim:?}: exact value {truth}\n{node}");
    }
}

#[test]
fn the_solver_counts_its_nodes_by_their_empties_as_the_untraced_solver_counts_them() {
    // 200 seeded endgames of 6 to 14 empties, one table each way: the traced solver finds
    // the untraced one's values and counts, and puts each node at its own empties: the root
    // once (twice when its side must pass), none above it, every one of them somewhere.
    use crate::game::reversi::move_squares;
    use crate::search::endgame::Endgame;
    let (mut traced_table, mut table) = (Default::default(), Default::default());
    for pos in random_endgames(200, 14)
        .into_iter()
        .filter(|p| p.empties() >= 6)
    {
        let (mut traced, mut untraced) = (Counters::default(), Counters::default());
        let mut by_empties = [0u64; 65];
        for beta in [-INF + 1, -8, 0, 1, 9, INF] {
            let (alpha, e) = (
                if beta == INF { -INF } else { beta - 1 },
                pos.empties() as usize,
            );
            let before = by_empties[e];
            let value = pos.solve_small(
                alpha,
                beta,
                &mut traced_table,
                &mut traced,
                Some(&mut by_empties),
            );
            let (p, o) = pos.player_opponent();
            let root = 1 + (move_squares(p, o) == 0) as u64;
            assert_eq!(by_empties[e] - before, root, "{pos}");
            assert_eq!(
                value,
                pos.solve_small(alpha, beta, &mut table, &mut untraced, None)
            );
        }
        assert_eq!(traced, untraced, "{pos}");
        assert_eq!(by_empties.iter().sum::<u64>(), traced.nodes(), "{pos}");
        assert!(by_empties[pos.empties() as usize + 1..]
            .iter()
            .all(|&n| n == 0));
    }
}
