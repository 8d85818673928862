//! Connect 4's position text: the columns played from the empty board (`4453`, columns 1 to
//! 7 from the left), as in Pascal Pons' benchmark files; `start` for the empty board.

use super::bits::{HEIGHT, WIDTH};
use super::rules::Connect4;
use crate::game::notation::Notation;
use crate::game::record::{GameRecord, ReadGame};
use crate::game::rules::Game;

impl Notation for Connect4 {
    const TITLE: &'static str = "Connect 4";
    const ALIASES: &'static [&'static str] = &["connect-4", "c4"];
    const TEXT_FORM: &'static str = "a Connect 4 move sequence";

    /// Digits (a move sequence, whose parser names a digit that is not a column), optionally
    /// followed by a score (`4453 12`); or `start`.
    fn looks_like(text: &str) -> bool {
        let moves = text.split_whitespace().next().unwrap_or("");
        moves == "start" || (!moves.is_empty() && moves.bytes().all(|b| b.is_ascii_digit()))
    }

    /// The sequence alone (a list line's score is split off before, see `split_value`).
    fn parse_text(text: &str) -> Result<Connect4, String> {
        let mut words = text.split_whitespace();
        let moves = words.next().unwrap_or("");
        if let Some(extra) = words.next() {
            if extra.parse::<i32>().is_err() {
                return Err(format!(
                    "bad score '{extra}' after the moves, expected a whole number such as -12"
                ));
            }
            let stray = words.next().unwrap_or("");
            return Err(format!(
                "unexpected '{stray}' after the score {extra}: a line holds the moves and their score only"
            ));
        }
        match moves {
            "start" => Ok(Connect4::start()),
            moves => Connect4::from_moves(moves),
        }
    }

    /// `MOVES SCORE`, the benchmark files' line: the sequence and its exact score.
    fn split_value(text: &str) -> Option<(&str, i32)> {
        let (moves, score) = text.trim().split_once(char::is_whitespace)?;
        Some((moves, score.trim().parse().ok()?))
    }

    /// `X` the first player, `O` the second, as the diagram draws them.
    const SIDE_NAMES: [&'static str; 2] = ["X", "O"];
    /// One game a line, its columns from the empty board (`4453...`): the form of Pascal
    /// Pons' solver and benchmark files.
    const RECORD_FILE: Option<&'static str> = Some("games.txt");

    fn write_record(record: &GameRecord) -> String {
        format!("{}\n", record.final_position)
    }

    fn read_records(text: &str) -> Result<Vec<ReadGame>, String> {
        Ok(text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| ReadGame {
                start: "start".into(),
                moves: l.trim().chars().map(|c| c.to_string()).collect(),
            })
            .collect())
    }

    /// Row 6 at the top; `X` the first player, `O` the second; the column numbers below.
    fn diagram(&self) -> String {
        let mut s = String::new();
        for row in (0..HEIGHT).rev() {
            for column in 0..WIDTH {
                s.push(' ');
                s.push(self.square_char(column, row));
            }
            s.push('\n');
        }
        s.push_str(" 1 2 3 4 5 6 7\n");
        s.push_str(&format!(
            "{} stones played, {} to move\n",
            self.moves_played(),
            self.side_name(self.side_to_move())
        ));
        s
    }
}
