//! Repeats, suites' means and the shards' signature gate.

use super::*;

#[test]
fn repeated_cases_record_the_median_and_the_spread_with_the_same_counts() {
    let dir = scratch("repeat");
    let mut s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end41.pos"],
        &["negaalpha", "transposition"],
        3..=4,
    );
    let single = {
        run(&s).unwrap();
        read_runs(&dir.join(RUNS_FILE)).unwrap()
    };
    s.repeat = Repeat {
        runs: 5,
        warmup: 1,
        adaptive: false,
    };
    let summary = run(&s).unwrap();
    assert_eq!(summary.ok, 4);
    let rows = read_runs(&dir.join(RUNS_FILE)).unwrap();
    for (a, b) in single.iter().zip(&rows) {
        assert_eq!(
            (a.leaf, a.interior, a.tt_hit, a.score),
            (b.leaf, b.interior, b.tt_hit, b.score)
        );
        assert_eq!((a.runs, b.runs), (Some(1), Some(5)));
        let (lo, mid, hi) = (
            b.time_min_ns.unwrap(),
            b.time_ns.unwrap(),
            b.time_max_ns.unwrap(),
        );
        assert!(lo <= mid && mid <= hi, "{lo} {mid} {hi}");
        // One run has no spread (NA); five have one, within their range.
        assert_eq!(a.time_sd_ns, None);
        assert!(b.time_sd_ns.unwrap() <= hi - lo);
    }
    // The summary's σ of a variant and depth: the positions' variances added (one here).
    crate::report::run(&dir, &crate::report::ReportOptions::default()).unwrap();
    let summary_md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary_md.contains("| σ (ms) | time range (ms) |"),
        "{summary_md}"
    );
    let row = &rows[0];
    let line = summary_md
        .lines()
        .find(|l| l.starts_with(&format!("| {} | {} |", row.name, row.depth)))
        .unwrap();
    let sd = format!(" {:.2} |", row.time_sd_ns.unwrap() as f64 / 1e6);
    assert!(line.contains(&sd), "{line} lacks{sd}");
}

/// A sweep over two suites solved to the end: the tutorial's tables by suite are the means
/// of runs.csv's rows, and the tutorial's steps are the rows.
#[test]
fn suite_means_are_the_means_of_the_rows() {
    let dir = scratch("suites");
    let mut s = settings(
        dir.to_path_buf(),
        &["connect4/end-easy.txt", "connect4/middle-easy.txt"],
        &[],
        1..=1,
    );
    s.variants = crate::search::Variant::pons2017_steps()[2..4].to_vec();
    s.depths = Some(vec![crate::search::END]);
    s.eval = Eval::Threats;
    let summary = run(&s).unwrap();
    assert_eq!(summary.ok, 2 * 200);
    report::run(&dir, &ReportOptions::default()).unwrap();
    let records = read_runs(&dir.join(RUNS_FILE)).unwrap();
    for suite in ["end-easy", "middle-easy"] {
        for row in ["column_order", "transposition_table"] {
            let nodes: Vec<u64> = records
                .iter()
                .filter(|r| r.suite == suite && r.label == row)
                .map(|r| r.nodes.unwrap())
                .collect();
            assert_eq!(nodes.len(), 100);
            let mean = nodes.iter().sum::<u64>() as f64 / nodes.len() as f64;
            let cell: f64 = cell(&dir.join("xtabs/nodes_by_suite.csv"), row, suite)
                .parse()
                .unwrap();
            assert!(
                (cell - mean).abs() < 1e-6,
                "{row} {suite}: {cell} against {mean}"
            );
        }
    }
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary.contains("| mean nodes | end-easy | middle-easy |"),
        "{summary}"
    );
}

#[test]
fn the_signature_gate_refuses_a_build_that_counts_differently() {
    use crate::measure::bench;
    use crate::store::{Shard, ShardSpec};
    let dir = tempfile::tempdir().unwrap();
    let expected = bench::run(None).unwrap().nodes;
    // The bench counts the same every time.
    assert_eq!(bench::run(None).unwrap().nodes, expected);
    let mut s = settings(
        dir.path().join("ok"),
        &["reversi/ffo/end40.pos"],
        &["negaalpha"],
        2..=2,
    );
    s.shard = Some(ShardSpec::Fixed(Shard { index: 1, count: 1 }));
    s.signature = Some(expected);
    run(&s).unwrap();
    // A build whose move order differs (the bench's orders shuffled) counts otherwise.
    let changed = SweepSettings {
        out_dir: dir.path().join("changed"),
        bench_shuffle: Some(3),
        ..s.clone()
    };
    let err = run(&changed).unwrap_err().to_string();
    assert!(err.contains(&format!("expects {expected}")), "{err}");
    assert!(
        !dir.path().join("changed").exists(),
        "refused before writing"
    );
}
