//! External engines that misbehave: every fault (a program that cannot start, a crash, a
//! hang, garbage, a time limit) leaves one clear error, the rows it should, and a sweep that
//! resumes; engines run in parallel and sharded count as any rows.

use std::path::{Path, PathBuf};
use std::process::Output;

use nodeprof::store::{Record, Status};

#[path = "support/fake.rs"]
mod fake;
use fake::{fake, nodeprof, rows, stderr, NODEPROF};

/// A sweep of Connect 4 `positions` at depths 1..3 by the fake engine in `mode`, which may
/// take 3 s a search (a loaded machine answers well within it; a hang waits that long).
fn fake_sweep(dir: &Path, mode: &str, positions: &[&str], extra: &[&str]) -> (Output, PathBuf) {
    let out = dir.join(mode);
    let cmd = format!("cmd={}", fake());
    let args = format!("args={mode} {}", dir.join("mended").display());
    let mut all = vec!["sweep"];
    all.extend(positions);
    all.extend([
        "--game",
        "connect4",
        "-d",
        "1..3",
        "-o",
        out.to_str().unwrap(),
    ]);
    // `extra` follows the engine's words: a `timeout=` there overrides this one.
    all.extend(["--engine", "name=fake", &cmd, &args, "timeout=3s"]);
    all.extend(extra);
    (nodeprof(&all), out)
}

#[test]
fn an_engine_that_cannot_start_stops_the_sweep_before_it_writes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("missing");
    let output = nodeprof(&[
        "sweep",
        "start",
        "--game",
        "connect4",
        "-d",
        "1",
        "-q",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=ghost",
        "cmd=/nonexistent/engine",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("engine ghost: cannot start '/nonexistent/engine'"),
        "{}",
        stderr(&output)
    );
    assert!(!out.join("runs.csv").exists());

    let (output, out) = fake_sweep(dir.path(), "nohandshake", &["start"], &[]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("engine fake has gone"), "{message}");
    assert!(message.contains("status 3"), "{message}");
    assert!(message.contains("cannot load its network"), "{message}");
    assert!(!out.join("runs.csv").exists());
}

#[test]
fn engine_faults_leave_error_rows_and_the_sweep_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let positions = ["start", "44", "4455"];
    for (mode, says) in [
        (
            "crash",
            "has gone while nodeprof waited for 'bestmove': it exited with status 1",
        ),
        ("hang", "did not answer within 3s"),
        ("garbage", "a bad info line: 'depth one': expected a number"),
    ] {
        let (output, out) = fake_sweep(dir.path(), mode, &positions, &[]);
        // No case finished: no report, exit 1.
        assert_eq!(output.status.code(), Some(1), "{mode}: {}", stderr(&output));
        let rows = rows(&out);
        assert_eq!(rows.len(), 9, "{mode}: every case has its row");
        for row in &rows {
            let Status::Error(why) = &row.status else {
                panic!("{mode}: {row:?}")
            };
            assert!(
                why.contains("engine fake") && why.contains(says),
                "{mode}: {why}"
            );
            assert_eq!(row.nodes, None, "{mode}: no counts for a failed case");
        }
        // One line names the engine, the case and the fault.
        let summary = String::from_utf8_lossy(&output.stdout).into_owned() + &stderr(&output);
        assert!(summary.contains("start fake depth 1"), "{mode}: {summary}");
    }
    // The crash's stderr is in its message.
    let crashed = rows(&dir.path().join("crash"));
    assert!(
        matches!(&crashed[0].status, Status::Error(w) if w.contains("segmentation fault (pretend)"))
    );

    // An illegal answer fails its case only: the engine is restarted for the next.
    let (output, out) = fake_sweep(dir.path(), "illegal", &["start", "111111", "44"], &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let statuses: Vec<String> = rows(&out).iter().map(|r| r.status.to_string()).collect();
    assert_eq!(&statuses[..3], ["ok", "ok", "ok"]);
    for status in &statuses[3..6] {
        assert!(status.contains("an illegal or unreadable move"), "{status}");
    }
    assert_eq!(&statuses[6..], ["ok", "ok", "ok"]);
}

#[test]
fn past_the_time_limit_an_engine_is_stopped_and_its_finished_iterations_stand() {
    let dir = tempfile::tempdir().unwrap();
    let (output, out) = fake_sweep(
        dir.path(),
        "slow",
        &["start"],
        &["timeout=30s", "--time-limit", "2s"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let statuses: Vec<(String, String)> = rows(&out)
        .iter()
        .map(|r| (r.depth.clone(), r.status.to_string()))
        .collect();
    assert_eq!(
        statuses,
        [("1", "ok"), ("2", "ok"), ("3", "timeout")].map(|(d, s)| (d.to_string(), s.to_string()))
    );
    assert_eq!(rows(&out)[2].time_ns, Some(2_000_000_000));
}

#[test]
fn a_resumed_sweep_runs_the_failed_cases_again() {
    let dir = tempfile::tempdir().unwrap();
    let (output, out) = fake_sweep(dir.path(), "crash-unless", &["start", "44"], &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(rows(&out).iter().all(|r| !r.status.is_ok()));
    // The engine is mended; --resume keeps nothing failed and completes the sweep.
    std::fs::write(dir.path().join("mended"), "").unwrap();
    let (output, out) = fake_sweep(dir.path(), "crash-unless", &["start", "44"], &["--resume"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let rows = rows(&out);
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r.status.is_ok()), "{rows:?}");
    // The fake engine's iterations: nodes d²·10 from the go, d²·10 − (d−1)²·10 each.
    let depth3 = rows.iter().find(|r| r.depth == "3").unwrap();
    assert_eq!(
        (depth3.nodes, depth3.iteration_nodes, depth3.seldepth),
        (Some(90), Some(50), Some(4))
    );
    assert_eq!(depth3.engine.as_deref(), Some("Fake crash-unless"));
    assert_eq!(depth3.score, Some(9));
    assert_eq!(depth3.time_ns, Some(3_000_000));
}

#[test]
fn engine_rows_shard_merge_and_compare_as_any_rows() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = format!("cmd={NODEPROF}");
    let sweep = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "sweep",
            "start",
            "4453",
            "12121",
            "--game",
            "connect4",
            "-d",
            "1..4",
            "-q",
            "-v",
            "alphabeta",
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        args.extend([
            "--engine",
            "name=np",
            &cmd,
            "args=engine --protocol ugi --game connect4 -v alphabeta+tt",
            "proto=ugi",
        ]);
        let output = nodeprof(&args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    };
    let whole = dir.path().join("whole");
    sweep(&whole, &[]);
    let shards: Vec<PathBuf> = (1..=2)
        .map(|k| dir.path().join(format!("shard{k}")))
        .collect();
    sweep(&shards[0], &["--shard", "1/2"]);
    sweep(&shards[1], &["--shard", "2/2"]);
    let merged = dir.path().join("merged");
    let output = nodeprof(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "-o",
        merged.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let key = |r: &Record| (r.position.clone(), r.variant.clone(), r.depth.clone());
    let counts = |rows: Vec<Record>| {
        let mut v: Vec<_> = rows
            .iter()
            .map(|r| (key(r), r.nodes, r.iteration_nodes, r.engine.clone()))
            .collect();
        v.sort();
        v
    };
    let all = rows(&whole);
    assert_eq!(all.len(), 2 * 3 * 4);
    assert!(all.iter().any(|r| r.variant == "np") && all.iter().any(|r| r.variant == "alphabeta"));
    assert_eq!(counts(all), counts(rows(&merged)));
    let output = nodeprof(&[
        "compare",
        whole.to_str().unwrap(),
        merged.to_str().unwrap(),
        "--fail-on-change",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

/// A row's position, depth, nodes, iteration nodes, leaves and jobs.
type Counted = (String, String, Option<u64>, Option<u64>, Option<u64>, u32);

#[test]
fn engines_run_in_parallel_count_as_one_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = format!("cmd={NODEPROF}");
    let sweep = |out: &Path, jobs: &str| {
        let args = [
            "sweep",
            "ataxx:end",
            "-d",
            "1..3",
            "-q",
            "-j",
            jobs,
            "-o",
            out.to_str().unwrap(),
            "--engine",
            "name=np",
            &cmd,
            "args=engine --protocol uai -v alphabeta+tt",
            "proto=uai",
        ];
        let output = nodeprof(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        let mut counts: Vec<_> = rows(out)
            .into_iter()
            .map(|r| {
                (
                    r.position,
                    r.depth,
                    r.nodes,
                    r.iteration_nodes,
                    r.leaf,
                    r.jobs,
                )
            })
            .collect();
        counts.sort();
        counts
    };
    let one = sweep(&dir.path().join("one"), "1");
    let two = sweep(&dir.path().join("two"), "2");
    assert!(one.len() >= 6);
    let without_jobs = |v: &[Counted]| {
        v.iter()
            .map(|r| (r.0.clone(), r.1.clone(), r.2, r.3, r.4))
            .collect::<Vec<_>>()
    };
    assert_eq!(without_jobs(&one), without_jobs(&two));
    assert!(
        two.iter().all(|r| r.5 == 2),
        "the jobs column records the parallel run"
    );
}
