//! What broke under attack and in a new user's first hour (issue 39), the engine side end to
//! end: `nodeprof engine` served to a client and driven by a sweep, and engine processes. Each
//! test is a reproducer that failed before its fix.

use std::process::Command;

#[path = "support/proc.rs"]
mod proc;
#[path = "support/run.rs"]
mod run;
use run::{failed, nodeprof, ok};
#[path = "support/session.rs"]
mod session;
use session::engine_session;

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
    let pid = proc::written_pid(&dir.path().join("pid"), guard);
    std::thread::sleep(std::time::Duration::from_millis(500));
    sweep.kill().unwrap(); // SIGKILL: nodeprof cleans up nothing
    sweep.wait().unwrap();
    // Its input closed, the engine stops its search and leaves (reaped by init).
    proc::wait_gone(pid, guard);
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
