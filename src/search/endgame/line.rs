//! A solved position's principal variation, played to the end of the game. An exact search
//! driven by null windows (MTD(f)) has no line of its own: its line is its table's moves
//! followed from the root, which stop where the table's moves stop (at the latest where the
//! game's small solver takes over: it keeps no moves), and which need not be a principal
//! variation at all (a move stored with a bound is a move that beat or failed a window,
//! not necessarily a best one). So from the first position of the line within the small
//! solver's reach the line is rebuilt by that solver: at each position, the first move (in
//! the game's order) whose child's exact value is the position's.

use super::hooks::Endgame;
use crate::counters::Counters;

/// `line` (moves from `pos`, whose exact value is `score`) rebuilt from its first position
/// within the small solver's reach (`SMALL_SOLVER_EMPTIES`) to the game's end or `max_len`
/// moves. The solves are this function's own, on their own small table: they are not the
/// search's, so neither its counts nor its time include them. A line that never comes
/// within the solver's reach is left as it is, and so is one whose position there does not
/// have the value the root's score says (its earlier moves are then not a principal
/// variation, and no later moves would make it one).
pub fn finish_line<G: Endgame>(pos: &G, score: i32, line: &mut Vec<G::Move>, max_len: usize) {
    if G::SMALL_SOLVER_EMPTIES == 0 {
        return;
    }
    let Some((kept, mut at)) = reach(pos, line) else {
        return;
    };
    let mut memory = G::SolverMemory::default();
    let mut uncounted = Counters::default();
    let mut solve = |p: &G, alpha: i32, beta: i32| {
        p.solve_small(alpha, beta, &mut memory, &mut uncounted, None)
    };
    // The value of `at` for its side to move: the root's score, negated each move.
    let mut value = if kept.is_multiple_of(2) {
        score
    } else {
        -score
    };
    // A window beyond every score: the exact value.
    let (low, high) = at.score_range();
    if solve(&at, low - 1, high + 1) != value {
        return;
    }
    line.truncate(kept);
    while line.len() < max_len && !at.is_over() {
        // A child whose value is -value, tried in a window around it (its exact value
        // when it is that).
        let Some(&best) = at
            .generate_moves()
            .iter()
            .find(|&&mv| solve(&at.play(mv), -value - 1, -value + 1) == -value)
        else {
            return;
        };
        line.push(best);
        at = at.play(best);
        value = -value;
    }
}

/// How many of `line`'s moves from `pos` come before its first position within the small
/// solver's reach, and that position; `None` when the line does not reach one (or plays a
/// move that is not legal on the way). The first move is always kept: it is the search's
/// best move, and another move of the same value in its place would make the line
/// disagree with the best move reported beside it.
fn reach<G: Endgame>(pos: &G, line: &[G::Move]) -> Option<(usize, G)> {
    let mut at = *pos;
    for (kept, &mv) in line.iter().enumerate() {
        if kept > 0 && at.empties() <= G::SMALL_SOLVER_EMPTIES {
            return Some((kept, at));
        }
        if !at.is_legal(mv) {
            return None;
        }
        at = at.play(mv);
    }
    (at.empties() <= G::SMALL_SOLVER_EMPTIES).then_some((line.len(), at))
}
