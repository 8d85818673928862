//! Every transcript in README.md and docs/ (a ```console block: `$ nodeprof ...` lines and what
//! each prints) is run and its output compared, with trycmd: a stale transcript fails the
//! build. Times and speeds are elided with `[..]`, long outputs with `...`; `? 1` after a
//! command is its exit code. The commands run in a scratch folder holding what they read: the
//! positions, a copy of the committed main report, and the broken inputs that
//! docs/commands.md shows the errors of. Command lines in ```sh blocks (jobs too long or too
//! cluster-bound for a test) are checked for the current command line by tests/docs.rs.

#[path = "support/say.rs"]
mod say;
use std::path::{Path, PathBuf};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn transcripts_in_the_readme_and_docs_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    let at = |p: &str| scratch.path().join(p);
    copy_dir(&root.join("positions"), &at("positions"));
    copy_dir(
        &root.join("example-reports/ffo-40-59"),
        &at("reports/ffo-40-59"),
    );
    // docs/commands.md's errors: a board one square short, an empty folder, a runs.csv with
    // a bad count.
    let end40 = std::fs::read_to_string(root.join("positions/reversi/ffo/end40.pos")).unwrap();
    std::fs::create_dir_all(at("broken")).unwrap();
    std::fs::write(at("broken/end40.pos"), end40.replacen('-', "", 1)).unwrap();
    std::fs::create_dir_all(at("empty-folder")).unwrap();
    let runs = std::fs::read_to_string(root.join("example-reports/ffo-40-59/runs.csv")).unwrap();
    let header: Vec<&str> = runs.lines().next().unwrap().split(',').collect();
    let leaf = header.iter().position(|c| *c == "leaf").unwrap();
    let mut lines: Vec<String> = runs.lines().take(4).map(String::from).collect();
    let mut row: Vec<&str> = lines[2].split(',').collect();
    row[leaf] = "12x";
    lines[2] = row.join(",");
    std::fs::create_dir_all(at("reports/broken")).unwrap();
    std::fs::write(at("reports/broken/runs.csv"), lines.join("\n") + "\n").unwrap();
    // The pages, with their long reproductions (a transcript behind `<!-- long -->`, such as
    // solving FFO 40..49) left out unless NODEPROF_LONG_TESTS is set, as `.ci/run` sets it.
    let long = std::env::var_os("NODEPROF_LONG_TESTS").is_some();
    std::fs::create_dir_all(at("pages/docs")).unwrap();
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        pages.push(entry.unwrap().path());
    }
    for page in pages
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
        let text = std::fs::read_to_string(page).unwrap();
        let relative = page.strip_prefix(root).unwrap();
        std::fs::write(at("pages").join(relative), without_long(&text, long)).unwrap();
    }
    if !long {
        say::to_terminal(
            "skipped: the long transcripts were left out: NODEPROF_LONG_TESTS=1 runs them",
        );
    }
    // The cases run with this process's folder as theirs.
    std::env::set_current_dir(scratch.path()).unwrap();
    trycmd::TestCases::new()
        .register_bin("nodeprof", PathBuf::from(env!("CARGO_BIN_EXE_nodeprof")))
        .case(at("pages/README.md"))
        .case(at("pages/docs/*.md"))
        .run();
}

/// The marker before a transcript that takes long (a minute, not seconds).
const LONG: &str = "<!-- long -->";

/// A page with the transcripts marked long turned into plain text blocks (which trycmd does
/// not run), unless `keep`.
fn without_long(page: &str, keep: bool) -> String {
    let mut out = String::new();
    let mut after_marker = false;
    for line in page.lines() {
        let line = match after_marker && !keep && line.starts_with("```console") {
            true => "```text",
            false => line,
        };
        after_marker = line.trim() == LONG || (after_marker && line.trim().is_empty());
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[test]
fn long_transcripts_are_left_out_only_when_asked() {
    let page = "a\n<!-- long -->\n```console\n$ nodeprof x\n```\n```console\n$ y\n```\n";
    let short = without_long(page, false);
    assert_eq!(short.matches("```console").count(), 1);
    assert!(short.contains("```text\n$ nodeprof x"));
    assert_eq!(without_long(page, true), page);
}
