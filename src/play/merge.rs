//! `nodeprof merge` for the shards of a play (`play --shard`): every game of every match
//! there once, then `games.csv`, `moves.csv` and the record file joined in game order.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::records::{record_file, write_record, RecordInfo};
use super::run::{pair_shard, played_from_rows};
use super::table::{read_rows, GameRow, MoveRow, GAMES_FILE, MOVES_FILE};
use crate::error::{Error, PlayError};
use crate::game::GameKind;
use crate::sweep::merge::{merge_error, read_shards, write_meta, MergeOutcome};

/// The play's matches and games per match, from a shard's `meta.json`.
fn plan_of(dir: &Path) -> Result<(GameKind, Vec<String>, u64), Error> {
    let path = dir.join("meta.json");
    let text = std::fs::read_to_string(&path).map_err(|source| PlayError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let meta: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| merge_error(format!("{}: not JSON ({e})", path.display())))?;
    let settings = &meta["settings"];
    let bad = || {
        merge_error(format!(
            "{}: no play settings (game, matches, games)",
            path.display()
        ))
    };
    let game: GameKind = settings["game"]
        .as_str()
        .ok_or_else(bad)?
        .parse()
        .map_err(|_| bad())?;
    let matches: Vec<String> = settings["matches"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .filter_map(|m| m.as_str().map(String::from))
        .collect();
    let games = settings["games"].as_u64().ok_or_else(bad)?;
    Ok((game, matches, games))
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> PlayError + '_ {
    move |source| PlayError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Checks the play shards in `dirs` and, when every game is there once, writes the merged
/// tables, record file and `meta.json` into `out`.
pub fn merge(dirs: &[PathBuf], out: &Path, command_line: &[String]) -> Result<MergeOutcome, Error> {
    let shards = read_shards(dirs)?;
    let (game, matches, games) = plan_of(&shards[0].dir)?;
    let count: u32 = shards[0]
        .sharding
        .shard
        .split('/')
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut rows: Vec<GameRow> = Vec::new();
    let mut moves: Vec<MoveRow> = Vec::new();
    let mut seen: HashMap<(String, u64), Vec<usize>> = HashMap::new();
    for (i, s) in shards.iter().enumerate() {
        for row in read_rows::<GameRow>(&s.dir.join(GAMES_FILE))? {
            seen.entry((row.r#match.clone(), row.round))
                .or_default()
                .push(i);
            rows.push(row);
        }
        moves.extend(read_rows::<MoveRow>(&s.dir.join(MOVES_FILE))?);
    }
    let mut missing = Vec::new();
    for name in &matches {
        for round in 1..=games {
            if !seen.contains_key(&(name.clone(), round)) {
                let shard = pair_shard(name, round.div_ceil(2), count);
                missing.push(format!("{name}: game {round} (shard {shard})"));
            }
        }
    }
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
    let outcome = MergeOutcome::new(shards, matches.len() * games as usize, missing, duplicated);
    if !outcome.complete() {
        return Ok(outcome);
    }
    let order: HashMap<&str, usize> = matches
        .iter()
        .enumerate()
        .map(|(i, m)| (m.as_str(), i))
        .collect();
    let rank = |m: &str| order.get(m).copied().unwrap_or(usize::MAX);
    rows.sort_by_key(|r| (rank(&r.r#match), r.round));
    // Moves of games a shard did not finish (no games.csv row) are left out.
    moves.retain(|m| seen.contains_key(&(m.r#match.clone(), m.round)));
    moves.sort_by_key(|m| (rank(&m.r#match), m.round, m.ply));
    std::fs::create_dir_all(out).map_err(io(out))?;
    let write = |name: &str,
                 write_rows: &dyn Fn(&mut csv::Writer<std::fs::File>) -> Result<(), csv::Error>|
     -> Result<(), PlayError> {
        let path = out.join(name);
        let csv_error = |e: csv::Error| PlayError::Csv {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let mut w = csv::Writer::from_path(&path).map_err(csv_error)?;
        write_rows(&mut w).map_err(csv_error)?;
        w.flush().map_err(io(&path))
    };
    write(GAMES_FILE, &|w| {
        rows.iter().try_for_each(|r| w.serialize(r))
    })?;
    write(MOVES_FILE, &|w| {
        moves.iter().try_for_each(|m| w.serialize(m))
    })?;
    if let Some(file) = record_file(game) {
        let mut text = String::new();
        for row in &rows {
            let own: Vec<&MoveRow> = moves
                .iter()
                .filter(|m| m.r#match == row.r#match && m.round == row.round)
                .collect();
            let info = RecordInfo {
                round: row.round,
                names: [&row.agent1, &row.agent2],
                date: "",
            };
            text.push_str(&write_record(game, &played_from_rows(row, &own), &info));
        }
        let path = out.join(file);
        std::fs::write(&path, text).map_err(io(&path))?;
    }
    write_meta(out, &outcome, command_line)?;
    Ok(outcome)
}
