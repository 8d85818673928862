//! `report.html`: a report folder as one page that opens from disk, in its folder (no
//! network, no script). It is made from what the other exporters wrote: `summary.md` as
//! HTML, each of its charts shown from the PNG beside it (the folder keeps each chart
//! once), tables of many rows folded under their size, the run's provenance from
//! `meta.json`, and links to the CSV files beside it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

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
    let mut body = summary_html(summary);
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

/// The summary's Markdown as HTML, read as Markdown events and written once: each section
/// heading (`##`) given its GitHub anchor as its id, each chart a figure, tables scrolling
/// inside the page with numbers right-aligned and long ones folded; raw HTML in the summary
/// (a name a user gave) shown as text, never run; links to the sections under the title.
fn summary_html(summary: &str) -> String {
    let events: Vec<Event> = Parser::new_ext(summary, Options::ENABLE_TABLES)
        .map(|event| match event {
            Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
            other => other,
        })
        .collect();
    let mut out = Vec::with_capacity(events.len());
    let mut sections = Vec::new();
    let mut first_table = true;
    let mut under_title = 0;
    let mut i = 0;
    while i < events.len() {
        let end = closing(&events, i);
        match &events[i] {
            Event::Start(Tag::Heading { level, .. }) if *level == HeadingLevel::H2 => {
                let title = text_of(&events[i + 1..end]);
                let id = anchor(&title);
                out.push(Event::Start(Tag::Heading {
                    level: HeadingLevel::H2,
                    id: Some(CowStr::from(id.clone())),
                    classes: Vec::new(),
                    attrs: Vec::new(),
                }));
                sections.push((id, title));
                i += 1;
                continue;
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                let alt = text_of(&events[i + 1..end]);
                out.push(Event::Html(figure(dest_url, &alt).into()));
            }
            Event::Start(Tag::Table(_)) => {
                let html = table(&events[i + 1..end], !first_table);
                first_table = false;
                out.push(Event::Html(html.into()));
            }
            other => {
                out.push(other.clone());
                if under_title == 0
                    && matches!(other, Event::End(TagEnd::Heading(HeadingLevel::H1)))
                {
                    under_title = out.len();
                }
                i += 1;
                continue;
            }
        }
        i = end + 1;
    }
    out.insert(under_title, Event::Html(contents(&sections).into()));
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html
}

/// The index of the event that closes the one at `start` (itself where it opens nothing).
fn closing(events: &[Event], start: usize) -> usize {
    if !matches!(events[start], Event::Start(_)) {
        return start;
    }
    let mut depth = 0usize;
    for (i, event) in events.iter().enumerate().skip(start) {
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    events.len() - 1
}

/// The text of some inline events (code spans as their text).
fn text_of(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
            _ => None,
        })
        .collect()
}

/// A heading's anchor as GitHub makes it: lower case, spaces as hyphens, other marks gone.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// A line of links to the sections, under the title.
fn contents(sections: &[(String, String)]) -> String {
    let links: Vec<String> = sections
        .iter()
        .map(|(id, title)| format!("<a href=\"#{id}\">{}</a>", escape(title)))
        .collect();
    match links.is_empty() {
        true => String::new(),
        false => format!("<nav>{}</nav>\n", links.join(" · ")),
    }
}

/// A chart as a figure with its caption: the image the summary shows, beside the page
/// (`plots/NAME.png`, which a clone of the examples holds; the SVG forms are not
/// committed). Linked, not read into the page: the folder keeps each chart once.
fn figure(src: &str, alt: &str) -> String {
    format!(
        "<figure><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
        escape(src),
        escape(alt),
        escape(alt)
    )
}

/// A table (`inner`: its events between start and end), scrolling inside the page rather
/// than widening it; cells holding a number right-aligned, as numbers are read; folded under
/// a line that says its size where `foldable` and longer than [`FOLD_ROWS`] rows.
fn table(inner: &[Event], foldable: bool) -> String {
    let mut html = String::from("<div class=\"scroll\"><table>");
    let (mut rows, mut head) = (0, false);
    let mut i = 0;
    while i < inner.len() {
        let end = closing(inner, i);
        match &inner[i] {
            Event::Start(Tag::TableHead) => {
                head = true;
                html.push_str("<thead><tr>");
                i += 1;
                continue;
            }
            Event::End(TagEnd::TableHead) => {
                head = false;
                html.push_str("</tr></thead><tbody>");
            }
            Event::Start(Tag::TableRow) => {
                rows += 1;
                html.push_str("<tr>");
                i += 1;
                continue;
            }
            Event::End(TagEnd::TableRow) => html.push_str("</tr>\n"),
            Event::Start(Tag::TableCell) => {
                html.push_str(&cell(&inner[i + 1..end], head));
            }
            _ => {}
        }
        i = end + 1;
    }
    html.push_str("</tbody></table></div>");
    match foldable && rows > FOLD_ROWS {
        true => format!("<details><summary>A table of {rows} rows</summary>{html}</details>"),
        false => html,
    }
}

/// A table cell: a heading cell, or a body cell marked a number (`1,234`, `-0.5`, `12.5%`,
/// `1.88×`, `3.658 s`) to be right-aligned (the page aligns by what a cell holds, not by
/// the Markdown's column marks).
fn cell(inner: &[Event], head: bool) -> String {
    let mut content = String::new();
    pulldown_cmark::html::push_html(&mut content, inner.iter().cloned());
    let tag = if head { "th" } else { "td" };
    let class = match !head && is_number(&text_of(inner)) {
        true => " class=\"n\"",
        false => "",
    };
    format!("<{tag}{class}>{content}</{tag}>")
}

/// Whether a cell's text is a number, as [`cell`] reads one.
fn is_number(text: &str) -> bool {
    let text = text.trim_end_matches(" s").trim_end_matches(['%', '×']);
    !text.is_empty()
        && text.chars().any(|c| c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '-' | '+' | 'e'))
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
        let mut summary = String::from(
            "# Title\n\n## A section\n\n![A chart](plots/a.png)\n\n<script>x</script>\n\n| a | b |\n|---|---|\n",
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
                "<figure><img src=\"plots/a.png\" alt=\"A chart\"><figcaption>A chart</figcaption></figure>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<nav><a href=\"#a-section\">A section</a></nav>"),
            "{html}"
        );
        assert!(
            html.contains("<h2 id=\"a-section\">A section</h2>"),
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
    }
}
