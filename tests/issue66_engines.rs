//! Nothing passes that should fail (issue 66), end to end, where an engine is involved: the
//! NBoard and Pons servers, engines tied to nodeprof's life, a program replaced at the same
//! path, a standard opening set played through, a loss on time. Each test is a reproducer
//! that failed before its fix.

#[path = "support/proc.rs"]
mod proc;
#[path = "support/run.rs"]
mod run;
use run::{failed, nodeprof, ok};
#[path = "support/session.rs"]
mod session;
use session::{converse, engine_session};

#[test]
fn the_nboard_and_pons_servers_stop_a_search_at_quit_or_the_end_of_their_input() {
    let nboard = ["--protocol", "nboard", "-v", "negamax"];
    // Depth 30 of plain negamax would take years: each of these ends it at once.
    for (input, keep_open) in [
        (&b"nboard 2\nset depth 30\ngo\nquit\n"[..], true),
        (b"nboard 2\nset depth 30\ngo\n", false),
    ] {
        let out = engine_session(&nboard, input, keep_open, 60);
        assert!(out.starts_with("set myname"), "{out}");
        assert!(!out.contains("==="), "{out}");
    }
    // Connect 4's empty board, solved by plain negamax: years. `quit` ends it.
    let pons = ["--protocol", "pons", "-v", "negamax"];
    let out = engine_session(&pons, b"\nquit\n", true, 60);
    assert_eq!(out, "");
    // A file piped in is answered to its end, as Pons' solver answers it.
    let two = "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n";
    let out = engine_session(&["--protocol", "pons"], two.as_bytes(), false, 60);
    let scores: Vec<&str> = out
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(scores, ["-1", "1"], "{out}");
}

#[test]
fn a_byte_that_is_not_utf8_does_not_end_the_nboard_server() {
    let out = converse(
        &["--protocol", "nboard", "-v", "alphabeta"],
        b"nboard 2\n\xff\xfe\nset depth 2\ngo\n",
        "===",
        b"quit\n",
        60,
    );
    assert!(out.lines().any(|l| l.starts_with("=== ")), "{out}");
}

#[test]
fn an_engine_that_does_not_read_its_input_dies_with_a_killed_nodeprof() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_nodeprof");
    // The engine writes its pid, then sleeps without a word: busy, deaf to its input.
    let mut sweep = std::process::Command::new(bin)
        .args([
            "sweep",
            "ffo:40",
            "-d",
            "1",
            "-q",
            "-o",
            "x",
            "--engine",
            "name=deaf",
        ])
        .args([
            "cmd=sh",
            "args=-c 'echo $$ > pid; exec sleep 600'",
            "proto=uci",
        ])
        .current_dir(dir.path())
        .spawn()
        .unwrap();
    // A hang guard, not a speed check.
    let guard = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let pid = proc::written_pid(&dir.path().join("pid"), guard);
    sweep.kill().unwrap(); // SIGKILL: nodeprof cleans up nothing
    sweep.wait().unwrap();
    proc::wait_gone(pid, guard);
}

#[test]
fn a_resume_with_another_program_at_the_same_path_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_nodeprof");
    let engine = dir.path().join("engine");
    std::fs::copy(bin, &engine).unwrap();
    let sweep = |extra: &[&str]| {
        let mut line = vec!["sweep", "ffo:40..41", "-d", "1..2", "-q", "-o", "y"];
        line.extend(extra);
        let args = "args=engine --protocol uci --game reversi -v alphabeta";
        line.extend(["--engine", "name=e", "cmd=./engine", args, "proto=uci"]);
        nodeprof(dir.path(), &line)
    };
    ok(&sweep(&[]));
    let runs = dir.path().join("y/runs.csv");
    let text = std::fs::read_to_string(&runs).unwrap();
    let kept: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&runs, kept.join("\n") + "\n").unwrap();
    // The same command, arguments and behaviour, another program: an upgrade in place.
    std::fs::remove_file(&engine).unwrap();
    std::fs::write(&engine, format!("#!/bin/sh\nexec {bin} \"$@\"\n")).unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let error = failed(&sweep(&["--resume"]), 2);
    assert!(error.contains("holds another plan (engines"), "{error}");
    assert!(error.contains("\"program\":\"blake3:"), "{error}");
    assert_eq!(
        std::fs::read_to_string(&runs).unwrap(),
        kept.join("\n") + "\n"
    );
}

/// A `.ggf` opening set as GGS writes its records (rows of the board with spaces between,
/// moves in capitals with an evaluation and a time), as NBoard writes them (one run of 64
/// squares), and one with white to move.
const GGF_OPENINGS: &str = "\
(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:13.MST]PB[Saio1200]PW[Saio3000]RB[2197.01]\
RW[2199.72]TI[05:00//02:00]TY[8]RE[-12.000]BO[8 -------- -------- -------- ---O*--- \
---*O--- -------- -------- -------- *]B[F5//0.01]W[D6/-1.50/0.02]B[C3/1.00/0.01]W[D3//0.01];)
(;GM[Othello]PC[NBoard]DT[2013-01-01 00:00:00 GMT]PB[me]PW[you]RE[?]TI[0]TY[8]\
BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[f6]B[e6]W[f4];)
(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- O]W[c5];)
";

#[test]
fn a_standard_ggf_opening_set_is_played_through_against_the_nboard_server() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("set.ggf"), GGF_OPENINGS).unwrap();
    let bin = env!("CARGO_BIN_EXE_nodeprof");
    let cmd = format!("cmd={bin}");
    ok(&nodeprof(
        dir.path(),
        &[
            "play",
            "pvs+tt+id@depth=1",
            "nb@depth=1",
            "--game",
            "reversi",
            "--openings",
            "set.ggf",
            "-n",
            "6",
            "-q",
            "-o",
            "out",
            "--engine",
            "name=nb",
            &cmd,
            "args=engine --protocol nboard -v pvs+tt+id",
            "proto=nboard",
        ],
    ));
    let games = std::fs::read_to_string(dir.path().join("out/games.csv")).unwrap();
    let header: Vec<&str> = games.lines().next().unwrap().split(',').collect();
    let field = |row: &str, name: &str| {
        let at = header.iter().position(|h| *h == name).unwrap();
        row.split(',').nth(at).unwrap().to_string()
    };
    // The openings worked by hand from the records' moves, each played from both sides.
    let expected = [
        "------------------XO-------OX------OXX-----O-------------------- X",
        "---------------------------OOO-----XXO------XO------------------ X",
        "---------------------------OX-----OOO--------------------------- X",
    ];
    let rows: Vec<&str> = games.lines().skip(1).collect();
    assert_eq!(rows.len(), 6, "{games}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(field(row, "opening"), format!("'{}", expected[i / 2]));
        // Every move of both sides legal: the game ended by the rules, not by a forfeit.
        assert_eq!(field(row, "termination"), "end", "{row}");
    }
}

/// An engine that answers only when told to stop loses on time with the wait it had in the
/// reason (its movetime and the margin, 100 ms + 100 ms), not "within 0ns".
#[test]
fn a_loss_on_time_names_the_wait_the_engine_had() {
    let dir = tempfile::tempdir().unwrap();
    let fake = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fake-uci");
    let cmd = format!("cmd={}", fake.display());
    ok(&nodeprof(
        dir.path(),
        &[
            "play",
            "slow",
            "greedy",
            "--game",
            "connect4",
            "--engine",
            "name=slow",
            &cmd,
            "args=slow",
            "proto=uci",
            "--movetime",
            "100ms",
            "--timemargin",
            "100ms",
            "-n",
            "2",
            "-o",
            "out",
            "-q",
        ],
    ));
    let games = std::fs::read_to_string(dir.path().join("out/games.csv")).unwrap();
    let forfeits: Vec<&str> = games
        .lines()
        .filter(|l| l.contains("time_forfeit"))
        .collect();
    assert_eq!(forfeits.len(), 2, "{games}");
    for line in forfeits {
        assert!(line.contains("did not answer within 200ms"), "{line}");
    }
}
