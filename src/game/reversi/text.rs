//! Reversi's position text: the FFO `.pos` form (the 64-square board line, then `Black to
//! move`), the one-line obf form (`board side`), and a diagram.

use super::notation::parse_side;
use super::rules::Reversi;
use crate::game::notation::Notation;
use crate::game::record::{GameRecord, ReadGame};
use crate::game::rules::{Game, Side};

/// The characters of a board line.
const BOARD_CHARS: &str = "XxOo-.*BbWw";

impl Notation for Reversi {
    const TITLE: &'static str = "Reversi";
    const ALIASES: &'static [&'static str] = &["othello"];
    const TEXT_FORM: &'static str = "a Reversi board";
    const RECORD_FILE: Option<&'static str> = Some("games.ggf");
    const LIST_EXTENSION: Option<&'static str> = Some("obf");

    fn write_record(record: &GameRecord) -> String {
        super::record::ggf(record)
    }

    fn read_records(text: &str) -> Result<Vec<ReadGame>, String> {
        super::record::read_ggf(text)
    }

    /// A 64-square board, alone or followed by the side to move.
    fn looks_like(text: &str) -> bool {
        text.split_whitespace()
            .next()
            .is_some_and(|b| b.chars().count() == 64 && b.chars().all(|c| BOARD_CHARS.contains(c)))
    }

    fn parse_text(text: &str) -> Result<Reversi, String> {
        text.parse()
    }

    /// The board line, then the side line (the FFO form).
    fn parse_lines(lines: &[(usize, &str)]) -> Result<(Reversi, usize), (usize, String)> {
        let (first_line, first) = lines[0];
        let board_error = |m| (first_line, m);
        // The board alone must be well formed before we look for the side line.
        Reversi::from_board(first, Side::First).map_err(board_error)?;
        let Some(&(side_line, side_text)) = lines.get(1) else {
            return Err((
                first_line + 1,
                "missing side to move, expected 'Black to move' or 'White to move'".into(),
            ));
        };
        let side = parse_side_line(side_text).map_err(|m| (side_line, m))?;
        let pos = Reversi::from_board(first, side).map_err(board_error)?;
        Ok((pos, 2))
    }

    fn write_pos(&self) -> String {
        format!(
            "{}\n{} to move\n",
            self.board_string(),
            self.side_name(self.side_to_move())
        )
    }

    /// Row 1 at the top as in Othello diagrams; `X` black, `O` white, `.` a legal move.
    fn diagram(&self) -> String {
        let pos = self;
        let (black, white, legal) = (pos.black(), pos.white(), pos.move_squares());
        let mut s = String::from("  a b c d e f g h\n");
        for row in 0..8 {
            s.push_str(&format!("{}", row + 1));
            for file in 0..8 {
                let bit = 1u64 << (row * 8 + file);
                let c = if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else if legal & bit != 0 {
                    '.'
                } else {
                    '-'
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s
    }
}

/// `Black to move`, `White to move` (also just `Black`, `X`, ...).
fn parse_side_line(text: &str) -> Result<Side, String> {
    let lower = text.to_ascii_lowercase();
    let word = lower.strip_suffix("to move").unwrap_or(&lower).trim();
    parse_side(word)
        .map_err(|_| format!("bad side line '{text}', expected 'Black to move' or 'White to move'"))
}
