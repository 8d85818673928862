//! Perft: the number of leaves of the game tree to a fixed depth, the standard check of a
//! move generator. One implementation, used by the tests, the benches and the CLI.

use super::rules::Game;

/// Leaves of the tree of depth `depth` below `pos`.
///
/// A pass is a move and consumes one ply. A game that is over before the last ply counts
/// `G::FINISHED_GAME_PERFT` leaves (1 for Reversi, 0 for Ataxx, as their published counts
/// do). The last ply is counted in bulk from the move count, as engines publish their figures.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => leaves_one_ply_down(pos),
        _ => {
            let moves = pos.generate_moves();
            if moves.is_empty() {
                return G::FINISHED_GAME_PERFT;
            }
            // The last two plies have a loop of their own (no call and no depth test per leaf
            // parent): merged into one loop with the deeper plies, Reversi's perft was 16%
            // slower.
            let mut total = 0;
            match depth {
                2 => each_child(pos, &moves, |child| total += leaves_one_ply_down(child)),
                _ => each_child(pos, &moves, |child| total += perft(child, depth - 1)),
            }
            total
        }
    }
}

/// Calls `f` on the position after each of `moves`, made as the game makes moves fastest
/// (see [`Game::PLAYS_IN_PLACE`]).
#[inline(always)]
fn each_child<G: Game>(pos: &G, moves: &G::Moves, mut f: impl FnMut(&G)) {
    if G::PLAYS_IN_PLACE {
        for &mv in moves.iter() {
            let mut child = *pos;
            child.play_in_place(mv);
            f(&child);
        }
    } else {
        for &mv in moves.iter() {
            f(&pos.play(mv));
        }
    }
}

/// Perft at depth 1, by bulk counting.
#[inline(always)]
fn leaves_one_ply_down<G: Game>(pos: &G) -> u64 {
    match pos.count_moves() {
        0 => G::FINISHED_GAME_PERFT,
        n => n,
    }
}

/// Perft split by root move, in move generation order. A finished game has no moves and so
/// an empty list.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.generate_moves()
        .iter()
        .map(|&mv| (mv, perft(&pos.play(mv), depth - 1)))
        .collect()
}
