//! Threads as a dimension of the plan: each count a case of its own, resumed and reported;
//! runs tables of the build before threads read as one thread and are rewritten before rows
//! are appended.

use super::*;
use crate::store::cuts::{read_cuts, CUTS_FILE};
use crate::store::record::ADDED_COLUMNS;

/// FFO 21 and 22 (15 and 17 empties: deep enough to split) solved by the YBWC default on
/// one thread and two, three runs each.
fn threaded(dir: &Path) -> SweepSettings {
    SweepSettings {
        depths: Some(vec![END]),
        eval: Eval::Pattern,
        threads: vec![1, 2],
        repeat: Repeat {
            runs: 3,
            warmup: 0,
            adaptive: false,
        },
        ..settings(
            dir.to_path_buf(),
            &["reversi/ffo/end21.pos", "reversi/ffo/end22.pos"],
            &["mtdf+tt+id"],
            1..=1,
        )
    }
}

#[test]
fn each_thread_count_is_a_case_with_the_same_result_and_its_parallel_columns() {
    let dir = scratch("threads");
    let summary = run(&threaded(&dir)).unwrap();
    assert_eq!((summary.planned, summary.ok), (4, 4));
    let rows = read_runs(&dir.join(RUNS_FILE)).unwrap();
    let threads: Vec<u32> = rows.iter().map(|r| r.threads).collect();
    assert_eq!(threads, [1, 2, 1, 2]);
    for pair in rows.chunks(2) {
        let (one, two) = (&pair[0], &pair[1]);
        // The suite's proven score, on both.
        assert_eq!(one.game_result, one.expected_score, "{}", one.position);
        assert_eq!(two.game_result, one.game_result, "{}", two.position);
        assert_eq!(two.name, format!("{}@t2", one.name));
        assert_ne!(one.key(), two.key());
        // One thread: exact counts, nothing shared; the row's nodes lie in the spread.
        assert_eq!((one.nodes_min, one.nodes_max), (one.nodes, one.nodes));
        assert_eq!(
            (one.split, one.helper_nodes, one.idle_ns),
            (Some(0), Some(0), Some(0))
        );
        let nodes = two.nodes.unwrap();
        assert!(two.nodes_min.unwrap() <= nodes && nodes <= two.nodes_max.unwrap());
        assert!(two.split.unwrap() <= two.split_tried.unwrap());
        assert!(two.helper_nodes.unwrap() < nodes);
        assert!(two.idle_max_ns.unwrap() <= two.idle_ns.unwrap());
    }
    // At 17 empties the helper found work: nodes of its own, a split made.
    assert!(rows[3].split.unwrap() > 0 && rows[3].helper_nodes.unwrap() > 0);
    let cuts = read_cuts(&dir.join(CUTS_FILE)).unwrap();
    assert!(cuts.iter().any(|c| c.threads == 2) && cuts.iter().any(|c| c.threads == 1));
    // Resumed, every case is kept: none runs again.
    let again = run(&SweepSettings {
        resume: true,
        ..threaded(&dir)
    })
    .unwrap();
    assert_eq!((again.skipped, again.ok), (4, 0));
    // The report sets each two-thread case beside its one-thread case.
    report::run(&dir, &ReportOptions::default()).unwrap();
    let summary_md = fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary_md.contains("## Scaling with threads"),
        "{summary_md}"
    );
    let line = summary_md
        .lines()
        .find(|l| l.starts_with("| mtdf+tt+id | end | 2 | 2 |"))
        .unwrap_or_else(|| panic!("no scaling row in {summary_md}"));
    assert!(line.ends_with("| 2 of 2 |"), "{line}");
    let speedup: f64 = cell(
        &dir.join("xtabs/speedup.csv"),
        "mtdf+tt+id_end@t2",
        "end22.pos",
    )
    .parse()
    .unwrap();
    let want = rows[2].time_ns.unwrap() as f64 / rows[3].time_ns.unwrap() as f64;
    assert!((speedup - want).abs() < 1e-3 * want, "{speedup} {want}");
    assert!(dir.join("plots/speedup.png").is_file());
}

#[test]
fn a_table_of_the_build_before_threads_reads_as_one_thread_and_resumes_in_todays_columns() {
    let dir = scratch("old-table");
    let s = settings(
        dir.to_path_buf(),
        &["reversi/ffo/end40.pos", "reversi/ffo/end41.pos"],
        &["negaalpha"],
        2..=3,
    );
    run(&s).unwrap();
    let runs = dir.join(RUNS_FILE);
    let today = read_runs(&runs).unwrap();
    // The table as the build before wrote it: without the added columns, and its last
    // case not run yet.
    let old_columns: Vec<&str> = COLUMNS
        .iter()
        .copied()
        .filter(|c| !ADDED_COLUMNS.contains(c))
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&old_columns).unwrap();
    let all = fs::read_to_string(&runs).unwrap();
    let mut reader = csv::Reader::from_reader(all.as_bytes());
    let headers = reader.headers().unwrap().clone();
    for record in reader.records().take(3) {
        let record = record.unwrap();
        let cells = old_columns
            .iter()
            .map(|c| &record[headers.iter().position(|h| h == *c).unwrap()]);
        w.write_record(cells).unwrap();
    }
    crate::store::replace(&runs, &w.into_inner().unwrap()).unwrap();
    let old = read_runs(&runs).unwrap();
    assert_eq!(old.len(), 3);
    for (a, b) in old.iter().zip(&today) {
        assert_eq!((a.key(), a.nodes, a.threads), (b.key(), b.nodes, 1));
        assert_eq!((a.nodes_min, a.split), (None, None));
    }
    let resumed = run(&SweepSettings { resume: true, ..s }).unwrap();
    assert_eq!((resumed.skipped, resumed.ok), (3, 1));
    let text = fs::read_to_string(&runs).unwrap();
    assert_eq!(text.lines().next().unwrap(), COLUMNS.join(","));
    let rows = read_runs(&runs).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[3].nodes, today[3].nodes);
    assert_eq!(rows[0].nodes_min, None, "the old rows stay as they were");
}

#[test]
fn parallelism_adds_each_cases_work_and_span_to_every_thread_count_and_predicts_the_speedup() {
    let dir = scratch("parallelism");
    let with_span = SweepSettings {
        parallelism: true,
        repeat: Repeat {
            runs: 1,
            warmup: 0,
            adaptive: false,
        },
        ..threaded(&dir)
    };
    let summary = run(&with_span).unwrap();
    assert_eq!((summary.planned, summary.ok), (4, 4));
    let rows = read_runs(&dir.join(RUNS_FILE)).unwrap();
    for pair in rows.chunks(2) {
        let (one, two) = (&pair[0], &pair[1]);
        // The one thread's work is its search's nodes; both thread counts carry its span.
        assert_eq!(one.work, one.nodes, "{}", one.position);
        assert_eq!((two.work, two.span), (one.work, one.span));
        let (work, span) = (one.work.unwrap(), one.span.unwrap());
        assert!(0 < span && span < work, "{work} {span}");
    }
    // Resumed without --parallelism: another plan's rows, refused.
    let without = SweepSettings {
        resume: true,
        ..threaded(&dir)
    };
    let refused = run(&without).unwrap_err().to_string();
    assert!(refused.contains("--parallelism"), "{refused}");
    report::run(&dir, &ReportOptions::default()).unwrap();
    let summary_md = fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary_md.contains("## Available parallelism"),
        "{summary_md}"
    );
    // The scaling row's prediction: Brent's bound over the two cases' one-thread trees.
    let brent: f64 = rows
        .iter()
        .filter(|r| r.threads == 1)
        .map(|r| {
            let (w, s) = (r.work.unwrap() as f64, r.span.unwrap() as f64);
            (w - s) / 2.0 + s
        })
        .sum();
    let work: u64 = rows
        .iter()
        .filter(|r| r.threads == 1)
        .map(|r| r.work.unwrap())
        .sum();
    let predicted = format!("{:.2}×", work as f64 / brent);
    let line = summary_md
        .lines()
        .find(|l| l.starts_with("| mtdf+tt+id | end | 2 | 2 |"))
        .unwrap_or_else(|| panic!("no scaling row in {summary_md}"));
    assert_eq!(line.split(" | ").nth(5), Some(predicted.as_str()), "{line}");
    let per_case: f64 = cell(
        &dir.join("xtabs/predicted_speedup.csv"),
        "mtdf+tt+id_end@t2",
        "end22.pos",
    )
    .parse()
    .unwrap();
    assert!(per_case > 1.0 && per_case < 2.0, "{per_case}");
    assert!(dir.join("plots/speedup.png").is_file());
}
