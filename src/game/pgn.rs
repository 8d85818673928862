//! PGN game records with `FEN` tags (the PGN standard, section 9.7), for the games that
//! write them: Ataxx, as cuteataxx writes and reads them, and chess, in SAN.

use crate::game::record::{GameRecord, ReadGame, Termination};
use crate::game::rules::Side;

/// Which PGN tag names the first mover: `Black` in Ataxx (`x` moves first), `White` in chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMover {
    Black,
    White,
}

/// The record of one game in PGN with `FEN` tags, as cuteataxx writes it for Ataxx; `1-0`
/// is a win for the first mover.
pub fn pgn(r: &GameRecord, first_mover: FirstMover) -> String {
    // The tag names' sides: nodeprof's first mover is `Side::Black` in every game.
    let (black, white) = match first_mover {
        FirstMover::Black => (Side::Black, Side::White),
        FirstMover::White => (Side::White, Side::Black),
    };
    let mut out = String::new();
    let result = match r.winner {
        None => "1/2-1/2",
        Some(Side::Black) => "1-0",
        Some(Side::White) => "0-1",
    };
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{v}\"]\n"));
    if r.cuteataxx {
        // cuteataxx's order and date as it writes them.
        tag("Event", "nodeprof play");
        tag("Site", "nodeprof");
        tag("Date", r.date.get(..16).unwrap_or(r.date));
        tag("Round", &r.round.to_string());
        tag("Black", r.name(black));
        tag("White", r.name(white));
        tag("Result", result);
    } else {
        // The seven tag roster in its order, then the position tags.
        tag("Event", "nodeprof play");
        tag("Site", "nodeprof");
        tag("Date", &r.pgn_date());
        tag("Round", &r.round.to_string());
        tag("White", r.name(white));
        tag("Black", r.name(black));
        tag("Result", result);
        if let Some(time) = r.time_of_day() {
            tag("Time", time);
        }
        let clock = |side: Side| r.clocks[side as usize];
        match [clock(black), clock(white)] {
            [Some(b), Some(w)] if b == w => tag("TimeControl", &b.pgn()),
            [b, w] => {
                if let Some(w) = w {
                    tag("WhiteTimeControl", &w.pgn());
                }
                if let Some(b) = b {
                    tag("BlackTimeControl", &b.pgn());
                }
            }
        }
        tag("SetUp", "1");
    }
    tag("FEN", r.start);
    tag("FinalFEN", r.final_position);
    match r.termination {
        Termination::End => {}
        Termination::TimeForfeit => tag("Termination", "time forfeit"),
        Termination::MoveRule => tag("Termination", "100 halfmoves"),
        Termination::Repetition | Termination::DeadPosition => {
            tag("Termination", r.termination.describe())
        }
        t if t.is_fault() => tag("Termination", "rules infraction"),
        t => tag("Termination", &format!("adjudication: {}", t.describe())),
    }
    tag("PlyCount", &r.moves.len().to_string());
    if let Some(stones) = r.stones {
        let diff = stones[0] as i64 - stones[1] as i64;
        tag("Material", &format!("{diff:+}"));
    }
    out.push('\n');
    let white_first = r
        .moves
        .first()
        .is_some_and(|(side, _)| *side == Side::White);
    // Move numbers go on from the FEN's full-move number, its last field (cuteataxx's
    // from 1).
    let first_number = match r.cuteataxx {
        true => 1,
        false => r
            .start
            .split_whitespace()
            .last()
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(1)
            .max(1),
    };
    let mut text = String::new();
    if white_first {
        text.push_str(&format!("{first_number}... "));
    }
    for (i, (ply, (_, mv))) in (usize::from(white_first)..).zip(&r.moves).enumerate() {
        if ply.is_multiple_of(2) {
            text.push_str(&format!("{}. ", ply / 2 + first_number));
        }
        text.push_str(mv);
        text.push(' ');
        if let Some(note) = r.notes.get(i) {
            text.push_str(&note.pgn_comment(r.comment_nodes));
            text.push(' ');
        }
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

/// The games of a PGN file; a game without a `FEN` tag starts from `standard_start`.
pub fn read_pgn(text: &str, standard_start: &str) -> Result<Vec<ReadGame>, String> {
    let mut games = Vec::new();
    let mut start: Option<String> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut in_moves = false;
    let mut in_comment = false;
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
            if start.is_none() {
                start = Some(standard_start.to_string());
            }
            if let Some(fen) = tag.strip_prefix("FEN \"") {
                start = Some(fen.trim_end_matches("\"]").to_string());
            }
        } else if !line.is_empty() {
            in_moves = true;
            // Move comments ({+0.25/12 0.150s}) are not moves.
            let mut bare = String::new();
            for c in line.chars() {
                match c {
                    '{' => in_comment = true,
                    '}' => in_comment = false,
                    c if !in_comment => bare.push(c),
                    _ => {}
                }
            }
            for word in bare.split_whitespace() {
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
