//! A real engine: Debian's Stockfish (installed by `.ci/run`), profiled on the chess positions
//! of `positions/chess/profile24.epd`. Its `bench` total is reproduced exactly by a sweep with
//! the bench's conventions; per-depth nodes equal a raw transcript's `info` lines; two runs
//! count alike. Without Stockfish the tests say so and pass, unless NODEPROF_REQUIRE_ENGINES
//! is set (as `.ci/run` sets it), where its absence fails them.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use nodeprof::store::{read_runs, Record, Status};

const NODEPROF: &str = env!("CARGO_BIN_EXE_nodeprof");

#[path = "engines/installed.rs"]
mod installed;

/// Stockfish's program.
fn stockfish() -> Option<PathBuf> {
    installed::program("stockfish", "stockfish")
}

fn positions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/chess/profile24.epd")
}

/// The FEN lines of the positions file (its comments dropped, as Stockfish's bench wants).
fn fens() -> Vec<String> {
    std::fs::read_to_string(positions())
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn sweep(sf: &Path, out: &Path, depths: &str, extra: &[&str]) -> Vec<Record> {
    sweep_file(sf, &positions(), out, depths, extra)
}

fn sweep_file(sf: &Path, file: &Path, out: &Path, depths: &str, extra: &[&str]) -> Vec<Record> {
    let cmd = format!("cmd={}", sf.display());
    let mut args = vec![
        "sweep".to_string(),
        file.display().to_string(),
        "-d".into(),
        depths.into(),
        "-q".into(),
        "-o".into(),
        out.display().to_string(),
        "--engine".into(),
        "name=sf".into(),
        cmd,
        "option.Hash=16".into(),
        "option.Threads=1".into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let output = Command::new(NODEPROF).args(&args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = read_runs(&out.join("runs.csv")).unwrap();
    assert!(rows.iter().all(|r| r.status == Status::Ok), "{rows:?}");
    rows
}

/// `stockfish bench 16 1 DEPTH FILE depth NNUE`'s `Nodes searched` total.
fn bench_total(sf: &Path, file: &Path, depth: &str) -> u64 {
    let bench = Command::new(sf)
        .args(["bench", "16", "1", depth])
        .arg(file)
        .args(["depth", "NNUE"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&bench.stderr).into_owned()
        + &String::from_utf8_lossy(&bench.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("Nodes searched"))
        .and_then(|rest| rest.trim_start_matches([' ', ':']).trim().parse().ok())
        .unwrap_or_else(|| panic!("no 'Nodes searched' in the bench's output: {text}"))
}

#[test]
fn a_sweep_with_the_bench_conventions_counts_the_bench_total() {
    let Some(sf) = stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let depth = "9";
    // One new game at the start, the table kept from position to position, in file order.
    let conventions = ["newgame=once"];
    // The first 20 positions: the bench's total is the sweep's, exactly.
    let first20 = dir.path().join("first20.epd");
    std::fs::write(&first20, fens()[..20].join("\n") + "\n").unwrap();
    let rows = sweep_file(
        &sf,
        &first20,
        &dir.path().join("first20"),
        depth,
        &conventions,
    );
    assert_eq!(rows.len(), 20);
    let swept: u64 = rows.iter().map(|r| r.nodes.unwrap()).sum();
    let total = bench_total(&sf, &first20, depth);
    assert_eq!(swept, total, "20 positions");
    // `nodeprof bench --engine` runs the bench's conventions itself; its last line is the
    // total as OpenBench reads it.
    let output = Command::new(NODEPROF)
        .arg("bench")
        .arg(&first20)
        .args(["-d", depth, "--engine", "name=sf"])
        .arg(format!("cmd={}", sf.display()))
        .args(["option.Hash=16", "option.Threads=1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let last = text.lines().last().unwrap_or("");
    assert!(
        last.starts_with(&format!("{total} nodes ")) && last.ends_with(" nps"),
        "{text}"
    );
    // All 24: Stockfish counts one node more than its last `info` line says whenever its
    // line is a single move (a mate in one here): after the search it plays that move to
    // look up a ponder move in its table (`extract_ponder_from_tt`, whose `do_move` counts a
    // node). No protocol line shows that node; the sweep records what the engine reported.
    let all = dir.path().join("all.epd");
    std::fs::write(&all, fens().join("\n") + "\n").unwrap();
    let rows = sweep_file(&sf, &all, &dir.path().join("all"), depth, &conventions);
    assert_eq!(rows.len(), 24);
    let swept: u64 = rows.iter().map(|r| r.nodes.unwrap()).sum();
    let one_move_lines = rows
        .iter()
        .filter(|r| r.pv.as_deref().is_some_and(|pv| pv.split(' ').count() == 1))
        .count() as u64;
    assert_eq!(one_move_lines, 1, "the back-rank mate in one");
    assert_eq!(
        swept + one_move_lines,
        bench_total(&sf, &all, depth),
        "24 positions"
    );
}

/// The nodes of each depth's last full `info` line of `go depth 12` on `fen`, from a
/// transcript of the commands nodeprof sends (read here by plain string matching).
fn transcript(sf: &Path, fen: &str) -> BTreeMap<u32, u64> {
    let mut child = Command::new(sf)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    write!(
        stdin,
        "uci\nsetoption name Hash value 16\nsetoption name Threads value 1\nisready\nucinewgame\nisready\nposition fen {fen}\ngo depth 12\n"
    )
    .unwrap();
    stdin.flush().unwrap();
    let mut nodes = BTreeMap::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("bestmove") {
            break;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let field = |name: &str| {
            words
                .iter()
                .position(|w| *w == name)
                .map(|i| words[i + 1].parse::<u64>().unwrap())
        };
        if words.first() == Some(&"info") && !line.contains("currmove") && !line.contains("bound") {
            if let (Some(depth), Some(n)) = (field("depth"), field("nodes")) {
                nodes.insert(depth as u32, n);
            }
        }
    }
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    nodes
}

#[test]
fn per_depth_nodes_are_the_info_lines_and_two_runs_count_alike() {
    let Some(sf) = stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let first = sweep(&sf, &dir.path().join("first"), "1..12", &[]);
    let second = sweep(&sf, &dir.path().join("second"), "1..12", &[]);
    assert_eq!(first.len(), 24 * 12);
    let counts = |rows: &[Record]| -> Vec<_> {
        rows.iter()
            .map(|r| {
                (
                    r.position.clone(),
                    r.depth.clone(),
                    r.nodes,
                    r.iteration_nodes,
                    r.seldepth,
                    r.score,
                    r.pv.clone(),
                )
            })
            .collect()
    };
    assert_eq!(
        counts(&first),
        counts(&second),
        "two runs of the same sweep"
    );
    for (i, fen) in fens().iter().enumerate().step_by(5) {
        let raw = transcript(&sf, fen);
        let swept: BTreeMap<u32, u64> = first
            .iter()
            .filter(|r| r.position == format!("profile24.epd:{}", i + 5))
            .map(|r| (r.depth.parse().unwrap(), r.nodes.unwrap()))
            .collect();
        assert_eq!(swept.len(), 12, "position {}", i + 1);
        assert_eq!(swept, raw, "position {}: {fen}", i + 1);
    }
    let row = &first[11];
    assert_eq!(row.engine.as_deref(), Some("Stockfish 15.1"));
    assert_eq!(row.game, "chess");
    // Each iteration's own nodes add up to the nodes from the go.
    let one: Vec<&Record> = first
        .iter()
        .filter(|r| r.position == row.position)
        .collect();
    let sum: u64 = one.iter().map(|r| r.iteration_nodes.unwrap()).sum();
    assert_eq!(Some(sum), one.last().unwrap().nodes);
}

/// Stockfish profiled at one thread and two (`-t 1,2`, sent as its `Threads` option): at one
/// thread the counts of a sweep that sets `option.Threads=1` itself, at two a row of its own
/// per case, and the report's scaling section.
#[test]
fn stockfish_on_one_thread_and_two() {
    let Some(sf) = stockfish() else { return };
    let dir = tempfile::tempdir().unwrap();
    let single = sweep(&sf, &dir.path().join("one"), "1..8", &[]);
    let out = dir.path().join("both");
    let cmd = format!("cmd={}", sf.display());
    let file = positions().display().to_string();
    let args = [
        "sweep",
        &file,
        "-d",
        "1..8",
        "-t",
        "1,2",
        "-q",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=sf",
        &cmd,
        "option.Hash=16",
    ];
    let output = Command::new(NODEPROF).args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = read_runs(&out.join("runs.csv")).unwrap();
    assert!(rows.iter().all(|r| r.status == Status::Ok), "{rows:?}");
    let (one, two): (Vec<&Record>, Vec<&Record>) = rows.iter().partition(|r| r.threads == 1);
    assert_eq!((one.len(), two.len()), (single.len(), single.len()));
    for (a, b) in single.iter().zip(&one) {
        assert_eq!(
            (&a.position, &a.depth, a.nodes),
            (&b.position, &b.depth, b.nodes)
        );
    }
    assert!(two
        .iter()
        .all(|r| r.threads == 2 && r.name == "sf@t2" && r.nodes.is_some()));
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("| sf | 8 | 2 | 24 |"), "{summary}");
}
