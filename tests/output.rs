//! `--format json|csv` on every command that prints results: each JSON document parses into
//! its command's typed schema and back to the same document (no field unknown to the types,
//! none missing), names its schema and version, and has the fields docs/output.md lists; the
//! CSV rows hold the JSON rows' values, and the values the text tables show.

#[path = "support/run.rs"]
mod run;

use std::collections::BTreeMap;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use nodeprof::commands::bench::{BenchLine, Signatures};
use nodeprof::commands::perft::PerftLine;
use nodeprof::commands::play::{MatchLine, PlayFiles};
use nodeprof::commands::show::Shown;
use nodeprof::commands::solve::{SolveRow, SolveSummary};
use nodeprof::commands::sprt::SprtResult;
use nodeprof::commands::variants::Entry;
use nodeprof::output::{Document, VERSION};
use nodeprof::report::compare_data::{CompareLine, CompareSummary};
use nodeprof::report::text::thousands;
use nodeprof::store::{Record, COLUMNS};
use run::{nodeprof, ok};

/// A document of rows and more fields.
#[derive(Debug, Serialize, Deserialize)]
struct WithRows<R, M> {
    rows: Vec<R>,
    #[serde(flatten)]
    more: M,
}

/// No more fields than the rows.
#[derive(Debug, Serialize, Deserialize)]
struct Nothing {}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `nodeprof ARGS --format FORMAT`'s standard output, in `dir`.
fn formatted(dir: &Path, args: &[&str], format: &str) -> String {
    let mut all = args.to_vec();
    all.extend(["--format", format]);
    ok(&nodeprof(dir, &all))
}

/// The JSON document of `args`, checked: its schema and version, a typed round trip through
/// `B`, and the fields docs/output.md lists for `command`.
fn document<B: Serialize + DeserializeOwned>(dir: &Path, command: &str, args: &[&str]) -> Value {
    let text = formatted(dir, args, "json");
    let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let typed: Document<B> =
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{command}: {e}: {text}"));
    assert_eq!(
        (typed.schema.as_str(), typed.version),
        (&*format!("nodeprof-{command}"), VERSION)
    );
    assert_eq!(
        serde_json::to_value(&typed).unwrap(),
        value,
        "{command}: the document has fields its schema's types do not"
    );
    documented(command, &value);
    value
}

/// The fields docs/output.md lists under `## nodeprof-COMMAND`: its tables' first cells, by
/// the table's first heading (`document field`, `row field`). A field whose meaning begins
/// "only with `--...`" is listed as `?field`: documents without that option leave it out.
fn listed(command: &str) -> BTreeMap<String, Vec<String>> {
    let docs = std::fs::read_to_string(repo().join("docs/output.md")).unwrap();
    let heading = format!("## `nodeprof-{command}`");
    let section = docs
        .split("\n## ")
        .find(|s| format!("## {}", s.lines().next().unwrap()) == heading)
        .unwrap_or_else(|| panic!("docs/output.md has no section {heading}"));
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut table = String::new();
    for line in section.lines().filter(|l| l.starts_with("| ")) {
        let first = line.split('|').nth(1).unwrap().trim();
        let optional = line
            .split('|')
            .nth(3)
            .is_some_and(|m| m.trim().starts_with("only with `--"));
        match first.strip_prefix('`').and_then(|f| f.strip_suffix('`')) {
            Some(field) if optional => tables
                .entry(table.clone())
                .or_default()
                .push(format!("?{field}")),
            Some(field) => tables.entry(table.clone()).or_default().push(field.into()),
            None => table = first.to_string(),
        }
    }
    tables
}

/// The document's fields and its rows' fields are those docs/output.md lists, in order.
fn documented(command: &str, value: &Value) {
    let tables = listed(command);
    let fields: Vec<String> = value
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| !["schema", "version", "nodeprof"].contains(&k.as_str()))
        .cloned()
        .collect();
    let expected: Vec<String> = tables["document field"]
        .iter()
        .filter_map(|f| match f.strip_prefix('?') {
            Some(optional) => fields
                .contains(&optional.to_string())
                .then(|| optional.to_string()),
            None => Some(f.clone()),
        })
        .collect();
    assert_eq!(fields, expected, "{command}'s document fields");
    let Some(row) = value.get("rows").and_then(|r| r.get(0)) else {
        return;
    };
    let row_fields: Vec<String> = row.as_object().unwrap().keys().cloned().collect();
    match tables.get("row field") {
        Some(listed) => assert_eq!(&row_fields, listed, "{command}'s row fields"),
        // Search's rows are runs.csv's, documented in docs/counters.md.
        None => assert_eq!(row_fields, COLUMNS, "{command}'s rows are runs.csv's"),
    }
}

/// The CSV form of `args`: its header and rows, as texts.
fn csv_rows(dir: &Path, args: &[&str]) -> (Vec<String>, Vec<Vec<String>>) {
    let text = formatted(dir, args, "csv");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

/// A JSON value as a CSV cell holds it.
fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => nodeprof::store::cell::escape(s).into_owned(),
        other => other.to_string(),
    }
}

/// Whether a field is a measured time or speed, or the number of timed runs (the adaptive
/// repeats stop once the times are steady): it differs from run to run.
fn measured(field: &str) -> bool {
    field.ends_with("_ns")
        || field == "runs"
        || field == "nps"
        || field == "time_ratio_low"
        || field == "time_ratio_high"
}

/// The CSV of `args` has the JSON document's rows: the same columns in order, the same
/// values (times apart, being measured anew).
fn csv_matches_json(dir: &Path, args: &[&str], json: &Value) -> Vec<BTreeMap<String, String>> {
    let (header, rows) = csv_rows(dir, args);
    let json_rows = json["rows"].as_array().unwrap();
    let json_header: Vec<String> = json_rows[0].as_object().unwrap().keys().cloned().collect();
    assert_eq!(header, json_header, "{args:?}: CSV columns");
    assert_eq!(rows.len(), json_rows.len(), "{args:?}: CSV rows");
    let mut read = Vec::new();
    for (row, json_row) in rows.iter().zip(json_rows) {
        let mut fields = BTreeMap::new();
        for (name, value) in header.iter().zip(row) {
            if !measured(name) {
                assert_eq!(value, &cell(&json_row[name]), "{args:?}: {name}");
            }
            fields.insert(name.clone(), value.clone());
        }
        read.push(fields);
    }
    read
}

#[test]
fn search_rows_are_runs_csv_rows_with_the_text_tables_values() {
    let dir = repo();
    let args = [
        "search",
        "ffo:40",
        "-v",
        "pvs+tt+id,alphabeta",
        "-d",
        "3..4",
    ];
    let json = document::<WithRows<Record, Nothing>>(dir, "search", &args);
    let csv = csv_matches_json(dir, &args, &json);
    // The CSV reads back through the store's own runs.csv reader, as the JSON's rows.
    let text = formatted(dir, &args, "csv");
    let records = nodeprof::store::parse_runs(text.as_bytes(), "stdout").unwrap();
    let typed: Vec<Record> = serde_json::from_value(json["rows"].clone()).unwrap();
    let counts = |r: &Record| {
        (
            r.label.clone(),
            r.nodes,
            r.score,
            r.best_move.clone(),
            r.pv.clone(),
        )
    };
    assert_eq!(
        records.iter().map(counts).collect::<Vec<_>>(),
        typed.iter().map(counts).collect::<Vec<_>>()
    );
    let text = ok(&nodeprof(dir, &args));
    let names: Vec<&String> = csv.iter().map(|r| &r["name"]).collect();
    let table: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .filter(|cells| cells.first().is_some_and(|c| names.contains(&c)))
        .collect();
    assert_eq!(table.len(), 4, "{text}");
    for (cells, row) in table.iter().zip(&csv) {
        let score = cells[2].trim_start_matches('+');
        assert_eq!(
            [&cells[0], &cells[1], &score.to_string(), &cells[3]],
            [
                &row["name"],
                &row["depth"],
                &row["score"],
                &row["best_move"]
            ]
        );
        assert!(cells.contains(&row["nodes"]), "{cells:?} {row:?}");
    }
}

#[test]
fn solve_rows_and_totals_agree_with_the_table() {
    let dir = repo();
    let args = ["solve", "ffo:1..3", "-t", "1"];
    let json = document::<WithRows<SolveRow, SolveSummary>>(dir, "solve", &args);
    assert_eq!(json["ok"], true);
    let csv = csv_matches_json(dir, &args, &json);
    let text = ok(&nodeprof(dir, &args));
    let table: Vec<Vec<String>> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("end0"))
        .map(|l| l.split('|').map(|c| c.trim().to_string()).collect())
        .collect();
    assert_eq!(table.len(), 3, "{text}");
    let mut nodes = 0;
    for (cells, row) in table.iter().zip(&csv) {
        assert_eq!(format!("{}.pos", cells[0]), row["position"]);
        assert_eq!(cells[2].trim_start_matches('+'), row["game_result"]);
        assert_eq!(cells[5], row["best_move"]);
        assert_eq!(cells[6].replace(',', ""), row["nodes"]);
        assert_eq!(
            (row["score_ok"].as_str(), row["move_ok"].as_str()),
            ("true", "true")
        );
        nodes += row["nodes"].parse::<u64>().unwrap();
    }
    assert_eq!(json["totals"][0]["nodes"], nodes);
    assert_eq!(json["totals"][0]["positions"], 3);
}

#[test]
fn solve_where_in_json_holds_the_texts_tables() {
    // `--where` adds `where`: each position's stages, passes and nodes by empties, every
    // node in one stage and one count by empties, the total the row's.
    let dir = repo();
    let args = ["solve", "ffo:40", "-t", "1", "--where"];
    let json = document::<WithRows<SolveRow, SolveSummary>>(dir, "solve", &args);
    let place = &json["where"][0];
    assert_eq!(place["position"], "end40.pos");
    assert_eq!(place["nodes"], json["rows"][0]["nodes"]);
    let total = place["nodes"].as_u64().unwrap();
    let sum = |items: &Value, f: &dyn Fn(&Value) -> u64| -> u64 {
        items.as_array().unwrap().iter().map(f).sum()
    };
    assert_eq!(
        sum(&place["stages"], &|s| s["nodes"].as_u64().unwrap()),
        total
    );
    let by_empties = |e: &Value| e["main"].as_u64().unwrap() + e["solver"].as_u64().unwrap();
    assert_eq!(sum(&place["by_empties"], &by_empties), total);
    let stages: Vec<&str> = place["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(stages.last(), Some(&"exact"));
    assert_eq!(stages.iter().filter(|s| **s == "selective").count(), 3);
    // The text prints the same stage nodes.
    let text = ok(&nodeprof(dir, &args));
    for stage in place["stages"]
        .as_array()
        .unwrap()
        .iter()
        .skip_while(|s| s["stage"] == "iteration")
    {
        let shown = thousands(stage["nodes"].as_u64().unwrap());
        assert!(
            text.contains(&format!("| {shown:>13} |")),
            "{shown}: {text}"
        );
    }
    // Without `--where` the document has no `where`.
    let plain = document::<WithRows<SolveRow, SolveSummary>>(dir, "solve", &args[..4]);
    assert!(plain.get("where").is_none());
}

#[test]
fn perft_rows_hold_the_counts_and_the_suites_checks() {
    let dir = repo();
    let args = [
        "perft", "startpos", "--game", "reversi", "-d", "4", "--divide",
    ];
    let json = document::<WithRows<PerftLine, Nothing>>(dir, "perft", &args);
    let csv = csv_matches_json(dir, &args, &json);
    let leaves: Vec<(&str, &str, &str)> = csv
        .iter()
        .map(|r| {
            (
                r["depth"].as_str(),
                r["move"].as_str(),
                r["leaves"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        leaves,
        [
            ("1", "", "4"),
            ("2", "", "12"),
            ("3", "", "56"),
            ("4", "", "244"),
            ("4", "d3", "61"),
            ("4", "c4", "61"),
            ("4", "f5", "61"),
            ("4", "e6", "61")
        ]
    );
    // The wiki's perft suite: every count checked against the suite's.
    let epd = repo().join("positions/chess/perft.epd");
    let args = ["perft", epd.to_str().unwrap(), "-d", "2"];
    let json = document::<WithRows<PerftLine, Nothing>>(dir, "perft", &args);
    let rows = json["rows"].as_array().unwrap();
    assert!(rows.len() >= 10, "{json}");
    for row in rows {
        assert_eq!(row["ok"], true, "{row}");
        assert_eq!(row["expected_leaves"], row["leaves"]);
    }
}

#[test]
fn bench_rows_add_up_to_the_signature_the_text_prints() {
    let dir = repo();
    let json = document::<WithRows<BenchLine, Signatures>>(dir, "bench", &["bench"]);
    csv_matches_json(dir, &["bench"], &json);
    let rows = json["rows"].as_array().unwrap();
    let sum: u64 = rows.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert_eq!(json["signatures"][0]["nodes"], sum);
    let text = ok(&nodeprof(dir, &["bench"]));
    let last = text.lines().last().unwrap();
    assert_eq!(
        last.split_whitespace().next(),
        Some(&*sum.to_string()),
        "{last}"
    );
}

#[test]
fn show_sprt_and_variants_documents() {
    let dir = repo();
    let json = document::<WithRows<Shown, Nothing>>(dir, "show", &["show", "ffo:40", "ffo:41"]);
    let csv = csv_matches_json(dir, &["show", "ffo:40", "ffo:41"], &json);
    assert_eq!(csv[0]["legal_moves"], "b1 c1 a2 a6 c6 c7 d7 f7 g7 d8");
    assert_eq!(
        (
            csv[0]["expected_score"].as_str(),
            csv[0]["expected_best"].as_str()
        ),
        ("38", "a2")
    );
    for args in [
        &["sprt", "--wdl", "100/80/20"][..],
        &["sprt", "--penta", "5/10/30/12/6", "--model", "normalized"],
    ] {
        let json = document::<SprtResult>(dir, "sprt", args);
        let (header, rows) = csv_rows(dir, args);
        let fields: Vec<&String> = json.as_object().unwrap().keys().skip(3).collect();
        assert_eq!(header.iter().collect::<Vec<_>>(), fields);
        for (name, value) in header.iter().zip(&rows[0]) {
            assert_eq!(value, &cell(&json[name]), "{name}");
        }
        let text = ok(&nodeprof(dir, args));
        let llr = json["llr"].as_f64().unwrap();
        assert!(text.contains(&format!("LLR: {llr:.3}")), "{text}");
    }
    let json = document::<WithRows<Entry, Nothing>>(dir, "variants", &["variants"]);
    let csv = csv_matches_json(dir, &["variants"], &json);
    let text = ok(&nodeprof(dir, &["variants"]));
    for row in &csv {
        let plus = if row["kind"] == "enhancement" {
            "+"
        } else {
            ""
        };
        assert!(
            text.contains(&format!("  {plus}{} ", row["usage"])),
            "{row:?}"
        );
        assert!(text.contains(&row["about"]), "{row:?}");
    }
    assert!(csv
        .iter()
        .any(|r| r["kind"] == "preset" && !r["spec"].is_empty()));
}

#[test]
fn play_and_compare_documents() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("play");
    let args = [
        "play",
        "alphabeta",
        "greedy",
        "--game",
        "connect4",
        "--depth",
        "2",
        "-n",
        "4",
        "-q",
        "-o",
        out.to_str().unwrap(),
        "--force",
    ];
    let json = document::<WithRows<MatchLine, PlayFiles>>(dir.path(), "play", &args);
    let row = &json["rows"][0];
    assert_eq!(row["games"], 4);
    let (w, l, d) = (
        row["wins"].as_u64().unwrap(),
        row["losses"].as_u64().unwrap(),
        row["draws"].as_u64().unwrap(),
    );
    assert_eq!(w + l + d, 4);
    let pairs: u64 = ["ll", "ld", "dd", "wd", "ww"]
        .iter()
        .map(|k| row[k].as_u64().unwrap())
        .sum();
    assert_eq!(pairs, 2);
    csv_matches_json(dir.path(), &args, &json);
    let runs = repo().join("example-reports/classic2011");
    let runs = runs.to_str().unwrap();
    let args = ["compare", runs, runs];
    let json = document::<WithRows<CompareLine, CompareSummary>>(dir.path(), "compare", &args);
    assert_eq!(json["counts_changed"], false);
    for row in json["rows"].as_array().unwrap() {
        assert_eq!(
            (row["nodes_ratio"].as_f64(), row["geomean_ratio"].as_f64()),
            (Some(1.0), Some(1.0))
        );
    }
    csv_matches_json(dir.path(), &args, &json);
}

/// A copy of the sweep in `from` at `to`, every case's runs timed `times` (the same for
/// each case, times its position in the table, so that the cases differ); without `keep`,
/// the table keeps only their median, fastest and slowest, as an earlier build's did.
fn timed_copy(from: &Path, to: &Path, times: &[u64], keep: bool) {
    std::fs::create_dir_all(to).unwrap();
    std::fs::copy(from.join("meta.json"), to.join("meta.json")).unwrap();
    let mut rows = nodeprof::store::read_runs(&from.join("runs.csv")).unwrap();
    for (i, row) in rows.iter_mut().enumerate() {
        let scaled: Vec<u64> = times.iter().map(|t| t * (i as u64 + 1)).collect();
        let mut sorted = scaled.clone();
        sorted.sort_unstable();
        row.time_ns = Some(sorted[sorted.len() / 2]);
        row.time_min_ns = Some(sorted[0]);
        row.time_max_ns = Some(sorted[sorted.len() - 1]);
        row.runs = Some(sorted.len() as u32);
        let listed: Vec<String> = scaled.iter().map(u64::to_string).collect();
        row.times_ns = keep.then(|| listed.join(" "));
    }
    nodeprof::store::write_runs(&to.join("runs.csv"), &rows).unwrap();
}

#[test]
fn compare_tests_times_by_a_bootstrap_interval_beyond_a_noise_threshold() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sweep = d.join("sweep");
    let args = [
        "sweep",
        "ffo:40..42",
        "-v",
        "pvs+tt+id",
        "-d",
        "3..4",
        "--repeat",
        "3",
        "-q",
        "-o",
    ];
    ok(&nodeprof(
        d,
        &[&args[..], &[sweep.to_str().unwrap()]].concat(),
    ));
    // The sweep keeps each run's time.
    let rows = nodeprof::store::read_runs(&sweep.join("runs.csv")).unwrap();
    assert!(
        rows.iter()
            .all(|r| r.run_times().is_some_and(|t| t.len() == 3)),
        "{rows:?}"
    );
    // Runs within 0.3% of one another: a 1% change is sure, and within the threshold.
    let runs = [10000, 10020, 9990, 10010, 9970, 10030, 10000, 9985];
    let slower: Vec<u64> = runs.iter().map(|t| t * 6 / 5).collect();
    let marginal: Vec<u64> = runs.iter().map(|t| t * 101 / 100).collect();
    let much: Vec<u64> = runs.iter().map(|t| t * 3 / 2).collect();
    for (name, times, keep) in [
        ("old", &runs[..], true),
        ("same", &runs[..], true),
        ("slower", &slower[..], true),
        ("much", &much[..], true),
        ("marginal", &marginal[..], true),
        ("untimed", &runs[..], false),
    ] {
        timed_copy(&sweep, &d.join(name), times, keep);
    }
    let verdicts = |new: &str, extra: &[&str]| -> Vec<(String, String)> {
        let old = d.join("old");
        let new = d.join(new);
        let args = [
            &["compare", old.to_str().unwrap(), new.to_str().unwrap()][..],
            extra,
        ]
        .concat();
        let json = document::<WithRows<CompareLine, CompareSummary>>(d, "compare", &args);
        json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (cell(&r["time_change"]), cell(&r["time_interval"])))
            .collect()
    };
    let all = |verdict: &str, kind: &str| vec![(verdict.to_string(), kind.to_string()); 2];
    assert_eq!(verdicts("same", &[]), all("noise", "bootstrap"));
    // The tables' times are unpaired: a sure 20% is within the default drift allowance
    // (35%), slower without one, and 50% is slower either way.
    assert_eq!(verdicts("slower", &[]), all("noise", "bootstrap"));
    assert_eq!(
        verdicts("slower", &["--drift", "0"]),
        all("slower", "bootstrap")
    );
    assert_eq!(verdicts("much", &[]), all("slower", "bootstrap"));
    // A sure 1% change is noise under the default 2% threshold, and a change under none.
    assert_eq!(
        verdicts("marginal", &["--drift", "0"]),
        all("noise", "bootstrap")
    );
    assert_eq!(
        verdicts("marginal", &["--noise-threshold", "0", "--drift", "0"]),
        all("slower", "bootstrap")
    );
    // Without each run's time (a table of an earlier build), the range decides.
    assert_eq!(verdicts("untimed", &[]), all("noise", "range"));
    let text = ok(&nodeprof(
        d,
        &[
            "compare",
            d.join("old").to_str().unwrap(),
            d.join("slower").to_str().unwrap(),
        ],
    ));
    assert!(
        text.contains("Time interval: the 95% bootstrap confidence interval"),
        "{text}"
    );
}
