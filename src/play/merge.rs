//! `nodeprof merge` for the shards of a play (`play --shard`): every game of every match
//! there once, then `games.csv`, `moves.csv` and the record file joined in game order.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::records::{write_record, RecordInfo};
use super::rows::played_from_rows;
use super::shard::pair_shard;
use crate::error::{Error, PlayError};
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::store::games::{read_rows, replace_table, GameRow, MoveRow, GAMES_FILE, MOVES_FILE};
use crate::store::merge::{merge_error, read_shards, write_meta, MergeOutcome};

fn io(path: &Path) -> impl Fn(std::io::Error) -> PlayError + '_ {
    move |source| PlayError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Checks that a game's moves are its own: plies 1 to its length, once each, legal from its
/// opening and ending in its final position.
fn check_moves(game: GameKind, row: &GameRow, moves: &mut [MoveRow]) -> Result<(), String> {
    moves.sort_by_key(|m| m.ply);
    if moves.len() != row.plies as usize {
        return Err(format!(
            "{} move rows for its {} plies",
            moves.len(),
            row.plies
        ));
    }
    if let Some((i, m)) = moves
        .iter()
        .enumerate()
        .find(|(i, m)| m.ply != *i as u32 + 1)
    {
        return Err(format!("ply {} where ply {} was expected", m.ply, i + 1));
    }
    let start = match row.opening.as_str() {
        "start" => AnyPosition::start(game),
        text => AnyPosition::parse_text(game, text).map_err(|e| format!("opening: {e}"))?,
    };
    let texts: Vec<&str> = moves.iter().map(|m| m.r#move.as_str()).collect();
    let end = start.after_moves(&texts)?;
    if end.to_string() != row.final_position {
        return Err(format!(
            "its moves end in {end}, its row says {}",
            row.final_position
        ));
    }
    check_result(game, row, &end)
}

/// Checks that a game's result is one result: its winner, score and margin agree, and a game
/// that ended by the rules has the result its final position gives.
fn check_result(game: GameKind, row: &GameRow, end: &AnyPosition) -> Result<(), String> {
    let score = match row.winner.as_str() {
        "agent1" => 1.0,
        "agent2" => 0.0,
        "draw" => 0.5,
        other => return Err(format!("has winner '{other}'")),
    };
    if row.score != score {
        return Err(format!("has winner {} and score {}", row.winner, row.score));
    }
    if row.termination != "end" {
        return Ok(());
    }
    let margin = crate::with_position!(end, p => crate::game::Game::final_margin(p));
    let mover_is_agent1 = game.side_name(end.side_to_move()) == row.agent1_side;
    let agent1_margin = if mover_is_agent1 { margin } else { -margin };
    let by_rules = match agent1_margin.signum() {
        1 => "agent1",
        -1 => "agent2",
        _ => "draw",
    };
    if by_rules != row.winner || row.margin.is_some_and(|m| m != agent1_margin) {
        return Err(format!(
            "says {} (margin {:?}) where its final position gives {by_rules} by {agent1_margin}",
            row.winner, row.margin
        ));
    }
    Ok(())
}

/// A game: its match and round.
type GameKey = (String, u64);

/// The play's plan, as its first shard's `meta.json` gives it.
struct Plan {
    game: GameKind,
    matches: Vec<String>,
    games: u64,
}

/// Checks the play shards in `dirs` and, when every game is there once, writes the merged
/// tables, record file and `meta.json` into `out`. A game counts once its row and all of its
/// moves are there and replay to its final position.
pub fn merge(dirs: &[PathBuf], out: &Path, command_line: &[String]) -> Result<MergeOutcome, Error> {
    let shards = read_shards(dirs)?;
    let (game, matches, games) = super::meta::read_plan(&shards[0].dir)?;
    let plan = Plan {
        game,
        matches,
        games,
    };
    let mut merged: Vec<(GameRow, Vec<MoveRow>)> = Vec::new();
    let mut seen: HashMap<GameKey, Vec<usize>> = HashMap::new();
    for (i, s) in shards.iter().enumerate() {
        merged.extend(read_shard_games(&s.dir, i, &plan, &mut seen)?);
    }
    let count = shards[0].sharding.shard.count;
    let missing = missing_games(&plan, &seen, count);
    let duplicated = duplicated_games(&seen, &shards);
    let total = plan.matches.len() * plan.games as usize;
    let outcome = MergeOutcome::new(shards, total, missing, duplicated);
    if !outcome.complete() {
        return Ok(outcome);
    }
    write_merged(out, &plan, merged)?;
    write_meta(out, &outcome, command_line)?;
    Ok(outcome)
}

/// Shard `i`'s games (in `dir`) not seen in an earlier shard, each with its moves checked;
/// `seen` notes every game and the shards it is in.
fn read_shard_games(
    dir: &Path,
    i: usize,
    plan: &Plan,
    seen: &mut HashMap<GameKey, Vec<usize>>,
) -> Result<Vec<(GameRow, Vec<MoveRow>)>, Error> {
    let games_path = dir.join(GAMES_FILE);
    let moves_path = dir.join(MOVES_FILE);
    let rows = read_rows::<GameRow>(&games_path)?;
    if !rows.is_empty() && !moves_path.exists() {
        return Err(merge_error(format!(
            "{}: no such file: the shard's {} games need their moves (copy the whole shard folder)",
            moves_path.display(),
            rows.len()
        )));
    }
    let mut by_game: HashMap<GameKey, Vec<MoveRow>> = HashMap::new();
    for m in read_rows::<MoveRow>(&moves_path)? {
        by_game
            .entry((m.r#match.clone(), m.round))
            .or_default()
            .push(m);
    }
    let mut merged = Vec::new();
    for row in rows {
        let bad = |what: String| -> Error {
            merge_error(format!(
                "{}: game {} of '{}' {what}",
                games_path.display(),
                row.round,
                row.r#match
            ))
        };
        check_of_plan(&row, plan).map_err(bad)?;
        let key = (row.r#match.clone(), row.round);
        let at = seen.entry(key.clone()).or_default();
        at.push(i);
        if at.len() > 1 {
            continue;
        }
        let mut own = by_game.remove(&key).unwrap_or_default();
        check_moves(plan.game, &row, &mut own)
            .map_err(|m| bad(format!("does not match {}: {m}", moves_path.display())))?;
        merged.push((row, own));
    }
    Ok(merged)
}

/// Checks that a game row is one of the plan's games.
fn check_of_plan(row: &GameRow, plan: &Plan) -> Result<(), String> {
    if !plan.matches.contains(&row.r#match) {
        return Err(format!(
            "is not of this play (its matches: {})",
            plan.matches.join("; ")
        ));
    }
    if row.round == 0 || row.round > plan.games {
        return Err(format!("is past the play's {} games a match", plan.games));
    }
    if row.game != plan.game.name() {
        return Err(format!("is a {} game, the play is {}", row.game, plan.game));
    }
    Ok(())
}

/// The plan's games no shard holds, each with the shard that should have played it.
fn missing_games(plan: &Plan, seen: &HashMap<GameKey, Vec<usize>>, count: u32) -> Vec<String> {
    let mut missing = Vec::new();
    for name in &plan.matches {
        for round in 1..=plan.games {
            if !seen.contains_key(&(name.clone(), round)) {
                let shard = pair_shard(name, round.div_ceil(2), count);
                missing.push(format!("{name}: game {round} (shard {shard})"));
            }
        }
    }
    missing
}

/// The games more than one shard holds, with their shards' folders.
fn duplicated_games(
    seen: &HashMap<GameKey, Vec<usize>>,
    shards: &[crate::store::ShardInfo],
) -> Vec<String> {
    let mut duplicated: Vec<String> = seen
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|((name, round), at)| {
            let dirs: Vec<String> = at
                .iter()
                .map(|&i| shards[i].dir.display().to_string())
                .collect();
            format!("{name}: game {round} (in {})", dirs.join(", "))
        })
        .collect();
    duplicated.sort();
    duplicated
}

/// Writes the merged games in the plan's order: `games.csv`, `moves.csv` and the record file.
fn write_merged(
    out: &Path,
    plan: &Plan,
    mut merged: Vec<(GameRow, Vec<MoveRow>)>,
) -> Result<(), Error> {
    let order: HashMap<&str, usize> = plan
        .matches
        .iter()
        .enumerate()
        .map(|(i, m)| (m.as_str(), i))
        .collect();
    let rank = |m: &str| order.get(m).copied().unwrap_or(usize::MAX);
    merged.sort_by_key(|(r, _)| (rank(&r.r#match), r.round));
    std::fs::create_dir_all(out).map_err(io(out))?;
    let rows: Vec<GameRow> = merged.iter().map(|(r, _)| r.clone()).collect();
    let moves: Vec<MoveRow> = merged.iter().flat_map(|(_, m)| m.clone()).collect();
    replace_table(&out.join(GAMES_FILE), &rows)?;
    replace_table(&out.join(MOVES_FILE), &moves)?;
    let game = plan.game;
    if let Some(file) = game.record_file() {
        let mut text = String::new();
        for (row, own) in &merged {
            let own: Vec<&MoveRow> = own.iter().collect();
            let info = RecordInfo {
                round: row.round,
                names: [&row.agent1, &row.agent2],
                date: "",
                comment_nodes: false,
                clocks: [None, None],
                cuteataxx: false,
            };
            text.push_str(&write_record(
                game,
                &played_from_rows(game, row, &own),
                &info,
            ));
        }
        crate::store::replace(&out.join(file), text.as_bytes())?;
    }
    Ok(())
}
