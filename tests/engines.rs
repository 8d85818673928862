//! External engines end to end: nodeprof's own searches behind each protocol (`nodeprof
//! engine`) profiled by nodeprof give exactly the counts of the same sweep in process; and
//! every engine fault leaves one clear error, the rows it should, and a sweep that resumes.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use nodeprof::store::{Record, Status};

#[path = "support/fake.rs"]
mod fake;
use fake::{fake, nodeprof, rows, stderr, NODEPROF};

/// Sweeps `positions` in process with `variant` and through `nodeprof engine --protocol
/// PROTO` (as an engine named `np`), and returns both tables, row for row.
fn in_process_and_through(
    dir: &Path,
    positions: &[&str],
    game: &str,
    proto: &str,
    variant: &str,
    depths: &str,
) -> Vec<(Record, Record)> {
    let inside = dir.join(format!("{proto}-in"));
    let outside = dir.join(format!("{proto}-out"));
    let mut args = vec!["sweep"];
    args.extend(positions);
    let common = [
        "-d", depths, "--game", game, "--eval", "disc", "-q", "--repeat", "1",
    ];
    let run = |extra: &[&str], out: &Path| {
        let mut all: Vec<&str> = args.clone();
        all.extend(common);
        all.extend(["-o", out.to_str().unwrap()]);
        all.extend(extra);
        let output = nodeprof(&all);
        assert!(
            output.status.success(),
            "{all:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    run(&["-v", variant], &inside);
    let engine_args =
        format!("args=engine --protocol {proto} --game {game} --eval disc -v {variant}");
    let cmd = format!("cmd={NODEPROF}");
    let proto_word = format!("proto={proto}");
    run(
        &["--engine", "name=np", &cmd, &engine_args, &proto_word],
        &outside,
    );
    let (a, b) = (rows(&inside), rows(&outside));
    assert_eq!(a.len(), b.len());
    assert!(!a.is_empty());
    a.into_iter().zip(b).collect()
}

#[test]
fn nodeprof_behind_uai_ugi_and_uci_counts_each_iteration_as_the_sweep_does() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str, &str, &str, &str); 3] = [
        (&["ataxx:end"], "ataxx", "uai", "pvs+tt+id", "1..3"),
        (
            &["4453", "start", "12121"],
            "connect4",
            "ugi",
            "alphabeta+tt+killer",
            "1..7",
        ),
        (
            &["startpos", "ffo:40"],
            "reversi",
            "uci",
            "negaalpha",
            "1..4",
        ),
    ];
    for (positions, game, proto, variant, depths) in cases {
        for (inside, outside) in
            in_process_and_through(dir.path(), positions, game, proto, variant, depths)
        {
            let what = format!("{proto} {} depth {}", inside.position, inside.depth);
            assert_eq!(outside.status, Status::Ok, "{what}");
            assert_eq!(
                (&inside.position, &inside.depth),
                (&outside.position, &outside.depth)
            );
            // Depth d's row: the engine's iteration d, whose own counters are the in-process
            // search's to depth d; its nodes count from the `go`, earlier iterations included.
            assert_eq!(outside.iteration_nodes, inside.nodes, "{what}");
            for i in 0..nodeprof::counters::COUNT {
                assert_eq!(outside.counter(i), inside.counter(i), "{what}: counter {i}");
            }
            assert_eq!(outside.score, inside.score, "{what}");
            assert_eq!(outside.best_move, inside.best_move, "{what}");
            assert_eq!(outside.pv, inside.pv, "{what}");
            assert_eq!(outside.engine, Some(format!("nodeprof {}", inside.variant)));
        }
    }
}

#[test]
fn nodeprof_behind_nboard_counts_each_depth_as_the_sweep_does() {
    let dir = tempfile::tempdir().unwrap();
    for (inside, outside) in in_process_and_through(
        dir.path(),
        &["ffo:40", "ffo:41"],
        "reversi",
        "nboard",
        "pvs+tt",
        "1..5",
    ) {
        let what = format!("{} depth {}", inside.position, inside.depth);
        assert_eq!(outside.status, Status::Ok, "{what}");
        // NBoard reports one total a search: each depth is a search of its own.
        assert_eq!(outside.nodes, inside.nodes, "{what}");
        assert_eq!(outside.iteration_nodes, inside.nodes, "{what}");
        assert_eq!(outside.score, inside.score, "{what}");
        assert_eq!(outside.best_move, inside.best_move, "{what}");
        // Counters NBoard cannot carry are NA, never 0.
        assert_eq!(outside.leaf, None);
        assert_eq!(outside.engine.as_deref(), Some("nodeprof-pvs+tt"));
    }
}

#[test]
fn nodeprof_behind_pons_lines_solves_as_the_sweep_does() {
    let dir = tempfile::tempdir().unwrap();
    let variant = "bisect+tt:64+nolose+clamp+threats";
    for (inside, outside) in in_process_and_through(
        dir.path(),
        &["connect4:end-easy"],
        "connect4",
        "pons",
        variant,
        "end",
    ) {
        let what = format!("{} depth {}", inside.position, inside.depth);
        assert_eq!(outside.status, Status::Ok, "{what}");
        assert_eq!(outside.nodes, inside.nodes, "{what}");
        // The solver's score is the game's result, as the suite's expected score is.
        assert_eq!(outside.game_result, inside.game_result, "{what}");
        assert_eq!(outside.score, outside.expected_score, "{what}");
        assert_eq!(outside.engine, None, "the solver's lines carry no name");
    }
}

#[test]
fn solve_checks_an_external_solver_against_the_suite() {
    let variant = "bisect+tt:64+nolose+clamp+threats";
    let inside = nodeprof(&["solve", "connect4:end-easy", "-v", variant]);
    let args = format!("args=engine --protocol pons -v {variant}");
    let cmd = format!("cmd={NODEPROF}");
    let outside = nodeprof(&[
        "solve",
        "connect4:end-easy",
        "--engine",
        "name=np",
        &cmd,
        &args,
        "proto=pons",
    ]);
    assert!(outside.status.success(), "{}", stderr(&outside));
    let total = |o: &Output| {
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        let last = text.lines().last().unwrap().to_string();
        last.split(" in ").next().unwrap().to_string()
    };
    assert_eq!(total(&outside), total(&inside));
    assert!(
        total(&inside).contains("100 positions, 0 wrong scores"),
        "{}",
        total(&inside)
    );
    // A solver whose scores disagree with the suite fails the command (exit 1): the fake UCI
    // engine is no solver, and is refused before it starts.
    let fake_cmd = format!("cmd={}", fake());
    let refused = nodeprof(&[
        "solve",
        "connect4:end-easy",
        "--engine",
        "name=fake",
        &fake_cmd,
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("not to the end"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn bench_engine_totals_the_engines_searches() {
    // nodeprof behind UGI keeps no table between searches: its bench total is the in-process
    // searches' nodes over the positions and depths 1..D (its `go depth D` runs them all).
    let dir = tempfile::tempdir().unwrap();
    let inside = dir.path().join("inside");
    let output = nodeprof(&[
        "sweep",
        "start",
        "4453",
        "12121",
        "--game",
        "connect4",
        "-d",
        "1..5",
        "-q",
        "-v",
        "alphabeta+killer",
        "-o",
        inside.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let total: u64 = rows(&inside).iter().map(|r| r.nodes.unwrap()).sum();
    let cmd = format!("cmd={NODEPROF}");
    let output = nodeprof(&[
        "bench",
        "start",
        "4453",
        "12121",
        "-d",
        "5",
        "--engine",
        "name=np",
        &cmd,
        "args=engine --protocol ugi --game connect4 -v alphabeta+killer",
        "proto=ugi",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with(&format!("{total} nodes ")),
        "{text}"
    );
    // nodeprof's own bench takes no positions, and an engine takes its threads as an option.
    let refused = nodeprof(&["bench", "ffo:40"]);
    assert_eq!(refused.status.code(), Some(2));
    let refused = nodeprof(&[
        "bench", "ffo:40", "-t", "2", "--engine", "name=x", "cmd=true",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("option.Threads"));
}

#[test]
fn bench_on_two_threads_says_its_total_is_no_signature() {
    let out = nodeprof(&["bench", "-t", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("2 threads a search: the nodes vary"),
        "{text}"
    );
    // The rows add up to the last line's total, as on one thread.
    let rows: u64 = text
        .lines()
        .filter(|l| l.contains(") "))
        .filter_map(|l| l.split_whitespace().rev().nth(1))
        .filter_map(|n| n.replace(',', "").parse::<u64>().ok())
        .sum();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("{rows} nodes ")) && last.ends_with(" nps"),
        "{text}"
    );
}

#[test]
fn nboard_nodes_reported_after_the_move_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("nboard");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fake-nboard");
    let cmd = format!("cmd={}", script.display());
    let output = nodeprof(&[
        "sweep",
        "startpos",
        "--game",
        "reversi",
        "-d",
        "1..2",
        "-q",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=fake",
        &cmd,
        "proto=nboard",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let found: Vec<_> = rows(&out)
        .iter()
        .map(|r| {
            (
                r.depth.clone(),
                r.nodes,
                r.iteration_nodes,
                r.score,
                r.best_move.clone(),
                r.time_ns,
            )
        })
        .collect();
    let at = |d: &str, n: u64| {
        (
            d.to_string(),
            Some(n),
            Some(n),
            Some(2),
            Some("f5".to_string()),
            Some(10_000_000),
        )
    };
    assert_eq!(found, [at("1", 1000), at("2", 2000)]);
    assert_eq!(rows(&out)[0].engine.as_deref(), Some("Fake NBoard"));
}

#[test]
fn nodeprof_speaks_the_uci_handshake() {
    let mut child = Command::new(NODEPROF)
        .args([
            "engine",
            "--protocol",
            "uci",
            "--game",
            "connect4",
            "-v",
            "alphabeta",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // `quit` stops a search, as in Stockfish: it is sent once the move is answered.
    writeln!(
        stdin,
        "uci\nisready\nposition startpos moves 4 4\ngo depth 2"
    )
    .unwrap();
    let mut lines: Vec<String> = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("bestmove") {
            writeln!(stdin, "quit").unwrap();
        }
        lines.push(line);
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(lines[0], "id name nodeprof alphabeta");
    assert!(lines.contains(&"uciok".to_string()), "{lines:?}");
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    let depth2 = lines
        .iter()
        .find(|l| l.starts_with("info depth 2 "))
        .expect("an iteration 2");
    assert!(
        depth2.contains(" nodes ") && depth2.contains(" pv "),
        "{depth2}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string nodeprof depth 2 leaf ")));
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    // A protocol of one game does not serve another.
    let refused = nodeprof(&["engine", "--protocol", "nboard", "--game", "connect4"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--protocol nboard is Reversi's protocol, not Connect 4's"),
        "{}",
        stderr(&refused)
    );
}

/// `sweep -t 1,3` with an engine: each count a case of its own, the engine set to it with
/// `option.Threads` (the fake engine multiplies its nodes by that option); an engine that
/// sets its own threads beside `-t` is refused before anything runs.
#[test]
fn a_sweeps_thread_counts_reach_an_engine_as_its_threads_option() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("threads");
    let cmd = format!("cmd={}", fake());
    let mut args = vec!["sweep", "start", "44", "--game", "connect4", "-d", "1..3"];
    args.extend(["-t", "1,3", "-q", "-o", out.to_str().unwrap()]);
    args.extend(["--engine", "name=fake", &cmd, "args=ok"]);
    let output = nodeprof(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows = rows(&out);
    assert_eq!(rows.len(), 12);
    for r in &rows {
        let depth: u64 = r.depth.parse().unwrap();
        assert_eq!(
            r.nodes,
            Some(depth * depth * 10 * r.threads as u64),
            "{r:?}"
        );
        let name = match r.threads {
            1 => "fake",
            _ => "fake@t3",
        };
        assert_eq!((r.variant.as_str(), r.name.as_str()), ("fake", name));
    }
    assert_eq!(rows.iter().filter(|r| r.threads == 3).count(), 6);
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("| fake | 3 | 3 | 2 |"), "{summary}");
    let both = dir.path().join("both");
    let mut args = vec![
        "sweep", "start", "--game", "connect4", "-d", "1", "-t", "1,2",
    ];
    args.extend(["-o", both.to_str().unwrap(), "--engine", "name=fake", &cmd]);
    args.push("option.Threads=2");
    let output = nodeprof(&args);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("option.Threads"),
        "{}",
        stderr(&output)
    );
    assert!(!both.join("runs.csv").exists());
}
