//! `report.html`: a report folder as one page that opens from disk with nothing else (no
//! network, no script). It is made from what the other exporters wrote: `summary.md` as
//! HTML, each of its charts inlined (the SVG itself, or the PNG as data where there is no
//! SVG), tables of many rows folded under their size, the run's provenance from
//! `meta.json`, and links to the CSV files beside it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use base64::Engine as _;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag};

use super::export::{io_error, Exporter, ReportContext};
use crate::error::ReportError;

/// The page's file name.
pub const HTML_FILE: &str = "report.html";

/// Tables with more body rows than this are folded (a `<details>` that opens on a click).
const FOLD_ROWS: usize = 25;

/// The sweep report's exporter: after the summary.
pub struct Html;

impl Exporter for Html {
    fn export(&self, report: &ReportContext<'_>, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        Ok(vec![write_page(dir, report.written)?])
    }
}

/// Writes `dir/report.html` from `dir/summary.md` and the other files of the report
/// (`written`: the charts to inline, the CSV files to link).
pub fn write_page(dir: &Path, written: &[PathBuf]) -> Result<PathBuf, ReportError> {
    let summary_path = dir.join("summary.md");
    let summary = std::fs::read_to_string(&summary_path).map_err(|e| io_error(&summary_path, e))?;
    let meta = std::fs::read_to_string(dir.join(crate::store::META_FILE)).ok();
    let page = page(dir, &summary, meta.as_deref(), written);
    let path = dir.join(HTML_FILE);
    crate::store::replace(&path, page.as_bytes())?;
    Ok(path)
}

/// The whole page.
fn page(dir: &Path, summary: &str, meta: Option<&str>, written: &[PathBuf]) -> String {
    let title = summary
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or("nodeprof report");
    let (html, sections) = anchor_sections(&markdown_html(summary));
    let html = fold_tables(&number_cells(&inline_charts(dir, &html)));
    // The sections' links go under the title.
    let split = html.find("</h1>").map_or(0, |at| at + 5);
    let mut body = format!(
        "{}\n{}{}",
        &html[..split],
        contents(&sections),
        &html[split..]
    );
    body.push_str(&files_section(dir, written));
    if let Some(meta) = meta {
        let _ = write!(
            body,
            "<h2>Provenance</h2>\n{}<details><summary>meta.json: the command, the build, the machine and the settings</summary>\n<pre>{}</pre>\n</details>\n",
            provenance_line(meta),
            escape(meta)
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n",
        escape(title)
    )
}

/// What a reader checks first, unfolded: the command, the build's revision, the date and
/// the machine (each where `meta.json` has it).
fn provenance_line(meta: &str) -> String {
    let Ok(meta) = serde_json::from_str::<serde_json::Value>(meta) else {
        return String::new();
    };
    let text = |v: &serde_json::Value| v.as_str().map(str::to_string);
    let command = meta["command"].as_array().map(|words| {
        let words: Vec<String> = words.iter().filter_map(text).collect();
        shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
    });
    let machine =
        meta["machine"]["cpu"]
            .as_str()
            .map(|cpu| match meta["machine"]["logical_cpus"].as_u64() {
                Some(n) => format!("{cpu}, {n} logical CPUs"),
                None => cpu.to_string(),
            });
    let parts: Vec<String> = [
        command.map(|c| format!("<code>{}</code>", escape(&c))),
        text(&meta["git_revision"]).map(|r| format!("revision {}", escape(&r))),
        text(&meta["date_utc"]).map(|d| escape(&d)),
        machine.map(|m| escape(&m)),
    ]
    .into_iter()
    .flatten()
    .collect();
    match parts.is_empty() {
        true => String::new(),
        false => format!("<p>Made by {}.</p>\n", parts.join("; ")),
    }
}

const STYLE: &str = "body{font:15px/1.5 system-ui,sans-serif;color:#222;margin:0;background:#fafafa}\
main{max-width:1200px;margin:0 auto;padding:1em 2em;background:#fff}\
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}\
table{border-collapse:collapse;margin:1em 0;font-size:13px;font-variant-numeric:tabular-nums}\
th,td{border:1px solid #ddd;padding:2px 8px}th{background:#f0f0f0;position:sticky;top:0}\
tr:nth-child(even) td{background:#fbfbfb}td.n{text-align:right}.scroll{overflow-x:auto}\
figure{margin:1em 0}figure svg,figure img{max-width:100%;height:auto}\
figcaption{color:#555;font-size:13px}details{margin:1em 0}summary{cursor:pointer;color:#225}\
nav{margin:.5em 0 1em;font-size:14px}pre{background:#f5f5f5;padding:1em;overflow-x:auto;font-size:12px}code{background:#f3f3f3}";

/// Each section heading (`<h2>`) given its GitHub anchor as its id; the sections' ids and
/// titles.
fn anchor_sections(html: &str) -> (String, Vec<(String, String)>) {
    let mut out = String::new();
    let mut sections = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<h2>") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 4..];
        let Some(end) = after.find("</h2>") else {
            break;
        };
        let title = &after[..end];
        let id: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let _ = write!(out, "<h2 id=\"{id}\">{title}</h2>");
        sections.push((id, title.to_string()));
        rest = &after[end + 5..];
    }
    out.push_str(rest);
    (out, sections)
}

/// A line of links to the sections, under the title.
fn contents(sections: &[(String, String)]) -> String {
    let links: Vec<String> = sections
        .iter()
        .map(|(id, title)| format!("<a href=\"#{id}\">{title}</a>"))
        .collect();
    match links.is_empty() {
        true => String::new(),
        false => format!("<nav>{}</nav>\n", links.join(" · ")),
    }
}

/// The summary's Markdown as HTML. Raw HTML in it (a name a user gave) is shown as text,
/// never run.
fn markdown_html(summary: &str) -> String {
    let events = Parser::new_ext(summary, Options::ENABLE_TABLES).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        Event::Start(Tag::Table(alignments)) => {
            // A wide table scrolls inside the page rather than widening it.
            let _ = alignments;
            Event::Html(CowStr::Borrowed("<div class=\"scroll\"><table>"))
        }
        Event::End(pulldown_cmark::TagEnd::Table) => {
            Event::Html(CowStr::Borrowed("</table></div>"))
        }
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// Each `<img src="plots/NAME.png" alt="ALT" />` as a figure holding the chart itself:
/// `plots/NAME.svg` inline where the report wrote one, else the PNG as data.
fn inline_charts(dir: &Path, html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<img src=\"") {
        out.push_str(&rest[..at]);
        let tag = &rest[at..];
        let end = tag.find("/>").map_or(tag.len(), |e| e + 2);
        let src = attribute(tag, "src").unwrap_or_default();
        let alt = attribute(tag, "alt").unwrap_or_default();
        match chart(dir, &src) {
            Some(chart) => {
                let _ = write!(
                    out,
                    "<figure>{chart}<figcaption>{alt}</figcaption></figure>"
                );
            }
            None => out.push_str(&tag[..end]),
        }
        rest = &tag[end..];
    }
    out.push_str(rest);
    out
}

/// The value of `name="..."` in an HTML tag (as pulldown-cmark writes it, escaped).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
    let len = tag[start..].find('"')?;
    Some(tag[start..start + len].to_string())
}

/// A chart of the report, ready to inline: its SVG (without the XML declaration) or its PNG
/// as a data image, whichever is smaller (a chart of many points is lighter as pixels);
/// none for a file that is not a chart of this folder.
fn chart(dir: &Path, src: &str) -> Option<String> {
    let relative = Path::new(src);
    let inside = relative
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !inside || !src.starts_with("plots/") {
        return None;
    }
    let svg = std::fs::read_to_string(dir.join(relative).with_extension("svg"))
        .ok()
        .and_then(|svg| Some(svg[svg.find("<svg")?..].to_string()));
    let png = std::fs::read(dir.join(relative).with_extension("png"))
        .ok()
        .map(|png| {
            let data = base64::engine::general_purpose::STANDARD.encode(png);
            format!("<img src=\"data:image/png;base64,{data}\" alt=\"\">")
        });
    match (svg, png) {
        (Some(svg), Some(png)) if png.len() < svg.len() => Some(png),
        (Some(svg), _) => Some(svg),
        (None, png) => png,
    }
}

/// Cells that hold a number (`1,234`, `-0.5`, `12.5%`, `1.88×`, `3.658 s`) right-aligned,
/// as numbers are read.
fn number_cells(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<td>") {
        out.push_str(&rest[..at]);
        let cell = &rest[at + 4..];
        let end = cell.find("</td>").unwrap_or(cell.len());
        let text = cell[..end]
            .trim_end_matches(" s")
            .trim_end_matches(['%', '×']);
        let number = !text.is_empty()
            && text.chars().any(|c| c.is_ascii_digit())
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '-' | '+' | 'e'));
        out.push_str(if number { "<td class=\"n\">" } else { "<td>" });
        rest = cell;
    }
    out.push_str(rest);
    out
}

/// Tables of more than [`FOLD_ROWS`] rows, folded under a line that says their size; the
/// first, the page's main table, is never folded.
fn fold_tables(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    let mut first = true;
    while let Some(at) = rest.find("<div class=\"scroll\"><table>") {
        out.push_str(&rest[..at]);
        let table = &rest[at..];
        let end = table.find("</table></div>").map_or(table.len(), |e| e + 14);
        let rows = table[..end].matches("<tr>").count().saturating_sub(1);
        let fold = rows > FOLD_ROWS && !first;
        first = false;
        match fold {
            true => {
                let _ = write!(
                    out,
                    "<details><summary>A table of {rows} rows</summary>{}</details>",
                    &table[..end]
                );
            }
            false => out.push_str(&table[..end]),
        }
        rest = &table[end..];
    }
    out.push_str(rest);
    out
}

/// Links to the data beside the page: the rows and the CSV cross-tables.
fn files_section(dir: &Path, written: &[PathBuf]) -> String {
    let rows = ["runs.csv", "games.csv", "cuts.csv"]
        .into_iter()
        .filter(|f| dir.join(f).is_file())
        .map(PathBuf::from);
    let csv = written
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .filter_map(|p| p.strip_prefix(dir).ok().map(Path::to_path_buf));
    let links: Vec<String> = rows
        .chain(csv)
        .map(|p| {
            let name = escape(&p.to_string_lossy());
            format!("<a href=\"{name}\">{name}</a>")
        })
        .collect();
    match links.is_empty() {
        true => String::new(),
        false => format!(
            "<h2>Data</h2>\n<details><summary>{} CSV files beside this page</summary>\n<p>{}</p>\n</details>\n",
            links.len(),
            links.join(" · ")
        ),
    }
}

/// `text` safe inside HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_tables_charts_and_raw_html() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("plots")).unwrap();
        crate::store::replace(
            &dir.path().join("plots/a.svg"),
            b"<?xml version=\"1.0\"?>\n<svg width=\"10\"><rect/></svg>",
        )
        .unwrap();
        let mut summary = String::from(
            "# Title\n\n![A chart](plots/a.png)\n\n<script>x</script>\n\n| a | b |\n|---|---|\n",
        );
        for i in 0..30 {
            summary.push_str(&format!("| {i} | x |\n"));
        }
        // The first table is the page's main one: shown whole; a later one as long is folded.
        summary.push_str("\n| c | d |\n|---|---|\n");
        for i in 0..30 {
            summary.push_str(&format!("| {i} | y |\n"));
        }
        let html = page(dir.path(), &summary, Some("{\"a\": \"<b>\"}"), &[]);
        assert!(html.contains("<title>Title</title>"));
        assert!(
            html.contains(
                "<figure><svg width=\"10\"><rect/></svg><figcaption>A chart</figcaption></figure>"
            ),
            "{html}"
        );
        assert!(!html.contains("<script>") && html.contains("&lt;script&gt;"));
        assert_eq!(
            html.matches("<details><summary>A table of 30 rows</summary>")
                .count(),
            1
        );
        let folded = html
            .find("<details><summary>A table of 30 rows</summary>")
            .unwrap();
        assert!(html[..folded].contains("<td>x</td>") && !html[..folded].contains("<td>y</td>"));
        assert!(html.contains("<td class=\"n\">29</td><td>x</td>"), "{html}");
        assert!(html.contains("&quot;&lt;b&gt;&quot;"));
        let meta = r#"{"command": ["nodeprof", "sweep", "-v", "a b"], "git_revision": "abc", "date_utc": "2026-12-06T00:00:00Z", "machine": {"cpu": "X<1>", "logical_cpus": 2}}"#;
        let line = provenance_line(meta);
        assert_eq!(
            line,
            "<p>Made by <code>nodeprof sweep -v &#39;a b&#39;</code>; revision abc; 2026-12-06T00:00:00Z; X&lt;1&gt;, 2 logical CPUs.</p>\n"
        );
        // Only charts inside the folder's plots/ are read.
        assert_eq!(chart(dir.path(), "plots/../../etc/passwd"), None);
    }
}
