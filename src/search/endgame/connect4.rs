//! Connect 4's exact-solving hooks: immediate wins, moves that lose at once, the bounds the
//! stones left allow, and the threats a move makes (Pascal Pons' tutorial, parts 3 to 10).
//! Final margins are the tutorial's scores: a win with the winner's k-th stone is worth
//! 22 - k.

use super::hooks::{Endgame, Safe};
use crate::game::connect4::bits::{column_mask, winning_squares, SQUARES};
use crate::game::{Connect4, Connect4Move};

impl Endgame for Connect4 {
    const HAS_THREATS: bool = true;

    #[inline(always)]
    fn win_now(&self) -> Option<i32> {
        self.can_win_next()
            .then(|| (SQUARES as i32 + 1 - self.moves_played() as i32) / 2)
    }

    /// A win with the side's next stone but one at best.
    #[inline(always)]
    fn margin_ceiling(&self) -> i32 {
        (SQUARES as i32 - 1 - self.moves_played() as i32) / 2
    }

    /// Where the opponent threatens a landing square the move must go there (two such
    /// squares: lost); a move under an opponent's threat square is never kept.
    #[inline]
    fn keep_safe_moves(&self, moves: &mut Self::Moves) -> Safe {
        let landing = self.landing();
        let threats = self.opponent_threats();
        let mut safe = landing;
        let forced = landing & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return Safe::Settled(self.lost_next());
            }
            safe = forced;
        }
        safe &= !(threats >> 1);
        if safe == 0 {
            return Safe::Settled(self.lost_next());
        }
        let played = self.moves_played() as i32;
        if played >= SQUARES as i32 - 2 {
            return Safe::Settled(0);
        }
        moves.retain(|mv| safe & column_mask(mv.column()) != 0);
        Safe::Moves {
            floor: -(SQUARES as i32 - 2 - played) / 2,
        }
    }

    /// The tutorial's move score: squares completing four for the mover once `mv` is
    /// played (counted against the board before the move).
    #[inline(always)]
    fn threat_count(&self, mv: Connect4Move) -> u32 {
        let square = self.landing() & column_mask(mv.column());
        winning_squares(self.current() | square, self.mask()).count_ones()
    }

    /// The tutorial's key: unique (below 2^49) and spread by a prime modulus.
    #[inline(always)]
    fn table_index(&self) -> u64 {
        self.current() + self.mask()
    }

    /// The tutorial's first bounds: from a loss to the opponent's next stone to a win
    /// with the side's next stone.
    fn margin_range(&self) -> (i32, i32) {
        let played = self.moves_played() as i32;
        (-(SQUARES as i32 - played) / 2, (SQUARES as i32 + 1 - played) / 2)
    }
}

impl Connect4 {
    /// The final margin when the opponent wins with its next stone.
    #[inline(always)]
    fn lost_next(&self) -> i32 {
        -(SQUARES as i32 - self.moves_played() as i32) / 2
    }
}
