//! A played game as its game's record (`games.pgn`, `games.ggf`, `games.txt`: the formats are
//! the games' own, see `game/*/record.rs`): the players' names and results turned from the
//! match's agents to the game's sides.

use super::agent::TimeControl;
use crate::game::{GameKind, GameRecord, MoveNote, RecordClock, Side};

use super::game::PlayedGame;

/// What a record needs besides the game.
pub struct RecordInfo<'a> {
    pub round: u64,
    /// The agents' names, by agent.
    pub names: [&'a str; 2],
    /// `YYYY-MM-DD HH:MM:SS`, UTC.
    pub date: &'a str,
    /// Move comments with nodes.
    pub comment_nodes: bool,
    /// Each agent's clock, by agent.
    pub clocks: [Option<TimeControl>; 2],
    /// PGN in cuteataxx's dialect.
    pub cuteataxx: bool,
}

/// The record of one game of `kind`, ending in a newline (empty for games without records).
pub fn write_record(kind: GameKind, game: &PlayedGame, info: &RecordInfo) -> String {
    // The agent playing Black (the first side), and a pair by agent turned to one by side.
    let black = usize::from(game.sides[1] == Side::First);
    let by_side = |pair: [u32; 2]| [pair[black], pair[1 - black]];
    let record = GameRecord {
        round: info.round,
        date: info.date,
        names: [info.names[black], info.names[1 - black]],
        start: &game.start,
        final_position: &game.final_position,
        moves: game.moves.iter().map(|m| (m.side, m.mv.as_str())).collect(),
        notes: game
            .moves
            .iter()
            .map(|m| MoveNote {
                score: m.score,
                depth: m.depth,
                time_ns: m.time_ns,
                nodes: m.nodes,
            })
            .collect(),
        comment_nodes: info.comment_nodes,
        clocks: [info.clocks[black], info.clocks[1 - black]].map(|c| {
            c.map(|c| RecordClock {
                base: c.base,
                increment: c.increment,
                moves: c.moves,
            })
        }),
        cuteataxx: info.cuteataxx,
        termination: game.termination,
        winner: game.winner.map(|w| game.sides[w]),
        margin: game.margin.map(|m| if black == 0 { m } else { -m }),
        stones: game.stones.map(by_side),
    };
    kind.write_record(&record)
}
