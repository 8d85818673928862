//! How parallel searches scale, per case and summed: each search on more than one thread set
//! beside the same case on one (the same position, variant, evaluation, depth and shuffle
//! seed). The measures are the literature's: speedup T1/Tn and efficiency (speedup over
//! threads); search overhead Nn/N1, the extra nodes (Marsland and Popowich); NPS scaling, how
//! much faster nodes are visited; the idle share, time the threads waited for work (the
//! synchronisation overhead); and the spread of nodes over repeats, since a parallel
//! search's counts vary from run to run.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::chart_kit::{write, LineChart, Series};
use super::efficiency::{ratio, ratio_grid, times};
use super::parallelism::{available, span_of, Available};
use super::tables::{depth_key, Grid, Tables};
use crate::error::ReportError;
use crate::store::{CaseKey, Record};

/// One case on `threads` threads beside the same case on one.
#[derive(Clone, Debug, PartialEq)]
pub struct Scaled<'a> {
    /// The one-thread search.
    pub one: &'a Record,
    /// The search on more threads.
    pub many: &'a Record,
}

/// Times and nodes on one thread and on `threads`, of one case or summed over a group of
/// cases: what every measure of scaling is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sums {
    pub threads: u32,
    pub time_one: u64,
    pub time_many: u64,
    pub nodes_one: u64,
    pub nodes_many: u64,
    /// NA where no case has them (an engine's).
    pub idle: Option<u64>,
    pub wasted: Option<u64>,
    /// The one-thread searches' work and Brent's bound on their time at `threads`, in
    /// nodes (`--parallelism`; NA where a case lacks them).
    pub work: Option<u64>,
    pub brent_nodes: Option<f64>,
}

impl Sums {
    pub fn speedup(&self) -> Option<f64> {
        ratio(self.time_one, self.time_many)
    }

    pub fn efficiency(&self) -> Option<f64> {
        Some(self.speedup()? / self.threads as f64)
    }

    pub fn overhead(&self) -> Option<f64> {
        ratio(self.nodes_many, self.nodes_one)
    }

    pub fn nps_scaling(&self) -> Option<f64> {
        Some(self.speedup()? * self.overhead()?)
    }

    pub fn idle_share(&self) -> Option<f64> {
        ratio(self.idle?, self.threads as u64 * self.time_many)
    }

    pub fn wasted_share(&self) -> Option<f64> {
        ratio(self.wasted?, self.nodes_many)
    }

    /// The speedup the one-thread trees promise at `threads` (Brent's bound; see
    /// `search::span`).
    pub fn predicted(&self) -> Option<f64> {
        Some(self.work? as f64 / self.brent_nodes?)
    }

    /// Both groups' sums (an NA part stays NA only where both are).
    fn add(self, other: Sums) -> Sums {
        let both = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        Sums {
            threads: self.threads,
            time_one: self.time_one + other.time_one,
            time_many: self.time_many + other.time_many,
            nodes_one: self.nodes_one + other.nodes_one,
            nodes_many: self.nodes_many + other.nodes_many,
            idle: both(self.idle, other.idle),
            wasted: both(self.wasted, other.wasted),
            work: self.work.zip(other.work).map(|(a, b)| a + b),
            brent_nodes: self.brent_nodes.zip(other.brent_nodes).map(|(a, b)| a + b),
        }
    }
}

impl Scaled<'_> {
    pub fn threads(&self) -> u32 {
        self.many.threads
    }

    /// The case's times and nodes (none where either search lacks them).
    pub fn sums(&self) -> Option<Sums> {
        let span = span_of(self.one);
        Some(Sums {
            work: span.map(|s| s.work),
            brent_nodes: span.map(|s| s.brent_time(self.threads())),
            threads: self.threads(),
            time_one: self.one.time_ns?,
            time_many: self.many.time_ns?,
            nodes_one: self.one.nodes?,
            nodes_many: self.many.nodes?,
            idle: self.many.idle_ns,
            wasted: self.many.wasted,
        })
    }

    /// The most nodes of the repeats over the fewest (1: every run counted alike).
    pub fn spread(&self) -> Option<f64> {
        ratio(self.many.nodes_max?, self.many.nodes_min?)
    }

    /// Whether the score is the one thread's (the proven result when solving).
    pub fn same_value(&self) -> bool {
        match (
            self.one.game_result,
            self.many.game_result,
            self.one.depth == "end",
        ) {
            (Some(a), Some(b), true) => a == b,
            _ => self.one.score == self.many.score,
        }
    }
}

/// The case of a row, whatever its threads.
fn case_of(r: &Record) -> CaseKey {
    CaseKey {
        threads: 1,
        ..r.key()
    }
}

/// Every finished search on more than one thread with its one-thread case, in the rows'
/// order (none when no case was searched both ways).
pub fn scaled(finished: &[Record]) -> Vec<Scaled<'_>> {
    let ones: HashMap<CaseKey, &Record> = finished
        .iter()
        .filter(|r| r.threads == 1)
        .map(|r| (r.key(), r))
        .collect();
    finished
        .iter()
        .filter(|r| r.threads > 1)
        .filter_map(|many| {
            Some(Scaled {
                one: ones.get(&case_of(many))?,
                many,
            })
        })
        .collect()
}

/// The scaling of one variant at one depth on one thread count, summed over its cases.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleTotal {
    /// The variant's one-thread name.
    pub name: String,
    pub depth: String,
    pub cases: usize,
    pub sums: Sums,
    /// The per-case speedups' geometric mean.
    pub geomean: Option<f64>,
    /// The widest spread of nodes over repeats, and the cases whose value differs.
    pub spread: Option<f64>,
    pub differ: usize,
}

/// Where a case's rows go: its variant's place in the tables, its depth, its threads.
type Order = (usize, u64, u32);

fn order_of(tables: &Tables, s: &Scaled<'_>) -> Order {
    let place = tables.names.iter().position(|n| *n == s.one.name);
    (
        place.unwrap_or(usize::MAX),
        depth_key(&s.one.depth),
        s.threads(),
    )
}

/// The totals per variant, depth and thread count, in the tables' order of variants, then
/// depth, then threads.
pub fn totals<'a>(tables: &Tables, scaled: &[Scaled<'a>]) -> Vec<ScaleTotal> {
    let mut groups: Vec<(Order, Vec<&Scaled<'a>>)> = Vec::new();
    for s in scaled.iter().filter(|s| s.sums().is_some()) {
        let key = order_of(tables, s);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(s),
            None => groups.push((key, vec![s])),
        }
    }
    groups.sort_by_key(|(k, _)| *k);
    groups.into_iter().map(|(_, g)| total_of(&g)).collect()
}

fn total_of(group: &[&Scaled<'_>]) -> ScaleTotal {
    let sums: Vec<Sums> = group.iter().filter_map(|s| s.sums()).collect();
    let logs: Vec<f64> = sums.iter().filter_map(Sums::speedup).map(f64::ln).collect();
    ScaleTotal {
        name: group[0].one.name.clone(),
        depth: group[0].one.depth.clone(),
        cases: group.len(),
        sums: sums.into_iter().reduce(Sums::add).unwrap_or_default(),
        geomean: (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp()),
        spread: group.iter().filter_map(|s| s.spread()).reduce(f64::max),
        differ: group.iter().filter(|s| !s.same_value()).count(),
    }
}

/// The per-case cross-tables (`speedup`, `predicted_speedup` with `--parallelism`,
/// `parallel_efficiency`, `search_overhead`, `nps_scaling`, `idle_share`): a row per variant, depth and thread count (its row label,
/// `mtdf+tt_end@t2`), a column per position. None without a case searched both ways.
pub fn grids(tables: &Tables) -> Vec<(String, Grid)> {
    let scaled = scaled(&tables.finished);
    if scaled.is_empty() {
        return Vec::new();
    }
    let mut labels: Vec<(Order, String)> = Vec::new();
    for s in &scaled {
        if !labels.iter().any(|(_, l)| *l == s.many.label) {
            labels.push((order_of(tables, s), s.many.label.clone()));
        }
    }
    labels.sort();
    let rows: Vec<String> = labels.into_iter().map(|(_, l)| l).collect();
    type Of = fn(&Sums) -> Option<f64>;
    let measures: [(&str, Of); 6] = [
        ("speedup", Sums::speedup),
        ("predicted_speedup", Sums::predicted),
        ("parallel_efficiency", Sums::efficiency),
        ("search_overhead", Sums::overhead),
        ("nps_scaling", Sums::nps_scaling),
        ("idle_share", Sums::idle_share),
    ];
    // The prediction only where the sweep measured spans (`--parallelism`).
    let predicted = scaled
        .iter()
        .any(|s| s.sums().and_then(|x| x.predicted()).is_some());
    measures
        .into_iter()
        .filter(|(stem, _)| predicted || *stem != "predicted_speedup")
        .map(|(stem, of)| {
            let grid = ratio_grid(("name", &rows), ("test", &tables.positions), |label, p| {
                scaled
                    .iter()
                    .find(|s| s.many.label == *label && s.many.position == *p)
                    .and_then(|s| of(&s.sums()?))
            });
            (stem.to_string(), grid)
        })
        .collect()
}

fn percent(share: Option<f64>) -> String {
    share.map_or("-".into(), |s| format!("{:.1}%", 100.0 * s))
}

/// The summary's section on scaling (empty without a case searched on one thread and more).
pub fn scaling_section(tables: &Tables) -> String {
    let scaled = scaled(&tables.finished);
    let totals = totals(tables, &scaled);
    if totals.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    let _ = writeln!(s, "\n## Scaling with threads\n");
    let _ = writeln!(
        s,
        "Each search on more than one thread beside the same case on one, summed over the \
         cases searched both ways. `speedup`: time on one thread over time on these (the \
         totals'; `predicted`: Brent's bound from the one-thread trees' work and span, with \
         `--parallelism`, see Available parallelism; `geomean`: the per-case speedups' \
         geometric mean); `efficiency`: speedup \
         over threads; `search overhead`: nodes over the one thread's (Marsland and \
         Popowich); `NPS scaling`: how much faster nodes were visited; `idle`: the threads' \
         time waiting for work over all their time; `wasted`: nodes of moves dropped \
         unfinished by a cut-off elsewhere, over the nodes; `spread`: the most nodes of a \
         case's repeats over its fewest, the widest case (a parallel search's counts vary \
         from run to run); `same value`: cases whose score (solving: the proven result) is \
         the one thread's. Times are the runs' medians; per case in `xtabs/speedup.csv`, \
         `predicted_speedup`, `parallel_efficiency`, `search_overhead`, `nps_scaling` and `idle_share`.\n"
    );
    let _ = writeln!(
        s,
        "| variant | depth | threads | cases | speedup | predicted | geomean | efficiency | search overhead | NPS scaling | idle | wasted | spread | same value |"
    );
    let _ = writeln!(
        s,
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    );
    for t in &totals {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} of {} |",
            t.name,
            t.depth,
            t.sums.threads,
            t.cases,
            times(t.sums.speedup()),
            times(t.sums.predicted()),
            times(t.geomean),
            percent(t.sums.efficiency()),
            times(t.sums.overhead()),
            times(t.sums.nps_scaling()),
            percent(t.sums.idle_share()),
            percent(t.sums.wasted_share()),
            times(t.spread),
            t.cases - t.differ,
            t.cases,
        );
    }
    s
}

/// `plots/speedup`: the total speedup against threads, a line per variant at its deepest
/// depth (from 1 at one thread), beside the ideal (speedup = threads) and, with
/// `--parallelism`, each variant's predicted speedup (Brent's bound) up to 16 threads;
/// nothing without either.
pub fn speedup_chart(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let scaled = scaled(&tables.finished);
    let totals = totals(tables, &scaled);
    let available = available(tables);
    if totals.is_empty() && available.is_empty() {
        return Ok(Vec::new());
    }
    let mut series = measured_series(tables, &totals);
    let measured_most = totals.iter().map(|t| t.sums.threads).max().unwrap_or(2);
    let most = match available.is_empty() {
        true => measured_most,
        false => measured_most.max(16),
    };
    series.extend(predicted_series(tables, &available, most));
    series.push(Series {
        name: "ideal".into(),
        points: (1..=most).map(|n| (n as f64, n as f64)).collect(),
    });
    let chart = LineChart::joined(
        "Speedup against threads (time on one thread over time on N)".into(),
        ("threads", "speedup"),
        series,
        Vec::new(),
    );
    // Room on the right for the longest name at its line's end (about 7 pixels a letter).
    let longest = chart.series.iter().map(|s| s.name.chars().count()).max();
    let width = 960 + 7 * longest.unwrap_or(0).saturating_sub(24) as u32;
    write(dir, "speedup", (width, 640), &chart)
}

/// A line's name: the variant's, with its depth when the sweep has several.
fn line_name(tables: &Tables, name: &str, depth: &str) -> String {
    match tables.depths.len() {
        1 => name.to_string(),
        _ => format!("{name} {depth}"),
    }
}

/// The measured speedups, a line per variant at its deepest depth.
fn measured_series(tables: &Tables, totals: &[ScaleTotal]) -> Vec<Series> {
    let deepest = |name: &str| {
        let depths = totals.iter().filter(|t| t.name == name);
        depths.map(|t| depth_key(&t.depth)).max()
    };
    let mut series: Vec<Series> = Vec::new();
    for t in totals {
        if Some(depth_key(&t.depth)) != deepest(&t.name) {
            continue;
        }
        let name = line_name(tables, &t.name, &t.depth);
        let Some(speedup) = t.sums.speedup() else {
            continue;
        };
        match series.iter_mut().find(|s| s.name == name) {
            Some(s) => s.points.push((t.sums.threads as f64, speedup)),
            None => series.push(Series {
                name,
                points: vec![(1.0, 1.0), (t.sums.threads as f64, speedup)],
            }),
        }
    }
    series
}

/// The predicted speedups from 1 to `most` threads, a line per variant at its deepest
/// depth.
fn predicted_series(tables: &Tables, available: &[Available], most: u32) -> Vec<Series> {
    let deepest = |name: &str| {
        let depths = available.iter().filter(|a| a.name == name);
        depths.map(|a| depth_key(&a.depth)).max()
    };
    available
        .iter()
        .filter(|a| Some(depth_key(&a.depth)) == deepest(&a.name))
        .map(|a| Series {
            name: format!("{} predicted", line_name(tables, &a.name, &a.depth)),
            points: (1..=most)
                .filter_map(|p| Some((p as f64, a.predicted(p)?)))
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(position: &str, threads: u32, time_ns: u64, nodes: u64, result: i32) -> Record {
        Record {
            position: position.into(),
            variant: "mtdf+tt".into(),
            name: "mtdf+tt".into(),
            label: format!("mtdf+tt_end@t{threads}"),
            depth: "end".into(),
            threads,
            time_ns: Some(time_ns),
            nodes: Some(nodes),
            nodes_min: Some(nodes - 10),
            nodes_max: Some(nodes + 10),
            idle_ns: Some(time_ns / 10),
            wasted: Some(nodes / 20),
            game_result: Some(result),
            ..Record::default()
        }
    }

    #[test]
    fn cases_on_more_threads_are_set_beside_one_thread_and_summed() {
        let rows = vec![
            row("a", 1, 1000, 100, 4),
            row("a", 2, 500, 120, 4),
            row("b", 1, 3000, 300, -2),
            row("b", 2, 2000, 330, 0),
            // No one-thread case: left out.
            row("c", 2, 10, 10, 0),
        ];
        let scaled = scaled(&rows);
        assert_eq!(scaled.len(), 2);
        assert_eq!(scaled[0].sums().unwrap().speedup(), Some(2.0));
        assert_eq!(scaled[0].sums().unwrap().efficiency(), Some(1.0));
        assert_eq!(scaled[0].sums().unwrap().overhead(), Some(1.2));
        assert_eq!(scaled[1].spread(), Some(340.0 / 320.0));
        assert!(scaled[0].same_value() && !scaled[1].same_value());
        let tables = super::super::tables::build(&rows).unwrap();
        let totals = totals(&tables, &scaled);
        assert_eq!(totals.len(), 1);
        let t = &totals[0];
        assert_eq!((t.cases, t.sums.threads, t.differ), (2, 2, 1));
        // 4000 ns on one thread, 2500 on two; 400 nodes, 450.
        assert_eq!(t.sums.speedup(), Some(1.6));
        assert_eq!(t.sums.overhead(), Some(1.125));
        assert_eq!(t.sums.nps_scaling(), Some(1.6 * 1.125));
        assert_eq!(t.sums.idle_share(), Some(250.0 / 5000.0));
        assert_eq!(t.geomean, Some((2.0f64 * 1.5).sqrt()));
        let section = scaling_section(&tables);
        assert!(
            section.contains("| mtdf+tt | end | 2 | 2 | 1.60× | - | 1.73× | 80.0% | 1.12× |"),
            "{section}"
        );
        assert!(section.contains("| 1 of 2 |"), "{section}");
    }
}
