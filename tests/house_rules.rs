//! The house's size rules, checked on the sources, tests and benches: `main.rs` a short
//! pipeline, no file over 600 lines, no function over [`FUNCTION_LINES`], and no job enum
//! mirroring the command line.

use std::fs;
use std::path::Path;

/// Every `.rs` file under `dir`, tests included, with its line count.
fn line_counts(dir: &Path, out: &mut Vec<(String, usize)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            line_counts(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let lines = fs::read_to_string(&path).unwrap().lines().count();
            out.push((path.display().to_string(), lines));
        }
    }
}

/// The house's size rules: `main.rs` a short pipeline (parse, dispatch, one error line), one
/// job per file (none over 600 lines, the tests and benches as well as the sources), and the
/// command line's arguments never mirrored in a job enum of their own.
#[test]
fn main_is_short_files_are_one_job_and_no_job_enum_mirrors_the_arguments() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    line_counts(&manifest.join("src"), &mut files);
    assert!(files.len() > 100, "the sources were read");
    let sources = files.len();
    for dir in ["tests", "benches"] {
        line_counts(&manifest.join(dir), &mut files);
    }
    assert!(files.len() > sources + 10, "the tests were read");
    let main = files
        .iter()
        .find(|(p, _)| p.ends_with("src/main.rs"))
        .map(|(_, n)| *n);
    assert!(main.is_some_and(|n| n <= 100), "main.rs: {main:?} lines");
    let long: Vec<&(String, usize)> = files.iter().filter(|(_, n)| *n > 600).collect();
    assert!(long.is_empty(), "files over 600 lines: {long:?}");
    for (path, _) in &files[..sources] {
        let text = fs::read_to_string(path).unwrap();
        assert!(
            !text.contains("enum Job {") && !text.contains("Job::Invalid"),
            "{path}: a Job enum"
        );
    }
}

/// The longest a function may be, in lines from its `fn` line to its closing brace: long
/// enough for a match over every case of a protocol or a table's columns, short enough that
/// a reader can name its steps. No exceptions.
const FUNCTION_LINES: usize = 120;

/// The functions of `text` (rustfmt's layout: the closing brace at the `fn` line's
/// indentation), each with its name, first line (from 1) and length in lines.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let indent = &line[..line.len() - line.trim_start().len()];
        let mut words = line.split_whitespace().peekable();
        while words
            .peek()
            .is_some_and(|w| w.starts_with("pub") || ["const", "async", "unsafe"].contains(w))
        {
            words.next();
        }
        if words.next() != Some("fn") || line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = words
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(end) = (i..lines.len()).find(|&j| lines[j].trim_end() == close) {
            found.push((name, i + 1, end - i + 1));
        }
    }
    found
}

/// Every function over [`FUNCTION_LINES`] in `files` (path and text).
fn long_functions(files: &[(String, String)]) -> Vec<String> {
    let mut long = Vec::new();
    for (path, text) in files {
        for (name, line, length) in functions(text) {
            if length > FUNCTION_LINES {
                long.push(format!("{path}:{line} {name}: {length} lines"));
            }
        }
    }
    long
}

/// Every `.rs` file under `dirs` of the manifest, with its text.
fn texts(dirs: &[&str]) -> Vec<(String, String)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut counted = Vec::new();
    for dir in dirs {
        line_counts(&manifest.join(dir), &mut counted);
    }
    counted
        .into_iter()
        .map(|(path, _)| {
            let text = fs::read_to_string(&path).unwrap();
            let relative = Path::new(&path).strip_prefix(manifest).unwrap();
            (relative.display().to_string(), text)
        })
        .collect()
}

/// No function of the sources, tests or benches is longer than [`FUNCTION_LINES`]; a
/// planted long one is found, with its file, line and length.
#[test]
fn no_function_is_longer_than_the_limit() {
    let files = texts(&["src", "tests", "benches"]);
    assert!(files.len() > 150, "the files were read: {}", files.len());
    let counted: usize = files.iter().map(|(_, t)| functions(t).len()).sum();
    assert!(counted > 1000, "the functions were found: {counted}");
    let long = long_functions(&files);
    assert!(
        long.is_empty(),
        "functions over {FUNCTION_LINES} lines: {long:?}"
    );
    let body = "    let x = 1;\n".repeat(FUNCTION_LINES - 2);
    let planted = format!(
        "fn short() {{\n}}\n\nimpl A {{\n    pub(crate) fn long(\n        &self,\n    ) -> u32 {{\n{body}    }}\n}}\n"
    );
    assert_eq!(
        long_functions(&[("planted.rs".into(), planted)]),
        [format!("planted.rs:5 long: {} lines", FUNCTION_LINES + 2)]
    );
}
