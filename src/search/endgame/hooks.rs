//! What exact solving may ask of a game beyond its rules: a specialised solver for the last
//! few empties, a bound from stable pieces, and region parity for move ordering. Owned by
//! the search; a game without such code takes the defaults (one line below).

use super::solving::{Solving, GENERIC};
use crate::counters::Counters;
use crate::game::tree::MAX_LEAF_VALUE;
use crate::game::{Ataxx, Chess, Game, UniformTree};

/// What a node's safe moves are (see [`Endgame::safe_moves`]).
pub enum Safe {
    /// Search the moves kept (the value is then at least [`Endgame::safe_floor`]).
    Moves,
    /// The node's final margin is known: no move keeps the opponent from winning at once,
    /// or too few stones are left for anyone to win.
    Settled(i32),
}

/// A game's exact-solving hooks. Every searched game implements it.
pub trait Endgame: Game {
    /// How the game's positions are solved when no variant is named (see [`Solving`]).
    const SOLVING: Solving = GENERIC;

    /// The most empties [`Endgame::solve_small`] takes (0: the game has no such solver).
    const SMALL_SOLVER_EMPTIES: u32 = 0;

    /// Whether the game has stable pieces to cut on ([`Endgame::stability_bound`]).
    const HAS_STABILITY: bool = false;

    /// Whether the game orders by region parity ([`Endgame::parity_rank`]).
    const HAS_PARITY: bool = false;

    /// Whether a node that failed low stores its best-looking move as the table move (else
    /// it stores none, and the entry keeps the move an earlier search proved good). Where
    /// every move fills a square the failed move is a good guess for the next MTD(f) pass
    /// (FFO 40..49 solve in 2.805 G nodes with it, 2.955 G without); Ataxx's jumps fill
    /// nothing, and its fail-high passes followed such moves down 100-ply jump sequences.
    const FAIL_LOW_MOVES: bool = true;

    /// What [`Endgame::solve_small`] keeps from one call to the next (Reversi's: a small
    /// table of bounds). Each searcher makes its own, empty, so a search's counts never
    /// depend on another searcher's; a player's searcher keeps it from move to move, as it
    /// keeps its transposition table.
    type SolverMemory: Default + Send;

    /// The exact value (as [`Game::terminal_score`] scores it) of a position with at most
    /// `SMALL_SOLVER_EMPTIES` empties, fail-soft against (`alpha`, `beta`), by the game's
    /// specialised endgame code; the positions it visits are counted in `counters` (`leaf`:
    /// scored without a move list; `interior`: every other; the probes of its table in
    /// `tt_probe`, `tt_hit` and `tt_cut`), and with `by_empties` (`solve --where`) each also
    /// by its empty squares (indexed by their count).
    fn solve_small(
        &self,
        alpha: i32,
        beta: i32,
        memory: &mut Self::SolverMemory,
        counters: &mut Counters,
        by_empties: Option<&mut [u64]>,
    ) -> i32 {
        let _ = (alpha, beta, memory, counters, by_empties);
        unimplemented!("{} has no specialised endgame solver", Self::NAME)
    }

    /// An upper bound on the final margin for the side to move proved by the other side's
    /// stable pieces, if the game knows stability and the bound could be at most `alpha`
    /// (a margin); `None` when it cannot cut.
    fn stability_bound(&self, alpha: i32) -> Option<i32> {
        let _ = alpha;
        None
    }

    /// 0 for a move into a region with an odd number of empties, 1 otherwise (games with
    /// `HAS_PARITY`): the endgame parity ordering.
    fn parity_rank(&self, mv: Self::Move) -> u64 {
        let _ = mv;
        0
    }

    /// Whether the game knows immediate threats (the hooks below; Connect 4).
    const HAS_THREATS: bool = false;

    /// The final margin if the side to move wins with its next move (`winfirst`).
    fn win_now(&self) -> Option<i32> {
        None
    }

    /// The best final margin the side to move can reach when it cannot win with its next
    /// move (`clamp`: the bound the stones left allow).
    fn margin_ceiling(&self) -> i32 {
        i32::MAX
    }

    /// The moves after which the opponent cannot win at once (`nolose`), in generation
    /// order, for a side to move that cannot win at once itself and a game that is not over.
    fn safe_moves(&self, moves: &mut Self::Moves) -> Safe {
        *moves = self.generate_moves();
        Safe::Moves
    }

    /// The worst final margin of a position whose safe moves are searched (`nolose`: the
    /// opponent cannot win with its next stone).
    fn safe_floor(&self) -> i32 {
        self.margin_range().0
    }

    /// Sorts `moves` by how many squares would complete four for the side to move after
    /// each (`threats`: most first; stable).
    fn sort_by_threats(&self, moves: &mut [Self::Move]) {
        let _ = moves;
    }

    /// The key a direct-mapped table indexes by and keeps, which must tell positions apart
    /// (the tutorial's: Connect 4's `current + mask`); by default the position's key.
    fn table_index(&self) -> u64 {
        self.key()
    }

    /// The range of final margins of positions like this one (the null-window bisection's
    /// first bounds).
    fn margin_range(&self) -> (i32, i32) {
        (-(Self::WIN_BONUS - 1), Self::WIN_BONUS - 1)
    }

    /// The range of a depth-limited search's scores (heuristic values and finished games'
    /// scores): the bisection's first bounds when it does not solve.
    fn score_range(&self) -> (i32, i32) {
        (-2 * Self::WIN_BONUS, 2 * Self::WIN_BONUS)
    }
}

impl Endgame for Ataxx {
    type SolverMemory = ();
    const FAIL_LOW_MOVES: bool = false;
}

/// Chess's solver and ladder are the generic ones with its draw rules (`+draws`): without
/// them a game need not end (two bare kings move forever).
impl Endgame for Chess {
    type SolverMemory = ();
    const SOLVING: Solving = Solving {
        solver: "mtdf+tt:256+mobility+etc+draws",
        ladder: &[
            "pvs+tt:64+draws",
            "mtdf+tt:64+draws",
            "mtdf+tt:64+mobility+draws",
            "mtdf+tt:64+mobility+etc+draws",
        ],
    };
}

/// A uniform tree's leaves are values, not margins with a bonus: its scores and margins both
/// lie within the leaf values' bounds.
impl Endgame for UniformTree {
    type SolverMemory = ();
    fn margin_range(&self) -> (i32, i32) {
        (-MAX_LEAF_VALUE, MAX_LEAF_VALUE)
    }

    fn score_range(&self) -> (i32, i32) {
        (-MAX_LEAF_VALUE, MAX_LEAF_VALUE)
    }
}
