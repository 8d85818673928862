//! Ataxx on a 7x7 board held in the low 49 bits of a u64, with gaps (blocked squares),
//! following the UAI conventions (see README: rules and perft conventions).
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., g1 = 6, a2 = 7, ..., g7 = 48.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::notation::Notation;
use super::rules::{board_key, parse_square, Game, GameMove, Side};

const BOARD: u64 = (1 << 49) - 1;
const PASS_SQUARE: u8 = 0xFF;
/// The game ends when the halfmove clock reaches this.
pub const HALFMOVE_LIMIT: u16 = 100;

const fn file_mask(file: u32) -> u64 {
    let mut m = 0;
    let mut r = 0;
    while r < 7 {
        m |= 1 << (r * 7 + file);
        r += 1;
    }
    m
}
const FILE_A: u64 = file_mask(0);
const FILE_B: u64 = file_mask(1);
const FILE_F: u64 = file_mask(5);
const FILE_G: u64 = file_mask(6);

/// Shifts one or two files towards g / towards a, and one or two ranks up / down,
/// dropping what falls off the board.
#[inline(always)]
fn east1(b: u64) -> u64 {
    (b & !FILE_G) << 1
}
#[inline(always)]
fn east2(b: u64) -> u64 {
    (b & !(FILE_F | FILE_G)) << 2
}
#[inline(always)]
fn west1(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}
#[inline(always)]
fn west2(b: u64) -> u64 {
    (b & !(FILE_A | FILE_B)) >> 2
}
#[inline(always)]
fn north(b: u64, ranks: u32) -> u64 {
    (b << (7 * ranks)) & BOARD
}
#[inline(always)]
fn south(b: u64, ranks: u32) -> u64 {
    b >> (7 * ranks)
}

/// Squares within one step (king distance 1) of `b`, `b` included.
#[inline(always)]
fn dilate1(b: u64) -> u64 {
    let h = b | east1(b) | west1(b);
    h | north(h, 1) | south(h, 1)
}

/// Squares within two steps of `b`, `b` included.
#[inline(always)]
fn dilate2(b: u64) -> u64 {
    let h = b | east1(b) | west1(b) | east2(b) | west2(b);
    h | north(h, 1) | south(h, 1) | north(h, 2) | south(h, 2)
}

/// Number of (from, to) pairs with `from` in `own`, `to` in `targets` at king distance
/// exactly 2: the jump moves, counted by shifting `own` along each of the 16 offsets.
#[inline(always)]
fn count_jumps(own: u64, targets: u64) -> u32 {
    let pop = |b: u64| (b & targets).count_ones();
    let (e2, w2) = (east2(own), west2(own));
    let (e1, w1) = (east1(own), west1(own));
    let mut n = 0;
    for col in [e2, w2] {
        n += pop(col) + pop(north(col, 1)) + pop(south(col, 1));
        n += pop(north(col, 2)) + pop(south(col, 2));
    }
    for col in [e1, own, w1] {
        n += pop(north(col, 2)) + pop(south(col, 2));
    }
    n
}

const fn ring_tables() -> ([u64; 49], [u64; 49]) {
    let mut adjacent = [0u64; 49];
    let mut jumps = [0u64; 49];
    let mut sq = 0;
    while sq < 49 {
        let (f, r) = ((sq % 7) as i32, (sq / 7) as i32);
        let mut to: usize = 0;
        while to < 49 {
            let (tf, tr) = ((to % 7) as i32, (to / 7) as i32); // usize -> i32
            let (df, dr) = ((tf - f).abs(), (tr - r).abs());
            let dist = if df > dr { df } else { dr };
            if dist == 1 {
                adjacent[sq] |= 1 << to;
            } else if dist == 2 {
                jumps[sq] |= 1 << to;
            }
            to += 1;
        }
        sq += 1;
    }
    (adjacent, jumps)
}
const RINGS: ([u64; 49], [u64; 49]) = ring_tables();
/// The squares at king distance 1 (captures, clones) and 2 (jumps) from each square.
const ADJACENT: [u64; 49] = RINGS.0;
const JUMP_TARGETS: [u64; 49] = RINGS.1;

/// An Ataxx move: a clone (single step: `from == to`), a jump (`from` two steps from
/// `to`), or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AtaxxMove {
    from: u8,
    to: u8,
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
    type Err = String;
    /// `b2` (clone), `a1c3` (jump), `0000` (pass); also `pass`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t == "0000" || t.eq_ignore_ascii_case("pass") {
            return Ok(AtaxxMove::PASS);
        }
        let bad = || format!("'{t}' is not an Ataxx move (b2, a1c3 or 0000)");
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
                    Err(format!(
                        "'{t}' is not an Ataxx move: the squares are not 1 or 2 steps apart"
                    ))
                }
            }
            _ => Err(bad()),
        }
    }
}

/// An Ataxx position: pieces of the side to move and of the other side, gaps, side to move,
/// halfmove clock and fullmove number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ataxx {
    player: u64,
    opponent: u64,
    gaps: u64,
    side: Side,
    halfmove: u16,
    fullmove: u16,
}

impl Ataxx {
    /// Empty squares (not a piece, not a gap).
    #[inline(always)]
    fn empty(&self) -> u64 {
        BOARD & !(self.player | self.opponent | self.gaps)
    }

    pub fn black(&self) -> u64 {
        match self.side {
            Side::Black => self.player,
            Side::White => self.opponent,
        }
    }

    pub fn white(&self) -> u64 {
        match self.side {
            Side::Black => self.opponent,
            Side::White => self.player,
        }
    }

    pub fn gaps(&self) -> u64 {
        self.gaps
    }

    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The character of a square in FEN: `x`, `o`, `-` (gap) or `.` (empty).
    pub fn square_char(&self, sq: u8) -> char {
        let bit = 1u64 << sq;
        if self.black() & bit != 0 {
            'x'
        } else if self.white() & bit != 0 {
            'o'
        } else if self.gaps & bit != 0 {
            '-'
        } else {
            '.'
        }
    }

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
            "x" | "X" | "b" | "B" => Side::Black,
            "o" | "O" | "w" | "W" => Side::White,
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
            Side::Black => (black, white),
            Side::White => (white, black),
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
            Side::Black => 'x',
            Side::White => 'o',
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

/// At most 48 clones (one per empty square) plus 240 jumps (each of the 240 square pairs two
/// steps apart can be jumped in one direction only: from own piece to empty square).
const MAX_MOVES: usize = 48 + 240;

impl Game for Ataxx {
    type Move = AtaxxMove;
    type Moves = ArrayVec<AtaxxMove, MAX_MOVES>;

    const NAME: &'static str = "ataxx";
    /// 15 to 70 in the writeups' measurements.
    const TYPICAL_BRANCHING: u32 = 40;
    const MOVE_INDEXES: usize = 49 * 49 + 1;
    const FINISHED_GAME_PERFT: u64 = 0;

    fn start() -> Ataxx {
        Ataxx::from_fen("x5o/7/7/7/7/7/o5x x 0 1").expect("the start FEN is valid")
    }

    #[inline(always)]
    fn side_to_move(&self) -> Side {
        self.side
    }

    #[inline]
    fn generate_moves(&self) -> ArrayVec<AtaxxMove, MAX_MOVES> {
        let mut list = ArrayVec::new();
        if self.is_over() {
            return list;
        }
        let empty = self.empty();
        let mut clones = dilate1(self.player) & empty;
        while clones != 0 {
            let to = clones.trailing_zeros() as u8;
            // Bounded by MAX_MOVES (see there).
            unsafe { list.push_unchecked(AtaxxMove::clone_to(to)) };
            clones &= clones - 1;
        }
        let mut from_set = self.player;
        while from_set != 0 {
            let from = from_set.trailing_zeros() as u8;
            let mut targets = JUMP_TARGETS[from as usize] & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                unsafe { list.push_unchecked(AtaxxMove::jump(from, to)) };
                targets &= targets - 1;
            }
            from_set &= from_set - 1;
        }
        if list.is_empty() {
            list.push(AtaxxMove::PASS);
        }
        list
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let empty = self.empty();
        let n = (dilate1(self.player) & empty).count_ones() + count_jumps(self.player, empty);
        n.max(1) as u64
    }

    #[inline(always)]
    fn play(&self, mv: AtaxxMove) -> Ataxx {
        let fullmove = self.fullmove + (self.side == Side::White) as u16;
        if mv.is_pass() {
            return Ataxx {
                player: self.opponent,
                opponent: self.player,
                gaps: self.gaps,
                side: self.side.opponent(),
                halfmove: self.halfmove + 1,
                fullmove,
            };
        }
        let to = 1u64 << mv.to;
        let captured = ADJACENT[mv.to as usize] & self.opponent;
        let (mut player, halfmove) = (self.player | to | captured, 0);
        let halfmove = if mv.from != mv.to {
            player ^= 1u64 << mv.from;
            self.halfmove + 1
        } else {
            halfmove
        };
        Ataxx {
            player: self.opponent ^ captured,
            opponent: player,
            gaps: self.gaps,
            side: self.side.opponent(),
            halfmove,
            fullmove,
        }
    }

    /// Over when a side has no pieces, when no empty square is within two steps of any
    /// piece, or when the halfmove clock reaches 100.
    #[inline(always)]
    fn is_over(&self) -> bool {
        self.player == 0
            || self.opponent == 0
            || self.halfmove >= HALFMOVE_LIMIT
            || dilate2(self.player | self.opponent) & self.empty() == 0
    }

    fn ended_by_move_rule(&self) -> bool {
        self.halfmove >= HALFMOVE_LIMIT
            && self.player != 0
            && self.opponent != 0
            && dilate2(self.player | self.opponent) & self.empty() != 0
    }

    fn stone_counts(&self) -> Option<(u32, u32)> {
        Some((self.player.count_ones(), self.opponent.count_ones()))
    }

    /// The piece difference (empty squares are not given to anyone).
    fn final_margin(&self) -> i32 {
        self.material()
    }

    #[inline(always)]
    fn material(&self) -> i32 {
        self.player.count_ones() as i32 - self.opponent.count_ones() as i32
    }

    #[inline(always)]
    fn empties(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Greedy rank of `mv`: clones (clock reset) before jumps, then the fewest pieces left to
    /// the opponent (the biggest capture first). Jumps first
    /// would let exact solving wander through long jump sequences.
    #[inline(always)]
    fn mobility_rank(&self, mv: AtaxxMove) -> u64 {
        let child = self.play(mv);
        let jumped = (child.halfmove != 0) as u64;
        jumped << 8 | child.player.count_ones() as u64
    }

    /// Pieces, gaps, side to move and the halfmove clock (it can end the game, so the same
    /// board with another clock may have another value; a clone resets it, so transpositions
    /// after clones still meet). The fullmove number is left out.
    #[inline]
    fn key(&self) -> u64 {
        board_key(
            self.player,
            self.opponent,
            self.gaps.rotate_left(47) ^ (self.halfmove as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
            self.side,
        )
    }
}

impl Notation for Ataxx {
    const TITLE: &'static str = "Ataxx";
    const TEXT_FORM: &'static str = "an Ataxx FEN";

    /// `X` (moves first; `x` in FEN) and `O`.
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::Black => "X",
            Side::White => "O",
        }
    }

    /// A FEN: ranks separated by `/`.
    fn looks_like(text: &str) -> bool {
        text.contains('/')
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;

    #[test]
    fn perft_from_start_matches_published_counts() {
        let published = [16u64, 256, 6460, 155888, 4752668, 141865520];
        let start = Ataxx::start();
        for (i, &n) in published.iter().enumerate() {
            assert_eq!(perft(&start, i as u32 + 1), n, "depth {}", i + 1);
        }
    }

    #[test]
    fn perft_of_gap_layout_matches_published_counts() {
        let pos = Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").unwrap();
        for (i, &n) in [14u64, 196, 4184, 86528, 2266352].iter().enumerate() {
            assert_eq!(perft(&pos, i as u32 + 1), n, "depth {}", i + 1);
        }
    }

    #[test]
    fn bulk_count_equals_generated_moves() {
        // Walk a few hundred positions of a fixed game tree and compare the two counts.
        let mut frontier = vec![
            Ataxx::start(),
            Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1").unwrap(),
        ];
        for _ in 0..3 {
            let mut next = Vec::new();
            for pos in &frontier {
                assert_eq!(
                    pos.count_moves(),
                    pos.generate_moves().len() as u64,
                    "{pos}"
                );
                for (i, &mv) in pos.generate_moves().iter().enumerate() {
                    if i % 3 == 0 {
                        next.push(pos.play(mv));
                    }
                }
            }
            frontier = next;
        }
        assert!(frontier.len() > 50);
    }

    #[test]
    fn fen_round_trips() {
        for fen in [
            "x5o/7/7/7/7/7/o5x x 0 1",
            "x5o/7/2-1-2/7/2-1-2/7/o5x o 17 42",
            "7/7/7/7/7/7/7 x 0 1",
            "xxxxxxx/ooooooo/-------/3x3/7/7/o5x o 99 100",
        ] {
            assert_eq!(Ataxx::from_fen(fen).unwrap().fen(), fen);
        }
        assert_eq!(
            Ataxx::from_fen("x5o/7/7/7/7/7/o5x x").unwrap().fen(),
            "x5o/7/7/7/7/7/o5x x 0 1"
        );
    }

    #[test]
    fn bad_fens_are_errors() {
        let cases = [
            ("x5o/7/7/7/7/o5x x 0 1", "6 ranks, expected 7"),
            ("x5o/7/7/7/7/7/o6x x 0 1", "longer than 7"),
            ("x5o/7/7/7/7/7/o4x x 0 1", "has 6 squares, expected 7"),
            ("x5o/7/7/7/7/7/o5z x 0 1", "bad character 'z'"),
            ("x5o/7/7/7/7/7/o5x y 0 1", "bad side to move 'y'"),
            ("x5o/7/7/7/7/7/o5x x ab 1", "bad halfmove clock 'ab'"),
            ("x5o/7/7/7/7/7/o5x x 0 -1", "bad fullmove number '-1'"),
            ("x5o/7/7/7/7/7/o5x", "no side to move"),
            ("x5o/7/7/7/7/7/o5x x 0 1 9", "at most 4"),
        ];
        for (fen, expected) in cases {
            let err = Ataxx::from_fen(fen).unwrap_err();
            assert!(err.contains(expected), "{fen}: {err}");
        }
    }

    #[test]
    fn every_move_prints_and_parses() {
        for sq in 0..49u8 {
            let clone = AtaxxMove::clone_to(sq);
            assert_eq!(clone.to_string().parse::<AtaxxMove>().unwrap(), clone);
            let mut targets = JUMP_TARGETS[sq as usize];
            while targets != 0 {
                let jump = AtaxxMove::jump(sq, targets.trailing_zeros() as u8);
                assert_eq!(jump.to_string().parse::<AtaxxMove>().unwrap(), jump);
                targets &= targets - 1;
            }
        }
        assert_eq!("0000".parse::<AtaxxMove>().unwrap(), AtaxxMove::PASS);
        assert_eq!("a1b2".parse::<AtaxxMove>().unwrap(), AtaxxMove::clone_to(8));
        for bad in ["h1", "a8", "a1d4", "a1a1x", "", "00", "a1a4"] {
            assert!(bad.parse::<AtaxxMove>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clone_and_jump_capture_neighbours_and_move_the_clocks() {
        let pos = Ataxx::from_fen("7/7/7/3o3/7/1x5/7 x 5 3").unwrap();
        // Clone b2 -> c3 takes the o on d4 and resets the halfmove clock.
        let clone = pos.play(pos.parse_legal_move("c3").unwrap());
        assert_eq!(clone.fen(), "7/7/7/3x3/2x4/1x5/7 o 0 3");
        // Jump b2 -> d3 leaves b2, takes d4 and adds one to the clock.
        let jump = pos.play(pos.parse_legal_move("b2d3").unwrap());
        assert_eq!(jump.fen(), "7/7/7/3x3/3x3/7/7 o 6 3");
        // The fullmove number grows after o's move.
        let passed = jump.play(AtaxxMove::PASS);
        assert_eq!(passed.fen(), "7/7/7/3x3/3x3/7/7 x 7 4");
        assert!(pos.parse_legal_move("b2e5").is_err());
        assert!(pos.parse_legal_move("d4").is_err(), "d4 is occupied");
    }

    #[test]
    fn forced_pass_and_finished_games() {
        // x is walled in by gaps and cannot move; o can: x must pass.
        let walled = Ataxx::from_fen("x--4/---4/---4/7/7/7/6o x 0 1").unwrap();
        assert!(!walled.is_over());
        assert_eq!(&walled.generate_moves()[..], &[AtaxxMove::PASS]);
        assert_eq!(walled.count_moves(), 1);
        let after = walled.play(AtaxxMove::PASS);
        assert_eq!(after.fen(), "x--4/---4/---4/7/7/7/6o o 1 1");
        assert_eq!(perft(&walled, 1), 1);
        assert_eq!(perft(&walled, 2), after.count_moves());

        // No o pieces: over, perft 0 at any depth >= 1.
        let wiped = Ataxx::from_fen("x6/7/7/7/7/7/7 o 0 1").unwrap();
        assert!(wiped.is_over());
        assert!(wiped.generate_moves().is_empty());
        assert_eq!(wiped.count_moves(), 0);
        assert_eq!((perft(&wiped, 1), perft(&wiped, 3)), (0, 0));
        assert_eq!(wiped.final_margin(), -1);

        // Halfmove clock at 100: over.
        let clock = Ataxx::from_fen("x5o/7/7/7/7/7/o5x x 100 60").unwrap();
        assert!(clock.is_over());
        assert_eq!(perft(&clock, 2), 0);

        // Empty squares left, but none within two steps of a piece: over.
        let out_of_reach = Ataxx::from_fen("xo--3/----3/----3/7/7/7/7 x 0 1").unwrap();
        assert!(out_of_reach.is_over());
        assert_eq!(out_of_reach.empties(), 3 * 3 + 4 * 7);
        assert_eq!(perft(&out_of_reach, 1), 0);
        let full = Ataxx::from_fen("xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxx- x 0 1")
            .unwrap();
        assert!(full.is_over());
        assert_eq!(full.final_margin(), 21 + 6 - 21);
    }
}
