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
            .map_err(|_| {
                let fields: Vec<&str> = fen.split_whitespace().collect();
                match fen_problem(&fields) {
                    Some(why) => format!("'{text}' is not a chess FEN: {why}"),
                    None => format!(
                        "'{text}' is not a legal chess position (the side not to move is in check, a pawn on the first or last rank, or castling rights without their king and rook)"
                    ),
                }
            })?;
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

/// Whether a line starts as a chess FEN or EPD does: eight ranks, then the side to move
/// (`w` or `b`). A line that does is chess's, right or wrong: chess's parser then says what
/// is wrong with it (Ataxx's FEN has seven ranks).
fn looks_like_fen(line: &str) -> bool {
    let mut fields = line.split_whitespace();
    let (Some(board), Some(side)) = (fields.next(), fields.next()) else {
        return false;
    };
    board.split('/').count() == 8 && (side == "w" || side == "b")
}

/// What is wrong with a FEN's six fields, as a reader would say it (cozy-chess says only
/// that it is wrong).
fn fen_problem(fields: &[&str]) -> Option<String> {
    let [board, side, castling, en_passant, halfmove, fullmove] = fields else {
        return None;
    };
    for (i, rank) in board.split('/').enumerate() {
        let mut squares = 0;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c as u32 - '0' as u32,
                c if "pnbrqkPNBRQK".contains(c) => squares += 1,
                c => return Some(format!("'{c}' in rank {} is not a piece", 8 - i)),
            }
        }
        if squares != 8 {
            return Some(format!("rank {} has {squares} squares, not 8", 8 - i));
        }
    }
    for (king, colour) in [('K', "White"), ('k', "Black")] {
        let kings = board.matches(king).count();
        if kings != 1 {
            return Some(format!("{colour} has {kings} kings, not 1"));
        }
    }
    if !["w", "b"].contains(side) {
        return Some(format!("side to move '{side}' is not w or b"));
    }
    if *castling != "-" && !castling.chars().all(|c| "KQkqABCDEFGHabcdefgh".contains(c)) {
        return Some(format!("castling rights '{castling}' are not KQkq (or -)"));
    }
    let square = |s: &str| {
        let mut c = s.chars();
        matches!(
            (c.next(), c.next(), c.next()),
            (Some('a'..='h'), Some('3' | '6'), None)
        )
    };
    if *en_passant != "-" && !square(en_passant) {
        return Some(format!(
            "en passant square '{en_passant}' is not a square of rank 3 or 6 (or -)"
        ));
    }
    match halfmove.parse::<u32>() {
        Err(_) => return Some(format!("halfmove clock '{halfmove}' is not a number")),
        Ok(n) if n > 100 => {
            return Some(format!(
                "halfmove clock {n} is over 100 (the fifty-move rule's limit, past which a game is over)"
            ))
        }
        Ok(_) => {}
    }
    match fullmove.parse::<u32>() {
        Ok(n) if n >= 1 => None,
        _ => Some(format!("move number '{fullmove}' is not a number from 1")),
    }
}

impl Notation for Chess {
    const TITLE: &'static str = "chess";
    const TEXT_FORM: &'static str = "a chess FEN";
    /// EPD lists are chess's whatever their lines look like.
    const LIST_EXTENSION: Option<&'static str> = Some("epd");
    const SIDE_NAMES: [&'static str; 2] = ["White", "Black"];

    /// `move 12, 28 pieces`: chess players count moves and material, not empty squares.
    fn progress(&self) -> String {
        let pieces = self.board().occupied().len();
        format!("move {}, {pieces} pieces", self.board().fullmove_number())
    }

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
        // Two more words, one of them a number, and no operation (an operation ends in `;`):
        // a FEN's clocks, even a mistyped one, which the FEN's reader then names.
        let clocks = starts.len() == 6 && !text.contains(';') && (numeric(4) || numeric(5));
        let fields = match (numeric(4) && numeric(5)) || clocks {
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
