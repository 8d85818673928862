//! The `nodeprof` binary end to end: exit codes and what it records, run from a temporary
//! folder outside the clone (as an installed binary would be).

#[path = "support/run.rs"]
mod run;

use run::{nodeprof, text};

#[test]
fn a_sweep_from_another_folder_finds_its_positions_and_names_the_built_commit() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(
        dir.path(),
        &["sweep", "ffo:40..41", "-v", "negaalpha", "-d", "2", "-q"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let meta = std::fs::read_to_string(dir.path().join("reports/ffo-40-41/meta.json")).unwrap();
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    let revision = meta["git_revision"].as_str().unwrap();
    assert_eq!(revision, nodeprof::provenance::revision());
    assert_eq!(meta["git_commit"], nodeprof::provenance::GIT_REVISION);
    let version = text(&nodeprof(dir.path(), &["--version"]).stdout);
    assert!(version.contains(&format!("(git {revision}")), "{version}");
    assert!(meta["machine"]["cpu"].is_string() && meta["machine"]["logical_cpus"].is_u64());
}

#[test]
fn compare_exits_1_on_a_changed_count_and_0_when_only_times_differ() {
    let dir = tempfile::tempdir().unwrap();
    let sweep = |out: &str| {
        let args = [
            "sweep",
            "ffo:40..41",
            "-v",
            "negaalpha,transposition",
            "-d",
            "2..3",
            "-q",
            "-o",
            out,
        ];
        let run = nodeprof(dir.path(), &args);
        assert!(run.status.success(), "{}", text(&run.stderr));
    };
    sweep("old");
    sweep("new");
    let compare = |extra: &[&str]| {
        let mut args = vec!["compare", "old", "new/runs.csv"];
        args.extend(extra);
        nodeprof(dir.path(), &args)
    };
    // Times differ between the two sweeps; counts do not.
    let same = compare(&["--fail-on-change"]);
    assert_eq!(same.status.code(), Some(0), "{}", text(&same.stdout));
    assert!(text(&same.stdout).contains("0 cases changed counts"));
    // One count changed by hand.
    let runs = dir.path().join("new/runs.csv");
    let table = std::fs::read_to_string(&runs).unwrap();
    let mut lines: Vec<String> = table.lines().map(String::from).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let leaf = header.iter().position(|&h| h == "leaf").unwrap();
    let mut cells: Vec<String> = lines[1].split(',').map(String::from).collect();
    cells[leaf] = (cells[leaf].parse::<u64>().unwrap() + 1).to_string();
    lines[1] = cells.join(",");
    std::fs::write(&runs, lines.join("\n") + "\n").unwrap();
    let changed = compare(&["--fail-on-change", "--format", "markdown"]);
    assert_eq!(changed.status.code(), Some(1));
    let report = text(&changed.stdout);
    assert!(report.contains("1 cases changed counts"), "{report}");
    assert!(
        report.contains("- end40.pos alphabeta depth 2: leaf"),
        "{report}"
    );
    // Without the flag a change is reported, not failed.
    assert_eq!(compare(&[]).status.code(), Some(0));
    // `report --print ... --no-write` prints and writes nothing.
    std::fs::remove_file(dir.path().join("old/summary.md")).unwrap();
    let printed = nodeprof(
        dir.path(),
        &[
            "report",
            "old",
            "--print",
            "leaf",
            "--by",
            "depth",
            "--no-write",
        ],
    );
    assert!(printed.status.success(), "{}", text(&printed.stderr));
    assert!(text(&printed.stdout).contains("> xtabs(leaf ~ name + depth)"));
    assert!(!dir.path().join("old/summary.md").exists());
    // A case twice in a table is refused: counted twice it would hide a change.
    let old_runs = dir.path().join("old/runs.csv");
    let old_table = std::fs::read_to_string(&old_runs).unwrap();
    let row = old_table.lines().nth(1).unwrap().to_string();
    std::fs::write(&old_runs, old_table.clone() + &row + "\n").unwrap();
    let twice = compare(&["--fail-on-change"]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        text(&twice.stderr).contains("1 cases appear more than once"),
        "{}",
        text(&twice.stderr)
    );
}

#[test]
fn bad_arguments_are_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["sweep", "--time-limit", "1e20"][..],
        &["search", "ffo:40", "-v", "alphabeta+tt:65536", "-d", "2"],
        &["search", "ffo:80", "-d", "2"],
        &["search", "tree:2:2:-2147483648,-2147483648,3,4", "-d", "2"],
        // Durations past the cap panicked (exit 101) in every option that takes one.
        &["sweep", "--time-limit", "18446744073709551615s 1000ms"],
        &[
            "play",
            "random",
            "random",
            "--movetime",
            "18446744073709551615s 1000ms",
        ],
        &[
            "play",
            "random",
            "random",
            "--clock",
            "18446744073709551615s 1000ms",
        ],
        &[
            "play",
            "alphabeta@movetime=18446744073709551615s 1000ms",
            "random",
        ],
        &[
            "play",
            "alphabeta@clock=18446744073709551615s 1000ms",
            "random",
        ],
        &["play", "alphabeta@clock=2s+500000000000y", "random"],
    ] {
        let out = nodeprof(dir.path(), args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).contains("panicked"), "{args:?}");
    }
}

#[test]
fn play_writes_its_tables_records_and_report_and_refuses_bad_agents() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(
        dir.path(),
        &[
            "play",
            "alphabeta@depth=2",
            "greedy",
            "--game",
            "connect4",
            "-n",
            "12",
            "--sprt",
            "-o",
            "m",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("Score of alphabeta@depth=2 vs greedy: "),
        "{stdout}"
    );
    assert!(stdout.contains("SPRT: llr "), "{stdout}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("Game 1: ") && stderr.contains("Total: 1, WLD: "),
        "{stderr}"
    );
    for file in [
        "games.csv",
        "moves.csv",
        "games.txt",
        "meta.json",
        "summary.md",
        "plots/nodes_per_ply.svg",
    ] {
        assert!(dir.path().join("m").join(file).exists(), "{file}");
    }
    // Without --game the game is the openings' (it was Reversi, refusing them).
    let detected = nodeprof(
        dir.path(),
        &[
            "play",
            "greedy",
            "random",
            "--openings",
            "connect4:end-easy",
            "-n",
            "2",
            "-q",
            "-o",
            "c4",
        ],
    );
    assert!(detected.status.success(), "{}", text(&detected.stderr));
    let meta = std::fs::read_to_string(dir.path().join("c4/meta.json")).unwrap();
    assert!(meta.contains("\"game\": \"connect4\""), "{meta}");
    // The report is made again from the tables; without games.csv it says so.
    let again = nodeprof(dir.path(), &["report", "m"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    std::fs::rename(dir.path().join("m/games.csv"), dir.path().join("m/g.csv")).unwrap();
    let without = nodeprof(dir.path(), &["report", "m"]);
    assert_eq!(without.status.code(), Some(2));
    assert!(
        // Named as a play folder's games (it was "runs.csv: no such file").
        text(&without.stderr).contains("m/games.csv: no finished game"),
        "{}",
        text(&without.stderr)
    );
    for (args, expected) in [
        (vec!["play", "alphabeta", "random"], "has no limit"),
        (
            vec!["play", "alphabeta@depth=x", "random"],
            "agent 'alphabeta@depth=x'",
        ),
        (
            vec!["play", "greedy", "random", "--sprt", "elo0=9,elo1=1"],
            "elo0",
        ),
        (
            vec!["play", "greedy", "random", "--openings", "random:x"],
            "random:K",
        ),
        (
            vec!["play", "greedy", "random", "--game", "tree"],
            "not played",
        ),
        (vec!["sprt", "--wdl", "1/2"], "W/L/D"),
    ] {
        let out = nodeprof(dir.path(), &args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("nodeprof: error: ") && stderr.contains(expected),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn sprt_prints_the_writeups_llr_and_the_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(dir.path(), &["sprt", "--wdl", "222/212/0"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("LLR: -3.040 [-2.944, 2.944]\nH0 was accepted\n"),
        "{stdout}"
    );
    // Counts past 2^53 games (they wrapped past 2^64), and counts whose LLR f64 cannot
    // resolve (an all-won match of 10^12 pairs was accepted as H0), are refused: exit 2.
    for args in [
        &["sprt", "--wdl", "18446744073709551615/1/0"][..],
        &[
            "sprt",
            "--penta",
            "0/0/0/0/6148914691236517206",
            "--model",
            "logistic",
        ],
        &[
            "sprt",
            "--penta",
            "0/0/0/0/1000000000000",
            "--model",
            "logistic",
        ],
        &[
            "sprt", "--wdl", "5/0/0", "--elo1", "1e4", "--model", "logistic",
        ],
    ] {
        let out = nodeprof(dir.path(), args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stdout)
        );
        assert!(!text(&out.stdout).contains("NaN"), "{args:?}");
    }
    let out = nodeprof(dir.path(), &["sprt", "--wdl", "5/0/0", "--elo1", "10000"]);
    assert!(text(&out.stdout).contains("LLR: 3.466 [-2.944, 2.944]\nH1 was accepted"));
}

/// Completion scripts and manual pages come from the clap schema itself: every subcommand
/// is in each shell's script and in nodeprof(1), every option of a subcommand in its page.
#[test]
fn completions_and_man_pages_cover_every_subcommand_and_option() {
    use clap::CommandFactory;
    let dir = tempfile::tempdir().unwrap();
    let schema = nodeprof::cli::Cli::command();
    // Hidden subcommands (`time-worker`, spoken by `ab` to its own builds) are no user's.
    let subcommands: Vec<&str> = schema
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name())
        .collect();
    assert!(subcommands.len() >= 16, "{subcommands:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = nodeprof(dir.path(), &["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        for sub in &subcommands {
            assert!(script.contains(sub), "{shell}: {sub}");
        }
    }
    let page = text(&nodeprof(dir.path(), &["man"]).stdout);
    assert!(page.contains(".TH nodeprof 1"), "{page}");
    for sub in &subcommands {
        assert!(
            page.contains(&format!("nodeprof\\-{}", sub.replace('-', "\\-"))),
            "{sub}"
        );
    }
    let sweep = schema.find_subcommand("sweep").unwrap();
    let page = text(&nodeprof(dir.path(), &["man", "sweep"]).stdout);
    assert!(page.contains(".TH nodeprof-sweep 1"), "{page}");
    for arg in sweep.get_arguments().filter_map(|a| a.get_long()) {
        assert!(page.contains(&arg.replace('-', "\\-")), "--{arg}");
    }
    let unknown = nodeprof(dir.path(), &["man", "nope"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no subcommand 'nope'"));
    let bad_shell = nodeprof(dir.path(), &["completions", "tcsh"]);
    assert_eq!(bad_shell.status.code(), Some(2));
}

/// Options that take a name from a list complete to the list, not to file names: each
/// `--game` (and `-g`) of bash's script offers the games, `plot -m` the metrics.
#[test]
fn completion_offers_the_names_of_games_and_metrics() {
    let dir = tempfile::tempdir().unwrap();
    let script = text(&nodeprof(dir.path(), &["completions", "bash"]).stdout);
    let offered = |option: &str| -> Vec<String> {
        let lines: Vec<&str> = script.lines().collect();
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.trim() == format!("{option})"))
            .map(|(i, _)| lines[i + 1].trim().to_string())
            .collect()
    };
    for option in ["--game", "-g"] {
        let games = offered(option);
        assert!(games.len() >= 6, "{option}: {games:?}");
        for line in games {
            assert!(
                line.contains("compgen -W \"reversi ataxx connect4 chess tree\""),
                "{option}: {line}"
            );
        }
    }
    let metrics = offered("--metric");
    assert!(
        metrics
            .iter()
            .any(|l| l.contains("compgen -W \"nodes leaf interior") && l.contains("time_ms")),
        "{metrics:?}"
    );
    // A name in another case or an alias is still a game.
    let c4 = nodeprof(
        dir.path(),
        &["perft", "startpos", "--game", "C4", "-d", "1"],
    );
    assert!(c4.status.success(), "{}", text(&c4.stderr));
}

/// `compare` reads both runs' meta.json: another machine is named, and the time verdicts are
/// withheld while the counts still compare exactly.
#[test]
fn compare_names_another_machine_and_withholds_its_time_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(
        dir.path(),
        &[
            "sweep",
            "ffo:40",
            "-v",
            "negaalpha",
            "-d",
            "2",
            "--repeat",
            "3",
            "-o",
            "a",
            "-q",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::create_dir(dir.path().join("b")).unwrap();
    for file in ["runs.csv", "meta.json"] {
        std::fs::copy(
            dir.path().join("a").join(file),
            dir.path().join("b").join(file),
        )
        .unwrap();
    }
    let same = text(&nodeprof(dir.path(), &["compare", "a", "b"]).stdout);
    assert!(
        !same.contains("Context") && !same.contains("withheld"),
        "{same}"
    );
    let meta = dir.path().join("b/meta.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&meta).unwrap()).unwrap();
    value["machine"]["cpu"] = "Another CPU".into();
    std::fs::write(&meta, value.to_string()).unwrap();
    let out = nodeprof(dir.path(), &["compare", "a", "b", "--fail-on-change"]);
    assert!(out.status.success(), "the counts are the same");
    let report = text(&out.stdout);
    assert!(
        report.contains("machine cpu: ") && report.contains(" vs Another CPU"),
        "{report}"
    );
    let table = report.split("time change").nth(1).unwrap();
    assert!(table.contains("withheld"), "{report}");
    for verdict in ["faster", "slower", "noise"] {
        assert!(!table.contains(verdict), "{report}");
    }
}

/// `search -t 1,2`: each variant on each thread count, a row each (`@t2` past one thread),
/// both proving the suite's score; a variant that cannot share its work is refused.
#[test]
fn search_takes_a_list_of_thread_counts() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "search",
        "ffo:21",
        "-d",
        "end",
        "-v",
        "mtdf+tt+id",
        "-t",
        "1,2",
    ];
    let out = nodeprof(dir.path(), &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("mtdf+tt+id"))
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert!(rows[0].starts_with("mtdf+tt+id ") && rows[1].starts_with("mtdf+tt+id@t2 "));
    // FFO 21's proven score, on both.
    assert!(
        rows.iter()
            .all(|r| r.split_whitespace().nth(2) == Some("=+0")),
        "{stdout}"
    );
    let refused = nodeprof(
        dir.path(),
        &["search", "ffo:21", "-d", "3", "-v", "negamax", "-t", "2"],
    );
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("threads need a windowed search"));
}

#[test]
fn solve_where_says_where_each_solves_nodes_go() {
    let dir = tempfile::tempdir().unwrap();
    let out = nodeprof(dir.path(), &["solve", "-t", "1", "ffo:40", "--where"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // The section's total is the table's node count (the traced solve counts the same).
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("end40 "));
    let total = row
        .and_then(|r| r.split('|').nth(6))
        .map(str::trim)
        .filter(|n| n.len() > 6 && n.chars().all(|c| c.is_ascii_digit() || c == ','))
        .unwrap_or_else(|| panic!("no node count in end40's row: {stdout}"));
    assert!(
        stdout.contains(&format!(
            "Where the nodes go: end40.pos (20 empties), {total} nodes"
        )),
        "{stdout}"
    );
    for line in [
        "iterations 1..10 (+id)",
        "selective pass, margin 12 (+probcut)",
        "to the end (exact)",
        "window 38..39       value   38  fail low",
    ] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
}

#[test]
fn solve_with_several_thread_counts_solves_each_position_at_each_in_turns() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["solve", "ffo:20..22", "-t", "1,2", "--repeat", "1"];
    let out = nodeprof(dir.path(), &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Rows in turns: each position at 1 then 2 threads before the next position.
    let names: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("end"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let want = ["20@t1", "20@t2", "21@t1", "21@t2", "22@t1", "22@t2"];
    assert_eq!(names, want, "{stdout}");
    // A total line a count, and the speedup line's node ratio is the totals' ratio.
    let totals: Vec<u64> = stdout
        .lines()
        .filter(|l| l.contains("3 positions, 0 wrong scores, 0 wrong moves"))
        .map(|l| {
            let nodes = l
                .split(": ")
                .nth(1)
                .unwrap()
                .split(" nodes")
                .next()
                .unwrap();
            nodes.replace(',', "").parse().unwrap()
        })
        .collect();
    assert_eq!(totals.len(), 2, "{stdout}");
    assert!(stdout.contains("speedup over 1 thread"), "{stdout}");
    let ratio = format!("{:.2}× the nodes", totals[1] as f64 / totals[0] as f64);
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("2 threads: "));
    assert!(
        line.is_some_and(|l| l.ends_with(&ratio)),
        "{ratio}: {stdout}"
    );
    // The rows as CSV: the thread counts in turns, each solver named with its count.
    let csv = nodeprof(dir.path(), &[&args[..], &["--format", "csv"]].concat());
    assert!(csv.status.success(), "{}", text(&csv.stderr));
    let csv = text(&csv.stdout);
    let threads: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(12).unwrap())
        .collect();
    assert_eq!(threads, ["1", "2", "1", "2", "1", "2"], "{csv}");
    assert!(csv.lines().skip(1).all(|l| l.contains(",ok,")), "{csv}");
    assert!(
        csv.lines()
            .nth(2)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .ends_with("@t2"),
        "{csv}"
    );
}
