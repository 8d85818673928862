//! Connect 4's exact-solving hooks: immediate wins, moves that lose at once, the bounds the
//! stones left allow, and the threats a move makes (Pascal Pons' tutorial, parts 3 to 10).
//! Final margins are the tutorial's scores: a win with the winner's k-th stone is worth
//! 22 - k.

use super::hooks::{Endgame, Safe};
use super::solving::Solving;
use crate::game::connect4::bits::{column_mask, winning_squares, SQUARES};
use crate::game::connect4::CENTRE_FIRST;
use crate::game::{Connect4, Connect4Move};

/// Connect 4's default solver, the tutorial's final one (part 12): null-window bisection,
/// safe moves only, bounds from the stones left, threats first, and its direct-mapped table
/// with lower bounds. The fastest measured on Begin-Medium: ETC saves a fifth of its nodes but
/// costs more time, and nodeprof's bucketed table is slower a node.
pub const SOLVER: &str = "bisect+ttcut:64+ttnarrow+ttpacked+ttlower+faillow+clamp+nolose+threats";

/// Connect 4's exact ladder: each of the tutorial's techniques added in turn on nodeprof's
/// table (with ETC as a last try), then the solver.
pub const LADDER: [&str; 7] = [
    "pvs+tt:64+winfirst",
    "mtdf+tt:64+winfirst",
    "bisect+tt:64+winfirst+clamp",
    "bisect+tt:64+nolose+clamp",
    "bisect+tt:64+nolose+clamp+threats",
    "bisect+tt:64+nolose+clamp+threats+etc",
    SOLVER,
];

impl Endgame for Connect4 {
    type SolverMemory = ();
    const SOLVING: Solving = Solving {
        solver: SOLVER,
        ladder: &LADDER,
    };
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
    fn safe_moves(&self, moves: &mut Self::Moves) -> Safe {
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
        moves.clear();
        for col in CENTRE_FIRST {
            if safe & column_mask(col as u32) != 0 {
                // At most 7.
                unsafe { moves.push_unchecked(Connect4Move::new(col as u32)) };
            }
        }
        Safe::Moves
    }

    /// A loss to the opponent's stone after next at worst.
    #[inline(always)]
    fn safe_floor(&self) -> i32 {
        -(SQUARES as i32 - 2 - self.moves_played() as i32) / 2
    }

    /// By the tutorial's move score: squares completing four for the mover once the move is
    /// played (counted against the board before the move); an insertion sort of at most 7.
    #[inline]
    fn sort_by_threats(&self, moves: &mut [Connect4Move]) {
        let landing = self.landing();
        let mut keys = [0u32; 7];
        for (key, mv) in keys.iter_mut().zip(moves.iter()) {
            let square = landing & column_mask(mv.column());
            *key = winning_squares(self.current() | square, self.mask()).count_ones();
        }
        for i in 1..moves.len() {
            let (k, m) = (keys[i], moves[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            keys[j] = k;
            moves[j] = m;
        }
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
        (
            -(SQUARES as i32 - played) / 2,
            (SQUARES as i32 + 1 - played) / 2,
        )
    }
}

impl Connect4 {
    /// The final margin when the opponent wins with its next stone.
    #[inline(always)]
    fn lost_next(&self) -> i32 {
        -(SQUARES as i32 - self.moves_played() as i32) / 2
    }
}
