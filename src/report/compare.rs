//! Two runs tables side by side, as critcmp does for criterion and bench signatures do for
//! chess engines: which cases counted differently, and per variant and depth the totals, the
//! ratio NEW/OLD, the geometric mean of the per-position ratios and the time ratio with its
//! spread.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::compare_stats::{bootstrap_interval, verdict, TimeTest};
use super::text::thousands;
use crate::counters::COUNTERS;
use crate::error::ReportError;
use crate::store::{read_runs, CaseKey, Record, RUNS_FILE};

/// A case whose result differs between the tables.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Change {
    pub case: String,
    /// What differs: `nodes 1,234 -> 1,300`, `status ok -> timeout`, ...
    pub differences: Vec<String>,
}

/// One variant at one depth in both tables (cases finished in both).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub depth: String,
    pub positions: usize,
    pub old_nodes: u64,
    pub new_nodes: u64,
    /// exp(mean(ln(new / old))) over the positions.
    pub geomean_ratio: Option<f64>,
    pub old_time_ns: u64,
    pub new_time_ns: u64,
    /// The time ratio's range from the runs' minima and maxima (`--repeat`), if both have them.
    pub time_ratio_range: Option<(f64, f64)>,
    /// The bootstrap confidence interval of the ratio of medians, where both tables keep
    /// every run's time (`times_ns`) and have two runs or more of each case.
    pub time_ci: Option<(f64, f64)>,
}

impl Row {
    /// The interval the time verdict reads, and its kind: the confidence interval where
    /// there is one (`bootstrap`), else the fastest..slowest range (`range`).
    pub fn time_interval(&self) -> Option<((f64, f64), &'static str)> {
        match (self.time_ci, self.time_ratio_range) {
            (Some(ci), _) => Some((ci, "bootstrap")),
            (None, Some(range)) => Some((range, "range")),
            (None, None) => None,
        }
    }

    /// `faster`, `slower` or `noise` by [`Row::time_interval`]; `-` without one.
    pub fn time_change(&self, test: &TimeTest) -> &'static str {
        self.time_interval().map_or("-", |(interval, _)| {
            verdict(interval, test.noise_threshold + test.drift)
        })
    }
}

/// Everything `nodeprof compare` reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    pub changes: Vec<Change>,
    /// Cases whose principal variation alone changed (counts, score and best move the same).
    pub line_changes: Vec<Change>,
    /// Searches on more than one thread whose counts and line (short of the end, score and
    /// best move too) differ: they vary from run to run as the threads interleave, so they
    /// are listed apart, not as changes (a solved score or a status that differs still is).
    pub thread_variations: Vec<Change>,
    pub only_old: Vec<String>,
    pub only_new: Vec<String>,
    pub rows: Vec<Row>,
    /// What else differs between the runs (machine, build, revision, jobs), from their
    /// `meta.json`.
    pub context: super::compare_context::Context,
    /// How the times were tested.
    pub test: TimeTest,
}

impl Comparison {
    /// Whether any count, score, best move or status differs, or a case is in one table only
    /// (a line alone that changed is not a count: see `line_changes`).
    pub fn counts_changed(&self) -> bool {
        !self.changes.is_empty() || !self.only_old.is_empty() || !self.only_new.is_empty()
    }
}

/// `runs.csv` itself, or the `runs.csv` of a report folder.
pub fn runs_path(path: &Path) -> PathBuf {
    match path.is_dir() {
        true => path.join(RUNS_FILE),
        false => path.to_path_buf(),
    }
}

/// Reads both tables and compares them, the times by `test`.
pub fn compare_files(old: &Path, new: &Path, test: TimeTest) -> Result<Comparison, ReportError> {
    let read = |path: &Path| -> Result<Vec<Record>, ReportError> {
        let file = runs_path(path);
        if !file.is_file() {
            return Err(ReportError::NoRuns(file.to_path_buf()));
        }
        let records = read_runs(&file)?;
        // A case twice would be counted twice and hide a change.
        super::load::check_unique(&file, &records)?;
        Ok(records)
    };
    let (mut old_rows, mut new_rows) = (read(old)?, read(new)?);
    let paired = pair_single_variants(&mut old_rows, &mut new_rows);
    let mut comparison = compare_by(&old_rows, &new_rows, test);
    comparison.context = super::compare_context::context_of(&runs_path(old), &runs_path(new));
    if let Some(words) = paired {
        comparison.context.differences.insert(0, words);
    }
    Ok(comparison)
}

/// Where each table holds one variant and they differ (`ab`'s `base/` and `dev/`, two
/// builds' sweeps of one variant each), its cases are paired by position and depth: both
/// tables' rows are named `OLD → NEW` ([`pair_as`]). What was done, in words.
pub fn pair_single_variants(old: &mut [Record], new: &mut [Record]) -> Option<String> {
    let only = |rows: &[Record]| -> Option<String> {
        let first = rows.first()?.variant.clone();
        rows.iter().all(|r| r.variant == first).then_some(first)
    };
    let (a, b) = (only(old)?, only(new)?);
    if a == b {
        return None;
    }
    let name = format!("{a} → {b}");
    pair_as(old, &name);
    pair_as(new, &name);
    Some(format!(
        "one variant in each table ({a} in OLD, {b} in NEW): cases paired by position and depth"
    ))
}

/// A side's rows under one variant, `name`, so that two sides' cases pair by position,
/// depth and thread count alone (their evaluations too may differ: an engine's against a
/// variant's). The names keep the thread count as the sweep writes it (`@t2`).
pub fn pair_as(rows: &mut [Record], name: &str) {
    for row in rows {
        let threads = match row.threads {
            1 => String::new(),
            n => format!("@t{n}"),
        };
        row.variant = name.to_string();
        row.name = format!("{name}{threads}");
        row.label = format!("{name}{}{threads}", row.depth);
        row.eval = "-".into();
    }
}

/// A case in a line: `end40.pos pvs+tt+id depth 6`, with `@tN` wherever either table
/// searched with more than one thread (`threads`).
fn case_name(r: &Record, threads: bool) -> String {
    let at = match threads {
        true => format!("@t{}", r.threads),
        false => String::new(),
    };
    format!("{} {}{at} depth {}", r.position, r.variant, r.depth)
}

/// What differs between two results of one case (times aside).
fn differences(old: &Record, new: &Record) -> Vec<String> {
    let mut found = Vec::new();
    if old.status != new.status {
        found.push(format!("status {} -> {}", old.status, new.status));
        return found;
    }
    let counts = |r: &Record| -> Vec<(&'static str, Option<u64>)> {
        std::iter::once(("nodes", r.nodes))
            .chain(
                COUNTERS
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (c.name, r.counter(i))),
            )
            .collect()
    };
    let counts = counts(old)
        .into_iter()
        .zip(counts(new))
        .map(|((name, a), (_, b))| (name, a, b));
    let show = |v: Option<u64>| v.map_or("NA".into(), thousands);
    for (name, a, b) in counts {
        if a != b {
            found.push(format!("{name} {} -> {}", show(a), show(b)));
        }
    }
    if old.score != new.score {
        let show = |v: Option<i32>| v.map_or("NA".into(), |v| format!("{v:+}"));
        found.push(format!("score {} -> {}", show(old.score), show(new.score)));
    }
    let text = |v: &Option<String>| v.clone().unwrap_or_else(|| "NA".into());
    if old.best_move != new.best_move {
        found.push(format!(
            "best {} -> {}",
            text(&old.best_move),
            text(&new.best_move)
        ));
    }
    if old.pv != new.pv {
        found.push(format!("pv {} -> {}", text(&old.pv), text(&new.pv)));
    }
    found
}

/// Whether a change is one that threads make from run to run: the counts and the line, and
/// short of the end of the game (`solved`: no) the heuristic score and best move as well,
/// which the threads' shared table changes; a solved score, a status never.
fn varies_with_threads(change: &Change, solved: bool) -> bool {
    let varies = |d: &str| {
        d.split_once(' ').is_some_and(|(name, _)| {
            name == "nodes"
                || name == "pv"
                || COUNTERS.iter().any(|c| c.name == name)
                || (!solved && (name == "score" || name == "best"))
        })
    };
    change.differences.iter().all(|d| varies(d))
}

/// Compares two runs tables case by case (cases are matched by their key: suite, position,
/// variant, evaluation, depth, shuffle seed).
pub fn compare(old: &[Record], new: &[Record]) -> Comparison {
    compare_by(old, new, TimeTest::default())
}

/// [`compare`], the times tested by `test`.
pub fn compare_by(old: &[Record], new: &[Record], test: TimeTest) -> Comparison {
    // A case of NEW is matched with OLD's case of the same key, or else with one that differs
    // only in its shuffle seed (runs with another --shuffle are the same cases in another move
    // order: their counts differ, they are not missing).
    let loose = |r: &Record| CaseKey {
        shuffle_seed: None,
        ..r.key()
    };
    let mut old_keys: HashMap<CaseKey, usize> = HashMap::new();
    let mut old_loose: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, r) in old.iter().enumerate() {
        old_keys.insert(r.key(), i);
        old_loose.entry(loose(r)).or_default().push(i);
    }
    let new_keys: std::collections::HashSet<CaseKey> = new.iter().map(Record::key).collect();
    let threads = old.iter().chain(new).any(|r| r.threads > 1);
    let mut matched = vec![false; old.len()];
    let mut comparison = Comparison {
        test,
        ..Comparison::default()
    };
    // Groups in the new table's order of first appearance.
    let mut groups: Vec<(String, String)> = Vec::new();
    let mut pairs: HashMap<(String, String), Vec<(&Record, &Record)>> = HashMap::new();
    let mut new_sorted: Vec<&Record> = new.iter().collect();
    new_sorted.sort_by_key(|r| r.seq);
    for b in new_sorted {
        let exact = old_keys.get(&b.key()).copied();
        let found = exact.or_else(|| {
            old_loose.get(&loose(b)).and_then(|at| {
                at.iter()
                    .copied()
                    .find(|&i| !matched[i] && !new_keys.contains(&old[i].key()))
            })
        });
        let Some(i) = found else {
            comparison.only_new.push(case_name(b, threads));
            continue;
        };
        matched[i] = true;
        let a = &old[i];
        let mut found = differences(a, b);
        if a.shuffle_seed != b.shuffle_seed {
            let seed = |s: Option<u64>| s.map_or("none".into(), |s| s.to_string());
            found.insert(
                0,
                format!(
                    "shuffle seed {} -> {}",
                    seed(a.shuffle_seed),
                    seed(b.shuffle_seed)
                ),
            );
        }
        let change = Change {
            case: case_name(b, threads),
            differences: found,
        };
        let line_only = change.differences.iter().all(|d| d.starts_with("pv "));
        let threaded =
            a.threads > 1 && b.threads > 1 && varies_with_threads(&change, b.depth == "end");
        match (change.differences.is_empty(), line_only, threaded) {
            (true, _, _) => {}
            (false, _, true) => comparison.thread_variations.push(change),
            (false, true, false) => comparison.line_changes.push(change),
            (false, false, false) => comparison.changes.push(change),
        }
        if a.status.is_ok() && b.status.is_ok() {
            let group = (b.name.clone(), b.depth.clone());
            if !pairs.contains_key(&group) {
                groups.push(group.clone());
            }
            pairs.entry(group).or_default().push((a, b));
        }
    }
    let mut old_sorted: Vec<(usize, &Record)> = old.iter().enumerate().collect();
    old_sorted.sort_by_key(|(_, r)| r.seq);
    comparison.only_old = old_sorted
        .iter()
        .filter(|(i, _)| !matched[*i])
        .map(|(_, r)| case_name(r, threads))
        .collect();
    for group in groups {
        comparison
            .rows
            .push(group_row(&group, &pairs[&group], test));
    }
    comparison
}

/// The totals of one variant at one depth over its cases finished in both tables.
fn group_row(group: &(String, String), cases: &[(&Record, &Record)], test: TimeTest) -> Row {
    let sum = |f: &dyn Fn(&Record) -> Option<u64>, old: bool| -> u64 {
        cases
            .iter()
            .map(|(a, b)| f(if old { a } else { b }).unwrap_or(0))
            .fold(0u64, u64::saturating_add)
    };
    let logs: Vec<f64> = cases
        .iter()
        .filter_map(|(a, b)| match (a.nodes, b.nodes) {
            (Some(x), Some(y)) if x > 0 && y > 0 => Some((y as f64 / x as f64).ln()),
            _ => None,
        })
        .collect();
    // A range needs repeated runs on both sides: a single run's minimum is its time.
    let repeated = |r: &Record| r.time_min_ns.is_some() && r.runs.unwrap_or(1) > 1;
    let spread = cases
        .iter()
        .all(|(a, b)| repeated(a) && repeated(b))
        .then(|| {
            let (old_min, old_max) = (sum(&|r| r.time_min_ns, true), sum(&|r| r.time_max_ns, true));
            let (new_min, new_max) = (
                sum(&|r| r.time_min_ns, false),
                sum(&|r| r.time_max_ns, false),
            );
            (
                new_min as f64 / old_max.max(1) as f64,
                new_max as f64 / old_min.max(1) as f64,
            )
        });
    Row {
        name: group.0.clone(),
        depth: group.1.clone(),
        positions: cases.len(),
        old_nodes: sum(&|r| r.nodes, true),
        new_nodes: sum(&|r| r.nodes, false),
        geomean_ratio: (!logs.is_empty())
            .then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp()),
        old_time_ns: sum(&|r| r.time_ns, true),
        new_time_ns: sum(&|r| r.time_ns, false),
        time_ratio_range: spread,
        time_ci: confidence_interval(cases, test.confidence),
    }
}

/// The bootstrap interval of a group's time ratio, where every case has two runs or more
/// on both sides, each run's time kept.
fn confidence_interval(cases: &[(&Record, &Record)], confidence: f64) -> Option<(f64, f64)> {
    let times = |r: &Record| r.run_times().filter(|t| t.len() >= 2);
    let runs: Option<Vec<(Vec<u64>, Vec<u64>)>> = cases
        .iter()
        .map(|(a, b)| Some((times(a)?, times(b)?)))
        .collect();
    runs.filter(|r| !r.is_empty())
        .map(|r| bootstrap_interval(&r, confidence))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::compare_text::{render, Format};
    use crate::store::Status;

    fn record(position: &str, depth: &str, nodes: u64, time_ns: u64) -> Record {
        let mut r = Record {
            game: "reversi".into(),
            suite: "ffo".into(),
            position: position.into(),
            empties: 20,
            variant: "alphabeta".into(),
            name: "negaalpha".into(),
            label: format!("negaalpha{depth}"),
            eval: "disc".into(),
            depth: depth.into(),
            status: Status::Ok,
            score: Some(-8),
            best_move: Some("c1".into()),
            pv: Some("c1 b1".into()),
            time_ns: Some(time_ns),
            time_min_ns: Some(time_ns - 10),
            time_max_ns: Some(time_ns + 10),
            runs: Some(3),
            jobs: 1,
            ..Record::default()
        };
        r.set_counters(Some(crate::counters::Counters {
            leaf: nodes / 2,
            interior: nodes - nodes / 2,
            beta_cut: 8,
            first_cut: 7,
            ..Default::default()
        }));
        r
    }

    #[test]
    fn no_line_of_the_table_is_longer_when_a_time_is() {
        // The README's test once failed on a slow run: the `time range` column grew a
        // character. Every line's length must be the same whatever the times.
        let table = |time_ns: u64| {
            let old = [record("end40.pos", "2", 100, 1000)];
            let new = [record("end40.pos", "2", 100, time_ns)];
            render(&compare(&old, &new), "a", "b", Format::Markdown)
        };
        let quick = table(1000);
        let slow = table(123_456_789_000);
        assert_ne!(quick, slow);
        let rule = |text: &str| {
            text.lines()
                .find(|l| l.starts_with("| :"))
                .unwrap()
                .to_string()
        };
        assert_eq!(rule(&quick), rule(&slow));
        let before_times = |text: &str| {
            text.lines()
                .filter(|l| l.starts_with("| negaalpha"))
                .map(|l| l[..l.find("1.000 |").unwrap()].len())
                .collect::<Vec<_>>()
        };
        assert_eq!(before_times(&quick), before_times(&slow));
    }

    #[test]
    fn times_alone_are_no_change_and_ratios_are_new_over_old() {
        let old = [
            record("end40.pos", "2", 100, 1000),
            record("end41.pos", "2", 400, 4000),
        ];
        let new = [
            record("end40.pos", "2", 100, 2000),
            record("end41.pos", "2", 400, 2000),
        ];
        let c = compare(&old, &new);
        assert!(!c.counts_changed());
        assert_eq!(c.rows.len(), 1);
        let row = &c.rows[0];
        assert_eq!((row.old_nodes, row.new_nodes, row.positions), (500, 500, 2));
        assert_eq!((row.old_time_ns, row.new_time_ns), (5000, 4000));
        let (low, high) = row.time_ratio_range.unwrap();
        assert!(low < 0.8 && 0.8 < high, "{low} {high}");
        assert_eq!(row.time_change(&c.test), "faster");
        assert_eq!(row.time_interval().unwrap().1, "range");
        // Per-position ratios 2 and 1/4: geometric mean 1/sqrt(2), total ratio 500/500.
        let changed = [
            record("end40.pos", "2", 200, 1000),
            record("end41.pos", "2", 100, 4000),
        ];
        let c = compare(&old, &changed);
        assert!(c.counts_changed());
        assert_eq!(c.changes.len(), 2);
        assert!(c.changes[0]
            .differences
            .contains(&"nodes 100 -> 200".to_string()));
        assert!((c.rows[0].geomean_ratio.unwrap() - 0.5f64.sqrt()).abs() < 1e-12);
        let c = compare(&old, &old[..1]);
        assert_eq!(c.only_old, ["end41.pos alphabeta depth 2"]);
        assert!(c.counts_changed());
        // Single runs have no time range (their minimum is their time).
        let single = |r: Record| Record { runs: Some(1), ..r };
        let c = compare(&old.clone().map(single), &new.clone().map(single));
        assert_eq!(c.rows[0].time_ratio_range, None);
    }

    #[test]
    fn another_shuffle_seed_pairs_the_cases_and_says_so() {
        let seeded = |seed: u64, nodes: u64| Record {
            shuffle_seed: Some(seed),
            ..record("end40.pos", "2", nodes, 1000)
        };
        let c = compare(&[seeded(1, 100)], &[seeded(2, 120)]);
        assert!(c.only_old.is_empty() && c.only_new.is_empty(), "{c:?}");
        assert_eq!(c.changes.len(), 1);
        assert_eq!(c.changes[0].differences[0], "shuffle seed 1 -> 2");
        assert!(c.changes[0]
            .differences
            .contains(&"nodes 100 -> 120".to_string()));
        assert_eq!(c.rows[0].positions, 1);
    }

    #[test]
    fn counts_that_threads_vary_are_listed_apart_and_a_score_is_still_a_change() {
        let on = |threads: u32, nodes: u64, score: i32| {
            let mut r = record("end40.pos", "2", nodes, 1000);
            r.threads = threads;
            r.score = Some(score);
            r
        };
        // Two threads: other counts and another line are how threads vary, not a change.
        let mut varied = on(2, 120, -8);
        varied.pv = Some("c1 a1".into());
        let c = compare(&[on(2, 100, -8)], &[varied]);
        assert!(c.changes.is_empty() && c.line_changes.is_empty(), "{c:?}");
        assert_eq!(c.thread_variations.len(), 1);
        assert!(!c.counts_changed());
        let text = render(&c, "a", "b", Format::Text);
        assert!(text.contains("1 on threads varied as threads do"), "{text}");
        // Short of the end, the heuristic score varies on threads too; a solved one is a
        // change, and so are other counts on one thread.
        let c = compare(&[on(2, 100, -8)], &[on(2, 120, -6)]);
        assert_eq!((c.changes.len(), c.thread_variations.len()), (0, 1));
        let solved = |score: i32| {
            let mut r = on(2, 100, score);
            r.depth = "end".into();
            r
        };
        let c = compare(&[solved(-8)], &[solved(-6)]);
        assert_eq!((c.changes.len(), c.thread_variations.len()), (1, 0));
        let c = compare(&[on(1, 100, -8)], &[on(1, 120, -8)]);
        assert_eq!((c.changes.len(), c.thread_variations.len()), (1, 0));
    }
}
