//! Nothing passes that should fail, and nothing fails that should pass (issue 66), end to
//! end: each test is a reproducer that failed before its fix (those with engines are in
//! `issue66_engines.rs`).

#[path = "support/run.rs"]
mod run;
use run::{failed, nodeprof, ok};

/// Random 12- to 16-empty Reversi endgames (seeded random play) whose win/draw/loss solve on
/// two threads was called "not deterministic" in the first runs: the margin it reports is a
/// bound that differs from run to run, while only its sign is proven.
const WLD_ON_THREADS: [&str; 8] = [
    "--OX-X---XOXXX-XXOOXOXXX-OOXOXXX-OXXOOXXOOOXXOOX-OOOOXX--OOO-XXO",
    "XXXX--X--OXOOX---OXXXO-X-OOXXOXXOOXXXXOXOOOX-XXXOO-OOOXXX-O--X-X",
    "X---X-OX-XXX-OXX--XOOOOXO-XOOOXOOOXXOOX-OOXOXOX-OXOOOOXOXX-OOOX-",
    "--XXXXXX-XXOOOXOXXXOOOX--XXXXOOX-OXOOOOO-OXOOO--OXOOOOO-X--OOO-O",
    "----O-XOX-X-OXO-OOOOOOXXOXOXX-XXOXXXOXX-OOXXXXOOOXXXXOOOOX-O--OO",
    "X-XXXXXOXXOOXOOOXXOXXOXO-XXXOOXOOXOOOOX-X-OXXOO---X-XXXO-X--X--X",
    "-O-X-OXO-OXXXXX--OXOXOX-OOOOOXX-OOXOXXXXOOOOXO--OOOXXXXX-OOOOO--",
    "OXXXXX---XX-XXX-XXOOOX-XOX-OXXXX-OOXXX-XXXOXXXOXOXXO-XXXXX--OXX-",
];

#[test]
fn a_win_draw_loss_solve_on_two_threads_repeats_with_the_one_threads_signs() {
    let dir = tempfile::tempdir().unwrap();
    for (i, board) in WLD_ON_THREADS.iter().enumerate() {
        let text = format!("{board}\nWhite to move\n");
        std::fs::write(dir.path().join(format!("w{i}.pos")), text).unwrap();
    }
    let folder = dir.path().to_str().unwrap();
    let solve = |threads: &str, repeat: &str| -> Vec<i32> {
        let args = [
            "solve", folder, "--mode", "wld", "-t", threads, "--repeat", repeat, "--format", "csv",
        ];
        let csv = ok(&nodeprof(dir.path(), &args));
        let mut rows = csv.lines();
        let header: Vec<&str> = rows.next().unwrap().split(',').collect();
        let at = header.iter().position(|h| *h == "game_result").unwrap();
        rows.map(|row| {
            row.split(',')
                .nth(at)
                .unwrap()
                .parse::<i32>()
                .unwrap()
                .signum()
        })
        .collect()
    };
    let one = solve("1", "1");
    assert_eq!(one.len(), WLD_ON_THREADS.len());
    // Five runs each on two threads: every run proves the one thread's sign.
    assert_eq!(solve("2", "5"), one);
}

#[test]
fn a_folder_without_its_cut_off_table_is_refused_by_merge_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let sweep = |extra: &[&str]| {
        let mut args = vec!["sweep", "ffo:40..41", "-v", "negaalpha", "-d", "2..3", "-q"];
        args.extend(extra);
        nodeprof(dir.path(), &args)
    };
    ok(&sweep(&["--shard", "1/2", "-o", "s1"]));
    ok(&sweep(&["--shard", "2/2", "-o", "s2"]));
    std::fs::remove_file(dir.path().join("s2/cuts.csv")).unwrap();
    let merged = nodeprof(dir.path(), &["merge", "s1", "s2", "-o", "merged"]);
    let err = failed(&merged, 2);
    assert!(
        err.contains("s2/cuts.csv: missing, yet 2 finished cases of")
            && err.contains("s2/runs.csv counted beta cut-offs (the first: end4"),
        "{err}"
    );
    assert!(!dir.path().join("merged/runs.csv").exists());
    // Resuming a sweep whose cuts.csv went missing would keep its finished rows without
    // their cut-off tables.
    ok(&sweep(&["-o", "whole"]));
    std::fs::remove_file(dir.path().join("whole/cuts.csv")).unwrap();
    let resumed = sweep(&["-o", "whole", "--resume"]);
    assert!(failed(&resumed, 2).contains("whole/cuts.csv: missing"));
    assert!(
        !dir.path().join("whole/cuts.csv").exists(),
        "not made again empty"
    );
}

#[test]
fn ab_refuses_a_sweeps_folder_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let sweep = [
        "sweep",
        "ffo:40",
        "-v",
        "negaalpha",
        "-d",
        "2",
        "-q",
        "-o",
        "x",
    ];
    ok(&nodeprof(dir.path(), &sweep));
    let summary = std::fs::read_to_string(dir.path().join("x/summary.md")).unwrap();
    let ab = ["ab", "alphabeta", "pvs", "ffo:40", "-d", "2", "-o", "x"];
    let err = failed(&nodeprof(dir.path(), &ab), 2);
    assert!(
        err.contains("x/runs.csv holds another plan (another command's results"),
        "{err}"
    );
    let now = std::fs::read_to_string(dir.path().join("x/summary.md")).unwrap();
    assert_eq!(now, summary, "the sweep's summary is kept");
    assert!(!dir.path().join("x/base").exists());
    // A symbolic link where ab writes its sides' sweeps is refused too.
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::create_dir(dir.path().join("y")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.path().join("y/base")).unwrap();
    let ab = ["ab", "alphabeta", "pvs", "ffo:40", "-d", "2", "-o", "y"];
    assert!(failed(&nodeprof(dir.path(), &ab), 2).contains("a symbolic link in a run folder"));
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    // With --force, the folder is ab's: it runs to its verdict (exit 0, or 1 should the
    // paired timing find pvs slower: a verdict on time, not a refusal).
    let ab = [
        "ab",
        "alphabeta",
        "pvs",
        "ffo:40",
        "-d",
        "2",
        "-o",
        "x",
        "--force",
    ];
    let forced = nodeprof(dir.path(), &ab);
    assert!(matches!(forced.status.code(), Some(0 | 1)), "{forced:?}");
    let summary = std::fs::read_to_string(dir.path().join("x/summary.md")).unwrap();
    assert!(summary.contains("## Verdict"), "{summary}");
    assert!(dir.path().join("x/base/runs.csv").is_file());
}

#[test]
fn names_from_user_files_show_in_the_summary_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let epd = "4k3/8/8/8/8/8/8/4K2R w K - id \"<img src=x onerror=alert(1)>|a\";\n\
               4k3/8/8/8/8/8/8/R3K3 w Q - id \"two*stars*_x_\";\n";
    std::fs::write(dir.path().join("odd.epd"), epd).unwrap();
    ok(&nodeprof(
        dir.path(),
        &[
            "sweep",
            "odd.epd",
            "-d",
            "1..2",
            "-v",
            "alphabeta",
            "-q",
            "-o",
            "out",
        ],
    ));
    let summary = std::fs::read_to_string(dir.path().join("out/summary.md")).unwrap();
    assert!(!summary.replace("\\<", "").contains("<img"), "{summary}");
    assert!(
        summary.contains("\\<img src=x onerror=alert(1)\\>\\|a, two\\*stars\\*\\_x\\_"),
        "{summary}"
    );
    // Every table row has its header's columns: no name splits a row.
    for table in summary.split("\n\n").filter(|b| b.starts_with('|')) {
        let cells = |line: &str| line.replace("\\|", "").matches('|').count();
        let header = cells(table.lines().next().unwrap());
        assert!(table.lines().all(|l| cells(l) == header), "{table}");
    }
    // An engine's name is one plain word.
    let error = failed(
        &nodeprof(
            dir.path(),
            &[
                "sweep",
                "odd.epd",
                "-d",
                "1",
                "--engine",
                "name=a|b",
                "cmd=stockfish",
            ],
        ),
        2,
    );
    assert!(error.contains("name \"a|b\": expected a word"), "{error}");
}

#[test]
fn counts_of_one_and_scores_without_a_best_move_read_as_english() {
    let dir = tempfile::tempdir().unwrap();
    // Pons' line: a score, no best move.
    std::fs::write(
        dir.path().join("one.txt"),
        "2252576253462244111563365343671351441 -1\n",
    )
    .unwrap();
    let search = ok(&nodeprof(
        dir.path(),
        &["search", "one.txt", "-g", "connect4", "-d", "2"],
    ));
    let header = search.lines().next().unwrap();
    assert!(header.ends_with("expected -1"), "{header}");
    let show = ok(&nodeprof(
        dir.path(),
        &["show", "one.txt", "-g", "connect4"],
    ));
    assert!(show.lines().any(|l| l == "expected score: -1"), "{show}");
    let args = [
        "sweep",
        "one.txt",
        "-g",
        "connect4",
        "-d",
        "2",
        "-v",
        "alphabeta",
        "-q",
        "-o",
        "x",
    ];
    ok(&nodeprof(dir.path(), &args));
    let summary = std::fs::read_to_string(dir.path().join("x/summary.md")).unwrap();
    assert!(summary.contains("1 position ("), "{summary}");
    assert!(summary.contains("1 variant, "), "{summary}");
}

#[test]
fn a_byte_that_is_not_utf8_is_named_with_its_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("set.pgn"),
        b"[Event \"a\"]\n[White \"\xE9\"]\n\n1. e4 *\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("engines.txt"), b"# ok\nname=sf cmd=\xFF\n").unwrap();
    let openings = failed(
        &nodeprof(
            dir.path(),
            &[
                "play",
                "random",
                "random",
                "--game",
                "chess",
                "--openings",
                "set.pgn",
                "-n",
                "2",
                "-q",
            ],
        ),
        2,
    );
    assert!(
        openings.contains("set.pgn:2") && openings.contains("0xE9"),
        "{openings}"
    );
    let engines = failed(
        &nodeprof(
            dir.path(),
            &[
                "sweep",
                "ffo:40",
                "-d",
                "1",
                "--engines",
                "engines.txt",
                "--engine",
                "conf=sf",
            ],
        ),
        2,
    );
    assert!(
        engines.contains("engines.txt:2") && engines.contains("0xFF"),
        "{engines}"
    );
}

/// Chess is solved with its draw rules by default: two bare kings are a dead position (a
/// draw, 0), a queen mates at once (a win, +1, by Qg7 or Qf8), and a variant without the
/// rules names the option that ends every game instead of only the depth it reached. The
/// JSON totals of a solve without `--minimal` hold no graph (null, not 0).
#[test]
fn chess_is_solved_with_its_draw_rules_by_default() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("set.fen"),
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\n",
    )
    .unwrap();
    let json = ok(&nodeprof(
        dir.path(),
        &["solve", "set.fen", "--game", "chess", "--format", "json"],
    ));
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows[0]["game_result"], 0, "{json}");
    assert_eq!(rows[1]["game_result"], 1, "{json}");
    let mate = rows[1]["best_move"].as_str().unwrap();
    assert!(["f7g7", "f7f8"].contains(&mate), "{json}");
    // without --minimal there is no graph: null in the totals as in the rows, not 0
    assert!(doc["totals"][0]["minimal_graph"].is_null(), "{json}");
    assert!(rows[0]["minimal_graph"].is_null(), "{json}");
    let err = failed(
        &nodeprof(
            dir.path(),
            &["solve", "set.fen", "--game", "chess", "-v", "mtdf+tt"],
        ),
        2,
    );
    assert!(err.contains("set.fen:1") && err.contains("+draws"), "{err}");
}

/// A variant the game cannot take is refused before `search` or `solve` prints anything: no position
/// header or table heading left above the error.
#[test]
fn search_refuses_a_variant_before_printing_its_table() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(
        dir.path(),
        &["search", "ffo:40", "-d", "2", "-v", "pvs+tt,pvs+draws"],
    );
    let err = failed(&out, 2);
    assert!(err.contains("pvs+draws needs a game drawn"), "{err}");
    assert_eq!(run::text(&out.stdout), "", "{err}");
    let out = nodeprof(dir.path(), &["solve", "ffo:40", "-v", "mtdf+tt+draws"]);
    let err = failed(&out, 2);
    assert!(err.contains("mtdf+tt+draws needs a game drawn"), "{err}");
    assert_eq!(run::text(&out.stdout), "", "{err}");
}

/// `meta.json` records the command as a user reruns it (`nodeprof sweep ...`), not the build
/// folder the binary ran from.
#[test]
fn meta_json_records_the_command_as_nodeprof_and_its_arguments() {
    let dir = tempfile::tempdir().unwrap();
    ok(&nodeprof(
        dir.path(),
        &[
            "sweep", "ffo:40", "-d", "1", "-v", "negamax", "-q", "-o", "out",
        ],
    ));
    let meta = std::fs::read_to_string(dir.path().join("out/meta.json")).unwrap();
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    assert_eq!(
        meta["command"],
        serde_json::json!([
            "nodeprof", "sweep", "ffo:40", "-d", "1", "-v", "negamax", "-q", "-o", "out"
        ])
    );
}

/// A solved line starts with the best move reported beside it, on one thread or two: the
/// small solver that plays a line to the end (from 14 empties in Reversi) rebuilds it from
/// the position after the search's own move, never choosing another move of the same value
/// at the root.
#[test]
fn a_solved_line_starts_with_the_best_move() {
    let dir = tempfile::tempdir().unwrap();
    for (i, board) in WLD_ON_THREADS.iter().enumerate() {
        let text = format!("{board}\nWhite to move\n");
        std::fs::write(dir.path().join(format!("w{i}.pos")), text).unwrap();
    }
    let folder = dir.path().to_str().unwrap();
    for threads in ["1", "2"] {
        let json = ok(&nodeprof(
            dir.path(),
            &[
                "solve", folder, "-t", threads, "--repeat", "3", "--format", "json",
            ],
        ));
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        let rows = doc["rows"].as_array().unwrap();
        assert_eq!(rows.len(), WLD_ON_THREADS.len());
        for row in rows {
            let pv: Vec<&str> = row["pv"].as_str().unwrap().split(' ').collect();
            assert_eq!(
                Some(pv[0]),
                row["best_move"].as_str(),
                "-t {threads}: {row}"
            );
        }
    }
}
