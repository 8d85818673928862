//! `report.html`, each committed example report's, opened in a real browser (Debian's
//! `chromium --headless`, which `.ci/run` installs): every page loads, every chart the
//! summary shows is in it and renders, its text holds the numbers of the summary's tables,
//! and a screenshot of it decodes and is not blank. The sweeps' pages are current: made
//! again from their rows by this build, byte for byte the committed page.
//!
//! Without chromium the browser test says so and passes, unless NODEPROF_REQUIRE_BROWSER is
//! set (as `.ci/run` sets it once chromium is installed).

#[path = "support/run.rs"]
mod run;
#[path = "support/say.rs"]
mod say;

use std::path::{Path, PathBuf};
use std::process::Command;

use run::{nodeprof, ok};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every committed report folder (a folder of example-reports/ with a summary.md).
fn report_folders() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![repo().join("example-reports")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "summary.md") {
                found.push(dir.clone());
            }
        }
    }
    found.sort();
    assert!(
        found.len() >= 20,
        "the example reports were found: {found:?}"
    );
    found
}

/// The browser, if this machine has one.
fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser"].into_iter().find(|b| {
        Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("NODEPROF_REQUIRE_BROWSER").is_none(),
            "NODEPROF_REQUIRE_BROWSER is set and chromium is not installed"
        );
        say::to_terminal(
            "skipped: chromium is not installed: the pages are not opened in a browser",
        );
    }
    found
}

/// `chromium --headless ARGS file://PAGE`, bounded in time (a hung browser is killed).
fn headless(browser: &str, args: &[&str], page: &Path) -> Vec<u8> {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new("timeout")
        .args([
            "-k",
            "5",
            "90",
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("timeout and the browser run");
    assert!(
        out.status.success(),
        "{}: {}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The numbers in the cells of `summary`'s tables (`1,234`, `12.5%`, `0.97`).
fn table_numbers(summary: &str) -> Vec<String> {
    summary
        .lines()
        .filter(|l| l.starts_with('|') && !l.contains("---"))
        .flat_map(|l| {
            l.split('|')
                .map(str::trim)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|c| {
            !c.is_empty()
                && c.chars()
                    .all(|ch| ch.is_ascii_digit() || ",.%".contains(ch))
        })
        .collect()
}

/// The charts the summary shows (`![...](plots/...)`).
fn charts(summary: &str) -> usize {
    summary.matches("](plots/").count()
}

#[test]
fn every_example_page_opens_in_a_browser_with_its_charts_and_numbers() {
    let Some(browser) = chromium() else { return };
    let shots = tempfile::tempdir().unwrap();
    for dir in report_folders() {
        let page = dir.join("report.html");
        assert!(page.is_file(), "{}: no report.html", dir.display());
        let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        let dom = String::from_utf8(headless(browser, &["--dump-dom"], &page)).unwrap();
        let shown: Vec<&str> = dom
            .split("<figure><img src=\"")
            .skip(1)
            .filter_map(|rest| rest.split_once('"').map(|(src, _)| src))
            .collect();
        assert_eq!(
            shown.len(),
            charts(&summary),
            "{}: the charts in the page",
            dir.display()
        );
        for src in shown {
            assert!(
                src.starts_with("plots/") && dir.join(src).is_file(),
                "{}: the page shows {src}, not a chart beside it",
                dir.display()
            );
        }
        assert!(
            !dom.contains("<script"),
            "{}: a script in the page",
            dir.display()
        );
        for number in table_numbers(&summary) {
            assert!(
                dom.contains(&number),
                "{}: {number} is not in the page",
                dir.display()
            );
        }
        let shot = shots.path().join("shot.png");
        let arg = format!("--screenshot={}", shot.display());
        headless(browser, &[&arg, "--window-size=1200,1600"], &page);
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&shot).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (1200, 1600), "{}", dir.display());
        let first = &pixels[..4];
        let varied = pixels.chunks(4).filter(|p| p != &first).count();
        assert!(
            varied > pixels.len() / 400,
            "{}: the screenshot is blank",
            dir.display()
        );
    }
}

#[test]
fn the_sweeps_pages_are_current() {
    for dir in report_folders()
        .into_iter()
        .filter(|d| d.join("runs.csv").is_file())
    {
        let copy = tempfile::tempdir().unwrap();
        for name in ["runs.csv", "cuts.csv", "meta.json"] {
            if dir.join(name).is_file() {
                std::fs::copy(dir.join(name), copy.path().join(name)).unwrap();
            }
        }
        let defaults = dir.join("nodeprof-defaults");
        if defaults.join("runs.csv").is_file() {
            std::fs::create_dir(copy.path().join("nodeprof-defaults")).unwrap();
            std::fs::copy(
                defaults.join("runs.csv"),
                copy.path().join("nodeprof-defaults/runs.csv"),
            )
            .unwrap();
        }
        ok(&nodeprof(copy.path(), &["report", "."]));
        let made = std::fs::read_to_string(copy.path().join("report.html")).unwrap();
        let committed = std::fs::read_to_string(dir.join("report.html")).unwrap();
        assert!(
            made == committed,
            "{}: report.html is not what this build makes (nodeprof report {0})",
            dir.display()
        );
    }
}
