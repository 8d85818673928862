//! The search families side by side (alpha-beta, proof-number search, Monte Carlo tree
//! search): per suite, what each search proved and what the proof cost (nodes, time,
//! memory); and, for searches under a budget, how often their move is one of the suite's
//! best moves as the budget grows, a table and a chart per suite.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::chart_kit::{write, LineChart, Series};
use super::tables::Tables;
use super::text::thousands;
use crate::error::ReportError;
use crate::store::Record;

/// The bases of the other families (`Base::other_family` in the search layer, which the
/// report reads only through the rows: their variant specs begin with the base).
const OTHER_FAMILIES: &[&str] = &["pn", "pn2", "dfpn", "uct", "puct"];

/// The base of a variant spec (`uct` of `uct:1000+rave`).
fn base_of(spec: &str) -> &str {
    spec.split(['+', ':', '@']).next().unwrap_or(spec)
}

/// The spec without the budget in the `budget` column, and that budget's unit: the base's
/// iterations (`uct+rave (iterations)` of `uct:1000+rave`), else the node budget
/// (`alphabeta+tt (nodes)` of `alphabeta+tt+nodes:500`, which `sweep --budget` makes).
fn without_budget(spec: &str) -> String {
    let base = base_of(spec);
    let rest = &spec[base.len()..];
    let digits = |arg: &str| arg.len() - arg.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if let Some(arg) = rest.strip_prefix(':') {
        return format!("{base}{} (iterations)", &arg[digits(arg)..]);
    }
    match spec.split_once("+nodes:") {
        Some((before, after)) => format!("{before}{} (nodes)", &after[digits(after)..]),
        None => spec.to_string(),
    }
}

/// Whether the rows have a search of another family than alpha-beta.
fn has_other_family(tables: &Tables) -> bool {
    tables
        .finished
        .iter()
        .any(|r| r.engine.is_none() && OTHER_FAMILIES.contains(&base_of(&r.variant)))
}

/// The rows of `suite` searched to the end without a budget: the proofs.
fn proofs<'a>(tables: &'a Tables, suite: &'a str) -> impl Iterator<Item = &'a Record> {
    tables
        .finished
        .iter()
        .filter(move |r| r.suite == suite && r.depth == "end" && r.budget.is_none())
}

/// The section: the proofs' table per suite, then the best moves against the budget.
pub fn families_section(tables: &Tables) -> String {
    if !has_other_family(tables) {
        return budget_section(tables);
    }
    let mut s = String::new();
    let _ = writeln!(s, "\n## Search families: the cost of a proof\n");
    let _ = writeln!(
        s,
        "Per suite, each search to the end: the positions whose result it proved, and the nodes, time and nodes a second it took on the positions every search here proved (so that the sums compare), and the most memory its tables, tree or graph held. See docs/families.md."
    );
    for suite in &tables.suites {
        s.push_str(&proof_table(tables, suite));
    }
    s.push_str(&budget_section(tables));
    s
}

/// One suite's proofs.
fn proof_table(tables: &Tables, suite: &str) -> String {
    let positions: BTreeSet<&str> = tables
        .finished
        .iter()
        .filter(|r| r.suite == suite)
        .map(|r| r.position.as_str())
        .collect();
    let mut proved: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for r in proofs(tables, suite).filter(|r| r.game_result.is_some()) {
        proved.entry(&r.name).or_default().insert(&r.position);
    }
    let common = proved
        .values()
        .fold(None, |all: Option<BTreeSet<&str>>, p| match all {
            None => Some(p.clone()),
            Some(all) => Some(all.intersection(p).copied().collect()),
        })
        .unwrap_or_default();
    let game = tables
        .finished
        .iter()
        .find(|r| r.suite == suite)
        .map_or("", |r| r.game.as_str());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n**{game} {suite}** ({} positions; the sums: over the {} that every search with a proof here proved)\n",
        positions.len(),
        common.len()
    );
    let _ = writeln!(
        s,
        "| search | proved | nodes | time (ms) | nodes/s | memory (MiB) |"
    );
    let _ = writeln!(s, "|---|--:|--:|--:|--:|--:|");
    // A search that proved nothing in this suite but ran to the end elsewhere: 0 of N.
    let proving: BTreeSet<&str> = tables
        .finished
        .iter()
        .filter(|r| r.depth == "end" && r.budget.is_none())
        .map(|r| r.name.as_str())
        .collect();
    for name in tables.names.iter().filter(|n| proving.contains(n.as_str())) {
        let rows: Vec<&Record> = proofs(tables, suite).filter(|r| &r.name == name).collect();
        let on_common = rows.iter().filter(|r| common.contains(r.position.as_str()));
        let (nodes, time_ns) = on_common.fold((0, 0), |(n, t), r| {
            (n + r.nodes.unwrap_or(0), t + r.time_ns.unwrap_or(0))
        });
        let memory = rows.iter().filter_map(|r| r.memory_bytes).max();
        let _ = writeln!(
            s,
            "| {name} | {} of {} | {} | {} | {} | {} |",
            proved.get(name.as_str()).map_or(0, BTreeSet::len),
            positions.len(),
            match common.is_empty() || rows.len() < common.len() {
                true => "-".into(),
                false => thousands(nodes),
            },
            match common.is_empty() || rows.len() < common.len() {
                true => "-".into(),
                false => format!("{:.1}", time_ns as f64 / 1e6),
            },
            match time_ns {
                0 => "-".into(),
                t => thousands((nodes as f64 / (t as f64 / 1e9)) as u64),
            },
            memory.map_or("-".into(), |m| format!("{:.1}", m as f64 / 1048576.0))
        );
    }
    s
}

/// What the budgeted rows of one suite, search and budget chose: how many of their moves
/// were among the suite's best (`best` of `listed`, the rows whose suite lists best moves),
/// and the move losses summed over the rows that have one.
#[derive(Clone, Copy, Debug, Default)]
struct Choices {
    best: usize,
    listed: usize,
    loss: i64,
    losses: usize,
}

impl Choices {
    fn best_share(&self) -> Option<f64> {
        (self.listed > 0).then(|| 100.0 * self.best as f64 / self.listed as f64)
    }

    fn mean_loss(&self) -> Option<f64> {
        (self.losses > 0).then(|| self.loss as f64 / self.losses as f64)
    }
}

/// The choices by suite, search (its spec without the budget) and budget.
type Shares = BTreeMap<String, BTreeMap<String, BTreeMap<u64, Choices>>>;

/// The choices of the budgeted rows.
fn shares(tables: &Tables) -> Shares {
    let mut out = Shares::new();
    for r in &tables.finished {
        let (Some(budget), Some(mv)) = (r.budget, &r.best_move) else {
            continue;
        };
        let best = r.expected_best.as_deref().unwrap_or("").trim();
        if best.is_empty() && r.move_loss.is_none() {
            continue;
        }
        let cell = out
            .entry(format!("{} {}", r.game, r.suite))
            .or_default()
            .entry(without_budget(&r.variant))
            .or_default()
            .entry(budget)
            .or_default();
        if !best.is_empty() {
            cell.listed += 1;
            cell.best += best.split_whitespace().any(|b| b.eq_ignore_ascii_case(mv)) as usize;
        }
        if let Some(loss) = r.move_loss {
            cell.loss += loss as i64;
            cell.losses += 1;
        }
    }
    out
}

/// One measure of the choices: its table's caption, its cell and its chart.
struct Measure {
    caption: &'static str,
    cell: fn(&Choices) -> Option<String>,
    value: fn(&Choices) -> Option<f64>,
    file: &'static str,
    title: &'static str,
    y_label: &'static str,
}

const MEASURES: [Measure; 2] = [
    Measure {
        caption: "best move found (share of the positions whose suite lists best moves)",
        cell: |c| Some(format!("{:.0}% ({}/{})", c.best_share()?, c.best, c.listed)),
        value: Choices::best_share,
        file: "best_move_vs_budget",
        title: "best moves found against the budget",
        y_label: "best move (% of positions)",
    },
    Measure {
        caption: "mean move loss (the suite's value less the chosen move's proven value; positions judged)",
        cell: |c| Some(format!("{:.2} ({})", c.mean_loss()?, c.losses)),
        value: Choices::mean_loss,
        file: "move_loss_vs_budget",
        title: "move loss against the budget",
        y_label: "mean move loss (score units)",
    },
];

/// The budgets of a suite's searches, in order.
fn budgets_of(searches: &BTreeMap<String, BTreeMap<u64, Choices>>) -> Vec<u64> {
    let budgets: BTreeSet<u64> = searches.values().flat_map(|b| b.keys().copied()).collect();
    budgets.into_iter().collect()
}

fn budget_section(tables: &Tables) -> String {
    let shares = shares(tables);
    if shares.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## Search families: the best move against the budget\n"
    );
    let _ = writeln!(
        s,
        "Per suite, for the searches under a budget: the share of positions where the search chose one of the suite's best moves, and the mean move loss: the suite's proven value less the proven value of the chosen move (0 for a best move; the solver proves the moves the suite does not value, `move_loss`). A budget is of iterations (`uct:N`, `puct:N`) or of counted nodes (`+nodes:N`, which `sweep --budget` adds), as each search's name says. Charts: `plots/best_move_vs_budget_*.png`, `plots/move_loss_vs_budget_*.png`."
    );
    for (suite, searches) in &shares {
        let budgets = budgets_of(searches);
        let head: Vec<String> = budgets.iter().map(|b| thousands(*b)).collect();
        for measure in &MEASURES {
            let rows: Vec<(&String, Vec<String>)> = searches
                .iter()
                .map(|(search, cells)| {
                    let row = budgets.iter().map(|b| cells.get(b).and_then(measure.cell));
                    (search, row.map(|c| c.unwrap_or("-".into())).collect())
                })
                .collect();
            if rows.iter().all(|(_, row)| row.iter().all(|c| c == "-")) {
                continue;
            }
            let _ = writeln!(s, "\n**{suite}**: {}\n", measure.caption);
            let _ = writeln!(s, "| search | {} |", head.join(" | "));
            let _ = writeln!(s, "|---|{}", "--:|".repeat(budgets.len()));
            for (search, row) in rows {
                let _ = writeln!(s, "| {search} | {} |", row.join(" | "));
            }
        }
    }
    s
}

/// Charts per suite: the best-move share and the mean move loss against the budget, a line a
/// search (a chart only where its measure has points).
pub fn budget_charts(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let mut files = Vec::new();
    for (i, (suite, searches)) in shares(tables).iter().enumerate() {
        let budgets = budgets_of(searches);
        let at = |b: u64| budgets.iter().position(|&x| x == b).unwrap_or(0) as f64 + 1.0;
        for measure in &MEASURES {
            let series: Vec<Series> = searches
                .iter()
                .map(|(search, cells)| Series {
                    name: search.clone(),
                    points: cells
                        .iter()
                        .filter_map(|(&b, c)| Some((at(b), (measure.value)(c)?)))
                        .collect(),
                })
                .filter(|series| !series.points.is_empty())
                .collect();
            if series.is_empty() {
                continue;
            }
            let chart = LineChart::joined(
                format!("{suite}: {}", measure.title),
                (
                    "budget (iterations or nodes, as each line's name says)",
                    measure.y_label,
                ),
                series,
                budgets.iter().map(|b| thousands(*b)).collect(),
            );
            let name = format!("{}_{}", measure.file, i + 1);
            files.extend(write(dir, &name, (960, 640), &chart)?);
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_loses_its_budget_and_keeps_its_enhancements() {
        assert_eq!(
            without_budget("uct:1000+rave:30"),
            "uct+rave:30 (iterations)"
        );
        assert_eq!(without_budget("puct:10"), "puct (iterations)");
        assert_eq!(without_budget("uct+solver"), "uct+solver");
        assert_eq!(
            without_budget("alphabeta+tt+nodes:500"),
            "alphabeta+tt (nodes)"
        );
        assert_eq!(without_budget("uct+nodes:500+rave"), "uct+rave (nodes)");
        assert_eq!(base_of("dfpn+weak"), "dfpn");
    }
}
