//! What broke under attack and in a new user's first hour (issue 39), end to end: each test
//! is a reproducer that failed before its fix.

use std::path::Path;
use std::process::{Command, Output};

use nodeprof::game::tree::TreeSpec;
use nodeprof::game::Game;

fn nodeprof(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nodeprof"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

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

fn failed(out: &Output, code: i32) -> String {
    assert_eq!(out.status.code(), Some(code), "{}", text(&out.stdout));
    text(&out.stderr)
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

/// Runs `nodeprof engine ARGS` with `input` on its standard input (written, then closed
/// unless `keep_open`), and returns its output once it exits, or fails after `limit`.
fn engine_session(args: &[&str], input: &[u8], keep_open: bool, limit: u64) -> String {
    use std::io::{Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_nodeprof"))
        .arg("engine")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    let _held = match keep_open {
        true => Some(stdin),
        false => {
            drop(stdin);
            None
        }
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(limit);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nodeprof engine {args:?} was still running after {limit} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    out
}

#[test]
fn a_served_search_stops_at_stop_quit_or_the_end_of_its_input() {
    let uci = ["--protocol", "uci", "--game", "chess", "-v", "alphabeta"];
    // Depth 30 of plain alpha-beta would take years: each of these ends it at once.
    for (input, keep_open) in [
        (
            &b"uci\nposition startpos\ngo depth 30\nstop\nisready\nquit\n"[..],
            true,
        ),
        (b"uci\nposition startpos\ngo depth 30\nquit\n", true),
        (b"uci\nposition startpos\ngo depth 30\n", false),
        (b"uci\nposition startpos\ngo\nstop\nquit\n", true),
    ] {
        let out = engine_session(&uci, input, keep_open, 60);
        let shown = String::from_utf8_lossy(input);
        assert!(
            out.lines()
                .any(|l| l.starts_with("bestmove ") && l != "bestmove (none)"),
            "{shown}: {out}"
        );
    }
    // No time at all still answers a legal move; a byte that is not UTF-8 is no end.
    let out = engine_session(
        &uci,
        b"uci\n\xff\xfe\nposition startpos\ngo movetime 0\ngo wtime 20 btime 20\nquit\n",
        false,
        60,
    );
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(moves.len(), 2, "{out}");
    assert!(moves.iter().all(|m| *m != "bestmove (none)"), "{out}");
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

#[test]
fn an_engines_timeout_bounds_its_handshake_too() {
    let dir = tempfile::tempdir().unwrap();
    // A program that never answers `uci`: the handshake waits the engine's 1 s, not 30 s.
    let out = nodeprof(
        dir.path(),
        &[
            "sweep",
            "ffo:40",
            "-d",
            "1",
            "-q",
            "-o",
            "x",
            "--engine",
            "name=mute",
            "cmd=sleep",
            "args=100",
            "proto=uci",
            "timeout=1s",
        ],
    );
    let error = failed(&out, 2);
    assert!(
        error.contains("engine mute did not answer within 1s (nodeprof waited for 'uciok'"),
        "{error}"
    );
}

#[test]
fn one_engine_process_searches_every_position() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_nodeprof");
    let args = format!(
        "args=-c 'echo started >> starts; exec {bin} engine --protocol uci --game reversi -v alphabeta'"
    );
    let engine = ["--engine", "name=np", "cmd=sh", &args, "proto=uci"];
    for (command, out) in [("search", None), ("sweep", Some("x"))] {
        let _ = std::fs::remove_file(dir.path().join("starts"));
        let mut line = vec![command, "ffo:40..42", "-d", "2"];
        if let Some(out) = out {
            line.extend(["-q", "-o", out]);
        }
        line.extend(engine);
        ok(&nodeprof(dir.path(), &line));
        let starts = std::fs::read_to_string(dir.path().join("starts")).unwrap();
        assert_eq!(starts.lines().count(), 1, "{command}: {starts}");
    }
}

#[test]
fn a_resume_with_another_program_under_the_same_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_nodeprof");
    let cmd = format!("cmd={bin}");
    let sweep = |variant: &str, extra: &[&str]| {
        let args = format!("args=engine --protocol uci --game reversi -v {variant}");
        let mut line = vec!["sweep", "ffo:40..41", "-d", "1..2", "-q", "-o", "y"];
        line.extend(extra);
        line.extend(["--engine", "name=e", &cmd, &args, "proto=uci"]);
        nodeprof(dir.path(), &line)
    };
    ok(&sweep("alphabeta", &[]));
    // A kill cut the table after its first row: the resume must be of the same program.
    let runs = dir.path().join("y/runs.csv");
    let text = std::fs::read_to_string(&runs).unwrap();
    let kept: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&runs, kept.join("\n") + "\n").unwrap();
    let error = failed(&sweep("negamax", &["--resume"]), 2);
    assert!(error.contains("holds another plan (engines"), "{error}");
    assert_eq!(
        std::fs::read_to_string(&runs).unwrap(),
        kept.join("\n") + "\n"
    );
    ok(&sweep("alphabeta", &["--resume"]));
}

#[test]
fn a_chess_search_with_quiescence_shows_its_quiescence_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = ok(&nodeprof(
        dir.path(),
        &["search", kiwipete, "-v", "alphabeta+quiesce", "-d", "2"],
    ));
    let mut lines = out.lines();
    let summary = lines.next().unwrap();
    assert!(
        summary.contains("chess, White to move, move 1, 32 pieces"),
        "{summary}"
    );
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let column = |name: &str| -> u64 {
        let at = header.iter().position(|h| *h == name).expect(name);
        row[at].parse().unwrap()
    };
    assert!(column("qnode") > 0, "{out}");
    // Nodes count every visited position, as chess engines count them.
    assert_eq!(
        column("nodes"),
        column("leaf") + column("interior") + column("qnode"),
        "{out}"
    );
    // Without quiescence, no such column.
    let plain = ok(&nodeprof(
        dir.path(),
        &["search", kiwipete, "-v", "alphabeta", "-d", "2"],
    ));
    assert!(!plain.lines().nth(1).unwrap().contains("qnode"), "{plain}");
}

#[test]
fn a_served_engine_ends_when_the_sweep_driving_it_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_nodeprof");
    // The engine writes its pid, then searches negamax to depth 12 on FFO 40: hours.
    let args = format!(
        "args=-c 'echo $$ > pid; exec {bin} engine --protocol uci --game reversi -v negamax'"
    );
    let mut sweep = Command::new(bin)
        .args(["sweep", "ffo:40", "-d", "12", "-q", "-o", "x"])
        .args(["--engine", "name=np", "cmd=sh", &args, "proto=uci"])
        .current_dir(dir.path())
        .spawn()
        .unwrap();
    // A hang guard, not a speed check: the engine starts within seconds on any machine.
    let guard = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let pid = loop {
        let text = std::fs::read_to_string(dir.path().join("pid")).unwrap_or_default();
        if let Ok(pid) = text.trim().parse::<u32>() {
            break pid;
        }
        assert!(
            std::time::Instant::now() < guard,
            "the engine never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    std::thread::sleep(std::time::Duration::from_millis(500));
    sweep.kill().unwrap(); // SIGKILL: nodeprof cleans up nothing
    sweep.wait().unwrap();
    // Its input closed, the engine stops its search and leaves (reaped by init).
    let alive = || {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            !s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
    };
    while alive() {
        assert!(
            std::time::Instant::now() < guard,
            "engine {pid} outlived the killed sweep"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
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

/// `nodeprof engine`'s answer to `go` on kiwipete with `args`, its input held open until
/// `bestmove` (end of input stops a search).
fn served_info(args: &[&str], go: &str) -> String {
    use std::io::{BufRead, BufReader, Write};
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut child = Command::new(env!("CARGO_BIN_EXE_nodeprof"))
        .args(["engine", "--protocol", "uci", "--game", "chess"])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    writeln!(input, "uci\nisready\nposition fen {kiwipete}\n{go}").unwrap();
    let mut said = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        said += &line;
        said.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    drop(input);
    child.wait().unwrap();
    said
}

#[test]
fn a_served_engine_reports_its_quiescence_in_seldepth_and_nodes() {
    let word = |line: &str, key: &str| -> u64 {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == key).expect(key);
        words[at + 1].parse().unwrap()
    };
    for (args, go) in [
        (&["-v", "alphabeta+quiesce"][..], "go depth 2"),
        (
            &["-v", "alphabeta+id+quiesce", "--as-agent"][..],
            "go depth 2",
        ),
    ] {
        let said = served_info(args, go);
        let info = said
            .lines()
            .rfind(|l| l.starts_with("info depth 2"))
            .unwrap_or_else(|| panic!("{said}"));
        // Captures below the horizon go deeper than depth 2, and are counted.
        assert!(word(info, "seldepth") > 2, "{said}");
        let counters = said
            .lines()
            .rfind(|l| l.starts_with("info string nodeprof depth 2"))
            .unwrap();
        assert!(word(counters, "qnode") > 0, "{said}");
    }
}
