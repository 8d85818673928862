//! Connect 4's rules: dropping stones, four in a row, the tutorial's score.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::bits::{
    column_mask, has_alignment, landing_squares, top_mask, winning_squares, SQUARES, WIDTH,
};
use crate::game::rules::{fmix64, Eval, Game, GameMove, MoveError, Side};

/// A move: the column a stone is dropped in (0-based inside, `1`..`7` in text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Connect4Move(u8);

/// The code of the move that never happens (Connect 4 has no passes).
const NO_COLUMN: u8 = 0xFF;

/// The columns from the centre out (4, 3, 5, 2, 6, 1, 7): the order moves are generated in,
/// the tutorial's "column exploration order". `+fileorder` tries them left to right.
pub const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

impl Connect4Move {
    pub fn column(self) -> u32 {
        self.0 as u32
    }

    pub fn new(column: u32) -> Connect4Move {
        debug_assert!(column < WIDTH);
        Connect4Move(column as u8)
    }
}

impl GameMove for Connect4Move {
    /// Never generated: a Connect 4 player always has a move until the game is over.
    const PASS: Connect4Move = Connect4Move(NO_COLUMN);

    fn to_code(self) -> u16 {
        self.0 as u16
    }

    fn from_code(code: u16) -> Self {
        Connect4Move(code as u8)
    }

    fn index(self) -> usize {
        (self.0 as usize).min(WIDTH as usize)
    }

    /// Left to right.
    fn file_order_key(self) -> u64 {
        self.0 as u64
    }
}

impl fmt::Display for Connect4Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == NO_COLUMN {
            f.write_str("-")
        } else {
            write!(f, "{}", self.0 + 1)
        }
    }
}

impl FromStr for Connect4Move {
    type Err = MoveError;
    /// A column number, `1` to `7`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().parse::<u32>() {
            Ok(c) if (1..=WIDTH).contains(&c) => Ok(Connect4Move((c - 1) as u8)),
            _ => Err(MoveError::syntax(
                s.trim(),
                "a Connect 4 move, expected a column 1 to 7",
            )),
        }
    }
}

/// A Connect 4 position: the stones of the side to move, all stones, and the moves played
/// (whose parity says who is to move: the first player after an even number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect4 {
    current: u64,
    mask: u64,
    moves: u8,
    /// The moves from the empty board, column by column, as text (`4453`), kept for the
    /// notation: a position is written as the sequence that reached it.
    history: History,
}

/// The moves played, two columns a byte (at most 42 moves).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct History([u8; 21]);

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("History")
    }
}

impl History {
    fn get(&self, i: usize) -> u8 {
        (self.0[i / 2] >> (4 * (i % 2))) & 0xF
    }

    fn set(&mut self, i: usize, column: u8) {
        self.0[i / 2] |= column << (4 * (i % 2));
    }
}

impl Connect4 {
    /// The stones of the side to move.
    #[inline(always)]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// Every stone on the board.
    #[inline(always)]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Stones played so far.
    #[inline(always)]
    pub fn moves_played(&self) -> u32 {
        self.moves as u32
    }

    /// The stones of the player who moved last.
    #[inline(always)]
    pub fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Whether a stone can still go in column `col` (0-based).
    #[inline(always)]
    pub fn can_play(&self, col: u32) -> bool {
        self.mask & top_mask(col) == 0
    }

    /// The landing square of every column that is not full.
    #[inline(always)]
    pub fn landing(&self) -> u64 {
        landing_squares(self.mask)
    }

    /// Drops a stone of the side to move on `square`, the landing square of `column`.
    #[inline(always)]
    fn drop_stone(&self, square: u64, column: u32) -> Connect4 {
        let mut history = self.history;
        history.set(self.moves as usize, column as u8);
        Connect4 {
            current: self.current ^ self.mask,
            mask: self.mask | square,
            moves: self.moves + 1,
            history,
        }
    }

    /// The empty squares that would complete four for the side to move.
    #[inline(always)]
    pub fn own_threats(&self) -> u64 {
        winning_squares(self.current, self.mask)
    }

    /// The empty squares that would complete four for the other side.
    #[inline(always)]
    pub fn opponent_threats(&self) -> u64 {
        winning_squares(self.opponent(), self.mask)
    }

    /// Whether the side to move wins with its next stone.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.own_threats() & self.landing() != 0
    }

    /// The position after the columns of `sequence` (`4453`) from the empty board.
    pub fn from_moves(sequence: &str) -> Result<Connect4, String> {
        let mut pos = Connect4::start();
        for (i, c) in sequence.chars().enumerate() {
            let number = i + 1;
            let column = match c.to_digit(10) {
                Some(d @ 1..=7) => d - 1,
                _ => {
                    return Err(format!(
                        "bad character '{c}' at move {number}, expected a column 1 to 7"
                    ))
                }
            };
            if pos.is_over() {
                return Err(format!(
                    "move {number} ({c}) comes after the end of the game"
                ));
            }
            if !pos.can_play(column) {
                return Err(format!("move {number} ({c}) is played in a full column"));
            }
            pos = pos.play(Connect4Move::new(column));
        }
        Ok(pos)
    }

    /// The sequence of columns that reached this position (`4453`; empty at the start).
    pub fn sequence(&self) -> String {
        (0..self.moves as usize)
            .map(|i| char::from(b'1' + self.history.get(i)))
            .collect()
    }

    /// Open threes for the side to move minus the other side's: the empty squares where
    /// one more stone would complete four.
    #[inline]
    pub fn threat_balance(&self) -> i32 {
        self.own_threats().count_ones() as i32 - self.opponent_threats().count_ones() as i32
    }

    /// The stone of a square for diagrams: `X` the first player, `O` the second, `.` empty.
    pub fn square_char(&self, column: u32, row: u32) -> char {
        let bit = 1u64 << (column * 7 + row);
        let first_to_move = self.moves.is_multiple_of(2);
        if self.mask & bit == 0 {
            '.'
        } else if (self.current & bit != 0) == first_to_move {
            'X'
        } else {
            'O'
        }
    }
}

impl fmt::Display for Connect4 {
    /// The move sequence; the empty board is `start`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.moves {
            0 => f.write_str("start"),
            _ => f.write_str(&self.sequence()),
        }
    }
}

impl Game for Connect4 {
    type Move = Connect4Move;
    type Moves = ArrayVec<Connect4Move, 7>;

    const NAME: &'static str = "connect4";
    const TYPICAL_BRANCHING: u32 = 7;
    const MOVE_INDEXES: usize = WIDTH as usize + 1;
    /// A won game is a leaf (the documented perft convention).
    const FINISHED_GAME_PERFT: u64 = 1;
    /// 16 empty cells solve in milliseconds.
    const EXACT_ADJUDICATION_EMPTIES: Option<u32> = Some(16);
    /// Four random discs (2,401 sequences): more would often hand one side a won game.
    const OPENING_PLIES: u32 = 4;
    const DEFAULT_EVAL: Eval = Eval::Threats;
    /// Only its own: disc difference means nothing in Connect 4.
    const EVALS: &'static [Eval] = &[Eval::Threats];

    fn start() -> Connect4 {
        Connect4 {
            current: 0,
            mask: 0,
            moves: 0,
            history: History([0; 21]),
        }
    }

    #[inline(always)]
    fn side_to_move(&self) -> Side {
        match self.moves % 2 {
            0 => Side::First,
            _ => Side::Second,
        }
    }

    /// Centre first (see [`CENTRE_FIRST`]).
    #[inline]
    fn generate_moves(&self) -> Self::Moves {
        let mut list = ArrayVec::new();
        if self.is_over() {
            return list;
        }
        for col in CENTRE_FIRST {
            if self.can_play(col as u32) {
                // At most 7.
                unsafe { list.push_unchecked(Connect4Move(col)) };
            }
        }
        list
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        self.landing().count_ones() as u64
    }

    #[inline(always)]
    fn play(&self, mv: Connect4Move) -> Connect4 {
        let column = mv.column();
        self.drop_stone(self.landing() & column_mask(column), column)
    }

    /// Over when the player who moved last has four in a row, or the board is full.
    #[inline(always)]
    fn is_over(&self) -> bool {
        self.moves as u32 == SQUARES || has_alignment(self.opponent())
    }

    /// The tutorial's score: lost (the other side has four) by `-(22 - its stones)`; a full
    /// board without four is a draw, 0.
    #[inline]
    fn final_margin(&self) -> i32 {
        if has_alignment(self.opponent()) {
            -((SQUARES as i32 + 2 - self.moves as i32) / 2)
        } else {
            0
        }
    }

    /// Stones of the side to move minus the other side's (0 or -1: a useless evaluation,
    /// kept for the trait; `threats` is Connect 4's).
    #[inline(always)]
    fn material(&self) -> i32 {
        self.current.count_ones() as i32 - self.opponent().count_ones() as i32
    }

    #[inline(always)]
    fn evaluate(&self, eval: Eval) -> i32 {
        match eval {
            Eval::Threats => self.threat_balance(),
            _ => self.material(),
        }
    }

    #[inline(always)]
    fn empties(&self) -> u32 {
        SQUARES - self.moves as u32
    }

    /// Every move fills a cell.
    fn plies_left_at_most(&self) -> Option<u32> {
        Some(self.empties())
    }

    /// `current + mask` tells positions apart (the tutorial's key), mixed for the table.
    #[inline(always)]
    fn key(&self) -> u64 {
        fmix64(self.current + self.mask)
    }

    /// The stones alone: the moves that reached them (kept for the notation) do not count,
    /// so that the graphs of proof-number and Monte Carlo tree search merge transpositions.
    #[inline]
    fn same_state(&self, other: &Connect4) -> bool {
        (self.current, self.mask) == (other.current, other.mask)
    }

    #[inline]
    fn is_legal(&self, mv: Connect4Move) -> bool {
        mv.column() < WIDTH && !self.is_over() && self.can_play(mv.column())
    }
}
