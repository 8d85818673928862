//! `compare`'s text and Markdown: the changed cases, the cases in one table only, the
//! context, and the totals per variant and depth with the time verdicts.

use std::fmt::Write;

use super::compare::Comparison;
use super::text::thousands;
use crate::parse::{ParseError, TextKind};

/// How `nodeprof compare` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Text,
    /// One JSON document (docs/output.md).
    Json,
    /// The totals table's rows.
    Csv,
}

impl Format {
    pub const NAMES: [&'static str; 4] = ["text", "markdown", "json", "csv"];
}

impl std::str::FromStr for Format {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Format, ParseError> {
        parse_format(text).map_err(ParseError::of(TextKind::Format))
    }
}

fn parse_format(text: &str) -> Result<Format, String> {
    match text {
        "text" => Ok(Format::Text),
        "markdown" => Ok(Format::Markdown),
        "json" => Ok(Format::Json),
        "csv" => Ok(Format::Csv),
        _ => Err(format!(
            "unknown format '{text}', expected text, markdown, json or csv"
        )),
    }
}

fn ratio(new: u64, old: u64) -> String {
    match old {
        0 => "NA".into(),
        _ => format!("{:.3}", new as f64 / old as f64),
    }
}

/// The comparison as Markdown or as aligned text.
pub fn render(c: &Comparison, old: &str, new: &str, format: Format) -> String {
    let md = format == Format::Markdown;
    let mut out = format!(
        "{}OLD {old}, NEW {new}: {} cases changed counts, {} changed only their line, {}{} only in OLD, {} only in NEW\n",
        if md { "# " } else { "" },
        c.changes.len(),
        c.line_changes.len(),
        match c.thread_variations.len() {
            0 => String::new(),
            n => format!("{n} on threads varied as threads do, "),
        },
        c.only_old.len(),
        c.only_new.len()
    );
    out.push_str(&sections(c, format, 2));
    out
}

/// The comparison's sections under the title line, their Markdown headings at `level`
/// (`##` for a page of their own, `###` inside another's section).
pub fn sections(c: &Comparison, format: Format, level: usize) -> String {
    let mut out = String::new();
    let md = format == Format::Markdown;
    let hashes = "#".repeat(level);
    let heading = |out: &mut String, text: &str| {
        let _ = match md {
            true => writeln!(out, "\n{hashes} {text}\n"),
            false => writeln!(out, "\n{text}\n"),
        };
    };
    if !c.context.differences.is_empty() {
        heading(&mut out, "Context");
        for difference in &c.context.differences {
            let _ = writeln!(out, "{}{difference}", if md { "- " } else { "  " });
        }
        if c.context.withhold_times {
            let _ = writeln!(
                out,
                "\nThe runs were timed on other machines or builds: the counts compare exactly, the times do not (no faster or slower)."
            );
        }
    }
    for (title, changes) in [
        ("Changed counts", &c.changes),
        (
            "Changed lines only (the same counts, score and best move)",
            &c.line_changes,
        ),
        (
            "Varied on threads (a search on more than one thread counts, and short of the end scores, differently from run to run, see docs/parallel.md)",
            &c.thread_variations,
        ),
    ] {
        if !changes.is_empty() {
            heading(&mut out, title);
            for change in changes {
                let _ = writeln!(
                    out,
                    "{}{}: {}",
                    if md { "- " } else { "  " },
                    change.case,
                    change.differences.join(", ")
                );
            }
        }
    }
    for (title, cases) in [("Only in OLD", &c.only_old), ("Only in NEW", &c.only_new)] {
        if !cases.is_empty() {
            heading(&mut out, title);
            for case in cases.iter() {
                let _ = writeln!(out, "{}{case}", if md { "- " } else { "  " });
            }
        }
    }
    heading(
        &mut out,
        "Totals per variant and depth (cases finished in both)",
    );
    out.push_str(&totals_table(c, md));
    out.push_str(&interval_note(c));
    if !md {
        out = out.trim_start().to_string();
    }
    out
}

/// What the time intervals are, under the table that shows them.
fn interval_note(c: &Comparison) -> String {
    let kinds: Vec<&str> = c
        .rows
        .iter()
        .filter_map(|r| r.time_interval().map(|(_, kind)| kind))
        .collect();
    if kinds.is_empty() || c.context.withhold_times {
        return String::new();
    }
    let confidence = c.test.confidence * 100.0;
    let threshold = c.test.noise_threshold * 100.0;
    let method = match (kinds.contains(&"bootstrap"), kinds.contains(&"range")) {
        (true, false) => format!("the {confidence}% bootstrap confidence interval of the ratio of medians ({} resamples of each case's runs)", super::compare_stats::RESAMPLES),
        (false, _) => "the range from the fastest and slowest runs (the tables keep no run's own time: times_ns)".into(),
        (true, true) => format!("the {confidence}% bootstrap confidence interval of the ratio of medians where both tables keep each run's time, else the range from the fastest and slowest runs"),
    };
    match c.test.drift > 0.0 {
        true => format!(
            "\nTime interval: {method}. The two tables were timed at different times: their time ratios are unpaired and may hold the machine's drift between the runs (up to ±{:.0}%, --drift; docs/speed.md says how it was measured), so faster or slower only when the interval lies wholly beyond ±{:.0}% (--noise-threshold plus --drift). For a verdict on time, time both builds in pairs: `nodeprof ab --base-rev OLD --dev-rev NEW`.\n",
            c.test.drift * 100.0,
            threshold + c.test.drift * 100.0
        ),
        false => format!("\nTime interval: {method}; faster or slower only when it lies wholly beyond ±{threshold}% (--noise-threshold).\n"),
    }
}

/// The totals per variant and depth, aligned (a Markdown table with `md`).
fn totals_table(c: &Comparison, md: bool) -> String {
    let mut out = String::new();
    let header = [
        "variant",
        "depth",
        "positions",
        "nodes OLD",
        "nodes NEW",
        "NEW/OLD",
        "geomean NEW/OLD",
        "time OLD ms",
        "time NEW ms",
        "time NEW/OLD",
        "time interval",
        "time change",
    ];
    let rows: Vec<Vec<String>> = c
        .rows
        .iter()
        .map(|r| {
            vec![
                r.name.clone(),
                r.depth.clone(),
                r.positions.to_string(),
                thousands(r.old_nodes),
                thousands(r.new_nodes),
                ratio(r.new_nodes, r.old_nodes),
                r.geomean_ratio.map_or("NA".into(), |g| format!("{g:.3}")),
                format!("{:.3}", r.old_time_ns as f64 / 1e6),
                format!("{:.3}", r.new_time_ns as f64 / 1e6),
                ratio(r.new_time_ns, r.old_time_ns),
                // Times of other machines or builds have no interval to read.
                r.time_interval()
                    .filter(|_| !c.context.withhold_times)
                    .map_or("-".into(), |((a, b), _)| format!("{a:.2}..{b:.2}")),
                match c.context.withhold_times {
                    true => "withheld".into(),
                    false => r.time_change(&c.test).into(),
                },
            ]
        })
        .collect();
    // The measured columns (times, from `time OLD ms` on) are as wide as their headings
    // whatever they hold, so that no line's length depends on a measured time.
    let measured = header
        .iter()
        .position(|h| *h == "time OLD ms")
        .unwrap_or(header.len());
    let widths: Vec<usize> = (0..header.len())
        .map(|j| {
            rows.iter()
                .filter(|_| j < measured)
                .map(|r| r[j].len())
                .chain([header[j].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| -> String {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(j, cell)| match j {
                0 => format!("{cell:<w$}", w = widths[j]),
                _ => format!("{cell:>w$}", w = widths[j]),
            })
            .collect();
        match md {
            true => format!("| {} |", padded.join(" | ")),
            false => padded.join("  "),
        }
    };
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let _ = writeln!(out, "{}", line(&header));
    if md {
        let rule: Vec<String> = widths
            .iter()
            .enumerate()
            .map(|(j, &w)| match j {
                0 => format!(":{}", "-".repeat(w.max(2) - 1)),
                _ => format!("{}:", "-".repeat(w.max(2) - 1)),
            })
            .collect();
        let _ = writeln!(out, "| {} |", rule.join(" | "));
    }
    for row in &rows {
        let _ = writeln!(out, "{}", line(row));
    }
    out
}
