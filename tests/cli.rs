//! The `nodeprof` binary end to end: exit codes and what it records, run from a temporary
//! folder outside the clone (as an installed binary would be).

use std::path::Path;
use std::process::{Command, Output};

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

#[test]
fn four_shards_merged_count_as_one_process_and_gaps_or_repeats_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let plan = [
        "ffo:40..43",
        "-v",
        "negaalpha,pvs+tt+id",
        "-d",
        "2..4",
        "-q",
    ];
    let sweep = |extra: &[&str]| {
        let mut args = vec!["sweep"];
        args.extend(plan);
        args.extend(extra);
        let out = nodeprof(dir.path(), &args);
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    for k in 1..=4 {
        sweep(&["--shard", &format!("{k}/4"), "-o", &format!("shards/{k}")]);
    }
    sweep(&["-o", "one"]);
    let all = ["shards/1", "shards/2", "shards/3", "shards/4"];
    let merge = |dirs: &[&str], out: &str| {
        let mut args = vec!["merge"];
        args.extend(dirs);
        args.extend(["-o", out]);
        nodeprof(dir.path(), &args)
    };
    let merged = merge(&all, "merged");
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let compare = nodeprof(
        dir.path(),
        &["compare", "one", "merged", "--fail-on-change"],
    );
    assert!(compare.status.success(), "{}", text(&compare.stdout));
    assert!(text(&compare.stdout).contains("0 cases changed counts, 0 only in OLD, 0 only in NEW"));
    // The merged folder is guarded: merging again over an earlier merge of the same shards
    // is fine; over another run's results (without --force), into one of the shards, or into
    // a folder another command holds, it is refused and nothing there changes.
    assert!(merge(&all, "merged").status.success());
    let one_runs = std::fs::read_to_string(dir.path().join("one/runs.csv")).unwrap();
    let shard_runs = std::fs::read_to_string(dir.path().join("shards/1/runs.csv")).unwrap();
    let busy = nodeprof::store::lock(&dir.path().join("busy")).unwrap();
    for (out, says) in [
        ("one", "add --force to replace them"),
        ("shards/1", "that is the shard"),
        ("busy", "another nodeprof command is writing to this folder"),
    ] {
        let refused = merge(&all, out);
        assert_eq!(refused.status.code(), Some(2), "-o {out}");
        assert!(
            text(&refused.stderr).contains(says),
            "{}",
            text(&refused.stderr)
        );
    }
    drop(busy);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("one/runs.csv")).unwrap(),
        one_runs
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("shards/1/runs.csv")).unwrap(),
        shard_runs
    );
    let mut forced = vec!["merge"];
    forced.extend(all);
    forced.extend(["-o", "one", "--force"]);
    assert!(nodeprof(dir.path(), &forced).status.success());
    // A missing shard: its cases are listed, exit 1, nothing written.
    let missing = merge(&all[..3], "gap");
    assert_eq!(missing.status.code(), Some(1));
    let listed = text(&missing.stdout);
    assert!(
        listed.contains("cases missing:") && listed.contains("(shard 4)"),
        "{listed}"
    );
    assert!(!dir.path().join("gap").exists());
    // A case twice: copy a row of shard 1 into shard 2.
    let runs = |k: &str| dir.path().join("shards").join(k).join("runs.csv");
    let first = std::fs::read_to_string(runs("1")).unwrap();
    let row = first.lines().nth(1).unwrap();
    let mut second = std::fs::read_to_string(runs("2")).unwrap();
    second.push_str(row);
    second.push('\n');
    std::fs::write(runs("2"), second).unwrap();
    let twice = merge(&all, "twice");
    assert_eq!(twice.status.code(), Some(1));
    let listed = text(&twice.stdout);
    assert!(
        listed.contains("1 cases more than once:") && listed.contains("shards/1, shards/2"),
        "{listed}"
    );
    // Shards of another plan are refused.
    let other = nodeprof(
        dir.path(),
        &[
            "sweep",
            "ffo:44",
            "-v",
            "negaalpha",
            "-d",
            "2",
            "--shard",
            "1/4",
            "-o",
            "other",
            "-q",
        ],
    );
    assert!(other.status.success());
    let mixed = merge(&["shards/1", "other"], "mixed");
    assert_eq!(mixed.status.code(), Some(2));
    assert!(
        text(&mixed.stderr).contains("not shards of one sweep: plan"),
        "{}",
        text(&mixed.stderr)
    );
    // A wrong signature is refused before the sweep.
    let gate = nodeprof(
        dir.path(),
        &[
            "sweep",
            "ffo:44",
            "-v",
            "negaalpha",
            "-d",
            "2",
            "--shard",
            "1/2",
            "--signature",
            "1",
            "-o",
            "gate",
            "-q",
        ],
    );
    assert_eq!(gate.status.code(), Some(2));
    assert!(
        text(&gate.stderr).contains("the sweep expects 1"),
        "{}",
        text(&gate.stderr)
    );
}

#[test]
fn a_match_split_in_shards_merges_to_the_games_of_one_process() {
    let dir = tempfile::tempdir().unwrap();
    let play = |extra: &[&str]| {
        let mut args = vec![
            "play",
            "alphabeta@depth=3",
            "greedy",
            "--game",
            "connect4",
            "-n",
            "8",
            "--openings",
            "random:3",
            "-q",
        ];
        args.extend(extra);
        let out = nodeprof(dir.path(), &args);
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    play(&["--shard", "1/2", "-o", "s1"]);
    play(&["--shard", "2/2", "-o", "s2"]);
    // Four pairs over six shards: some shards get none, and succeed empty; the merge of all
    // six gives the same games as two shards.
    for k in 1..=6 {
        play(&["--shard", &format!("{k}/6"), "-o", &format!("six/{k}")]);
    }
    let six: Vec<String> = (1..=6).map(|k| format!("six/{k}")).collect();
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(six.iter().map(String::as_str));
    args.extend(["-o", "merged6"]);
    let merged6 = nodeprof(dir.path(), &args);
    assert!(merged6.status.success(), "{}", text(&merged6.stderr));
    play(&["-o", "one"]);
    let merged = nodeprof(dir.path(), &["merge", "s1", "s2", "-o", "merged"]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    // The same games move for move (times aside), and the same record file.
    let moves = |d: &str| -> Vec<String> {
        std::fs::read_to_string(dir.path().join(d).join("moves.csv"))
            .unwrap()
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                format!("{} {} {}", f[1], f[2], f[6])
            })
            .collect()
    };
    assert_eq!(moves("merged"), moves("one"));
    assert_eq!(moves("merged6"), moves("one"));
    // A play folder whose moves.csv is gone (the repository's large example) is still
    // reported, from its games, and says what needs the moves.
    std::fs::remove_file(dir.path().join("merged6/moves.csv")).unwrap();
    let report = nodeprof(dir.path(), &["report", "merged6"]);
    assert!(report.status.success(), "{}", text(&report.stderr));
    let summary = std::fs::read_to_string(dir.path().join("merged6/summary.md")).unwrap();
    assert!(
        summary.contains("`moves.csv` is not in this folder"),
        "{summary}"
    );
    let record = |d: &str| std::fs::read_to_string(dir.path().join(d).join("games.txt")).unwrap();
    assert_eq!(record("merged"), record("one"));
    // A shard whose tables were lost or changed is refused, naming what is wrong: no
    // moves.csv, a move row twice, a move changed, a game past -n, a game of another match.
    type Edit<'a> = &'a dyn Fn(String) -> String;
    let edits: [(&str, &str, Edit); 5] = [
        ("moves.csv", "no such file", &|_| String::new()),
        ("moves.csv", "move rows for its", &|t| {
            let row = t.lines().nth(1).unwrap().to_string();
            t + &row + "\n"
        }),
        ("moves.csv", "does not match", &|t| {
            let mut lines: Vec<String> = t.lines().map(String::from).collect();
            let mut f: Vec<String> = lines[1].split(',').map(String::from).collect();
            f[6] = if f[6] == "1" { "2".into() } else { "1".into() };
            lines[1] = f.join(",");
            lines.join("\n") + "\n"
        }),
        ("games.csv", "is past the play's 8 games", &|t| {
            let mut f: Vec<String> = t
                .lines()
                .nth(1)
                .unwrap()
                .split(',')
                .map(String::from)
                .collect();
            f[2] = "9".into();
            t.clone() + &f.join(",") + "\n"
        }),
        ("games.csv", "is not of this play", &|t| {
            let row = t.lines().nth(1).unwrap().replace("greedy", "random");
            t.clone() + &row + "\n"
        }),
    ];
    for (file, says, edit) in edits {
        let copy = dir.path().join("edited");
        let _ = std::fs::remove_dir_all(&copy);
        std::fs::create_dir(&copy).unwrap();
        for entry in std::fs::read_dir(dir.path().join("s1")).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                std::fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
            }
        }
        let edited = edit(std::fs::read_to_string(copy.join(file)).unwrap());
        match edited.is_empty() {
            true => std::fs::remove_file(copy.join(file)).unwrap(),
            false => std::fs::write(copy.join(file), edited).unwrap(),
        }
        let refused = nodeprof(dir.path(), &["merge", "edited", "s2", "-o", "bad"]);
        assert_eq!(
            refused.status.code(),
            Some(2),
            "{says}: {}",
            text(&refused.stdout)
        );
        assert!(
            text(&refused.stderr).contains(says),
            "{says}: {}",
            text(&refused.stderr)
        );
        assert!(!dir.path().join("bad").exists());
    }
    let gap = nodeprof(dir.path(), &["merge", "s1", "-o", "gap"]);
    assert_eq!(gap.status.code(), Some(1));
    assert!(
        text(&gap.stdout).contains("(shard 2)"),
        "{}",
        text(&gap.stdout)
    );
    let sprt = nodeprof(
        dir.path(),
        &["play", "greedy", "random", "--shard", "1/2", "--sprt"],
    );
    assert_eq!(sprt.status.code(), Some(2));
}
