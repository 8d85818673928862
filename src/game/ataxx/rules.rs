//! Ataxx's rules: the position, move generation by bitboards, making a move, the end of the
//! game and its value.

use arrayvec::ArrayVec;

use super::bits::*;
use super::notation::AtaxxMove;
use crate::game::rules::{board_key, Game, GameMove, Side};

/// An Ataxx position: pieces of the side to move and of the other side, gaps, side to move,
/// halfmove clock and fullmove number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ataxx {
    pub(super) player: u64,
    pub(super) opponent: u64,
    pub(super) gaps: u64,
    pub(super) side: Side,
    pub(super) halfmove: u16,
    pub(super) fullmove: u16,
}

impl Ataxx {
    /// Empty squares (not a piece, not a gap).
    #[inline(always)]
    fn empty(&self) -> u64 {
        BOARD & !(self.player | self.opponent | self.gaps)
    }

    pub fn black(&self) -> u64 {
        match self.side {
            Side::First => self.player,
            Side::Second => self.opponent,
        }
    }

    pub fn white(&self) -> u64 {
        match self.side {
            Side::First => self.opponent,
            Side::Second => self.player,
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
}

/// At most 48 clones (one per empty square) plus 240 jumps (each of the 240 square pairs two
/// steps apart can be jumped in one direction only: from own piece to empty square).
const MAX_MOVES: usize = 48 + 240;

impl Game for Ataxx {
    /// Four random moves: a clone or a jump each, the board still open.
    const OPENING_PLIES: u32 = 4;
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
        let fullmove = self.fullmove + (self.side == Side::Second) as u16;
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
    fn same_state(&self, other: &Ataxx) -> bool {
        (
            self.player,
            self.opponent,
            self.gaps,
            self.side,
            self.halfmove,
        ) == (
            other.player,
            other.opponent,
            other.gaps,
            other.side,
            other.halfmove,
        )
    }

    fn key(&self) -> u64 {
        board_key(
            self.player,
            self.opponent,
            self.gaps.rotate_left(47) ^ (self.halfmove as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
            self.side,
        )
    }
}
