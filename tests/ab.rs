//! `nodeprof ab BASE DEV`: two of nodeprof's variants through the whole flow (each side's
//! node signature, the comparison, a match), one report, and the exit code.

#[path = "support/run.rs"]
mod run;

use run::{failed, nodeprof, ok, text};

#[test]
fn two_variants_get_signatures_a_comparison_a_match_and_one_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ab");
    let args = [
        "ab",
        "alphabeta+tt+id",
        "alphabeta",
        "startpos",
        "--game",
        "connect4",
        "-d",
        "4..6",
        "--play",
        "--depth 3 -n 4 --sprt",
        "-o",
        out.to_str().unwrap(),
    ];
    // Four games cannot decide an SPRT, and dev (without the table's work at these shallow
    // depths) is not slower: dev is not found worse, exit code 0.
    let text = ok(&nodeprof(dir.path(), &args));
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(text.starts_with(&summary), "{text}");
    assert!(out.join("report.html").is_file());
    // The signature is each side's nodes, as its own sweep counted them, each search once
    // (the timing is paired, apart from the sweeps).
    let nodes = |side: &str| -> Vec<u64> {
        let rows = nodeprof::store::read_runs(&out.join(side).join("runs.csv")).unwrap();
        assert_eq!(rows.len(), 3, "{side}: depths 4..6");
        assert!(
            rows.iter().all(|r| r.runs == Some(1)),
            "{side}: searched once"
        );
        rows.iter().map(|r| r.nodes.unwrap()).collect()
    };
    let (base, dev) = (nodes("base"), nodes("dev"));
    assert!(
        summary.contains(&format!(
            "base {} nodes, dev {} nodes",
            base.iter().sum::<u64>(),
            dev.iter().sum::<u64>()
        )),
        "{summary}"
    );
    assert!(summary.contains("| base → dev   |     4 |"), "{summary}");
    // Every timed sample searched the case's tree: the nodes its side's sweep counted.
    assert!(summary.contains("## Time, paired"), "{summary}");
    let pairs = std::fs::read_to_string(out.join("pairs.csv")).unwrap();
    let mut samples = 0;
    for line in pairs.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let (depth, side, nodes) = (cells[4], cells[6], cells[10]);
        let depth: usize = depth.parse().unwrap();
        let signature = if side == "base" { &base } else { &dev };
        assert_eq!(nodes, signature[depth - 4].to_string(), "{line}");
        samples += 1;
    }
    // Five rounds of three depths, a sample a side (and a second batch where one was slower).
    assert!(samples == 30 || samples == 60, "{pairs}");
    // The match: dev first, four games, its report beside.
    assert!(
        summary.contains("alphabeta@depth=3 vs alphabeta+tt+id@depth=3: 4 games"),
        "{summary}"
    );
    assert!(out.join("match/games.csv").is_file() && out.join("match/report.html").is_file());
    assert!(
        summary.contains("Dev is not worse (exit code 0)."),
        "{summary}"
    );
}

#[test]
fn a_dev_slower_to_depth_fails_without_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ab");
    // negamax searches the full tree: tens of times alpha-beta's work at depth 6, a time
    // ratio no loaded machine hides within the 2% noise threshold.
    let args = [
        "ab",
        "alphabeta+tt+id",
        "negamax",
        "startpos",
        "--game",
        "connect4",
        "-d",
        "6..7",
        "-o",
        out.to_str().unwrap(),
    ];
    let run = nodeprof(dir.path(), &args);
    failed(&run, 1);
    let text = text(&run.stdout);
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("Dev is worse (exit code 1): slower to depth 6, 7 and over all cases in CPU time, found in both batches"),
        "{summary}"
    );
    assert!(!summary.contains("## The match"), "{summary}");
    assert!(text.starts_with(&summary), "{text}");
}

#[test]
fn a_side_that_fails_a_case_fails_the_run_and_names_the_case() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ab");
    let root = env!("CARGO_MANIFEST_DIR");
    let ataxx = format!("{root}/positions/ataxx/late-start-160-s13.pos");
    // +parity needs Reversi's regions of empties: dev fails the Ataxx case, not the FFO one.
    let args = [
        "ab",
        "alphabeta",
        "alphabeta+parity",
        "ffo:40",
        &ataxx,
        "-d",
        "2",
        "--play",
        "--depth 1 -n 2",
        "-o",
        out.to_str().unwrap(),
    ];
    let run = nodeprof(dir.path(), &args);
    failed(&run, 1);
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("## Failed cases"), "{summary}");
    assert!(
        summary.contains("- dev: late-start-160-s13.pos alphabeta+parity depth 2: error: alphabeta+parity: +parity needs regions of empties"),
        "{summary}"
    );
    assert!(
        summary.contains("A side failed (exit code 1): base failed 0 of its cases and dev 1"),
        "{summary}"
    );
    // Nothing is timed or played on a broken side.
    assert!(!summary.contains("## Time, paired"), "{summary}");
    assert!(!out.join("match").exists() && !out.join("pairs.csv").exists());
    assert!(text(&run.stdout).starts_with(&summary));
}
