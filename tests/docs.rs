//! The documents: the README stays a quick start (at most 300 lines), and every link in it
//! and in docs/ leads to a file of the repository, and to a heading there when it names one;
//! every command line they show parses.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use clap::Parser;
use nodeprof::cli::Cli;

/// GitHub's anchor of a heading.
fn slug(heading: &str) -> String {
    heading
        .trim_start_matches('#')
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == ' ' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(path: &Path) -> HashSet<String> {
    let mut inside = false;
    let mut found = HashSet::new();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if line.starts_with("```") {
            inside = !inside;
        } else if !inside && line.starts_with('#') {
            found.insert(slug(line));
        }
    }
    found
}

/// The README, the docs, and the committed example reports' READMEs and summaries (whose
/// links must survive what the repository leaves out of them).
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    markdown_under(&root.join("docs"), &mut files);
    markdown_under(&root.join("example-reports"), &mut files);
    files
}

fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

#[test]
fn the_readme_is_a_quick_start() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; reference goes in docs/"
    );
    for command in ["cargo run --release -- sweep", "cargo test --release"] {
        assert!(readme.contains(command), "the README names `{command}`");
    }
}

#[test]
fn every_link_leads_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in documents(root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, _) in text.match_indices("](") {
            let rest = &text[i + 2..];
            let Some(end) = rest.find(')') else { continue };
            let link = &rest[..end];
            if link.starts_with("http") || link.contains(char::is_whitespace) {
                continue;
            }
            checked += 1;
            let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = match path.is_empty() {
                true => file.clone(),
                false => file.parent().unwrap().join(path),
            };
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", file.display()));
            } else if !anchor.is_empty()
                && target.extension().is_some_and(|e| e == "md")
                && !anchors(&target).contains(anchor)
            {
                broken.push(format!("{}: {link} (no such heading)", file.display()));
            }
        }
    }
    assert!(checked > 20, "links were found ({checked})");
    assert!(broken.is_empty(), "{broken:#?}");
}

/// The command lines the documents show without their output (```sh blocks: jobs too long
/// or too cluster-bound to run in a test; tests/transcripts.rs runs the ```console ones)
/// still parse with today's options.
#[test]
fn every_command_line_in_the_readme_and_docs_parses() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        files.push(entry.unwrap().path());
    }
    let mut checked = 0;
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "md"))
    {
        let text = std::fs::read_to_string(file).unwrap();
        let mut in_sh = false;
        let mut in_block = false;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with("```") {
                in_sh = line == "```sh";
                in_block = !in_block;
                continue;
            }
            // Whole lines of ```sh blocks, and commands quoted in the prose that are
            // complete (no `[OPTIONS]`, `A|B` or `...` placeholders).
            // A quoted command may leave out what the prose names around it (`nodeprof
            // compare --fail-on-change`): missing arguments are allowed there, unknown
            // options and bad values are not.
            let whole = in_block;
            let commands: Vec<&str> = match (in_block, in_sh) {
                (true, true) => vec![line],
                (true, false) => continue,
                (false, _) => line
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .filter(|c| c.starts_with("nodeprof ") && c.split(' ').count() >= 3)
                    .filter(|c| !c.contains(['[', '|', '<']) && !c.contains("..."))
                    .filter(|c| {
                        c.split(' ').all(|w| {
                            w != w.to_uppercase()
                                || w.starts_with('-')
                                || w.chars().any(|c| c.is_ascii_digit())
                        })
                    })
                    .collect(),
            };
            for command in commands {
                // One command a line; a comment, a pipe or a second command ends it.
                let command = command.split(" #").next().unwrap();
                let command = command
                    .split(" &&")
                    .next()
                    .unwrap()
                    .split(" |")
                    .next()
                    .unwrap();
                let args = match command.trim() {
                    c if c.starts_with("nodeprof ") => c.to_string(),
                    c if c.starts_with("cargo run --release -- ") => {
                        format!("nodeprof {}", &c["cargo run --release -- ".len()..])
                    }
                    _ => continue,
                };
                let words = shlex::split(&args).unwrap_or_else(|| panic!("{args}: bad quoting"));
                // The cutechess form of play is rewritten first, as `main` does.
                let words = nodeprof::cli::cutechess::translate(
                    words.iter().map(std::ffi::OsString::from).collect(),
                )
                .unwrap_or_else(|e| panic!("{}:{}: {args}\n{e}", file.display(), n + 1));
                if let Err(e) = Cli::try_parse_from(&words) {
                    // Help and version requests are what they show.
                    use clap::error::ErrorKind;
                    let fragment = !whole && e.kind() == ErrorKind::MissingRequiredArgument;
                    if !fragment
                        && !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                    {
                        panic!("{}:{}: {args}\n{e}", file.display(), n + 1);
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 15, "only {checked} command lines found");
}
