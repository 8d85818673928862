//! Wins by distance (games with `WINS_BY_DISTANCE`: chess). A finished game at ply p scores
//! its terminal score moved p toward zero, so that a mate in fewer plies scores higher and
//! the search mates rather than staying in a won position. Such a score depends on the
//! root's distance, so the table keeps it from the node's point of view: moved by the
//! node's ply on the way in and back on the way out (CPW "Mate Scores").

use super::endgame::Endgame;
use super::searcher::{Searcher, MAX_PLY};
use super::tt::{Entry, NO_LOWER, NO_UPPER};
use crate::game::Game;

/// Whether `value` is a won or lost game's score rather than an evaluation.
#[inline(always)]
pub fn is_decided<G: Game>(value: i32) -> bool {
    value.abs() > G::WIN_BONUS - MAX_PLY as i32
}

/// The score of the finished game `pos` reached at `ply` of a search.
#[inline(always)]
pub fn final_score<G: Endgame>(pos: &G, ply: usize) -> i32 {
    let score = pos.terminal_score();
    match G::WINS_BY_DISTANCE {
        true => score - score.signum() * ply as i32,
        false => score,
    }
}

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The value of the finished game `pos` at `ply`, as the variant scores it.
    #[inline(always)]
    pub fn final_value(&self, pos: &G, ply: usize) -> i32 {
        match self.options.variant.white_view {
            true => super::steps::white_minus_black(pos),
            false => final_score(pos, ply),
        }
    }

    /// `value` at `ply` as the table keeps it.
    #[inline(always)]
    pub(super) fn to_table(value: i32, ply: usize) -> i32 {
        match G::WINS_BY_DISTANCE && is_decided::<G>(value) {
            true => value + value.signum() * ply as i32,
            false => value,
        }
    }

    /// A table's `entry` as seen at `ply`.
    #[inline(always)]
    pub(super) fn from_table(mut entry: Entry, ply: usize) -> Entry {
        if G::WINS_BY_DISTANCE {
            let back = |v: i32| match is_decided::<G>(v) && v != NO_LOWER && v != NO_UPPER {
                true => v - v.signum() * ply as i32,
                false => v,
            };
            entry.lower = back(entry.lower);
            entry.upper = back(entry.upper);
        }
        entry
    }
}
