//! Chess's position text: FEN (Shredder-FEN and X-FEN for Chess960), and EPD's four fields.

use cozy_chess::{Board, File, Rank, Square};

use super::rules::Chess;
use crate::game::notation::Notation;
use crate::game::pgn::{pgn, read_pgn, FirstMover};
use crate::game::record::{GameRecord, ReadGame};
use crate::game::rules::Game;

impl Chess {
    /// A position from FEN (six fields) or EPD's first four (the clocks then 0 and 1);
    /// Shredder-FEN castling letters (`HAha`) are read too.
    pub fn from_fen(text: &str) -> Result<Chess, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let fen = match fields.len() {
            4 => format!("{} 0 1", fields.join(" ")),
            6 => fields.join(" "),
            n => {
                return Err(format!(
                    "'{text}' has {n} fields, expected a FEN's 6 (board, side, castling, en passant, halfmove clock, move number) or EPD's first 4"
                ))
            }
        };
        let board = Board::from_fen(&fen, false)
            .or_else(|_| Board::from_fen(&fen, true))
            .map_err(|_| format!("'{text}' is not a legal chess position in FEN"))?;
        // cozy-chess lets the kings stand side by side.
        let white = board.king(cozy_chess::Color::White);
        if cozy_chess::get_king_moves(white).has(board.king(cozy_chess::Color::Black)) {
            return Err(format!(
                "'{text}' is not a legal chess position: the kings touch"
            ));
        }
        Ok(Chess::from_board(board))
    }
}

/// `moves` (in UCI's form, each legal in turn from `start`) in SAN; a move that is not
/// (which a match never records) is kept as it is, and so is every move after it.
pub fn san_moves<'a>(start: &Chess, moves: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut pos = Some(*start);
    moves
        .map(|text| {
            let Some(board_pos) = pos else {
                return text.to_string();
            };
            match board_pos.parse_legal_move(text) {
                Ok(mv) => {
                    pos = Some(board_pos.play(mv));
                    cozy_chess::util::display_san_move(board_pos.board(), mv.to_cozy()).to_string()
                }
                Err(_) => {
                    pos = None;
                    text.to_string()
                }
            }
        })
        .collect()
}

/// Whether a line starts as a chess FEN or EPD does: eight ranks of piece letters and
/// digits with both kings, then the side to move.
pub fn looks_like_fen(line: &str) -> bool {
    let mut fields = line.split_whitespace();
    let (Some(board), Some(side)) = (fields.next(), fields.next()) else {
        return false;
    };
    let ranks: Vec<&str> = board.split('/').collect();
    ranks.len() == 8
        && ranks
            .iter()
            .all(|r| !r.is_empty() && r.chars().all(|c| "pnbrqkPNBRQK12345678".contains(c)))
        && board.matches('K').count() == 1
        && board.matches('k').count() == 1
        && (side == "w" || side == "b")
}

impl Notation for Chess {
    const TITLE: &'static str = "chess";
    const TEXT_FORM: &'static str = "a chess FEN";
    /// EPD lists are chess's whatever their lines look like.
    const LIST_EXTENSION: Option<&'static str> = Some("epd");
    const SIDE_NAMES: [&'static str; 2] = ["White", "Black"];

    fn looks_like(text: &str) -> bool {
        looks_like_fen(text)
    }

    fn parse_text(text: &str) -> Result<Chess, String> {
        Chess::from_fen(text)
    }

    /// EPD: the four position fields (six when the clocks follow, as a FEN's), then the
    /// operations.
    fn split_operations(text: &str) -> Option<(&str, &str)> {
        let text = text.trim();
        // Where each of the first seven words starts.
        let starts: Vec<usize> = text
            .char_indices()
            .filter(|&(i, c)| {
                !c.is_whitespace() && (i == 0 || text[..i].ends_with(char::is_whitespace))
            })
            .map(|(i, _)| i)
            .take(7)
            .collect();
        let word = |k: usize| {
            starts
                .get(k)
                .and_then(|&i| text[i..].split_whitespace().next())
        };
        let numeric = |k: usize| word(k).is_some_and(|w| w.parse::<u32>().is_ok());
        let fields = match numeric(4) && numeric(5) {
            true => 6,
            false => 4,
        };
        let &cut = starts.get(fields)?;
        Some((text[..cut].trim_end(), &text[cut..]))
    }

    const RECORD_FILE: Option<&'static str> = Some("games.pgn");

    /// PGN with the moves in SAN, and the `FEN` tag (cutechess writes a game from a set
    /// position so too).
    fn write_record(record: &GameRecord) -> String {
        let san = Chess::from_fen(record.start).map_or_else(
            |_| record.moves.iter().map(|(_, mv)| mv.to_string()).collect(),
            |start| san_moves(&start, record.moves.iter().map(|(_, mv)| *mv)),
        );
        let in_san = GameRecord {
            moves: record
                .moves
                .iter()
                .zip(&san)
                .map(|(&(side, _), mv)| (side, mv.as_str()))
                .collect(),
            ..record.clone()
        };
        pgn(&in_san, FirstMover::White)
    }

    /// PGN in SAN or UCI's form; a game without a `FEN` tag starts from the standard
    /// position.
    fn read_records(text: &str) -> Result<Vec<ReadGame>, String> {
        read_pgn(text, &Chess::start().to_string())
    }

    /// Rank 8 at the top, White's pieces in capitals, `.` an empty square.
    fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in Rank::ALL.iter().rev() {
            s.push_str(&format!("{} ", *rank as usize + 1));
            for file in File::ALL {
                let square = Square::new(file, *rank);
                let c = match self.board().piece_on(square) {
                    None => '.',
                    Some(piece) => {
                        let c: char = piece.into();
                        match self.board().color_on(square) {
                            Some(cozy_chess::Color::White) => c.to_ascii_uppercase(),
                            _ => c,
                        }
                    }
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h\n");
        let check = match self.in_check() {
            true => ", in check",
            false => "",
        };
        s.push_str(&format!(
            "{} to move{check}, move {}, halfmove clock {}\n",
            self.side_name(self.side_to_move()),
            self.board().fullmove_number(),
            self.halfmove_clock()
        ));
        s
    }
}
