//! Ataxx positions as text: FEN (read and written), `show`'s diagram, the side names.

use std::fmt;
use std::str::FromStr;

use super::rules::Ataxx;
use crate::game::notation::Notation;
use crate::game::record::{GameRecord, ReadGame};
use crate::game::rules::Side;

impl Ataxx {
    /// Parses a FEN: `x5o/7/7/7/7/7/o5x x 0 1` (ranks 7 to 1; `x`, `o`, `-` for a gap,
    /// digits for runs of empty squares; side `x` or `o`; halfmove clock; fullmove number).
    /// The last two fields may be left out (0 and 1).
    pub fn from_fen(fen: &str) -> Result<Ataxx, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let (board, side) = match fields.as_slice() {
            [] => return Err("empty FEN".into()),
            [_] => return Err("FEN has no side to move, expected x or o after the board".into()),
            [board, side, ..] if fields.len() <= 4 => (*board, *side),
            _ => {
                return Err(format!(
                    "FEN has {} fields, expected at most 4 (board side halfmove fullmove)",
                    fields.len()
                ))
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 7 {
            return Err(format!("FEN board has {} ranks, expected 7", ranks.len()));
        }
        let (mut black, mut white, mut gaps) = (0u64, 0u64, 0u64);
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 6 - i as u32;
            let mut file = 0u32;
            for c in rank_text.chars() {
                let run = match c {
                    '1'..='7' => c as u32 - '0' as u32,
                    'x' | 'X' | 'b' | 'B' | 'o' | 'O' | 'w' | 'W' | '-' => 1,
                    _ => {
                        return Err(format!(
                            "bad character '{c}' in FEN rank {}, expected x, o, -, or 1-7",
                            rank + 1
                        ))
                    }
                };
                if file + run > 7 {
                    return Err(format!("FEN rank {} is longer than 7 squares", rank + 1));
                }
                let bit = 1u64 << (rank * 7 + file);
                match c {
                    'x' | 'X' | 'b' | 'B' => black |= bit,
                    'o' | 'O' | 'w' | 'W' => white |= bit,
                    '-' => gaps |= bit,
                    _ => {}
                }
                file += run;
            }
            if file != 7 {
                return Err(format!(
                    "FEN rank {} has {file} squares, expected 7",
                    rank + 1
                ));
            }
        }
        let side = match side {
            "x" | "X" | "b" | "B" => Side::First,
            "o" | "O" | "w" | "W" => Side::Second,
            _ => return Err(format!("bad side to move '{side}' in FEN, expected x or o")),
        };
        let number = |i: usize, name: &str, default: u16| -> Result<u16, String> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t
                    .parse::<u16>()
                    .map_err(|_| format!("bad {name} '{t}' in FEN, expected a whole number")),
            }
        };
        let halfmove = number(2, "halfmove clock", 0)?;
        let fullmove = number(3, "fullmove number", 1)?;
        if fullmove == 0 {
            return Err("bad fullmove number '0' in FEN, expected 1 or more".into());
        }
        let (player, opponent) = match side {
            Side::First => (black, white),
            Side::Second => (white, black),
        };
        Ok(Ataxx {
            player,
            opponent,
            gaps,
            side,
            halfmove,
            fullmove,
        })
    }

    /// The FEN of the position, in the canonical form (all four fields).
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..7u8).rev() {
            let mut run = 0;
            for file in 0..7u8 {
                match self.square_char(rank * 7 + file) {
                    '.' => run += 1,
                    c => {
                        if run > 0 {
                            out.push(char::from(b'0' + run));
                            run = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if run > 0 {
                out.push(char::from(b'0' + run));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Side::First => 'x',
            Side::Second => 'o',
        };
        format!("{out} {side} {} {}", self.halfmove, self.fullmove)
    }
}

impl fmt::Display for Ataxx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl FromStr for Ataxx {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ataxx::from_fen(s)
    }
}

impl Notation for Ataxx {
    const TITLE: &'static str = "Ataxx";
    const TEXT_FORM: &'static str = "an Ataxx FEN";

    /// `X` (moves first; `x` in FEN) and `O`.
    const SIDE_NAMES: [&'static str; 2] = ["X", "O"];
    const RECORD_FILE: Option<&'static str> = Some("games.pgn");

    fn write_record(record: &GameRecord) -> String {
        crate::game::pgn::pgn(record, crate::game::pgn::FirstMover::Black)
    }

    fn read_records(text: &str) -> Result<Vec<ReadGame>, String> {
        crate::game::pgn::read_pgn(text, &<Ataxx as crate::game::Game>::start().to_string())
    }

    /// A FEN: ranks separated by `/`. Any FEN-like text, so that Ataxx's parser explains
    /// what is wrong with a malformed one: a loose claim, after a game's that is specific
    /// (chess's FEN of eight ranks).
    fn looks_like(text: &str) -> bool {
        text.contains('/')
    }

    const LOOSE_CLAIM: bool = true;

    fn parse_text(text: &str) -> Result<Ataxx, String> {
        Ataxx::from_fen(text)
    }

    /// Rank 7 at the top as in FEN; `x`, `o`, `#` a gap, `.` empty.
    fn diagram(&self) -> String {
        let pos = self;
        let mut s = String::new();
        for rank in (0..7u8).rev() {
            s.push_str(&format!("{}", rank + 1));
            for file in 0..7u8 {
                let c = match pos.square_char(rank * 7 + file) {
                    '-' => '#',
                    c => c,
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g\n");
        s.push_str(&format!(
            "halfmove clock {}, fullmove {}\n",
            pos.halfmove_clock(),
            pos.fullmove_number()
        ));
        s
    }
}
