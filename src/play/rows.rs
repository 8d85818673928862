//! A finished game as rows of `games.csv` and `moves.csv` and as its record, appended and
//! flushed at once; and a game read back from its rows (to write its record again).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::agent::Agent;
use super::game::PlayedGame;
use super::openings::derive;
use super::records::{write_record, RecordInfo};
use super::settings::PlaySettings;
use crate::error::PlayError;
use crate::game::{GameKind, Side, Termination};
use crate::stats::Results;
use crate::store::games::{GameRow, MoveRow, GAMES_FILE, MOVES_FILE};

/// What the games of a match share while they run.
pub(super) struct Shared {
    pub(super) games: csv::Writer<File>,
    pub(super) moves: csv::Writer<File>,
    pub(super) record: Option<File>,
    /// `--pgnout FILE`, opened to append (cutechess's way: what the file held stays).
    pub(super) record_copy: Option<(PathBuf, File)>,
    pub(super) results: Results,
    pub(super) error: Option<PlayError>,
}

pub(super) fn save_game(
    s: &mut Shared,
    settings: &PlaySettings,
    name: &str,
    agents: &[Agent; 2],
    round: u64,
    game: &PlayedGame,
    info: &RecordInfo,
) -> Result<(), PlayError> {
    let dir = &settings.out_dir;
    let names = [agents[0].to_string(), agents[1].to_string()];
    // An agent's nodes over the game: NA when none of its moves reported any.
    let mut nodes: [Option<u64>; 2] = [None, None];
    for m in &game.moves {
        if let Some(n) = m.nodes {
            nodes[m.agent] = Some(nodes[m.agent].unwrap_or(0).saturating_add(n));
        }
        s.moves
            .serialize(MoveRow {
                r#match: name.to_string(),
                round,
                ply: m.ply,
                agent: names[m.agent].clone(),
                role: format!("agent{}", m.agent + 1),
                side: settings.game.side_name(m.side).to_string(),
                r#move: m.mv.clone(),
                score: m.score,
                depth: m.depth,
                nodes: m.nodes,
                leaf: m.leaf,
                interior: m.interior,
                time_ns: m.time_ns,
                pv: m.pv.clone(),
                seldepth: m.seldepth,
            })
            .map_err(|e| csv_error(&dir.join(MOVES_FILE), e))?;
    }
    let flush_error = |path: PathBuf| {
        move |source| PlayError::Io {
            path: path.to_path_buf(),
            source,
        }
    };
    s.moves.flush().map_err(flush_error(dir.join(MOVES_FILE)))?;
    let text = settings
        .game
        .record_file()
        .map(|_| write_record(settings.game, game, info));
    if let (Some(file), Some(record), Some(text)) =
        (&mut s.record, settings.game.record_file(), &text)
    {
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(flush_error(dir.join(record)))?;
    }
    let row = GameRow {
        r#match: name.to_string(),
        game: settings.game.name().to_string(),
        round,
        pair: round.div_ceil(2),
        agent1: names[0].clone(),
        agent2: names[1].clone(),
        agent1_side: settings.game.side_name(game.sides[0]).to_string(),
        opening: game.start.clone(),
        seed: derive(settings.seed, 2, round),
        winner: match game.winner {
            Some(0) => "agent1".into(),
            Some(_) => "agent2".into(),
            None => "draw".into(),
        },
        score: game.score(),
        margin: game.margin,
        stones: game.stones.map(|[a, b]| format!("{a}-{b}")),
        plies: game.moves.len() as u32,
        termination: game.termination.name().to_string(),
        agent1_nodes: nodes[0],
        agent2_nodes: nodes[1],
        agent1_time_ms: game.time_ns[0] as f64 / 1e6,
        agent2_time_ms: game.time_ns[1] as f64 / 1e6,
        final_position: game.final_position.clone(),
        reason: game.reason.clone(),
    };
    s.games
        .serialize(&row)
        .map_err(|e| csv_error(&dir.join(GAMES_FILE), e))?;
    s.games.flush().map_err(flush_error(dir.join(GAMES_FILE)))?;
    s.results.add(row.pair, row.score, row.identity());
    // The copy after the row: a game is copied once it is finished (a kill before this
    // line leaves it out of the copy, never twice in it; the folder's record file has it).
    if let (Some((path, file)), Some(text)) = (&mut s.record_copy, &text) {
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(flush_error(path.clone()))?;
    }
    Ok(())
}

/// A finished game of `kind` as its rows tell it (to write its record again).
pub(crate) fn played_from_rows(kind: GameKind, row: &GameRow, moves: &[&MoveRow]) -> PlayedGame {
    // Rows are checked where they are read (`merge` replays every game); a side name the
    // game does not have is taken as the first side's.
    let side = |name: &str| kind.side_named(name).unwrap_or(Side::First);
    let agent1_side = side(&row.agent1_side);
    let stones = row.stones.as_deref().and_then(|s| {
        let (a, b) = s.split_once('-')?;
        Some([a.parse().ok()?, b.parse().ok()?])
    });
    PlayedGame {
        first: moves.first().map_or(0, |m| (m.role == "agent2") as usize),
        sides: [agent1_side, agent1_side.opponent()],
        start: row.opening.clone(),
        final_position: row.final_position.clone(),
        moves: moves
            .iter()
            .map(|m| super::game::PlayedMove {
                ply: m.ply,
                agent: (m.role == "agent2") as usize,
                side: side(&m.side),
                mv: m.r#move.clone(),
                score: m.score,
                depth: m.depth,
                seldepth: m.seldepth,
                nodes: m.nodes,
                leaf: m.leaf,
                interior: m.interior,
                time_ns: m.time_ns,
                pv: m.pv.clone(),
            })
            .collect(),
        termination: Termination::named(&row.termination).unwrap_or(Termination::End),
        reason: row.reason.clone(),
        winner: match row.winner.as_str() {
            "agent1" => Some(0),
            "agent2" => Some(1),
            _ => None,
        },
        margin: row.margin,
        stones,
        time_ns: [
            (row.agent1_time_ms * 1e6) as u64,
            (row.agent2_time_ms * 1e6) as u64,
        ],
        runner_ns: 0,
    }
}

pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> PlayError + '_ {
    move |source| PlayError::Io {
        path: path.to_path_buf(),
        source,
    }
}

pub(super) fn csv_error(path: &Path, e: csv::Error) -> PlayError {
    PlayError::Csv {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}
