//! The probes against nodeprof: the example engines, built here with the machine's cc and
//! run with python3, implement nodeprof's `alphabeta` (nega-alpha, the same move order and
//! evaluation) and report through the probes; their counters and their traces' analysis
//! must be nodeprof's own, node for node, on every position of two suites.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "support/run.rs"]
mod run;
#[path = "support/say.rs"]
mod say;

use run::{nodeprof, ok};

/// The counters both sides report, compared row by row.
const COMPARED: &[&str] = &[
    "nodes",
    "leaf",
    "interior",
    "beta_cut",
    "first_cut",
    "second_cut",
    "third_cut",
    "cut_index_sq",
    "fail_high",
    "fail_low",
    "exact_node",
    "score",
    "best_move",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether a missing tool fails the test (CI) or skips it, said on the terminal.
fn missing(tool: &str) -> bool {
    let required = std::env::var_os("NODEPROF_REQUIRE_ENGINES").is_some();
    assert!(
        !required,
        "{tool} is missing and NODEPROF_REQUIRE_ENGINES is set"
    );
    say::to_terminal(&format!(
        "tests/probes.rs: skipped: {tool} is missing, so the example engine cannot be checked"
    ));
    true
}

/// The C Connect 4 example built into `dir` with `defines`; `None` without a C compiler.
fn build_c(dir: &Path, name: &str, defines: &[&str]) -> Option<PathBuf> {
    let out = dir.join(name);
    let status = Command::new("cc")
        .args(["-O2", "-std=c99", "-Wall", "-Wextra", "-Werror"])
        .args(defines)
        .arg("-I")
        .arg(root().join("probes/c"))
        .arg(root().join("examples/engines/connect4.c"))
        .arg("-o")
        .arg(&out)
        .status();
    match status {
        Ok(s) if s.success() => Some(out),
        Ok(s) => panic!("cc failed on the example engine: {s}"),
        Err(_) if missing("cc") => None,
        Err(e) => panic!("{e}"),
    }
}

type Rows = Vec<std::collections::HashMap<String, String>>;

fn csv_rows(text: &str) -> Rows {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            headers
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// `nodeprof search` rows of `positions` at `depth`, by the engine or by `alphabeta`.
fn search_rows(dir: &Path, positions: &str, depth: &str, extra: &[&str]) -> Rows {
    let mut args = vec!["search", positions, "-d", depth, "--format", "csv"];
    args.extend_from_slice(extra);
    csv_rows(&ok(&nodeprof(dir, &args)))
}

/// Compares the engine's rows with nodeprof's, counter by counter; the positions compared.
fn same_rows(engine: &Rows, own: &Rows, what: &str) -> usize {
    same_columns(engine, own, what, COMPARED)
}

fn same_columns(engine: &Rows, own: &Rows, what: &str, columns: &[&str]) -> usize {
    assert_eq!(engine.len(), own.len(), "{what}: rows");
    for (e, o) in engine.iter().zip(own) {
        assert_eq!(e["position"], o["position"]);
        for &column in columns {
            assert_eq!(e[column], o[column], "{what}: {} {column}", e["position"]);
        }
        assert_ne!(e["engine"], "", "{what}: the engine's row");
    }
    engine.len()
}

/// The trace analyses' figures, without the search names (the engine names its searches by
/// the position, nodeprof by the case) and variants.
fn analysis(dir: &Path, trace: &Path) -> Vec<Vec<String>> {
    let csv = dir.join("analysis.csv");
    ok(&nodeprof(
        dir,
        &[
            "trace",
            trace.to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
        ],
    ));
    let text = std::fs::read_to_string(&csv).unwrap();
    csv_rows(&text)
        .into_iter()
        .map(|row| {
            let mut cells: Vec<(String, String)> = row
                .into_iter()
                .filter(|(k, _)| !["file", "search", "variant"].contains(&k.as_str()))
                .collect();
            cells.sort();
            cells.into_iter().map(|(k, v)| format!("{k}={v}")).collect()
        })
        .collect()
}

#[test]
fn the_c_connect4_engine_counts_and_traces_as_nodeprof_alphabeta() {
    let dir = tempfile::tempdir().unwrap();
    let Some(engine) = build_c(dir.path(), "connect4", &["-DNODEPROF_TRACE"]) else {
        return;
    };
    let cmd = format!("cmd={}", engine.display());
    let mut compared = 0;
    for (positions, depth) in [("connect4:end-easy", "8"), ("connect4:middle-easy", "6")] {
        let trace = dir.path().join("engine.trace");
        let option = format!("option.Trace={}", trace.display());
        let engine_rows = search_rows(
            dir.path(),
            positions,
            depth,
            &["--engine", "name=c4", &cmd, "proto=ugi", &option],
        );
        let own_trace = dir.path().join("own.trace");
        let own = search_rows(
            dir.path(),
            positions,
            depth,
            &["-v", "alphabeta", "--trace", own_trace.to_str().unwrap()],
        );
        compared += same_rows(&engine_rows, &own, positions);
        let (theirs, ours) = (
            analysis(dir.path(), &trace),
            analysis(dir.path(), &own_trace),
        );
        assert_eq!(
            theirs.len(),
            100,
            "{positions}: a search a position in the trace"
        );
        assert_eq!(theirs, ours, "{positions}: the traces' analyses");
    }
    assert_eq!(compared, 200);
}

/// FFO 1..79 and the position after each one's first legal move, as an obf file.
fn reversi_positions(dir: &Path) -> PathBuf {
    use nodeprof::game::Game;
    let cases = nodeprof::position::load(&["ffo:1..79".to_string()], None).unwrap();
    let mut lines = Vec::new();
    for case in &cases {
        let pos = &case.position;
        let first = nodeprof::with_position!(pos, p => p.generate_moves()[0].to_string());
        for pos in [*pos, pos.after_moves(&[first]).unwrap()] {
            lines.push(nodeprof::with_position!(&pos, p => p.to_string()));
        }
    }
    let file = dir.join("reversi.obf");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    file
}

#[test]
fn the_python_reversi_engine_counts_and_traces_as_nodeprof_alphabeta() {
    let dir = tempfile::tempdir().unwrap();
    if Command::new("python3").arg("--version").output().is_err() && missing("python3") {
        return;
    }
    let positions = reversi_positions(dir.path());
    let positions = positions.to_str().unwrap();
    let script = root().join("examples/engines/reversi.py");
    let args = format!("args={}", script.display());
    let trace = dir.path().join("engine.trace");
    let option = format!("option.Trace={}", trace.display());
    let engine_rows = search_rows(
        dir.path(),
        positions,
        "4",
        &[
            "--engine",
            "name=py",
            "cmd=python3",
            &args,
            "proto=ugi",
            &option,
        ],
    );
    let own_trace = dir.path().join("own.trace");
    let own = search_rows(
        dir.path(),
        positions,
        "4",
        &[
            "-v",
            "alphabeta",
            "--eval",
            "disc",
            "--trace",
            own_trace.to_str().unwrap(),
        ],
    );
    assert_eq!(same_rows(&engine_rows, &own, "reversi"), 158);
    let (theirs, ours) = (
        analysis(dir.path(), &trace),
        analysis(dir.path(), &own_trace),
    );
    assert_eq!(theirs.len(), 158);
    assert_eq!(theirs, ours, "the traces' analyses");
}

#[test]
fn the_python_probe_switched_off_is_an_object_that_does_nothing() {
    if Command::new("python3").arg("--version").output().is_err() && missing("python3") {
        return;
    }
    let code = "import sys; sys.path.insert(0, sys.argv[1])\n\
                from nodeprof_probe import probe, tracer\n\
                off, on = probe(False), probe(True)\n\
                for c in (off, on):\n    c.leaf(); c.interior(); c.cut(1); c.result(3, 0, 2); c.extra('x_a', 4)\n\
                assert off.line(2) is None and off.nodes() is None\n\
                print(on.line(2))\n\
                t = tracer(None); t.begin('g', 'p', 'n'); t.enter('-', -1, 1, 2); t.exit(0, cut=1)\n";
    let out = Command::new("python3")
        .args(["-c", code])
        .arg(root().join("probes/python"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "info string nodeprof depth 2 leaf 1 interior 1 tt_probe 0 tt_hit 0 tt_cut 0 beta_cut 1 first_cut 0 second_cut 1 third_cut 0 cut_index_sq 4 fail_high 1 fail_low 0 exact_node 0 x_a 4"
    );
}

#[test]
fn the_c_probe_switched_off_reports_nothing_and_searches_alike() {
    let dir = tempfile::tempdir().unwrap();
    let Some(off) = build_c(dir.path(), "connect4-off", &[]) else {
        return;
    };
    let session = "ugi\nisready\nposition fen 4453\ngo depth 6\nquit\n";
    let run = |engine: &Path| {
        let mut child = Command::new(engine)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(session.as_bytes())
            .unwrap();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    };
    let without = run(&off);
    assert!(without.contains("bestmove"), "{without}");
    assert!(!without.contains("info string nodeprof"), "{without}");
    let on = build_c(dir.path(), "connect4-on", &["-DNODEPROF_PROBE"]).unwrap();
    let with = run(&on);
    assert!(with.contains("info string nodeprof depth 6 leaf"), "{with}");
    let bestmove = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("bestmove"))
            .map(str::to_string)
    };
    assert_eq!(bestmove(&without), bestmove(&with));
}

#[test]
fn the_rust_probe_writes_what_nodeprof_reads() {
    use nodeprof::engine::counters_line::parse_counters_line;
    use nodeprof_probe::{Counters, Exit, Trace};
    let mut counters = Counters::default();
    counters.interior();
    counters.leaf();
    counters.leaf();
    counters.cut(2);
    counters.result(9, 0, 5);
    counters.extra("x_check_ext", 3);
    let line = parse_counters_line(&counters.line(4).unwrap(), u64::MAX).unwrap();
    assert!(line.warnings.is_empty(), "{:?}", line.warnings);
    assert_eq!(line.depth, Some(4));
    let r = &line.reported;
    let got: Vec<_> = [
        "leaf",
        "interior",
        "beta_cut",
        "third_cut",
        "cut_index_sq",
        "fail_high",
    ]
    .iter()
    .map(|n| r.get(n))
    .collect();
    assert_eq!(got, [Some(2), Some(1), Some(1), Some(1), Some(9), Some(1)]);
    assert_eq!(r.extra_cell().as_deref(), Some("x_check_ext=3"));
    // A Connect 4 search of depth 1 from the empty board: seven leaves, centre first.
    let mut trace = Trace::new(Vec::new(), 1 << 30);
    trace.begin("connect4", "", "empty board").unwrap();
    trace.enter("-", -(1 << 30), 1 << 30, 1).unwrap();
    for column in ["4", "3", "5", "2", "6", "1", "7"] {
        trace.enter(column, -(1 << 30), 1 << 30, 0).unwrap();
        trace.exit(0, Exit::default()).unwrap();
    }
    trace.exit(0, Exit::default()).unwrap();
    let settings = nodeprof::trace::Settings {
        game: None,
        minimal_cap: 1000,
    };
    let text = trace.into_inner();
    let searches = nodeprof::trace::analyse(text.as_slice(), settings, |_| {}).unwrap();
    let t = &searches[0].tally;
    assert_eq!((t.nodes, t.leaves, t.pv), (8, 7, 1));
    assert_eq!(searches[0].minimal.map(|m| m.nodes), Some(8));
}

#[test]
fn nodeprof_behind_ugi_gives_the_rows_and_traces_of_nodeprof_in_process() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("engine.trace");
    let cmd = format!("cmd={}", env!("CARGO_BIN_EXE_nodeprof"));
    let option = format!("option.Trace={}", trace.display());
    let args = "args=engine --protocol ugi --game connect4 -v alphabeta+tt+killer";
    let engine_rows = search_rows(
        dir.path(),
        "connect4:middle-easy",
        "5",
        &["--engine", "name=np", &cmd, args, "proto=ugi", &option],
    );
    let own_trace = dir.path().join("own.trace");
    let own = search_rows(
        dir.path(),
        "connect4:middle-easy",
        "5",
        &[
            "-v",
            "alphabeta+tt+killer",
            "--trace",
            own_trace.to_str().unwrap(),
        ],
    );
    // Every counter (the engine's `nodes` count from the `go`, over depths 1 to 5).
    let columns: Vec<&str> = COMPARED[1..]
        .iter()
        .copied()
        .chain(["tt_probe", "tt_hit", "tt_cut", "pass", "research"])
        .collect();
    assert_eq!(
        same_columns(&engine_rows, &own, "nodeprof engine", &columns),
        100
    );
    for (e, o) in engine_rows.iter().zip(&own) {
        assert_eq!(e["iteration_nodes"], o["nodes"], "{}", e["position"]);
    }
    // The engine searches depths 1 to 5 for `go depth 5`, a trace each.
    let deepest: Vec<_> = analysis(dir.path(), &trace)
        .into_iter()
        .filter(|row| row.contains(&"depth=5".to_string()))
        .collect();
    assert_eq!(deepest, analysis(dir.path(), &own_trace));
}

#[test]
fn a_bad_trace_or_an_untraceable_search_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trace");
    std::fs::write(
        &bad,
        "nodeprof-trace 1\ngame connect4\n( - -inf inf 1\n( 9 -inf inf 0\n",
    )
    .unwrap();
    let out = nodeprof(dir.path(), &["trace", "bad.trace"]);
    let error = run::failed(&out, 2);
    assert!(error.contains("bad.trace: line 4: move '9'"), "{error}");
    let out = nodeprof(
        dir.path(),
        &[
            "search", "ffo:40", "-v", "pn", "-d", "end", "--trace", "pn.trace",
        ],
    );
    let error = run::failed(&out, 2);
    assert!(
        error.contains("--trace: the trace follows the windowed move loop"),
        "{error}"
    );
    assert!(!dir.path().join("pn.trace").exists(), "nothing written");
}
