//! The report of a play folder, from `games.csv` and `moves.csv` alone: the matches' scores,
//! Elo and SPRT in `summary.md`; the mean nodes per game and per move by variant and limit
//! (`xtabs/nodes_per_game`, `xtabs/nodes_per_move`); the depth each agent's searches reached
//! (`xtabs/depth_reached`, `plots/depth_reached`); the nodes each search agent spent at each
//! ply, mean and spread on a log scale (`plots/nodes_per_ply`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::play_kept::write_grid;
use super::play_sections::{
    agent_rows, agents_section, ordered_insert, ratings_section, split_agent, terminations_section,
};
use super::tables::Grid;
use super::text::thousands;
use super::{play_charts, play_kept};
use crate::error::ReportError;
use crate::stats::elo::elo_text;
use crate::stats::{elo_estimate, Results, Sprt, Tally};
use crate::store::games::{read_rows, read_tables, GameRow, MoveRow, GAMES_FILE, MOVES_FILE};

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
    written.extend(write_grid(&xtabs, "nodes_per_game", &per_game)?);
    let (per_move, agents, charts) = match has_moves {
        true => {
            let per_move = agent1_grid(&games, &moves, true);
            written.extend(write_grid(&xtabs, "nodes_per_move", &per_move)?);
            let agents = agent_rows(&games, &moves);
            written.push(play_kept::write_agents(&xtabs, &agents)?);
            let charts = play_charts::move_charts(&xtabs, &plots, &moves, &mut written)?;
            (per_move, agents, charts)
        }
        // Without moves.csv, what the report that had it kept.
        false => (
            play_kept::read_grid(&xtabs, "nodes_per_move", agent1_grid(&games, &[], true))?,
            play_kept::read_agents(&xtabs)?,
            play_kept::kept_charts(&plots),
        ),
    };
    let mut summary = summary(
        &games,
        (&matches, &agents),
        sprt.as_ref(),
        [&per_game, &per_move],
        &charts,
    );
    summary.extend(super::text::merged_line(dir));
    if !has_moves {
        let _ = writeln!(
            summary,
            "\n`moves.csv` is not in this folder: the per-move tables and charts (agents, nodes per move, depth reached, nodes per ply) are those the report made with it kept in `xtabs/` and `plots/`. Play the match again with the command in `meta.json` (with depth or node limits the same seed plays the same games) to make them anew."
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

/// `summary.md`, with the mean nodes of the first agents per game and per move.
fn summary(
    games: &[GameRow],
    (matches, agents): (&[String], &[Vec<String>]),
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
        md.push_str(&match_row(games, name, sprt));
    }
    if let Some(warning) = repeats_warning(games) {
        let _ = writeln!(md, "\n**{warning}**");
    }
    terminations_section(&mut md, games);
    ratings_section(&mut md, &counted_games(games));
    agents_section(&mut md, agents);
    if let Some(sprt) = sprt {
        sprt_section(&mut md, games, matches, sprt);
    }
    nodes_section(&mut md, per_game, per_move);
    for chart in charts {
        let _ = writeln!(md, "\n![{chart}](plots/{chart}.png)");
    }
    let _ = writeln!(md, "\n(Each chart is also in `plots/` as SVG.)");
    md
}

/// A match's line of the summary's first table.
fn match_row(games: &[GameRow], name: &str, sprt: Option<&Sprt>) -> String {
    let rows: Vec<&GameRow> = games.iter().filter(|g| g.r#match == name).collect();
    let n = rows.len() as f64;
    let tally = tally_of(games, name);
    let elo = elo_estimate(&tally, sprt.is_some_and(|s| s.pentanomial));
    let mean = |f: &dyn Fn(&GameRow) -> f64| rows.iter().map(|g| f(g)).sum::<f64>() / n;
    // Nodes over the games that report them (engines may not): NA when none does.
    let mean_nodes = |f: &dyn Fn(&GameRow) -> Option<u64>| {
        let known: Vec<u64> = rows.iter().filter_map(|g| f(g)).collect();
        match known.is_empty() {
            true => "NA".to_string(),
            false => {
                thousands((known.iter().sum::<u64>() as f64 / known.len() as f64).round() as u64)
            }
        }
    };
    format!(
        "| `{name}` | {} | {} / {} / {} | {:.3} | {} | {} | {:.1} | {} | {} | {:.1} | {:.1} |\n",
        rows.len(),
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        elo.map_or("–".into(), |e| {
            match (e.elo.is_finite(), e.error.is_finite()) {
                (true, true) => format!("{} ± {:.1}", elo_text(e.elo, 1), e.error),
                (true, false) => format!("{} (interval unbounded)", elo_text(e.elo, 1)),
                (false, _) => elo_text(e.elo, 1),
            }
        }),
        elo.map_or("–".into(), |e| format!("{:.1} %", e.los)),
        mean(&|g| g.plies as f64),
        mean_nodes(&|g| g.agent1_nodes),
        mean_nodes(&|g| g.agent2_nodes),
        mean(&|g| g.agent1_time_ms),
        mean(&|g| g.agent2_time_ms),
    )
}

/// The SPRT's running and verdict lines of each match.
fn sprt_section(md: &mut String, games: &[GameRow], matches: &[String], sprt: &Sprt) {
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

/// Nodes by variant and limit, with each variant's ratio to the first one's at that limit
/// (none for a single variant at a single limit).
fn nodes_section(md: &mut String, per_game: &Grid, per_move: &Grid) {
    if per_game.rows.len() <= 1 && per_game.cols.len() <= 1 {
        return;
    }
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
