//! Game record files, in a format each game's own tools read:
//! - Ataxx: PGN with `FEN` tags, as cuteataxx writes it (`x` is Black and moves first;
//!   `1-0` is a win for Black), to `games.pgn`;
//! - Reversi: GGF, the Generic Game Format of the Generic Game Server that NBoard and most
//!   Othello programs read (`BO[8 ... *]`, `B[f5]W[d6]`, `PA` a pass, `RE` Black's margin), to
//!   `games.ggf`;
//! - Connect 4: one game a line, its columns from the empty board (`4453...`), the form of
//!   Pascal Pons' solver and benchmark files, to `games.txt`.

use crate::game::GameKind;

use super::game::{PlayedGame, Termination};

/// What a record needs besides the game.
pub struct RecordInfo<'a> {
    pub round: u64,
    /// The agents' names, by agent.
    pub names: [&'a str; 2],
    pub date: &'a str,
}

/// The record file of a game, if nodeprof writes records of it.
pub fn record_file(kind: GameKind) -> Option<&'static str> {
    match kind {
        GameKind::Ataxx => Some("games.pgn"),
        GameKind::Reversi => Some("games.ggf"),
        GameKind::Connect4 => Some("games.txt"),
        GameKind::Tree => None,
    }
}

/// The record of one game, ending in a newline.
pub fn write_record(kind: GameKind, game: &PlayedGame, info: &RecordInfo) -> String {
    match kind {
        GameKind::Ataxx => pgn(game, info),
        GameKind::Reversi => ggf(game, info),
        GameKind::Connect4 => format!("{}\n", game.final_position),
        GameKind::Tree => String::new(),
    }
}

/// The agent playing the side named `side`, by agent index.
fn agent_on(game: &PlayedGame, side: &str) -> usize {
    (game.sides[1] == side) as usize
}

/// `1-0`, `0-1` or `1/2-1/2` from the first player's (Black's, `x`'s) view.
fn result_for_first_mover(game: &PlayedGame, first_side: &str) -> &'static str {
    let first = agent_on(game, first_side);
    match game.winner {
        None => "1/2-1/2",
        Some(w) if w == first => "1-0",
        Some(_) => "0-1",
    }
}

fn pgn(game: &PlayedGame, info: &RecordInfo) -> String {
    let black = agent_on(game, "X");
    let mut out = String::new();
    let result = result_for_first_mover(game, "X");
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{v}\"]\n"));
    tag("Event", "nodeprof play");
    tag("Site", "nodeprof");
    tag("Date", info.date);
    tag("Round", &info.round.to_string());
    tag("Black", info.names[black]);
    tag("White", info.names[1 - black]);
    tag("Result", result);
    tag("FEN", &game.start);
    tag("FinalFEN", &game.final_position);
    match game.termination {
        Termination::TimeForfeit => tag("Adjudicated", "Out of time"),
        Termination::MoveRule => tag("Termination", "100 halfmoves"),
        Termination::End => {}
    }
    tag("PlyCount", &game.moves.len().to_string());
    if let Some(stones) = game.stones {
        let diff = stones[black] as i64 - stones[1 - black] as i64;
        tag("Material", &format!("{diff:+}"));
    }
    out.push('\n');
    let white_first = game.moves.first().is_some_and(|m| m.side == "O");
    let mut text = String::new();
    if white_first {
        text.push_str("1... ");
    }
    for (ply, m) in (usize::from(white_first)..).zip(&game.moves) {
        if ply.is_multiple_of(2) {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&m.mv);
        text.push(' ');
    }
    text.push_str(result);
    out.push_str(&wrap(&text, 80));
    out.push_str("\n\n");
    out
}

/// Words of `text` in lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

fn ggf(game: &PlayedGame, info: &RecordInfo) -> String {
    let black = agent_on(game, "Black");
    // Black's final margin: the first agent's, turned if the first agent is White.
    let margin = game
        .margin
        .map(|m| if black == 0 { m } else { -m })
        .unwrap_or(0);
    let result = match game.termination {
        Termination::TimeForfeit => match game.winner == Some(black) {
            true => "+64.000:t".to_string(),
            false => "-64.000:t".to_string(),
        },
        _ => format!("{margin:+}.000").replace("+0.000", "0.000"),
    };
    let mut out = format!(
        "(;GM[Othello]PC[nodeprof]DT[{}]PB[{}]PW[{}]RE[{result}]TI[0]TY[8]BO[8 {}]",
        info.date,
        info.names[black],
        info.names[1 - black],
        ggf_board(&game.start)
    );
    for m in &game.moves {
        let colour = if m.side == "Black" { 'B' } else { 'W' };
        let mv = if m.mv == "pass" { "PA" } else { m.mv.as_str() };
        out.push_str(&format!("{colour}[{mv}]"));
    }
    out.push_str(";)\n");
    out
}

/// An obf position (`board side`, X black, O white) as GGF's board: eight rows of `*`, `O`
/// and `-`, then the side to move.
fn ggf_board(obf: &str) -> String {
    let (board, side) = obf.split_once(' ').unwrap_or((obf, "X"));
    let cells: String = board
        .chars()
        .map(|c| match c {
            'X' | 'x' | '*' => '*',
            'O' | 'o' => 'O',
            _ => '-',
        })
        .collect();
    let rows: Vec<&str> = (0..8).filter_map(|r| cells.get(r * 8..r * 8 + 8)).collect();
    let side = if side.starts_with(['O', 'o', 'W', 'w']) {
        'O'
    } else {
        '*'
    };
    format!("{} {side}", rows.join(" "))
}

/// A game read back from a record file: its start (in the game's position text) and its
/// moves (in the game's notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    pub start: String,
    pub moves: Vec<String>,
}

/// Reads every game of a record file of game `kind`.
pub fn read_records(kind: GameKind, text: &str) -> Result<Vec<ReadGame>, String> {
    match kind {
        GameKind::Ataxx => read_pgn(text),
        GameKind::Reversi => read_ggf(text),
        GameKind::Connect4 => Ok(text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| ReadGame {
                start: "start".into(),
                moves: l.trim().chars().map(|c| c.to_string()).collect(),
            })
            .collect()),
        GameKind::Tree => Err("uniform trees have no game records".into()),
    }
}

fn read_pgn(text: &str) -> Result<Vec<ReadGame>, String> {
    let mut games = Vec::new();
    let mut start: Option<String> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut in_moves = false;
    let finish =
        |start: &mut Option<String>, moves: &mut Vec<String>, games: &mut Vec<ReadGame>| {
            if let Some(s) = start.take() {
                games.push(ReadGame {
                    start: s,
                    moves: std::mem::take(moves),
                });
            }
        };
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                finish(&mut start, &mut moves, &mut games);
                in_moves = false;
            }
            if let Some(fen) = tag.strip_prefix("FEN \"") {
                start = Some(fen.trim_end_matches("\"]").to_string());
            }
        } else if !line.is_empty() {
            in_moves = true;
            for word in line.split_whitespace() {
                let is_number =
                    word.ends_with('.') && word.trim_end_matches('.').parse::<u32>().is_ok();
                let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&word);
                if !is_number && !is_result {
                    moves.push(word.to_string());
                }
            }
        }
    }
    finish(&mut start, &mut moves, &mut games);
    Ok(games)
}

fn read_ggf(text: &str) -> Result<Vec<ReadGame>, String> {
    let mut games = Vec::new();
    for record in text.split("(;").skip(1) {
        let mut start = None;
        let mut moves = Vec::new();
        let mut rest = record;
        while let Some(open) = rest.find('[') {
            let key = rest[..open].trim_start_matches(';').trim();
            let close = rest[open..]
                .find(']')
                .ok_or_else(|| format!("unclosed property {key}"))?
                + open;
            let value = &rest[open + 1..close];
            match key {
                "BO" => {
                    let mut fields = value.split_whitespace();
                    fields.next(); // the board size
                    let rows: Vec<&str> = fields.by_ref().take(8).collect();
                    let side = fields.next().unwrap_or("*");
                    let board: String = rows
                        .concat()
                        .chars()
                        .map(|c| match c {
                            '*' => 'X',
                            'O' => 'O',
                            _ => '-',
                        })
                        .collect();
                    let side = if side == "O" { "O" } else { "X" };
                    start = Some(format!("{board} {side}"));
                }
                "B" | "W" => moves.push(value.split('/').next().unwrap_or("").to_string()),
                _ => {}
            }
            rest = &rest[close + 1..];
        }
        games.push(ReadGame {
            start: start.ok_or("a GGF game without BO[]")?,
            moves,
        });
    }
    Ok(games)
}
