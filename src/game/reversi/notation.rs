//! Reversi's notation: moves `a1`..`h8` and `pass`, sides `X`/`O`.

use std::fmt;
use std::str::FromStr;

use crate::game::rules::{parse_square, GameMove, MoveError, Side};

/// A Reversi move: a square 0..63, or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReversiMove(pub(super) u8);

impl ReversiMove {
    pub const fn from_square(square: u8) -> ReversiMove {
        assert!(square < 64);
        ReversiMove(square)
    }

    /// The square 0..63, or `None` for the pass.
    pub fn square(self) -> Option<u8> {
        (self.0 < 64).then_some(self.0)
    }
}

impl GameMove for ReversiMove {
    const PASS: ReversiMove = ReversiMove(64);

    #[inline(always)]
    fn to_code(self) -> u16 {
        self.0 as u16
    }

    #[inline(always)]
    fn from_code(code: u16) -> Self {
        ReversiMove(code.min(64) as u8)
    }

    #[inline(always)]
    fn index(self) -> usize {
        self.0 as usize
    }

    fn file_order_key(self) -> u64 {
        let sq = self.0 as u64;
        if sq < 64 {
            (sq % 8) * 8 + sq / 8
        } else {
            64
        }
    }
}

impl fmt::Display for ReversiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square() {
            Some(sq) => write!(f, "{}{}", (b'a' + sq % 8) as char, sq / 8 + 1),
            None => f.write_str("pass"),
        }
    }
}

impl FromStr for ReversiMove {
    type Err = MoveError;
    /// `a1`..`h8` (either case); `pass`, `PA`, `PS`, `@@` or `--` for the pass.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if ["pass", "pa", "ps", "@@", "--"]
            .iter()
            .any(|p| t.eq_ignore_ascii_case(p))
        {
            return Ok(ReversiMove::PASS);
        }
        parse_square(t.as_bytes(), 8, 8)
            .map(|(file, rank)| ReversiMove(rank * 8 + file))
            .ok_or_else(|| MoveError::syntax(t, "a Reversi move (a1..h8 or pass)"))
    }
}

/// `X`/`B`/`black` or `O`/`W`/`white`.
pub fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "x" | "b" | "*" | "black" => Ok(Side::First),
        "o" | "w" | "white" => Ok(Side::Second),
        _ => Err(format!(
            "bad side to move '{text}', expected X (black) or O (white)"
        )),
    }
}
