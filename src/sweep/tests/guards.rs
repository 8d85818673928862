//! Bad input and the run folder's guards: one clear error, nothing overwritten.

use super::*;

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
        &format!("{header},bogus\n"),
        "runs.csv:1: not a runs table of this nodeprof (unknown columns bogus)",
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
        3 * crate::search::endgame::solving::GENERIC_LADDER.len(),
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
    assert_eq!(reversi.len(), crate::search::endgame::reversi::LADDER.len());
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
