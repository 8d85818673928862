//! Sweeps and matches split in shards (`--shard K/N`) and merged: the merge is the one
//! process's run, and what cannot be merged (a gap, a case twice, another plan, a damaged
//! shard, a wrong signature) is named.

#[path = "support/run.rs"]
mod run;

use run::{nodeprof, text};

/// A merged folder's report names the shards its rows come from (from meta.json), in the
/// summary and the page, once, and again when the folder is reported anew.
fn names_its_shards(dir: &std::path::Path, folder: &str, line: &str) {
    for pass in ["merge", "report"] {
        if pass == "report" {
            let again = nodeprof(dir, &["report", folder]);
            assert!(again.status.success(), "{}", text(&again.stderr));
        }
        for file in ["summary.md", "report.html"] {
            let page = std::fs::read_to_string(dir.join(folder).join(file)).unwrap();
            assert_eq!(page.matches(line).count(), 1, "{pass}: {folder}/{file}");
        }
    }
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
    // A sweep's merge, as a play's below: the shards named on the page and after a report.
    names_its_shards(dir.path(), "merged", "Merged from 4 shards (1/4 on ");
    let compare = nodeprof(
        dir.path(),
        &["compare", "one", "merged", "--fail-on-change"],
    );
    assert!(compare.status.success(), "{}", text(&compare.stdout));
    assert!(text(&compare.stdout).contains(
        "0 cases changed counts, 0 changed only their line, 0 only in OLD, 0 only in NEW"
    ));
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
    gaps_repeats_and_other_plans_are_named(dir.path(), &all);
}

/// Merging shards: a missing shard's cases are listed, a case twice is named with its
/// shards, shards of another plan are refused, and a wrong signature stops a shard's sweep.
fn gaps_repeats_and_other_plans_are_named(dir: &std::path::Path, all: &[&str]) {
    let merge = |dirs: &[&str], out: &str| {
        let mut args = vec!["merge"];
        args.extend(dirs);
        args.extend(["-o", out]);
        nodeprof(dir, &args)
    };
    // A missing shard: its cases are listed, exit 1, nothing written.
    let missing = merge(&all[..3], "gap");
    assert_eq!(missing.status.code(), Some(1));
    let listed = text(&missing.stdout);
    assert!(
        listed.contains("cases missing:") && listed.contains("(shard 4)"),
        "{listed}"
    );
    assert!(!dir.join("gap").exists());
    // A case twice: copy a row of shard 1 into shard 2.
    let runs = |k: &str| dir.join("shards").join(k).join("runs.csv");
    let first = std::fs::read_to_string(runs("1")).unwrap();
    let row = first.lines().nth(1).unwrap();
    let mut second = std::fs::read_to_string(runs("2")).unwrap();
    second.push_str(row);
    second.push('\n');
    std::fs::write(runs("2"), second).unwrap();
    let twice = merge(all, "twice");
    assert_eq!(twice.status.code(), Some(1));
    let listed = text(&twice.stdout);
    assert!(
        listed.contains("1 cases more than once:") && listed.contains("shards/1, shards/2"),
        "{listed}"
    );
    // Shards of another plan are refused.
    let other = nodeprof(
        dir,
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
        dir,
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
    names_its_shards(dir.path(), "merged6", "Merged from 6 shards (1/6 on ");
    // A play folder whose moves.csv is gone (the repository's examples) is still reported,
    // from its games and what the report made with the moves kept: the same summary (the
    // agents' table, nodes per move, the per-move charts), and a line that says so.
    let summary_of = |d: &str| std::fs::read_to_string(dir.path().join(d).join("summary.md"));
    let with_moves = summary_of("one").unwrap();
    assert!(with_moves.contains("## Agents"), "{with_moves}");
    std::fs::remove_file(dir.path().join("one/moves.csv")).unwrap();
    let report = nodeprof(dir.path(), &["report", "one"]);
    assert!(report.status.success(), "{}", text(&report.stderr));
    let summary = summary_of("one").unwrap();
    let (kept, note) = summary
        .split_once("\n`moves.csv` is not in this folder")
        .unwrap_or_else(|| panic!("no note: {summary}"));
    assert_eq!(kept, with_moves, "the summary without moves.csv: {note}");
    let record = |d: &str| std::fs::read_to_string(dir.path().join(d).join("games.txt")).unwrap();
    assert_eq!(record("merged"), record("one"));
    damaged_shards_are_refused(dir.path());
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

/// A shard whose tables were lost or changed is refused, naming what is wrong: no
/// moves.csv, a move row twice, a move changed, a game past -n, a game of another match.
fn damaged_shards_are_refused(dir: &std::path::Path) {
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
        let copy = dir.join("edited");
        let _ = std::fs::remove_dir_all(&copy);
        std::fs::create_dir(&copy).unwrap();
        for entry in std::fs::read_dir(dir.join("s1")).unwrap() {
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
        let refused = nodeprof(dir, &["merge", "edited", "s2", "-o", "bad"]);
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
        assert!(!dir.join("bad").exists());
    }
}
