//! Ataxx moves: a clone, a jump or the pass, and their UAI notation (`b2`, `a1c3`, `0000`).

use std::fmt;
use std::str::FromStr;

use super::bits::{ADJACENT, JUMP_TARGETS, PASS_SQUARE};
use crate::game::rules::{parse_square, GameMove, MoveError};

/// An Ataxx move: a clone (single step: `from == to`), a jump (`from` two steps from
/// `to`), or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AtaxxMove {
    pub(super) from: u8,
    pub(super) to: u8,
}

impl AtaxxMove {
    pub fn clone_to(to: u8) -> AtaxxMove {
        AtaxxMove { from: to, to }
    }

    pub fn jump(from: u8, to: u8) -> AtaxxMove {
        AtaxxMove { from, to }
    }

    pub fn is_clone(self) -> bool {
        self.from == self.to && !self.is_pass()
    }

    /// The destination square, or `None` for the pass.
    pub fn to_square(self) -> Option<u8> {
        (self.to != PASS_SQUARE).then_some(self.to)
    }

    /// The square a jump leaves, or `None` for clones and the pass.
    pub fn from_square(self) -> Option<u8> {
        (self.from != self.to).then_some(self.from)
    }
}

impl GameMove for AtaxxMove {
    const PASS: AtaxxMove = AtaxxMove {
        from: PASS_SQUARE,
        to: PASS_SQUARE,
    };

    #[inline(always)]
    fn to_code(self) -> u16 {
        (self.from as u16) << 8 | self.to as u16
    }

    #[inline(always)]
    fn from_code(code: u16) -> Self {
        AtaxxMove {
            from: (code >> 8) as u8,
            to: code as u8,
        }
    }

    /// from * 49 + to for moves on the board; the pass is 49 * 49.
    #[inline(always)]
    fn index(self) -> usize {
        if self.is_pass() {
            49 * 49
        } else {
            self.from as usize * 49 + self.to as usize
        }
    }

    /// By destination file by file, then by origin.
    fn file_order_key(self) -> u64 {
        let file_major = |sq: u8| ((sq % 7) as u64) * 7 + (sq / 7) as u64;
        if self.is_pass() {
            u64::MAX
        } else {
            file_major(self.to) * 64 + file_major(self.from)
        }
    }
}

fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 7) as char, sq / 7 + 1)
}

impl fmt::Display for AtaxxMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            f.write_str("0000")
        } else if self.is_clone() {
            f.write_str(&square_name(self.to))
        } else {
            write!(f, "{}{}", square_name(self.from), square_name(self.to))
        }
    }
}

impl FromStr for AtaxxMove {
    type Err = MoveError;
    /// `b2` (clone), `a1c3` (jump), `0000` (pass); also `pass`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t == "0000" || t.eq_ignore_ascii_case("pass") {
            return Ok(AtaxxMove::PASS);
        }
        let bad = || MoveError::syntax(t, "an Ataxx move (b2, a1c3 or 0000)");
        let square = |b: &[u8]| parse_square(b, 7, 7).map(|(f, r)| r * 7 + f);
        let bytes = t.as_bytes();
        match bytes.len() {
            2 => square(bytes).map(AtaxxMove::clone_to).ok_or_else(bad),
            4 => {
                let (from, to) = (
                    square(&bytes[..2]).ok_or_else(bad)?,
                    square(&bytes[2..]).ok_or_else(bad)?,
                );
                if JUMP_TARGETS[from as usize] >> to & 1 != 0 {
                    Ok(AtaxxMove::jump(from, to))
                } else if ADJACENT[from as usize] >> to & 1 != 0 {
                    // Some programs write clones with their origin: keep the canonical form.
                    Ok(AtaxxMove::clone_to(to))
                } else {
                    Err(MoveError::syntax(
                        t,
                        "an Ataxx move: the squares are not 1 or 2 steps apart",
                    ))
                }
            }
            _ => Err(bad()),
        }
    }
}
