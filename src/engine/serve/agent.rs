//! `nodeprof engine --as-agent`: a `go` answered as `nodeprof play`'s search agent answers a
//! move (one searcher through the game, its table, killers and history kept from move to
//! move and cleared by a new game; depth, node, move-time and clock limits as play applies
//! them), so that a match against the served engine plays the games of the same match in
//! process. The move's counters go out in one `info string nodeprof ...` line.

use std::any::Any;
use std::io::Write;
use std::time::{Duration, Instant};

use super::words::{move_text, score_words, GoArgs};
use crate::engine::counters_line::counters_string;
use crate::error::SearchError;
use crate::game::{GameKind, Notation};
use crate::position::AnyPosition;
use crate::search::TimeControl;
use crate::search::{Endgame, Limit, SearchConfig, Thinker};
use crate::with_position;

/// A move's search, as text.
struct Answer {
    depth: u32,
    score: i32,
    best_move: Option<String>,
    pv: Vec<String>,
    counters: crate::counters::Counters,
    /// The deepest ply a node of the search reached.
    seldepth: u32,
}

/// A play agent's searcher for one game kind, behind positions of any kind.
trait GameThinker {
    fn think(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        limit: Limit,
    ) -> Result<Answer, SearchError>;
}

impl<G: Endgame + Notation + 'static> GameThinker for Thinker<G> {
    fn think(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        limit: Limit,
    ) -> Result<Answer, SearchError> {
        let pos: G = with_position!(position, p => (p as &dyn Any).downcast_ref::<G>().copied())
            .expect("the served game's positions are of its kind");
        self.set_history(history);
        let thought = Thinker::think(self, &pos, limit)?;
        Ok(Answer {
            depth: thought.depth,
            score: thought.score,
            best_move: thought.best_move.map(|m| m.to_string()),
            pv: thought.pv.iter().map(|m| m.to_string()).collect(),
            counters: thought.counters,
            seldepth: thought.seldepth,
        })
    }
}

fn thinker_of<G: Endgame + Notation + 'static>(
    _: &G,
    config: &SearchConfig,
) -> Result<Box<dyn GameThinker>, SearchError> {
    Ok(Box::new(Thinker::<G>::new(config)?))
}

/// The served agent: its searcher for the current game.
pub(super) struct ServedAgent {
    kind: GameKind,
    config: SearchConfig,
    thinker: Box<dyn GameThinker>,
}

impl ServedAgent {
    pub(super) fn new(kind: GameKind, config: &SearchConfig) -> Result<ServedAgent, SearchError> {
        let thinker = with_position!(&AnyPosition::start(kind), p => thinker_of(p, config))?;
        Ok(ServedAgent {
            kind,
            config: config.clone(),
            thinker,
        })
    }

    /// A new game: a fresh searcher (its table cleared).
    pub(super) fn new_game(&mut self) -> Result<(), SearchError> {
        *self = ServedAgent::new(self.kind, &self.config)?;
        Ok(())
    }

    /// Answers `go WORDS` for `position`: the limits read as play's agent options (`depth`,
    /// `nodes`, `movetime`; `wtime`/`btime` with `winc`/`binc` as its clock, by play's
    /// clock policy).
    pub(super) fn go(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        words: &[&str],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let began = Instant::now();
        let limit = match limit_of(words, position.side_to_move() as usize == 0, began) {
            Ok(limit) => limit,
            Err(e) => {
                writeln!(out, "info string error: {e}")?;
                return writeln!(out, "bestmove (none)");
            }
        };
        match self.thinker.think(position, history, limit) {
            Ok(answer) => {
                let time_ms = began.elapsed().as_millis();
                writeln!(
                    out,
                    "info depth {} seldepth {} score {} nodes {} time {time_ms} pv {}",
                    answer.depth,
                    answer.seldepth,
                    score_words(position, answer.score),
                    answer.counters.nodes(),
                    answer.pv.join(" ")
                )?;
                writeln!(
                    out,
                    "info string {}",
                    counters_string(answer.depth, &answer.counters)
                )?;
                writeln!(out, "bestmove {}", move_text(answer.best_move.as_deref()))
            }
            Err(e) => {
                writeln!(out, "info string error: {e}")?;
                writeln!(out, "bestmove (none)")
            }
        }
    }
}

/// Play's limit for one move from `go`'s words (see [`ServedAgent::go`]).
fn limit_of(words: &[&str], side_first: bool, began: Instant) -> Result<Limit, String> {
    let go = GoArgs::parse(words)?;
    let mut limit = Limit {
        depth: go.depth,
        nodes: go.nodes,
        deadline: None,
    };
    let (clock, inc, movetime) = (go.time, go.inc, go.movetime);
    let mine = usize::from(!side_first);
    let mut budget = movetime;
    if let Some(left) = clock[mine] {
        let tc = TimeControl {
            base: Duration::from_millis(left),
            increment: Duration::from_millis(inc[mine]),
            moves: None,
        };
        let policy = tc.move_time(tc.base);
        budget = Some(budget.map_or(policy, |b: Duration| b.min(policy)));
    }
    limit.deadline = budget.map(|b| began + b);
    if limit.depth.is_none() && limit.nodes.is_none() && limit.deadline.is_none() {
        return Err("go needs depth, nodes, movetime or a clock".into());
    }
    Ok(limit)
}
