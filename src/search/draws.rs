//! Draws by repetition and by rule (`+draws`, games with draw rules: chess). A position that
//! repeats one on the search path, or one of the game played before the root, scores a draw
//! at once: the side that could avoid the repetition would have, and the one that could not
//! holds at least a draw by repeating again, so one repetition stands for the threefold one
//! (the common engine practice; CPW "Repetitions"). A position the game's rules draw (chess:
//! fifty moves, no mating material) scores a draw too. Only positions since the last
//! irreversible move (`Game::reversible_plies`) can repeat, and only with the same side to
//! move, so the path is read back two plies at a time from four plies back. Table entries
//! may carry a draw from one path to another (the graph history interaction); engines accept
//! it, and so does this search.

use super::endgame::Endgame;
use super::searcher::{Searcher, MAX_PLY};
use crate::error::SearchError;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    /// The game's positions before the root, oldest first, by key (`Game::key`): repeating
    /// one of them in the search is a draw too. The last may be the root itself.
    pub fn set_history(&mut self, keys: &[u64]) {
        if !self.options.variant.draws {
            return;
        }
        self.memory.path.clear();
        self.memory.path.extend_from_slice(keys);
        self.memory.path_base = keys.len();
        self.memory.path.resize(keys.len() + MAX_PLY + 1, 0);
    }

    /// Records `pos` as the path's position at `ply` and says whether it is drawn by
    /// repetition or by rule (never the root, which is searched for a move).
    #[inline(always)]
    pub(super) fn drawn(&mut self, pos: &G, ply: usize) -> bool {
        if !(G::HAS_DRAW_RULES && self.options.variant.draws) {
            return false;
        }
        let at = self.memory.path_base + ply;
        let key = pos.key();
        self.memory.path[at] = key;
        if ply == 0 {
            return false;
        }
        if pos.drawn_by_rule() {
            return true;
        }
        let back = (pos.reversible_plies() as usize).min(at);
        (4..=back)
            .step_by(2)
            .any(|distance| self.memory.path[at - distance] == key)
    }

    /// The leaf value of a drawn position, counted.
    #[inline]
    pub(super) fn draw_leaf(&mut self, ply: usize) -> i32 {
        self.count(|c| {
            c.leaf += 1;
            c.drawn += 1;
        });
        self.clear_pv(ply);
        0
    }

    /// The error of a search past `MAX_PLY`: in a game whose draw rules end every game, the
    /// variant lacked them.
    pub(super) fn too_deep(&self) -> SearchError {
        let hint = match G::HAS_DRAW_RULES && !self.options.variant.draws {
            true => " (its draw rules end every game: add +draws for repetitions, fifty moves and dead positions)",
            false => "",
        };
        SearchError::TooDeep { max: MAX_PLY, hint }
    }
}
