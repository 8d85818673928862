//! Sweeps and their reports, end to end on small suites.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::*;
use crate::game::{perft, Eval};
use crate::measure::Repeat;
use crate::report::{self, ReportOptions};
use crate::search::{Clock, END};
use crate::store::{read_runs, CaseKey, Record, Status, COLUMNS, RUNS_FILE};

fn positions(names: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions");
    names
        .iter()
        .map(|n| root.join(n).display().to_string())
        .collect()
}

/// A temporary folder for a test's sweep (removed when the test ends, passed or not); the
/// sweep makes its `out` subfolder.
struct Scratch {
    _temp: tempfile::TempDir,
    out: PathBuf,
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.out
    }
}

fn scratch(test: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("nodeprof-sweep-{test}-"))
        .tempdir()
        .unwrap();
    let out = dir.path().join("out");
    Scratch { _temp: dir, out }
}

fn settings(
    out_dir: PathBuf,
    cases: &[&str],
    variants: &[&str],
    depths: std::ops::RangeInclusive<u32>,
) -> SweepSettings {
    SweepSettings {
        positions: positions(cases),
        game: None,
        variants: variants.iter().map(|v| v.parse().unwrap()).collect(),
        depths: Some(depths.collect()),
        eval: Eval::Material,
        shuffle: None,
        jobs: 1,
        time_limit: None,
        clock: Clock::SYSTEM,
        out_dir,
        resume: false,
        force: false,
        repeat: Repeat::default(),
        quiet: true,
        command_line: vec!["test".into()],
        shard: None,
        signature: None,
        bench_shuffle: None,
    }
}

/// The cell of an xtabs CSV at (row label, column label).
fn cell(path: &Path, row: &str, col: &str) -> String {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let headers = reader.headers().unwrap().clone();
    let j = headers
        .iter()
        .position(|h| h == col)
        .unwrap_or_else(|| panic!("no column {col}"));
    for record in reader.records() {
        let record = record.unwrap();
        if &record[0] == row {
            return record[j].to_string();
        }
    }
    panic!("no row {row} in {}", path.display());
}

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
    assert_eq!(
        output.files.len(),
        4 * (crate::counters::COUNTERS.len() + 3) + 8 + 1,
        "per metric (nodes, each counter, first_cut_rate, time_ms) 2 tables as CSV and text, 4 charts as SVG and PNG, summary.md"
    );

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
        &dir,
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
    let meta: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["settings"]["depths"], serde_json::json!([2, 3, 4]));
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
    let full = read_runs(&dir.join(RUNS_FILE)).unwrap();
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

/// A row as a sweep writes it: negamax on end40 to depth 2, 30 leaves and 11 interior nodes.
fn good_row() -> Record {
    Record {
        game: "reversi".into(),
        suite: "ffo".into(),
        position: "end40.pos".into(),
        empties: 20,
        variant: "negamax".into(),
        name: "negamax".into(),
        label: "negamax2".into(),
        eval: "disc".into(),
        depth: "2".into(),
        score: Some(-8),
        best_move: Some("c1".into()),
        pv: Some("c1 b1".into()),
        expected_score: Some(38),
        expected_best: Some("a2".into()),
        nodes: Some(41),
        leaf: Some(30),
        interior: Some(11),
        time_ns: Some(32220),
        runs: Some(1),
        jobs: 1,
        ..Record::default()
    }
}

/// `record` as a line of runs.csv (no header, no line end).
fn line(record: &Record) -> String {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.serialize(record).unwrap();
    String::from_utf8(w.into_inner().unwrap())
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn bad_input_is_a_clear_error_and_overwrites_nothing() {
    let dir = scratch("bad");
    fs::create_dir_all(&*dir).unwrap();
    let runs = dir.join(RUNS_FILE);
    let check = |content: &str, expected: &str| {
        fs::write(&runs, content).unwrap();
        let err = report::run(&dir, &ReportOptions::default())
            .err()
            .expect("an error")
            .to_string();
        assert!(err.contains(expected), "{content:?}: {err}");
        assert!(
            !dir.join("xtabs").exists() && !dir.join("summary.md").exists(),
            "nothing written"
        );
        assert_eq!(
            fs::read_to_string(&runs).unwrap(),
            content,
            "runs.csv untouched"
        );
    };
    check("", "runs.csv:1: the file is empty");
    check(
        "a,b,c\n1,2,3\n",
        "runs.csv:1: not a runs table of this nodeprof (missing columns seq, game",
    );
    let header = COLUMNS.join(",");
    check(&format!("{header}\n"), "runs.csv: no runs in the file");
    let good = line(&good_row());
    assert!(good.contains(",41,30,11,"), "{good}");
    check(
        &format!(
            "{header}\n{good}\n{}\n",
            good.replace(",41,30,11,", ",41,thirty,11,")
        ),
        "runs.csv:3: column leaf: invalid digit",
    );
    check(
        &format!("{header}\n{good}\n{}\n", good.replace(",ok,", ",done,")),
        "runs.csv:3: bad status 'done': expected ok, timeout or error",
    );
    check(
        &format!("{header}\n{good}\n{good}\n"),
        "runs.csv: 1 cases appear more than once (the first: end40.pos negamax depth 2)",
    );
    let huge = Record {
        leaf: Some(u64::MAX / 2 + 1),
        ..good_row()
    };
    let other = Record {
        seq: 1,
        position: "end41.pos".into(),
        ..huge.clone()
    };
    check(
        &format!("{header}\n{}\n{}\n", line(&huge), line(&other)),
        "the totals of negamax at depth 2 exceed 64 bits",
    );
    // A table of another column set (an earlier build's, or another tool's) is refused with
    // the columns named: there is no guessing what a column left out meant.
    let without: Vec<&str> = COLUMNS
        .iter()
        .filter(|c| **c != "research")
        .copied()
        .collect();
    check(
        &format!("{}\n", without.join(",")),
        "runs.csv:1: not a runs table of this nodeprof (missing columns research)",
    );
    check(
        &format!("{header},extra\n"),
        "runs.csv:1: not a runs table of this nodeprof (unknown columns extra)",
    );
    fs::write(&runs, format!("{header}\n{good}\n")).unwrap();
    let rows = read_runs(&runs).unwrap();
    assert_eq!(rows, vec![good_row()]);
    // A sweep with bad positions stops before touching the folder.
    let before = fs::read_to_string(&runs).unwrap();
    let mut s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos"],
        &["negamax"],
        2..=2,
    );
    s.positions
        .push(dir.join("nothing-here").display().to_string());
    fs::create_dir_all(dir.join("nothing-here")).unwrap();
    let err = run(&s).unwrap_err().to_string();
    assert!(err.contains("no position files found"), "{err}");
    assert_eq!(fs::read_to_string(&runs).unwrap(), before);
    let err = report::run(&dir.join("nothing-here"), &ReportOptions::default())
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("runs.csv: no such file"), "{err}");
}

#[test]
fn the_columns_constant_is_the_header_serde_writes() {
    let mut w = csv::Writer::from_writer(Vec::new());
    let case = &crate::position::load(&positions(&["reversi/ffo/end40.pos"]), None).unwrap()[0];
    let config = crate::search::SearchConfig::new("negamax".parse().unwrap());
    let record = super::row::row(
        0,
        case,
        &config,
        1,
        1,
        crate::measure::search_position(&case.position, 1, &config),
    );
    w.serialize(&record).unwrap();
    let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
    assert_eq!(text.lines().next().unwrap(), COLUMNS.join(","));
    assert_eq!(record.suite, "ffo");
}

#[test]
fn default_depths_suit_the_game() {
    let kinds = |names: &[&str]| -> Vec<crate::game::GameKind> {
        crate::position::load(&positions(names), None)
            .unwrap()
            .iter()
            .map(|c| c.position.kind())
            .collect()
    };
    assert_eq!(
        plan::default_depths(&kinds(&["reversi/ffo/end40.pos"])),
        [2, 3, 4, 5, 6]
    );
    assert_eq!(
        plan::default_depths(&kinds(&["ataxx/start.pos", "ataxx/gaps-d4.pos"])),
        [1, 2, 3, 4]
    );
    // Mixed games: the shallower game's depths (negamax at depth 6 on Ataxx takes hours).
    assert_eq!(
        plan::default_depths(&kinds(&["ataxx/start.pos", "reversi/ffo/end40.pos"])),
        [1, 2, 3, 4]
    );
}

#[test]
fn exact_sweeps_record_depth_end_and_check_the_suite() {
    let dir = scratch("exact");
    let mut s = settings(
        dir.to_path_buf(),
        &[
            "reversi/ffo/end01.pos",
            "reversi/ffo/end20.pos",
            "ataxx/end/end-start-158-s6.pos",
        ],
        &[],
        1..=1,
    );
    s.depths = Some(vec![END]);
    // The command line's default when solving: Reversi's mobility evaluation, which Ataxx
    // positions replace by material.
    s.eval = Eval::Mobility;
    let summary = run(&s).unwrap();
    // Mixed games: the generic ladder (no Reversi-only techniques), every case solved.
    assert_eq!(
        summary.ok,
        3 * plan::EXACT_GENERIC_VARIANTS.len(),
        "{summary:?}"
    );
    let records = read_runs(&dir.join(RUNS_FILE)).unwrap();
    for r in &records {
        assert_eq!(r.depth, "end");
        let eval = if r.game == "ataxx" {
            "disc"
        } else {
            "mobility"
        };
        assert_eq!(r.eval, eval, "{}", r.position);
        assert_eq!(
            r.game_result, r.expected_score,
            "{} {}",
            r.variant, r.position
        );
    }
    let output = report::run(&dir, &ReportOptions::default()).unwrap();
    assert!(output
        .files
        .iter()
        .any(|f| f.ends_with("nodes_by_position.png")));
    // The label of a solved row ends in `_end`.
    assert!(
        cell(&dir.join("xtabs/nodes.csv"), "mtdf+tt:64_end", "end01.pos")
            .parse::<u64>()
            .unwrap()
            > 0
    );
    // Reversi alone: the Reversi ladder.
    let reversi = plan::default_variants(&[crate::game::GameKind::Reversi], &[END]);
    assert_eq!(reversi.len(), plan::EXACT_VARIANTS.len());
}

#[test]
fn a_sweep_into_a_folder_of_another_plan_stops_unless_forced() {
    let dir = scratch("plan");
    let mut s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos"],
        &["negaalpha"],
        2..=3,
    );
    run(&s).unwrap();
    // The same plan again goes through (the main job regenerating its example).
    assert_eq!(run(&s).unwrap().ok, 2);
    let before = fs::read_to_string(dir.join(RUNS_FILE)).unwrap();
    s.depths = Some(vec![2]);
    let err = run(&s).unwrap_err().to_string();
    assert!(
        err.contains("runs.csv holds another plan (depths 2, 3 there, 2 here): add --force"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(dir.join(RUNS_FILE)).unwrap(), before);
    s.resume = true;
    assert!(run(&s).is_err(), "resuming is for the same plan");
    (s.resume, s.force) = (false, true);
    assert_eq!(run(&s).unwrap().ok, 1);
    let rows = read_runs(&dir.join(RUNS_FILE)).unwrap();
    assert_eq!(rows.len(), 1, "replaced");
    // A wider plan holds the old one: it is the same sweep with more cases.
    (s.force, s.depths) = (false, Some(vec![2, 3]));
    assert_eq!(run(&s).unwrap().ok, 2);
}

#[test]
fn a_folder_another_sweep_is_writing_to_is_refused() {
    let dir = scratch("busy");
    let s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos"],
        &["negaalpha"],
        2..=2,
    );
    run(&s).unwrap();
    let before = fs::read_to_string(dir.join(RUNS_FILE)).unwrap();
    // The lock a running sweep (or play, or merge) holds.
    let other = crate::store::lock(&dir).unwrap();
    for resume in [false, true] {
        let err = run(&SweepSettings {
            resume,
            ..s.clone()
        })
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("another nodeprof command is writing to this folder"),
            "{err}"
        );
    }
    assert_eq!(fs::read_to_string(dir.join(RUNS_FILE)).unwrap(), before);
    drop(other);
    assert_eq!(run(&s).unwrap().ok, 1, "free again");
}

#[test]
fn a_sweep_killed_before_its_first_row_resumes_from_the_start() {
    let dir = scratch("empty");
    fs::create_dir_all(&*dir).unwrap();
    let mut s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos"],
        &["negaalpha"],
        2..=3,
    );
    s.resume = true;
    for content in [
        String::new(),
        COLUMNS.join(",") + "\n",
        "seq,ga".to_string(),
    ] {
        fs::write(dir.join(RUNS_FILE), &content).unwrap();
        let summary = run(&s).unwrap();
        assert_eq!((summary.skipped, summary.ok), (0, 2), "{content:?}");
        assert_eq!(read_runs(&dir.join(RUNS_FILE)).unwrap().len(), 2);
    }
}

#[test]
fn a_table_larger_than_memory_stops_the_sweep_before_any_search() {
    let Some(largest) = crate::search::tt::largest_table_mib() else {
        return; // no /proc/meminfo: the mapping itself decides (covered by the table's tests)
    };
    let too_large = largest.saturating_mul(2).min(65536);
    if too_large == largest {
        return; // a machine with 64 GiB or more: tt:65536 fits
    }
    let dir = scratch("memory");
    let spec = format!("alphabeta+tt:{too_large}");
    let s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos"],
        &["negaalpha", &spec],
        2..=2,
    );
    let err = run(&s).unwrap_err().to_string();
    assert!(
        err.contains(&format!(
            "a transposition table of {too_large} MiB cannot be had"
        )) && err.contains(&format!("the largest table that fits is tt:{largest}")),
        "{err}"
    );
    assert!(!dir.exists(), "nothing written");
}

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
