//! `--minimal` and `cuts.csv`: the minimum beside each row, the cut-off histogram beside the
//! counters, both kept whole across a resume.

use super::*;
use crate::measure::minimal::minimal_tree_of;
use crate::store::cuts::{read_cuts, CUTS_FILE};

#[test]
fn rows_carry_the_minimum_and_cuts_csv_adds_up_to_the_counters_across_a_resume() {
    let dir = scratch("minimal");
    let s = SweepSettings {
        minimal: Some(1_000),
        ..settings(
            dir.to_path_buf(),
            &["reversi/ffo/end40.pos", "reversi/ffo/end43.pos"],
            &["negamax", "negaalpha", "pvs+tt+id", "mtdf+tt+id"],
            1..=4,
        )
    };
    run(&s).unwrap();
    let runs = dir.join(RUNS_FILE);
    let records = read_runs(&runs).unwrap();
    assert_eq!(records.len(), 32);
    let cases = crate::position::load(&s.positions, None).unwrap();
    for r in &records {
        let case = cases.iter().find(|c| c.name == r.position).unwrap();
        let depth: u32 = r.depth.parse().unwrap();
        let config = crate::search::SearchConfig {
            eval: Eval::Material,
            ..crate::search::SearchConfig::new(r.variant.parse().unwrap())
        };
        // The cap: the full tree within 1,000 nodes (depths 1 to 3 here), NA beyond.
        let tree = minimal_tree_of(&case.position, depth, &config, 1_000).unwrap();
        assert_eq!(r.minimal_tree, tree.map(|t| t.nodes), "{r:?}");
        assert_eq!(r.minimal_tree_leaves, tree.map(|t| t.leaves), "{r:?}");
        assert_eq!(r.minimal_tree.is_some(), depth <= 3, "{r:?}");
        if let Some(leaves) = r.minimal_tree_leaves {
            if r.variant == "negamax" || r.variant == "alphabeta" {
                assert!(r.leaf.unwrap() >= leaves, "{r:?}");
            }
        }
        assert!(r.minimal_graph.unwrap() <= r.nodes.unwrap(), "{r:?}");
    }

    let sums = |path: &Path| {
        let mut by_key: std::collections::HashMap<CaseKey, (u64, u64)> = Default::default();
        for row in read_cuts(path).unwrap() {
            let cell = by_key.entry(row.key()).or_default();
            cell.0 += row.cuts;
            cell.1 += (row.cut_move == "1") as u64 * row.cuts;
        }
        by_key
    };
    let check_cuts = || {
        let by_key = sums(&dir.join(CUTS_FILE));
        for r in read_runs(&runs).unwrap() {
            let (all, first) = by_key.get(&r.key()).copied().unwrap_or_default();
            assert_eq!(
                (all, first),
                (r.beta_cut.unwrap(), r.first_cut.unwrap()),
                "{r:?}"
            );
        }
    };
    check_cuts();

    // Killed after a case's cut rows were written and before its runs row: the resume drops
    // those rows and the case's rerun writes them once.
    let text = fs::read_to_string(&runs).unwrap();
    let kept: Vec<&str> = text.lines().collect();
    // (The kill is simulated by replacing the table whole, as the store does.)
    crate::store::replace(&runs, (kept[..kept.len() - 3].join("\n") + "\n").as_bytes()).unwrap();
    let mut cuts = fs::OpenOptions::new()
        .append(true)
        .open(dir.join(CUTS_FILE))
        .unwrap();
    std::io::Write::write_all(&mut cuts, b"ffo,end43.pos,negam").unwrap();
    drop(cuts);
    let summary = run(&SweepSettings {
        resume: true,
        ..s.clone()
    })
    .unwrap();
    assert_eq!((summary.skipped, summary.ok), (29, 3));
    check_cuts();

    let output = report::run(&dir, &ReportOptions::default()).unwrap();
    let summary = fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary.contains("## Distance from the minimum"),
        "{summary}"
    );
    assert!(
        summary.contains("## Where the cut-offs happen"),
        "{summary}"
    );
    assert!(output
        .files
        .iter()
        .any(|f| f.ends_with("plots/distance_from_minimum.png")));
    // A by-depth cell is the ratio of the sums over the positions.
    let (nodes, minimal): (u64, u64) = records
        .iter()
        .filter(|r| r.variant == "pvs+tt+id" && r.depth == "3")
        .fold((0, 0), |(n, m), r| {
            (n + r.nodes.unwrap(), m + r.minimal_tree.unwrap())
        });
    let cell: f64 = cell(&dir.join("xtabs/tree_ratio_by_depth.csv"), "pvs+tt+id", "3")
        .parse()
        .unwrap();
    assert!(
        (cell - nodes as f64 / minimal as f64).abs() < 5e-4,
        "{cell}"
    );
}
