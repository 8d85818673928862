//! `games.csv` and `moves.csv`: one tidy row per game and per move, written with serde and
//! read back (to resume a match, and by the report).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::folder::complete_lines;
use crate::error::StoreError;

pub const GAMES_FILE: &str = "games.csv";
pub const MOVES_FILE: &str = "moves.csv";

/// One game of a match.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// The match: `agent1 vs agent2` as written (a play can hold several, a gauntlet).
    #[serde(with = "super::cell")]
    pub r#match: String,
    pub game: String,
    /// 1-based, in the match; games 2k-1 and 2k are a pair (one opening, colours swapped).
    pub round: u64,
    pub pair: u64,
    #[serde(with = "super::cell")]
    pub agent1: String,
    #[serde(with = "super::cell")]
    pub agent2: String,
    /// agent1's side (`Black`, `X`, ...).
    pub agent1_side: String,
    /// The opening: the position the game started from.
    #[serde(with = "super::cell")]
    pub opening: String,
    /// The game's seed (random agents and shuffled orders take theirs from it).
    pub seed: u64,
    /// `agent1`, `agent2` or `draw`.
    pub winner: String,
    /// agent1's score: 1, 0.5 or 0.
    pub score: f64,
    /// The final margin for agent1 (none after a time forfeit).
    pub margin: Option<i32>,
    /// `30-19`: agent1's and agent2's stones, for games that count them.
    pub stones: Option<String>,
    pub plies: u32,
    /// How the game ended: `end`, `move_rule`, `time_forfeit`, `illegal_move`, `crash`,
    /// `stall`, `protocol_error`, `adjudicated_exact`, `adjudicated_draw`,
    /// `adjudicated_resign` or `max_moves`.
    pub termination: String,
    /// The agents' nodes over the game (NA when an engine reported none of its moves').
    pub agent1_nodes: Option<u64>,
    pub agent2_nodes: Option<u64>,
    pub agent1_time_ms: f64,
    pub agent2_time_ms: f64,
    /// The position the game ended in (Reversi's and Ataxx's begin with `-` for an empty
    /// square: escaped as the opening is, so that a spreadsheet reads text, not a formula).
    #[serde(with = "super::cell")]
    pub final_position: String,
    /// What ended the game besides the rules: the fault or the adjudication, in words
    /// (empty for an end by the rules; missing in tables written before it).
    #[serde(default)]
    #[serde(with = "super::cell")]
    pub reason: String,
}

impl GameRow {
    /// What tells this game from another of its match: opening, the first agent's side,
    /// length and final position (two games alike in these were played alike).
    pub fn identity(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.opening, self.agent1_side, self.plies, self.final_position
        )
    }
}

/// One move of a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoveRow {
    pub r#match: String,
    pub round: u64,
    pub ply: u32,
    /// The agent who moved, as written, and its role.
    pub agent: String,
    pub role: String,
    pub side: String,
    pub r#move: String,
    pub score: Option<i32>,
    /// The deepest finished iteration (an engine's: its last `info depth`).
    pub depth: Option<u32>,
    /// `leaf + interior + qnode`; an engine's: the nodes of its last `info` (NA when it says none).
    pub nodes: Option<u64>,
    /// nodeprof's counters (NA for engines, which do not report them).
    pub leaf: Option<u64>,
    pub interior: Option<u64>,
    /// nodeprof's clock: the agent's thinking time (an engine's: from `go` to its answer).
    pub time_ns: u64,
    pub pv: String,
    /// The selective depth an engine reported (NA for nodeprof's agents and engines that
    /// say none; missing in tables written before it).
    #[serde(default)]
    pub seldepth: Option<u32>,
}

/// The rows of a CSV file of `T`, or none if the file is missing or empty. A last line
/// without its line end is a row cut by a kill (the writers end every row) and is dropped.
pub fn read_rows<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, StoreError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    parse_rows(&bytes, &path.display().to_string())
}

/// The rows of a table's bytes, named `name` in errors; a last line without its line end is
/// dropped (see [`read_rows`]).
pub fn parse_rows<T: for<'de> Deserialize<'de>>(
    bytes: &[u8],
    name: &str,
) -> Result<Vec<T>, StoreError> {
    let mut reader = csv::Reader::from_reader(complete_lines(bytes));
    let mut rows = Vec::new();
    for (i, row) in reader.deserialize().enumerate() {
        rows.push(row.map_err(|e: csv::Error| StoreError::Csv {
            path: PathBuf::from(name),
            line: Some(i as u64 + 2),
            message: e.to_string(),
        })?);
    }
    Ok(rows)
}

/// Replaces the table at `path` with its header and `rows` (the header alone when there are
/// none, so that rows appended later match it), whole: see [`super::folder::replace`].
pub fn replace_table<T: Serialize + Default>(path: &Path, rows: &[T]) -> Result<(), StoreError> {
    let csv_error = |e: csv::Error| StoreError::Csv {
        path: path.to_path_buf(),
        line: None,
        message: e.to_string(),
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    // serde names the columns only with a row: a default one gives the header alone.
    let header_only = rows.is_empty();
    let default = [T::default()];
    for row in if header_only { &default[..] } else { rows } {
        w.serialize(row).map_err(csv_error)?;
    }
    let mut bytes = w
        .into_inner()
        .map_err(|e| csv_error(e.into_error().into()))?;
    if header_only {
        let end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| i + 1);
        bytes.truncate(end);
    }
    super::folder::replace(path, &bytes)
}

/// A play folder's tables: its games, and the moves of those games (a game stopped before
/// its row was written has moves and no row: they are left out).
pub fn read_tables(dir: &Path) -> Result<(Vec<GameRow>, Vec<MoveRow>), StoreError> {
    let games: Vec<GameRow> = read_rows(&dir.join(GAMES_FILE))?;
    let finished: HashSet<(&str, u64)> = games
        .iter()
        .map(|g| (g.r#match.as_str(), g.round))
        .collect();
    let mut moves: Vec<MoveRow> = read_rows(&dir.join(MOVES_FILE))?;
    moves.retain(|m| finished.contains(&(m.r#match.as_str(), m.round)));
    Ok((games, moves))
}

/// The finished games whose every move has its row (a kill can cut moves.csv after
/// games.csv was written): a game with fewer move rows than plies is to be played again, its
/// rows dropped. Without a moves table (left out on purpose) the games stand as they are.
pub fn whole_games(
    games: Vec<GameRow>,
    moves: Vec<MoveRow>,
    have_moves: bool,
) -> (Vec<GameRow>, Vec<MoveRow>) {
    if !have_moves {
        return (games, moves);
    }
    let mut rows: std::collections::HashMap<(String, u64), u32> = Default::default();
    for m in &moves {
        *rows.entry((m.r#match.clone(), m.round)).or_default() += 1;
    }
    let whole = |g: &GameRow| {
        rows.get(&(g.r#match.clone(), g.round))
            .copied()
            .unwrap_or(0)
            >= g.plies
    };
    let games: Vec<GameRow> = games.into_iter().filter(whole).collect();
    let kept: HashSet<(&str, u64)> = games
        .iter()
        .map(|g| (g.r#match.as_str(), g.round))
        .collect();
    let moves = moves
        .into_iter()
        .filter(|m| kept.contains(&(m.r#match.as_str(), m.round)))
        .collect();
    (games, moves)
}

/// Whether `dir` is the folder of a play: no sweep runs, and games, moves, or a meta.json
/// written by `nodeprof play`.
pub fn is_play_folder(dir: &Path) -> bool {
    let played = || {
        std::fs::read_to_string(dir.join(super::meta::META_FILE))
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .is_some_and(|meta| meta["command"][1] == "play")
    };
    !dir.join(super::runs::RUNS_FILE).exists()
        && (dir.join(GAMES_FILE).exists() || dir.join(MOVES_FILE).exists() || played())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions written with `-` for an empty square (Reversi's, Ataxx's) go into
    /// `games.csv` behind a quote, as text a spreadsheet does not evaluate, and read back
    /// as they were.
    #[test]
    fn positions_that_look_like_formulas_are_escaped_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(GAMES_FILE);
        let row = GameRow {
            r#match: "a vs b".into(),
            opening: "-------------------X------XXOO---- X".into(),
            final_position: "----X-O-----XX-----XXXX---XXXX--- O".into(),
            ..GameRow::default()
        };
        replace_table(&path, std::slice::from_ref(&row)).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(",'-------------------X"), "{text}");
        assert!(text.contains(",'----X-O-----XX"), "{text}");
        let back: Vec<GameRow> = read_rows(&path).unwrap();
        assert_eq!(back, [row]);
    }
}
