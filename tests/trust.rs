//! What broke under attack and in a new user's first hour (issue 39), end to end: each test
//! is a reproducer that failed before its fix.

use std::path::Path;
use std::process::Output;

#[path = "support/run.rs"]
mod run;
use run::{failed, nodeprof, ok, text};

use nodeprof::game::tree::TreeSpec;
use nodeprof::game::Game;

/// The small sweep the tests write into `out`: FFO 40, nega-alpha, depth 2.
fn sweep(dir: &Path, out: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "sweep",
        "ffo:40",
        "-v",
        "negaalpha",
        "-d",
        "2",
        "-q",
        "-o",
        out,
    ];
    args.extend(extra);
    nodeprof(dir, &args)
}

/// The negamax value of a uniform tree, by brute force.
fn negamax<G: Game>(pos: &G) -> i32 {
    if pos.is_over() {
        return pos.final_margin();
    }
    let moves = pos.generate_moves();
    moves
        .iter()
        .map(|&mv| -negamax(&pos.play(mv)))
        .max()
        .unwrap()
}

#[test]
fn a_uniform_tree_solved_to_the_end_shows_its_value_not_its_sign() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "tree:3:3:seed=7";
    let value = negamax(&TreeSpec::parse(spec).unwrap().root());
    assert!(
        value.abs() > 1,
        "the reproducer's tree has a value beyond its sign"
    );
    let shown = ok(&nodeprof(
        dir.path(),
        &["search", spec, "-v", "negamax", "-d", "end"],
    ));
    assert!(shown.contains(&format!("={value:+}")), "{shown}");
    let solved = ok(&nodeprof(dir.path(), &["solve", spec]));
    assert!(solved.contains(&format!(" {value:+} |")), "{solved}");
}

#[test]
fn a_play_into_a_sweeps_folder_and_the_reverse_are_refused_without_force() {
    let dir = tempfile::tempdir().unwrap();
    ok(&sweep(dir.path(), "y", &[]));
    let meta = std::fs::read_to_string(dir.path().join("y/meta.json")).unwrap();
    let play = [
        "play",
        "alphabeta@depth=1",
        "random",
        "-n",
        "2",
        "-q",
        "-o",
        "y",
    ];
    let error = failed(&nodeprof(dir.path(), &play), 2);
    assert!(error.contains("a sweep's searches"), "{error}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("y/meta.json")).unwrap(),
        meta
    );
    let play_z = [
        "play",
        "alphabeta@depth=1",
        "random",
        "-n",
        "2",
        "-q",
        "-o",
        "z",
    ];
    ok(&nodeprof(dir.path(), &play_z));
    let error = failed(&sweep(dir.path(), "z", &[]), 2);
    assert!(error.contains("a match's games"), "{error}");
}

#[test]
fn a_sweep_with_another_minimal_setting_is_another_plan() {
    let dir = tempfile::tempdir().unwrap();
    ok(&sweep(dir.path(), "y", &[]));
    let runs = std::fs::read_to_string(dir.path().join("y/runs.csv")).unwrap();
    let error = failed(&sweep(dir.path(), "y", &["--minimal"]), 2);
    assert!(error.contains("holds another plan (--minimal"), "{error}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("y/runs.csv")).unwrap(),
        runs
    );
    ok(&sweep(dir.path(), "y", &["--minimal", "--force"]));
}

#[test]
fn a_chart_of_a_metric_nobody_counted_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    ok(&sweep(dir.path(), "y", &[]));
    for metric in ["qnode", "null_cut"] {
        let error = failed(&nodeprof(dir.path(), &["plot", "y", "-m", metric]), 2);
        assert!(
            error.contains(&format!("no finished search has a value of '{metric}'")),
            "{error}"
        );
    }
    ok(&nodeprof(dir.path(), &["plot", "y", "-m", "leaf"]));
}

#[test]
fn nothing_is_written_through_a_symbolic_link_in_a_run_folder() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    std::fs::create_dir_all(dir.path().join("out")).unwrap();
    std::os::unix::fs::symlink("../victim", dir.path().join("out/summary.md")).unwrap();
    let error = failed(&sweep(dir.path(), "out", &[]), 2);
    assert!(error.contains("symbolic link"), "{error}");
    // A downloaded report with a link in its plots: `report` refuses it too.
    ok(&sweep(dir.path(), "r", &[]));
    std::fs::remove_file(dir.path().join("r/plots/nodes_by_depth.svg")).unwrap();
    std::os::unix::fs::symlink(
        "../../victim",
        dir.path().join("r/plots/nodes_by_depth.svg"),
    )
    .unwrap();
    let error = failed(&nodeprof(dir.path(), &["report", "r"]), 2);
    assert!(error.contains("symbolic link"), "{error}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
}

#[test]
fn names_that_a_spreadsheet_would_run_are_written_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let end40 = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/reversi/ffo/end40.pos"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.path().join("s")).unwrap();
    std::fs::write(dir.path().join("s/=1+2.pos"), end40).unwrap();
    let sweep = ["sweep", "s", "-v", "negaalpha", "-d", "2", "-q", "-o", "y"];
    ok(&nodeprof(dir.path(), &sweep));
    let runs = std::fs::read_to_string(dir.path().join("y/runs.csv")).unwrap();
    assert!(runs.contains(",'=1+2.pos,"), "{runs}");
    assert!(!runs.contains(",=1+2"), "{runs}");
    let xtab = std::fs::read_to_string(dir.path().join("y/xtabs/leaf.csv")).unwrap();
    assert!(
        xtab.lines().next().unwrap().contains(",'=1+2.pos"),
        "{xtab}"
    );
    // Read back as it was: the resume finds its case, and the report names it.
    let mut resume = sweep.to_vec();
    resume.push("--resume");
    let out = ok(&nodeprof(dir.path(), &resume));
    assert!(!out.contains("another plan"), "{out}");
    let report = ok(&nodeprof(
        dir.path(),
        &["report", "y", "--no-write", "--print", "leaf"],
    ));
    assert!(
        report.contains("=1+2.pos") && !report.contains("'=1+2.pos"),
        "{report}"
    );
}

#[test]
fn deterministic_agents_play_varied_openings_and_repeats_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let agents = ["play", "alphabeta@depth=1", "greedy", "-n", "10", "-q"];
    let mut varied = agents.to_vec();
    varied.extend(["-o", "varied"]);
    let out = nodeprof(dir.path(), &varied);
    ok(&out);
    assert!(
        !text(&out.stderr).contains("repeat"),
        "{}",
        text(&out.stderr)
    );
    let meta = std::fs::read_to_string(dir.path().join("varied/meta.json")).unwrap();
    assert!(meta.contains("random:8"), "{meta}");
    // From the start position every pair is the same pair: said, and counted once.
    let mut start = agents.to_vec();
    start.extend(["-o", "start", "--openings", "start"]);
    let out = nodeprof(dir.path(), &start);
    ok(&out);
    let warning = text(&out.stderr);
    assert!(
        warning.contains("8 of 10 games repeat an earlier game pair"),
        "{warning}"
    );
    let summary = std::fs::read_to_string(dir.path().join("start/summary.md")).unwrap();
    assert!(summary.contains("8 of 10 games repeat"), "{summary}");
    // The live SPRT counts what the report counts: one pair, not five.
    let mut sprt = agents[..5].to_vec();
    sprt.extend(["-o", "sprt", "--openings", "start", "--sprt"]);
    let out = nodeprof(dir.path(), &sprt);
    let said = ok(&out);
    let score = said.lines().find(|l| l.starts_with("Score of")).unwrap();
    assert!(score.ends_with("] 2"), "{said}");
    let running = text(&out.stderr);
    let last = running.lines().rfind(|l| l.starts_with("Total:"));
    assert!(
        last.is_some_and(|l| l.starts_with("Total: 2,")),
        "{running}"
    );
}

#[test]
fn a_merge_keeps_the_shards_cut_off_tables() {
    let dir = tempfile::tempdir().unwrap();
    let sweep_of = |shard: Option<&str>, out: &str| {
        let mut args = vec![
            "sweep",
            "ffo:40..43",
            "-v",
            "negaalpha,pvs+tt",
            "-d",
            "2..3",
        ];
        args.extend(["-q", "-o", out]);
        if let Some(shard) = shard {
            args.extend(["--shard", shard]);
        }
        ok(&nodeprof(dir.path(), &args));
    };
    sweep_of(None, "whole");
    sweep_of(Some("1/2"), "s1");
    sweep_of(Some("2/2"), "s2");
    ok(&nodeprof(
        dir.path(),
        &["merge", "s1", "s2", "-o", "merged"],
    ));
    let sorted = |folder: &str| {
        let text = std::fs::read_to_string(dir.path().join(folder).join("cuts.csv")).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines.sort();
        lines
    };
    let whole = sorted("whole");
    assert!(whole.len() > 10, "{whole:?}");
    assert_eq!(sorted("merged"), whole);
    let summary = std::fs::read_to_string(dir.path().join("merged/summary.md")).unwrap();
    let whole_summary = std::fs::read_to_string(dir.path().join("whole/summary.md")).unwrap();
    let cut_section = |s: &str| {
        let at = s.find("by the node's remaining depth")?;
        Some(s[at..].lines().take(6).collect::<Vec<_>>().join("\n"))
    };
    assert!(cut_section(&whole_summary).is_some(), "{whole_summary}");
    assert_eq!(cut_section(&summary), cut_section(&whole_summary));
}

#[test]
fn a_resumed_play_plays_again_a_game_whose_move_rows_were_cut() {
    use nodeprof::store::games::read_tables;
    let dir = tempfile::tempdir().unwrap();
    let play = ["play", "greedy", "random", "-n", "2", "-q", "-o", "m"];
    ok(&nodeprof(dir.path(), &play));
    let folder = dir.path().join("m");
    let (games, moves) = read_tables(&folder).unwrap();
    let moves_path = folder.join("moves.csv");
    let text = std::fs::read_to_string(&moves_path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&moves_path, lines[..lines.len() - 9].join("\n") + "\n").unwrap();
    let mut resume = play.to_vec();
    resume.push("--resume");
    ok(&nodeprof(dir.path(), &resume));
    let (again, moves_again) = read_tables(&folder).unwrap();
    assert_eq!(again.len(), 2);
    for g in &again {
        let rows = moves_again.iter().filter(|m| m.round == g.round).count();
        assert_eq!(rows as u32, g.plies, "round {}", g.round);
    }
    let played = |m: &[nodeprof::store::games::MoveRow]| {
        let mut v: Vec<(u64, u32, String)> = m
            .iter()
            .map(|m| (m.round, m.ply, m.r#move.clone()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(played(&moves_again), played(&moves));
    let finals = |g: &[nodeprof::store::games::GameRow]| {
        let mut v: Vec<(u64, String)> = g
            .iter()
            .map(|g| (g.round, g.final_position.clone()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(finals(&again), finals(&games));
}

#[test]
fn a_play_merge_refuses_a_shard_whose_result_was_changed() {
    let dir = tempfile::tempdir().unwrap();
    for shard in ["1/2", "2/2"] {
        let out = format!("p{}", &shard[..1]);
        let play = [
            "play", "greedy", "random", "-n", "8", "-q", "--shard", shard, "-o", &out,
        ];
        ok(&nodeprof(dir.path(), &play));
    }
    ok(&nodeprof(dir.path(), &["merge", "p1", "p2", "-o", "whole"]));
    // A won game told as lost, winner and score alike; then its margin alone.
    let games = dir.path().join("p1/games.csv");
    let text = std::fs::read_to_string(&games).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|c| *c == name).unwrap();
    let (winner, score, margin) = (col("winner"), col("score"), col("margin"));
    let won = text
        .lines()
        .skip(1)
        .position(|l| l.split(',').nth(winner) == Some("agent1"));
    let row = won.expect("greedy wins a game against random") + 1;
    for change in [
        &[(winner, "agent2"), (score, "0")][..],
        &[(margin, "3")][..],
    ] {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let mut cells: Vec<String> = lines[row].split(',').map(String::from).collect();
        for &(at, value) in change {
            cells[at] = value.to_string();
        }
        if cells[margin] == "3"
            && text.lines().nth(row).unwrap().split(',').nth(margin) == Some("3")
        {
            cells[margin] = "5".into();
        }
        lines[row] = cells.join(",");
        std::fs::write(&games, lines.join("\n") + "\n").unwrap();
        let error = failed(
            &nodeprof(dir.path(), &["merge", "p1", "p2", "-o", "bad"]),
            2,
        );
        assert!(
            error.contains("where its final position gives agent1"),
            "{error}"
        );
    }
}

#[test]
fn a_solve_past_its_time_limit_is_timed_out_not_solved() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(dir.path(), &["solve", "ffo:1", "--time-limit", "1ns"]);
    let table = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{table}");
    assert!(table.contains("timed out"), "{table}");
}

/// A proof tree that fills its memory fails its position alone: the next one is solved, the
/// row says why, and the exit code says a position was not solved.
#[test]
fn a_solve_out_of_memory_goes_on_to_the_next_position() {
    let dir = tempfile::tempdir().unwrap();
    let small = "positions/ataxx/end/end-gaps-cross-103-s19.pos";
    let small = Path::new(env!("CARGO_MANIFEST_DIR")).join(small);
    let small = small.to_str().unwrap();
    let args = ["solve", "ffo:1", small, "-v", "pn+tt:1+wld", "-t", "1"];
    let out = nodeprof(dir.path(), &[&args[..], &["--format", "json"]].concat());
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let statuses: Vec<&str> = (0..2)
        .map(|i| doc["rows"][i]["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["memory", "ok"], "{doc}");
    assert_eq!(doc["rows"][1]["game_result"], 1, "{doc}");
    assert_eq!(doc["totals"][0]["out_of_memory"], 1, "{doc}");
    let table = text(&nodeprof(dir.path(), &args).stdout);
    assert!(
        table.contains("out of memory: the proof tree filled its 1 MiB"),
        "{table}"
    );
}

#[test]
fn a_sweeps_meta_json_names_the_evaluation_its_searches_used() {
    let dir = tempfile::tempdir().unwrap();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    ok(&nodeprof(
        dir.path(),
        &[
            "sweep",
            kiwipete,
            "ffo:1",
            "-v",
            "alphabeta",
            "-d",
            "1",
            "-q",
            "-o",
            "x",
        ],
    ));
    let meta = std::fs::read_to_string(dir.path().join("x/meta.json")).unwrap();
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    // The default `--eval disc` is Reversi's; chess searches with its own.
    assert_eq!(meta["settings"]["eval"], "pesto,disc", "{meta}");
    let runs = std::fs::read_to_string(dir.path().join("x/runs.csv")).unwrap();
    assert!(
        runs.contains(",pesto,") && runs.contains(",disc,"),
        "{runs}"
    );
}

#[test]
fn a_report_made_again_leaves_no_table_or_chart_from_before() {
    let dir = tempfile::tempdir().unwrap();
    ok(&nodeprof(
        dir.path(),
        &[
            "sweep",
            "ffo:40",
            "-v",
            "alphabeta",
            "-d",
            "1..2",
            "-q",
            "-o",
            "x",
        ],
    ));
    let x = dir.path().join("x");
    // An earlier report's table of a counter these runs no longer have, and its chart.
    std::fs::write(x.join("xtabs/qnode.csv"), "name,ffo:40\n").unwrap();
    std::fs::write(x.join("plots/qnode_by_depth.svg"), "<svg/>").unwrap();
    // What the user put there is theirs.
    std::fs::write(x.join("xtabs/notes.md"), "mine").unwrap();
    ok(&nodeprof(dir.path(), &["report", "x"]));
    assert!(!x.join("xtabs/qnode.csv").exists());
    assert!(!x.join("plots/qnode_by_depth.svg").exists());
    assert!(x.join("xtabs/notes.md").exists());
    assert!(x.join("xtabs/nodes.csv").exists());
    assert!(x.join("summary.md").exists());
}
