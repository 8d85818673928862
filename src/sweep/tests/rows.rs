//! What a sweep's rows record: counts against perft, resumes, parallel runs, time limits and
//! failures.

use super::*;

#[test]
fn report_cells_match_the_runs_and_perft() {
    let dir = scratch("cells");
    let s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos", "reversi/ffo/end43.pos"],
        &["negamax", "negaalpha", "killer", "pvs+tt+id"],
        2..=4,
    );
    let summary = run(&s).unwrap();
    assert_eq!((summary.planned, summary.ok, summary.skipped), (24, 24, 0));
    let records = read_runs(&dir.join(RUNS_FILE)).unwrap();
    assert_eq!(records.len(), 24);
    let output = report::run(&dir, &ReportOptions::default()).unwrap();
    // The enhancements' counters these variants never count have no tables.
    let uncounted = [
        "qnode", "drawn", "null_try", "null_cut", "reduced", "futile", "tokens",
    ];
    assert_eq!(
        output.files.len(),
        4 * (crate::counters::COUNTERS.len() - uncounted.len() + 3) + 10 + 2,
        "per metric (nodes, each counter counted, first_cut_rate, time_ms) 2 tables as CSV and text, 5 charts as SVG and PNG, summary.md, report.html"
    );
    for name in uncounted {
        assert!(!dir.join(format!("xtabs/{name}.csv")).exists(), "{name}");
    }
    assert!(dir.join("xtabs/fail_high.csv").exists());

    leaves_are_perft(&dir, &s);
    // The published counts of the classic tables for negamax (they agree with perft).
    assert_eq!(
        cell(&dir.join("xtabs/leaf.csv"), "negamax3", "end43.pos"),
        "578"
    );
    assert_eq!(
        cell(&dir.join("xtabs/interior.csv"), "negamax4", "end40.pos"),
        "346"
    );
    // Every cell is its row of runs.csv.
    for r in &records {
        let variant: crate::search::Variant = r.variant.parse().unwrap();
        let label = variant.row_label(&r.depth);
        assert_eq!(
            cell(&dir.join("xtabs/nodes.csv"), &label, &r.position),
            r.nodes.unwrap().to_string()
        );
        assert_eq!(
            cell(&dir.join("xtabs/tt_hit.csv"), &label, &r.position),
            r.tt_hit.unwrap().to_string()
        );
    }
    // Totals by depth are sums over the positions.
    let total: u64 = records
        .iter()
        .filter(|r| r.name == "negaalpha" && r.depth == "3")
        .map(|r| r.leaf.unwrap())
        .sum();
    assert_eq!(
        cell(&dir.join("xtabs/leaf_by_depth.csv"), "negaalpha", "3"),
        total.to_string()
    );
    let text = fs::read_to_string(dir.join("xtabs/leaf.txt")).unwrap();
    // Laid out exactly as the R print of the classic tables.
    let r_print = "            test\nname         end40.pos end43.pos\n  negamax2          30        84\n  negamax3         305       578\n";
    assert!(text.starts_with(r_print), "{text}");
    summary_shares_are_the_records(&dir, &records);
    charts_show_every_search(&dir, &output);
    let meta: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["settings"]["depths"], serde_json::json!([2, 3, 4]));
}

/// Each negamax leaf count of the report is perft's.
fn leaves_are_perft(dir: &Path, s: &SweepSettings) {
    let cases = crate::position::load(&s.positions, None).unwrap();
    for case in &cases {
        let crate::position::AnyPosition::Reversi(pos) = case.position else {
            panic!()
        };
        for depth in 2..=4 {
            let leaves = perft(&pos, depth).to_string();
            assert_eq!(
                cell(
                    &dir.join("xtabs/leaf.csv"),
                    &format!("negamax{depth}"),
                    &case.name
                ),
                leaves
            );
        }
    }
}

/// The summary's totals and geometric means are those of the records.
fn summary_shares_are_the_records(dir: &Path, records: &[Record]) {
    let summary_md = fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary_md.contains("| negamax | 4 | 2 | 8,622 |"),
        "{summary_md}"
    );
    // The geometric mean of negaalpha's per-position shares of negamax's nodes at depth 4.
    let nodes = |name: &str, position: &str| {
        records
            .iter()
            .find(|r| r.name == name && r.depth == "4" && r.position == position)
            .and_then(|r| r.nodes)
            .unwrap() as f64
    };
    let shares: Vec<f64> = ["end40.pos", "end43.pos"]
        .iter()
        .map(|p| nodes("negaalpha", p) / nodes("negamax", p))
        .collect();
    let geomean = format!("{:.2}%", 100.0 * (shares[0] * shares[1]).sqrt());
    let row = summary_md
        .lines()
        .find(|l| l.starts_with("| negaalpha | 4 |"))
        .unwrap();
    assert_eq!(row.split(" | ").nth(7), Some(geomean.as_str()), "{row}");
}

/// The charts are drawn, one marker a finished search in the per-search chart.
fn charts_show_every_search(dir: &Path, output: &crate::report::ReportOutput) {
    for plot in [
        "nodes_by_depth",
        "nodes_by_depth_per_position",
        "leaves_vs_baseline",
        "time_vs_nodes",
    ] {
        for ext in ["svg", "png"] {
            let f = dir.join(format!("plots/{plot}.{ext}"));
            assert!(fs::metadata(&f).unwrap().len() > 1000, "{}", f.display());
        }
    }
    // Per-search charts show every finished search (one circle each, plus one per legend entry).
    let files = crate::report::charts::metric_vs_nodes(
        &output.tables,
        crate::report::Metric::counter("leaf").unwrap(),
        dir,
        "leaf_vs_nodes",
    )
    .unwrap();
    let svg = fs::read_to_string(&files[0]).unwrap();
    // A marker a variant (circle, triangle, square or cross, by its name); six searches
    // each, and one in the legend.
    let mut expected = [0, 0, 3]; // 3 rects: background, plot area, legend box
    for style in crate::report::chart_kit::styles(&output.tables.names) {
        if let Some(n) = expected.get_mut(style.shape()) {
            *n += 7;
        }
    }
    assert!(
        expected.iter().sum::<usize>() >= 3 + 7 * 2,
        "{expected:?}: most not crosses"
    );
    let shapes = ["<circle", "<polygon", "<rect"].map(|tag| svg.matches(tag).count());
    assert_eq!(shapes, expected, "killer rows (killer2_32) included");
}

#[test]
fn an_interrupted_sweep_resumes_without_repeating_a_case() {
    let dir = scratch("resume");
    let mut s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end41.pos", "ataxx/late-start-160-s13.pos"],
        &["negaalpha", "killer"],
        2..=4,
    );
    run(&s).unwrap();
    let mut full = read_runs(&dir.join(RUNS_FILE)).unwrap();
    // Rows go out by case and depth (a case's variants timed in turns), not in plan order.
    full.sort_by_key(|r| r.seq);
    // As if killed while writing the sixth row.
    let text = fs::read_to_string(dir.join(RUNS_FILE)).unwrap();
    let kept: Vec<&str> = text.lines().take(1 + 5).collect();
    let half_row = &text.lines().nth(6).unwrap()[..20];
    fs::write(dir.join(RUNS_FILE), kept.join("\n") + "\n" + half_row).unwrap();
    s.resume = true;
    let summary = run(&s).unwrap();
    assert_eq!((summary.planned, summary.skipped, summary.ok), (12, 5, 7));
    let mut resumed = read_runs(&dir.join(RUNS_FILE)).unwrap();
    assert_eq!(resumed.len(), 12);
    let mut keys: Vec<CaseKey> = resumed.iter().map(Record::key).collect();
    keys.dedup();
    assert_eq!(keys.len(), 12, "no case twice");
    resumed.sort_by_key(|r| r.seq);
    for (a, b) in full.iter().zip(&resumed) {
        assert_eq!(
            (a.seq, &a.position, a.leaf, a.interior, a.score),
            (b.seq, &b.position, b.leaf, b.interior, b.score)
        );
    }
    // Resuming a complete sweep runs nothing.
    assert_eq!(run(&s).unwrap().skipped, 12);
}

#[test]
fn parallel_sweeps_count_the_same() {
    let (one, two) = (scratch("jobs1"), scratch("jobs2"));
    let cases = [
        "reversi/ffo/end42.pos",
        "reversi/ffo/end44.pos",
        "ataxx/start.pos",
    ];
    let variants = ["negaalpha", "transposition_k", "mtdf+tt+id"];
    run(&settings(one.to_path_buf(), &cases, &variants, 2..=4)).unwrap();
    let mut parallel = settings(two.to_path_buf(), &cases, &variants, 2..=4);
    parallel.jobs = 2;
    run(&parallel).unwrap();
    let mut a = read_runs(&one.join(RUNS_FILE)).unwrap();
    let mut b = read_runs(&two.join(RUNS_FILE)).unwrap();
    a.sort_by_key(|r| r.seq);
    b.sort_by_key(|r| r.seq);
    assert_eq!(a.len(), 27);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            (x.key(), x.nodes, x.tt_hit, x.score),
            (y.key(), y.nodes, y.tt_hit, y.score)
        );
        assert_eq!((x.jobs, y.jobs), (1, 2));
    }
}

#[test]
fn a_case_past_the_time_limit_is_recorded_as_timed_out() {
    // A clock for which every deadline has passed: the search stops at its first look at the
    // clock (after `DEADLINE_CHECK` nodes) however fast the machine is. negamax 4 on end41
    // visits 14,000 nodes and is stopped; negaalpha 4 fewer than 4,096 and finishes.
    fn far_ahead() -> std::time::Instant {
        std::time::Instant::now() + Duration::from_secs(1 << 20)
    }
    let dir = scratch("timeout");
    let mut s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end41.pos"],
        &["negamax", "negaalpha"],
        4..=4,
    );
    s.time_limit = Some(Duration::from_secs(3600));
    s.clock = Clock(far_ahead);
    let summary = run(&s).unwrap();
    assert_eq!((summary.timed_out, summary.ok), (1, 1));
    let rows = read_runs(&dir.join(RUNS_FILE)).unwrap();
    let negamax = rows.iter().find(|r| r.name == "negamax").unwrap();
    assert_eq!(negamax.status, Status::Timeout);
    assert_eq!((negamax.leaf, negamax.score), (None, None));
    let text = fs::read_to_string(dir.join(RUNS_FILE)).unwrap();
    assert!(
        text.lines().nth(1).unwrap().contains(",timeout,,,,"),
        "NA cells are empty"
    );
    // The report shows NA where the search did not finish.
    report::run(&dir, &ReportOptions::default()).unwrap();
    assert_eq!(
        cell(&dir.join("xtabs/leaf.csv"), "negaalpha4", "end41.pos"),
        rows[1].leaf.unwrap().to_string()
    );
}

#[test]
fn failed_cases_are_recorded_and_the_sweep_goes_on() {
    let dir = scratch("failed");
    let s = settings(
        dir.to_path_buf(),
        &["ataxx/start.pos", "reversi/ffo/end40.pos"],
        &["alphabeta+parity"],
        2..=2,
    );
    let summary = run(&s).unwrap();
    assert_eq!((summary.failed, summary.ok), (1, 1));
    let rows = read_runs(&dir.join(RUNS_FILE)).unwrap();
    assert!(
        rows[0].status.to_string().starts_with(
            "error: alphabeta+parity: +parity needs regions of empties, which ataxx lacks"
        ),
        "{}",
        rows[0].status
    );
}
