//! The root: one search to the depth, or iterative deepening from depth 1 with the table,
//! killers and history carried from one iteration to the next and the previous best move
//! tried first at the root.

use super::config::MAX_DEPTH;
use super::endgame::Endgame;
use super::run::game_result;
use super::searcher::{to_the_end, Searcher, INF};
use super::token::budget;
use super::trail::Stage;
use super::variants::Base;
use crate::game::margin_score;

impl<G: Endgame, const COUNT: bool, const TRACE: bool> Searcher<G, COUNT, TRACE> {
    pub fn search_root(&mut self, pos: &G, depth: u32) -> i32 {
        let guess = self.deepen_before(pos, depth);
        let guess = self.selective_passes(pos, depth, guess);
        self.count(|c| c.iteration += 1);
        self.trail_stage(Stage::Exact);
        self.search_to(pos, depth, guess)
    }

    /// The iterations before the last one (none without iterative deepening), leaving their
    /// table, killers, history and best root move for it; the last one's first guess.
    pub(super) fn deepen_before(&mut self, pos: &G, depth: u32) -> Option<i32> {
        if !self.variant().iterative {
            return None;
        }
        // Solving deepens to half the empties, then searches to the end; its table entries
        // are kept apart from the depth-limited ones (see `Searcher::table_depth`). Five
        // eighths saves 7% of the default's nodes on FFO 40..49 but costs time, and on FFO 39
        // (a wipe-out) ten times the time (docs/evaluation.md).
        let (last, solving) = match to_the_end(depth) {
            true => ((pos.empties() / 2).min(MAX_DEPTH), true),
            false => (depth.saturating_sub(1), false),
        };
        let mut value = None;
        for d in 1..=last {
            self.count(|c| c.iteration += 1);
            self.trail_stage(Stage::Iteration(d));
            value = Some(self.search_to(pos, d, value));
            self.root.first = self.root.best;
        }
        match solving {
            // The last iteration's value, read as a final margin, is the solve's first guess.
            true => value.map(|value| match game_result::<G>(value) {
                Some(_) => value,
                None => margin_score(value, G::WIN_BONUS),
            }),
            false => value,
        }
    }

    /// One search to `depth`; `guess` is the previous iteration's value, if any.
    pub(super) fn search_to(&mut self, pos: &G, depth: u32, guess: Option<i32>) -> i32 {
        let (base, aspiration) = (self.variant().base, self.variant().aspiration);
        if base == Base::Bisect {
            return self.bisect(pos, depth);
        }
        if to_the_end(depth) && self.root.window != (-INF, INF) && base.windowed() {
            let (alpha, beta) = self.root.window;
            return self.windowed(pos, depth, alpha, beta, base);
        }
        match base {
            Base::Negamax => self.negamax(pos, depth, 0),
            Base::Bnb => self.bnb(pos, depth, INF, 0),
            Base::AlphaBeta | Base::Pvs => match (aspiration, guess) {
                (Some(width), Some(guess)) => self.aspiration(pos, depth, guess, width, base),
                _ => self.windowed(pos, depth, -INF, INF, base),
            },
            Base::Mtdf => self.mtdf(pos, depth, guess.unwrap_or(0)),
            Base::Bisect => unreachable!("bisect makes its own windows"),
            Base::Pn | Base::Pn2 | Base::Dfpn | Base::Uct { .. } | Base::Puct { .. } => {
                unreachable!("the other families run apart (search::proof, search::mcts)")
            }
            Base::Token { branching } => {
                let tokens = budget(branching, depth);
                self.count(|c| c.tokens += tokens);
                self.token(pos, tokens, -INF, INF, 0)
            }
            Base::Flow { branching } => {
                let tokens = budget(branching, depth);
                self.count(|c| c.tokens += tokens);
                self.flow(pos, tokens, -INF, INF, 0).0
            }
        }
    }

    /// Alpha-beta or PVS at the root with the window (alpha, beta).
    pub fn windowed(&mut self, pos: &G, depth: u32, alpha: i32, beta: i32, base: Base) -> i32 {
        let start = self.counters.nodes();
        let value = if base == Base::Pvs {
            self.pvs(pos, depth, alpha, beta, 0)
        } else {
            self.alphabeta(pos, depth, alpha, beta, 0)
        };
        self.trail_pass(alpha, beta, value, start);
        value
    }
}
