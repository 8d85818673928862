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
    let result = match r.winner {
        None => "1/2-1/2",
        Some(Side::First) => "1-0",
        Some(Side::Second) => "0-1",
    };
    let mut out = tags(r, first_mover, result);
    out.push('\n');
    out.push_str(&wrap(&movetext(r, result), 80));
    out.push_str("\n\n");
    out
}

/// The record's tag pairs, a line each.
fn tags(r: &GameRecord, first_mover: FirstMover, result: &str) -> String {
    // The tag names' sides: nodeprof's first mover is `Side::First` in every game.
    let (black, white) = match first_mover {
        FirstMover::Black => (Side::First, Side::Second),
        FirstMover::White => (Side::Second, Side::First),
    };
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", tag_value(v)));
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
    out
}

/// The moves with their numbers and comments, then the result.
fn movetext(r: &GameRecord, result: &str) -> String {
    let white_first = r
        .moves
        .first()
        .is_some_and(|(side, _)| *side == Side::Second);
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
    text
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

/// The games of a PGN file; a game without a `FEN` tag starts from `standard_start`. The
/// movetext is read as PGN's export and import forms write it: move numbers alone or joined
/// to their move (`1.e4`, `1...e5`), comments (`{...}`, `;` to the line's end), variations
/// (`(...)`, nested), NAGs (`$1`) and suffix annotations (`!?`) are skipped, and castling
/// written with zeros (`0-0`) is read as `O-O`. Tags may have spaces inside their brackets.
pub fn read_pgn(text: &str, standard_start: &str) -> Result<Vec<ReadGame>, String> {
    let mut games = Vec::new();
    let mut start: Option<String> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut in_moves = false;
    let mut open = Open::default();
    let finish =
        |start: &mut Option<String>, moves: &mut Vec<String>, games: &mut Vec<ReadGame>| {
            if let Some(s) = start.take() {
                games.push(ReadGame {
                    start: s,
                    moves: std::mem::take(moves),
                });
            }
        };
    for (number, line) in (1..).zip(text.lines()) {
        let line = line.trim();
        let in_comment = open.comment.is_some();
        // A `;` comment line (among the tags too) and an escape line are skipped whole.
        if !in_comment && (line.starts_with(';') || line.starts_with('%')) {
            continue;
        }
        if let Some(tag) = line.strip_prefix('[').filter(|_| !in_comment) {
            open.no_variation()?;
            if in_moves {
                finish(&mut start, &mut moves, &mut games);
                in_moves = false;
            }
            let Some((name, value)) = pgn_tag(tag) else {
                return Err(format!(
                    "line {number}: '{line}' is not a tag ([Name \"value\"])"
                ));
            };
            let start = start.get_or_insert_with(|| standard_start.to_string());
            if name == "FEN" {
                *start = value;
            }
        } else if !line.is_empty() {
            in_moves = true;
            let bare = open.movetext(line, number);
            start.get_or_insert_with(|| standard_start.to_string());
            moves.extend(bare.split_whitespace().filter_map(pgn_move));
        }
    }
    open.closed()?;
    finish(&mut start, &mut moves, &mut games);
    Ok(games)
}

/// The comment (`{`) and variations (`(`) open in a PGN's movetext, with the line each
/// opened on: one never closed would take the games after it along silently.
#[derive(Default)]
struct Open {
    comment: Option<u64>,
    variations: Vec<u64>,
}

impl Open {
    /// A line of movetext without its comments and variations (the rest of the line after
    /// a `;`), as they open and close.
    fn movetext(&mut self, line: &str, number: u64) -> String {
        let mut bare = String::new();
        for c in line.chars() {
            match (c, self.comment.is_some()) {
                ('}', true) => self.comment = None,
                (_, true) => {}
                ('{', false) => self.comment = Some(number),
                (';', false) => break,
                ('(', false) => self.variations.push(number),
                (')', false) => drop(self.variations.pop()),
                (c, false) if self.variations.is_empty() => bare.push(c),
                _ => {}
            }
        }
        bare
    }

    /// An error where a variation is still open (at a tag or the end).
    fn no_variation(&self) -> Result<(), String> {
        match self.variations.last() {
            Some(line) => Err(format!(
                "line {line}: a variation '(' opened here is never closed"
            )),
            None => Ok(()),
        }
    }

    /// An error where a comment or a variation is still open at the end of the file.
    fn closed(&self) -> Result<(), String> {
        if let Some(line) = self.comment {
            return Err(format!(
                "line {line}: a comment '{{' opened here is never closed"
            ));
        }
        self.no_variation()
    }
}

/// A tag's name and value (`Name "value"`, the text after `[`), its escapes undone.
fn pgn_tag(tag: &str) -> Option<(String, String)> {
    let tag = tag.trim().strip_suffix(']')?.trim_end();
    let (name, rest) = tag.split_once(|c: char| c.is_whitespace())?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut unescaped = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => unescaped.extend(chars.next()),
            c => unescaped.push(c),
        }
    }
    Some((name.to_string(), unescaped))
}

/// The move of one movetext word, if it holds one: move numbers, results, NAGs and
/// annotations are not moves.
fn pgn_move(word: &str) -> Option<String> {
    if word.starts_with('$') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
        return None;
    }
    // `12.`, `12...` or `12.e4`: the number goes.
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let word = match word[digits..].starts_with('.') && digits > 0 {
        true => word[digits..].trim_start_matches('.'),
        false => word,
    };
    let word = word.trim_end_matches(['!', '?']);
    match word {
        "" => None,
        "0-0" => Some("O-O".into()),
        "0-0-0" => Some("O-O-O".into()),
        "0-0+" | "0-0#" | "0-0-0+" | "0-0-0#" => Some(word.replace('0', "O")),
        _ => Some(word.to_string()),
    }
}

/// `text` as a tag's value: backslashes and quotes escaped, line breaks as spaces (a name
/// cannot end the tag or start another).
pub fn tag_value(text: &str) -> String {
    super::record::escape_text(text, &['\\', '"'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_as_people_write_it_is_read() {
        let text = "[ FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\" ]\n[White \"a \\\"b\\\" \\\\ c\"]\n\n\
                    1.e4 $1 e5!? {a comment (with a paren)} 2. Nf3 (2. f4 exf4 (2... d5)) 2...Nc6 ; rest\n\
                    3.0-0 0-0-0+ 1-0\n";
        let games = read_pgn(text, "start").unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].start, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "O-O", "O-O-O+"]);
        assert_eq!(
            pgn_tag(r#"White "a \"b\" \\ c"]"#),
            Some(("White".into(), r#"a "b" \ c"#.into()))
        );
        assert!(read_pgn("[Event\n1. e4\n", "start").is_err());
    }

    #[test]
    fn tag_values_cannot_end_their_tag() {
        let name = "x\"] [Result \"1-0\\\nEvil";
        let value = tag_value(name);
        assert_eq!(value, r#"x\"] [Result \"1-0\\ Evil"#);
        let line = format!("[White \"{value}\"]");
        assert_eq!(
            pgn_tag(&line[1..]),
            Some(("White".into(), name.replace('\n', " ")))
        );
    }

    #[test]
    fn a_comment_line_among_the_tags_keeps_the_game_whole() {
        let text = "[Event \"a\"]\n; made by hand\n[FEN \"F1\"]\n\n1. e4 e5 *\n\n\
                    [Event \"b\"]\n[FEN \"F2\"]\n; the second\n1. d4 *\n";
        let games = read_pgn(text, "start").unwrap();
        assert_eq!(games.len(), 2, "{games:?}");
        assert_eq!(
            (games[0].start.as_str(), &games[0].moves[..]),
            ("F1", &["e4".to_string(), "e5".into()][..])
        );
        assert_eq!(
            (games[1].start.as_str(), &games[1].moves[..]),
            ("F2", &["d4".to_string()][..])
        );
    }

    #[test]
    fn an_unclosed_comment_or_variation_is_an_error_naming_its_line() {
        let comment = "[FEN \"F1\"]\n\n1. e4 {never closed\n1-0\n\n[FEN \"F2\"]\n\n1. d4 *\n";
        let err = read_pgn(comment, "start").unwrap_err();
        assert_eq!(err, "line 3: a comment '{' opened here is never closed");
        let variation = "[FEN \"F1\"]\n\n1. e4 (1. d4 e5\n1-0\n\n[FEN \"F2\"]\n\n1. d4 *\n";
        let err = read_pgn(variation, "start").unwrap_err();
        assert_eq!(err, "line 3: a variation '(' opened here is never closed");
        let at_the_end = "[FEN \"F1\"]\n\n1. e4 (1. d4 (1... d5)\n";
        assert!(read_pgn(at_the_end, "start").is_err());
    }
}
