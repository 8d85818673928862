//! The report of a play folder, from `games.csv` and `moves.csv` alone: the matches' scores,
//! Elo and SPRT in `summary.md`; the mean nodes per game and per move by variant and limit
//! (`xtabs/nodes_per_game`, `xtabs/nodes_per_move`); the depth each agent's searches reached
//! (`xtabs/depth_reached`, `plots/depth_reached`); the nodes each search agent spent at each
//! ply, mean and spread on a log scale (`plots/nodes_per_ply`).

use crate::store::cell::escape;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::chart_kit::{self, Bands, Bars, Series};
use super::play_sections::{agents_section, ordered_insert, ratings_section, terminations_section};
use super::tables::Grid;
use super::text::{render, thousands};
use crate::error::ReportError;
use crate::stats::elo::elo_text;
use crate::stats::{elo_estimate, Results, Sprt, Tally};
use crate::store::games::{read_rows, read_tables, GameRow, MoveRow, GAMES_FILE, MOVES_FILE};

/// The chooser and the limit of an agent as written: `alphabeta+tt` and `depth=3`.
fn split_agent(agent: &str) -> (&str, &str) {
    agent.split_once('@').unwrap_or((agent, "-"))
}

/// Writes the report into `dir`; the files written.
pub fn run(dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let games_path = dir.join(GAMES_FILE);
    if !games_path.exists() {
        return Err(ReportError::NoGames(games_path.to_path_buf()));
    }
    let games: Vec<GameRow> = read_rows(&games_path)?;
    if games.is_empty() {
        return Err(ReportError::NoGames(games_path.to_path_buf()));
    }
    let moves_path = dir.join(MOVES_FILE);
    // Without moves.csv (a folder whose moves were left out, as the repository's large
    // example) the per-game tables are made and the summary says what needs the moves.
    let has_moves = moves_path.exists();
    let (games, moves): (Vec<GameRow>, Vec<MoveRow>) = match has_moves {
        true => read_tables(dir)?,
        false => (games, Vec::new()),
    };
    let sprt = read_sprt(dir);
    let mut written = Vec::new();
    let xtabs = dir.join("xtabs");
    let plots = dir.join("plots");
    for d in [&xtabs, &plots] {
        std::fs::create_dir_all(d).map_err(|source| ReportError::Io {
            path: d.to_path_buf(),
            source,
        })?;
    }
    let matches = match_order(&games);
    // Mean nodes of agent1 per game and per move, rows variants, columns limits.
    let per_game = agent1_grid(&games, &moves, false);
    let per_move = agent1_grid(&games, &moves, true);
    written.extend(write_grid(&xtabs, "nodes_per_game", &per_game)?);
    if has_moves {
        written.extend(write_grid(&xtabs, "nodes_per_move", &per_move)?);
    }
    let mut charts = Vec::new();
    if let Some(grid) = depth_reached(&moves) {
        written.extend(write_grid(&xtabs, "depth_reached", &grid)?);
        let bars = depth_bars(&grid);
        written.extend(chart_kit::write(
            &plots,
            "depth_reached",
            (900, 520),
            &bars,
        )?);
        charts.push("depth_reached");
    }
    let (series, bands) = nodes_per_ply(&moves);
    // Too few moves at every ply (a few games): no chart (and none left from before).
    if series.iter().any(|s| !s.points.is_empty()) {
        let chart = Bands {
            title: format!(
                "Nodes per move by ply (median; band: 10th to 90th percentile of {BAND_MOVES}+ moves)"
            ),
            x_label: "ply".into(),
            y_label: "nodes".into(),
            series,
            bands,
        };
        written.extend(chart_kit::write(
            &plots,
            "nodes_per_ply",
            (900, 560),
            &chart,
        )?);
        charts.push("nodes_per_ply");
    }
    let mut summary = summary(
        &games,
        &moves,
        &matches,
        sprt.as_ref(),
        [&per_game, &per_move],
        &charts,
    );
    if !has_moves {
        let _ = writeln!(
            summary,
            "\n`moves.csv` is not in this folder: the per-move tables and charts (nodes per move, depth reached, nodes per ply) are made from it. Play the match again with the command in `meta.json` (with depth or node limits the same seed plays the same games) to have them."
        );
    }
    let path = dir.join("summary.md");
    crate::store::replace(&path, summary.as_bytes())?;
    written.push(path);
    let page = super::html::write_page(dir, &written)?;
    written.push(page);
    // Without moves.csv the per-move tables and charts of an earlier report stay: they are
    // the only copy of what the moves said.
    if has_moves {
        super::write::remove_stale(dir, &written)?;
    }
    Ok(written)
}

/// The depth reached per move as bars, each agent's share of its moves by depth. The axis
/// ends where 99% of the moves are: the rare far deeper reports (an engine's depth for a
/// forced move or a found mate) share one last bar, not the axis.
fn depth_bars(grid: &Grid) -> Bars {
    let shown = robust_columns(grid);
    let categories: Vec<String> = match shown < grid.cols.len() {
        true => grid.cols[..shown]
            .iter()
            .cloned()
            .chain([format!("{}+", grid.cols[shown])])
            .collect(),
        false => grid.cols.clone(),
    };
    let series = grid
        .rows
        .iter()
        .zip(&grid.cells)
        .map(|(name, row)| {
            let total: f64 = row.iter().flatten().sum();
            let share = |v: f64| 100.0 * v / total.max(1.0);
            let mut bars: Vec<f64> = row[..shown]
                .iter()
                .map(|v| share(v.unwrap_or(0.0)))
                .collect();
            if shown < row.len() {
                bars.push(share(row[shown..].iter().flatten().sum()));
            }
            (name.clone(), bars)
        })
        .collect();
    Bars {
        title: "Depth reached per move".into(),
        x_label: "depth of the last finished iteration".into(),
        y_label: "share of moves (%)".into(),
        categories,
        series,
    }
}

/// The SPRT the match ran with, from `meta.json`.
fn read_sprt(dir: &Path) -> Option<Sprt> {
    let text = std::fs::read_to_string(dir.join("meta.json")).ok()?;
    let meta: serde_json::Value = serde_json::from_str(&text).ok()?;
    meta["settings"]["sprt"].as_str()?.parse().ok()
}

fn match_order(games: &[GameRow]) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    for g in games {
        if !order.contains(&g.r#match) {
            order.push(g.r#match.clone());
        }
    }
    order
}

/// The first agents' results in match `name`, games in round order, a game pair that
/// repeats an earlier one left out (see [`Results`]).
fn results_of(games: &[GameRow], name: &str) -> Results {
    let mut rows: Vec<&GameRow> = games.iter().filter(|g| g.r#match == name).collect();
    rows.sort_by_key(|g| g.round);
    let mut results = Results::default();
    for g in rows {
        results.add(g.pair, g.score, g.identity());
    }
    results
}

fn tally_of(games: &[GameRow], name: &str) -> Tally {
    results_of(games, name).tally
}

/// The games the statistics count: every match's, less its repeated pairs.
pub(super) fn counted_games(games: &[GameRow]) -> Vec<&GameRow> {
    let results: std::collections::HashMap<String, Results> = match_order(games)
        .into_iter()
        .map(|name| {
            let results = results_of(games, &name);
            (name, results)
        })
        .collect();
    games
        .iter()
        .filter(|g| !results[&g.r#match].is_repeat(g.pair))
        .collect()
}

/// The warning of [`repeats_warning`] for the games of folder `dir`.
pub fn repeats_in(dir: &Path) -> Result<Option<String>, ReportError> {
    let games: Vec<GameRow> = read_rows(&dir.join(GAMES_FILE))?;
    Ok(repeats_warning(&games))
}

/// A warning line when some match repeated its game pairs, else nothing.
pub fn repeats_warning(games: &[GameRow]) -> Option<String> {
    let repeated = games.len() - counted_games(games).len();
    (repeated > 0).then(|| {
        format!(
            "warning: {repeated} of {} games repeat an earlier game pair move for move (same \
             opening, colours and game); the Elo, LOS, SPRT and ratings leave them out: play \
             from more openings (--openings random:K, or a suite)",
            games.len()
        )
    })
}

/// Mean nodes of the first agents per game (or per move), rows variants, columns limits.
fn agent1_grid(games: &[GameRow], moves: &[MoveRow], per_move: bool) -> Grid {
    // Rows and columns in the games' order, so that both grids share it.
    let (mut rows, mut cols): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for g in games {
        let (who, limit) = split_agent(&g.agent1);
        ordered_insert(&mut rows, who);
        ordered_insert(&mut cols, limit);
    }
    let values: Vec<(&str, u64)> = match per_move {
        true => moves
            .iter()
            .filter(|m| m.role == "agent1")
            .filter_map(|m| Some((m.agent.as_str(), m.nodes?)))
            .collect(),
        false => games
            .iter()
            .filter_map(|g| Some((g.agent1.as_str(), g.agent1_nodes?)))
            .collect(),
    };
    let mut sums: BTreeMap<(usize, usize), (f64, f64)> = BTreeMap::new();
    for (agent, nodes) in values {
        let (who, limit) = split_agent(agent);
        let (r, c) = (
            ordered_insert(&mut rows, who),
            ordered_insert(&mut cols, limit),
        );
        let e = sums.entry((r, c)).or_default();
        e.0 += nodes as f64;
        e.1 += 1.0;
    }
    Grid {
        row_var: "agent1".into(),
        col_var: "limit".into(),
        cells: (0..rows.len())
            .map(|r| {
                (0..cols.len())
                    .map(|c| sums.get(&(r, c)).map(|(s, n)| s / n))
                    .collect()
            })
            .collect(),
        rows,
        cols,
        integer: false,
    }
}

/// Moves by the depth their search reached, rows agents (timed or node-limited searches
/// only: fixed depths reach their depth), columns depths.
fn depth_reached(moves: &[MoveRow]) -> Option<Grid> {
    let varies = |agent: &str| {
        let (_, limit) = split_agent(agent);
        limit.contains("movetime") || limit.contains("clock") || limit.contains("nodes")
    };
    let mut rows: Vec<String> = Vec::new();
    let mut counts: BTreeMap<(usize, u32), f64> = BTreeMap::new();
    let (mut lo, mut hi) = (u32::MAX, 0);
    for m in moves.iter().filter(|m| varies(&m.agent)) {
        let Some(depth) = m.depth else { continue };
        let r = ordered_insert(&mut rows, &m.agent);
        *counts.entry((r, depth)).or_default() += 1.0;
        lo = lo.min(depth);
        hi = hi.max(depth);
    }
    if rows.is_empty() {
        return None;
    }
    let cols: Vec<u32> = (lo..=hi).collect();
    Some(Grid {
        row_var: "agent".into(),
        col_var: "depth".into(),
        cells: (0..rows.len())
            .map(|r| {
                cols.iter()
                    .map(|d| Some(*counts.get(&(r, *d)).unwrap_or(&0.0)))
                    .collect()
            })
            .collect(),
        rows,
        cols: cols.iter().map(|d| d.to_string()).collect(),
        integer: true,
    })
}

/// How many of the depth grid's columns a chart shows one by one (the rest go into one last
/// bar), or all of them: depths past three times the median are set apart first (an engine
/// reports a found mate or a forced move at its deepest depth, 245 for Stockfish), then the
/// axis ends at the depth that 99% of the other moves reach at most.
fn robust_columns(grid: &Grid) -> usize {
    let per_column: Vec<f64> = (0..grid.cols.len())
        .map(|c| grid.cells.iter().map(|row| row[c].unwrap_or(0.0)).sum())
        .collect();
    let depth = |c: usize| grid.cols[c].parse::<f64>().unwrap_or(0.0);
    let all: f64 = per_column.iter().sum();
    let mut seen = 0.0;
    let median = (0..per_column.len())
        .find(|&c| {
            seen += per_column[c];
            seen >= all / 2.0
        })
        .map_or(0.0, depth);
    let near = (0..per_column.len())
        .take_while(|&c| depth(c) <= 3.0 * median.max(1.0))
        .count();
    let total: f64 = per_column[..near].iter().sum();
    let mut seen = 0.0;
    for (c, count) in per_column[..near].iter().enumerate() {
        seen += count;
        if seen >= 0.99 * total {
            // One column past it at least, so that the last bar holds more than one depth.
            return match c + 2 < grid.cols.len() {
                true => c + 1,
                false => grid.cols.len(),
            };
        }
    }
    grid.cols.len()
}

/// Moves at a ply below which no percentile band is drawn: a 10th percentile of fewer moves
/// is one of its extremes.
const BAND_MOVES: usize = 20;

/// Per search agent (first agents), the median nodes of its moves at each ply and the 10th
/// to 90th percentile band where enough moves were played at the ply.
/// Per series, its band's (x, low, high).
type BandPoints = Vec<Vec<(f64, f64, f64)>>;

fn nodes_per_ply(moves: &[MoveRow]) -> (Vec<Series>, BandPoints) {
    let mut agents: Vec<String> = Vec::new();
    let mut by: BTreeMap<(usize, u32), Vec<f64>> = BTreeMap::new();
    for m in moves
        .iter()
        .filter(|m| m.role == "agent1" && m.depth.is_some())
    {
        let Some(nodes) = m.nodes.filter(|&n| n > 0) else {
            continue;
        };
        let a = ordered_insert(&mut agents, &m.agent);
        by.entry((a, m.ply)).or_default().push(nodes as f64);
    }
    let mut series = Vec::new();
    let mut bands = Vec::new();
    // Plies that few games reach make a noisy tail: drawn only with at least a tenth of the
    // agent's most frequent ply count (and 5) behind them.
    let enough: Vec<usize> = (0..agents.len())
        .map(|a| {
            let most = by
                .range((a, 0)..(a + 1, 0))
                .map(|(_, v)| v.len())
                .max()
                .unwrap_or(0);
            (most / 10).max(5)
        })
        .collect();
    for (a, name) in agents.iter().enumerate() {
        let mut points = Vec::new();
        let mut band = Vec::new();
        for ((_, ply), values) in by.range((a, 0)..(a + 1, 0)) {
            if values.len() < enough[a] {
                continue;
            }
            let mut v = values.clone();
            v.sort_by(f64::total_cmp);
            let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
            // The median, not the mean: on a log axis one long search would pull the mean
            // above every other move.
            points.push((*ply as f64, at(0.5)));
            if v.len() >= BAND_MOVES {
                band.push((*ply as f64, at(0.1), at(0.9)));
            }
        }
        series.push(Series {
            name: name.clone(),
            points,
        });
        bands.push(band);
    }
    (series, bands)
}

fn write_grid(dir: &Path, stem: &str, grid: &Grid) -> Result<Vec<PathBuf>, ReportError> {
    let io = |path: &Path, source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    };
    let csv_path = dir.join(format!("{stem}.csv"));
    // Agents' names are user text: quoted as CSV needs, and never read as formulas.
    let mut csv = csv::Writer::from_writer(Vec::new());
    let header = std::iter::once(&grid.row_var).chain(&grid.cols);
    let mut rows = vec![header.map(|t| escape(t).into_owned()).collect::<Vec<_>>()];
    for (row, cells) in grid.rows.iter().zip(&grid.cells) {
        let cells = cells
            .iter()
            .map(|v| v.map_or("NA".into(), |x| format!("{x}")));
        rows.push(
            std::iter::once(escape(row).into_owned())
                .chain(cells)
                .collect(),
        );
    }
    for row in rows {
        let _ = csv.write_record(&row);
    }
    let bytes = csv
        .into_inner()
        .map_err(|e| io(&csv_path, e.into_error()))?;
    std::fs::write(&csv_path, bytes).map_err(|e| io(&csv_path, e))?;
    let txt_path = dir.join(format!("{stem}.txt"));
    std::fs::write(&txt_path, render(grid, 100)).map_err(|e| io(&txt_path, e))?;
    Ok(vec![csv_path, txt_path])
}

/// `summary.md`, with the mean nodes of the first agents per game and per move.
fn summary(
    games: &[GameRow],
    moves: &[MoveRow],
    matches: &[String],
    sprt: Option<&Sprt>,
    [per_game, per_move]: [&Grid; 2],
    charts: &[&str],
) -> String {
    let mut md = String::from("# Match report\n\n");
    let game = games.first().map_or("", |g| g.game.as_str());
    let _ = writeln!(
        md,
        "{} games of {game} in {} match{}. Scores are the first agent's (1 a win, 0.5 a draw); \
         nodes are every position visited (`leaf + interior + qnode`) by every search of a move, the last unfinished iteration included.\n",
        games.len(),
        matches.len(),
        if matches.len() == 1 { "" } else { "es" }
    );
    md.push_str("| match | games | W / L / D | score | Elo (95%) | LOS | mean plies | agent1 nodes/game | agent2 nodes/game | agent1 ms/game | agent2 ms/game |\n");
    md.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for name in matches {
        let rows: Vec<&GameRow> = games.iter().filter(|g| &g.r#match == name).collect();
        let n = rows.len() as f64;
        let tally = tally_of(games, name);
        let elo = elo_estimate(&tally, sprt.is_some_and(|s| s.pentanomial));
        let mean = |f: &dyn Fn(&GameRow) -> f64| rows.iter().map(|g| f(g)).sum::<f64>() / n;
        // Nodes over the games that report them (engines may not): NA when none does.
        let mean_nodes = |f: &dyn Fn(&GameRow) -> Option<u64>| {
            let known: Vec<u64> = rows.iter().filter_map(|g| f(g)).collect();
            match known.is_empty() {
                true => "NA".to_string(),
                false => thousands(
                    (known.iter().sum::<u64>() as f64 / known.len() as f64).round() as u64,
                ),
            }
        };
        let _ =
            writeln!(
            md,
            "| `{name}` | {} | {} / {} / {} | {:.3} | {} | {} | {:.1} | {} | {} | {:.1} | {:.1} |",
            rows.len(),
            tally.wins,
            tally.losses,
            tally.draws,
            tally.score(),
            elo.map_or("–".into(), |e| match (e.elo.is_finite(), e.error.is_finite()) {
                (true, true) => format!("{} ± {:.1}", elo_text(e.elo, 1), e.error),
                (true, false) => format!("{} (interval unbounded)", elo_text(e.elo, 1)),
                (false, _) => elo_text(e.elo, 1),
            }),
            elo.map_or("–".into(), |e| format!("{:.1} %", e.los)),
            mean(&|g| g.plies as f64),
            mean_nodes(&|g| g.agent1_nodes),
            mean_nodes(&|g| g.agent2_nodes),
            mean(&|g| g.agent1_time_ms),
            mean(&|g| g.agent2_time_ms),
        );
    }
    if let Some(warning) = repeats_warning(games) {
        let _ = writeln!(md, "\n**{warning}**");
    }
    terminations_section(&mut md, games);
    ratings_section(&mut md, &counted_games(games));
    agents_section(&mut md, games, moves);
    if let Some(sprt) = sprt {
        let _ = writeln!(md, "\n## SPRT ({})\n", sprt.describe());
        md.push_str("```\n");
        for name in matches {
            let tally = tally_of(games, name);
            let _ = writeln!(md, "{name}");
            let _ = writeln!(md, "{}", sprt.running_line(&tally));
            let _ = writeln!(md, "{}\n", sprt.verdict_line(&tally));
        }
        md.push_str("```\n");
    }
    // Nodes by variant and limit, with each variant's ratio to the first one's at that limit.
    if per_game.rows.len() > 1 || per_game.cols.len() > 1 {
        md.push_str("\n## Mean nodes of the first agent, per game and per move\n\n");
        md.push_str("| agent1 | limit | nodes/game | nodes/move | ratio to the first row |\n|---|---|---:|---:|---:|\n");
        for (c, limit) in per_game.cols.iter().enumerate() {
            let base = per_game.cells.first().and_then(|r| r[c]);
            for (r, who) in per_game.rows.iter().enumerate() {
                let Some(v) = per_game.cells[r][c] else {
                    continue;
                };
                let pm = per_move
                    .cells
                    .get(r)
                    .and_then(|row| row.get(c).copied().flatten());
                let _ = writeln!(
                    md,
                    "| `{who}` | {limit} | {} | {} | {} |",
                    thousands(v.round() as u64),
                    pm.map_or("–".into(), |x| thousands(x.round() as u64)),
                    base.map_or("–".into(), |b| format!("{:.3}", v / b))
                );
            }
        }
    }
    for chart in charts {
        let _ = writeln!(md, "\n![{chart}](plots/{chart}.png)");
    }
    let _ = writeln!(md, "\n(Each chart is also in `plots/` as SVG.)");
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_far_deeper_report_shares_the_last_bar_and_does_not_stretch_the_axis() {
        // 200 moves at depths 5..=10, then one at 245 (a found mate): columns 5..=245.
        let cols: Vec<String> = (5..=245).map(|d| d.to_string()).collect();
        let mut row: Vec<Option<f64>> = vec![Some(0.0); cols.len()];
        for d in 5..=10 {
            row[d - 5] = Some(if d == 10 { 0.0 } else { 40.0 });
        }
        row[240] = Some(1.0);
        let grid = Grid {
            row_var: "agent".into(),
            col_var: "depth".into(),
            rows: vec!["sf".into()],
            cols,
            cells: vec![row],
            integer: true,
        };
        let shown = robust_columns(&grid);
        assert_eq!(
            grid.cols[shown - 1],
            "9",
            "the axis ends at the last depth most moves reach"
        );
        // Found mates at depth 245 in 5% of the moves: set apart all the same.
        let mut mates = grid.clone();
        mates.cells[0][240] = Some(10.0);
        assert_eq!(mates.cols[robust_columns(&mates) - 1], "9");
        // A grid whose columns are all needed is shown whole.
        let small = Grid {
            cols: vec!["1".into(), "2".into()],
            cells: vec![vec![Some(1.0), Some(1.0)]],
            ..grid
        };
        assert_eq!(robust_columns(&small), 2);
    }
}
