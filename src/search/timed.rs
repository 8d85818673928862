//! Searching as a player does: one searcher kept for a whole game (its table, killers and
//! history carried from move to move, as an engine keeps them), deepening one iteration at a
//! time until the depth, the node budget or the deadline, and answering with the last
//! iteration that finished.

use std::time::{Duration, Instant};

use super::checks::check;
use super::config::{SearchConfig, MAX_DEPTH};
use super::endgame::Endgame;
use super::searcher::Searcher;
use crate::counters::Counters;
use crate::error::SearchError;

/// When a move's search stops. With neither `nodes` nor `deadline` the search is the
/// fixed-depth search of `nodeprof search` (counts identical); with either, it deepens from
/// depth 1 whatever the variant, up to `depth` (or `MAX_DEPTH`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    pub depth: Option<u32>,
    /// Counted nodes (`leaf + interior + qnode`) for the whole move: an exact, reproducible budget.
    pub nodes: Option<u64>,
    pub deadline: Option<Instant>,
}

/// What a move's search answered and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought<M> {
    /// The depth of the last finished iteration (the one answered with).
    pub depth: u32,
    pub score: i32,
    pub best_move: Option<M>,
    pub pv: Vec<M>,
    /// The deepest ply a node of the move's searches reached (quiescence included).
    pub seldepth: u32,
    /// Every node of the move, the abandoned last iteration's included.
    pub counters: Counters,
    /// Whether the score is the game's exact value (a search that met no horizon), rather
    /// than a heuristic value (a node budget or deadline met first) or a decided result's
    /// bound (a forced win found short of the end: a deeper search may win by more).
    pub proven: bool,
}

/// A searcher that plays a game.
pub struct Thinker<G: Endgame> {
    searcher: Searcher<G, true>,
    config: SearchConfig,
}

impl<G: Endgame> Thinker<G> {
    /// A thinker with fresh tables (made here, before any clock runs).
    pub fn new(config: &SearchConfig) -> Result<Thinker<G>, SearchError> {
        // Monte Carlo and proof-number agents search apart: their searcher stays the
        // plainest.
        let apart = config.variant.base.other_family();
        super::checks::check_agent::<G>(config)?;
        let variant = match apart {
            true => super::variants::Variant::default(),
            false => config.variant.clone(),
        };
        let searcher = Searcher::new(&variant, config.eval, config.shuffle).map_err(|e| {
            SearchError::Table {
                mib: e.mib,
                message: e.message,
            }
        })?;
        Ok(Thinker {
            searcher,
            config: config.clone(),
        })
    }

    /// The keys of the game's positions before the next one searched, oldest first: with
    /// `+draws`, repeating one of them is a draw.
    pub fn set_history(&mut self, keys: &[u64]) {
        self.searcher.set_history(keys);
    }

    /// Searches `pos` within `limit`. Depth 1 always finishes (a move is always answered);
    /// the limits apply from depth 2 on.
    pub fn think(&mut self, pos: &G, limit: Limit) -> Result<Thought<G::Move>, SearchError> {
        // A node budget in the variant's name (`+nodes:N`) limits every move too.
        let nodes = match (limit.nodes, self.config.variant.nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limit = Limit { nodes, ..limit };
        if self.config.variant.base.other_family() {
            return self.think_apart(pos, limit);
        }
        let last = limit.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        check::<G>(last, &self.config)?;
        let s = &mut self.searcher;
        s.counters = Counters::default();
        s.root.first = None;
        s.root.best = None;
        s.course.stopped = false;
        s.course.too_deep = false;
        s.course.max_ply = 0;
        s.course.deadline = None;
        s.course.node_limit = None;
        if limit.nodes.is_none() && limit.deadline.is_none() {
            let score = s.search_root(pos, last);
            if s.course.too_deep {
                return Err(s.too_deep());
            }
            return Ok(self.thought(pos, last, score));
        }
        let iterative = s.variant().iterative;
        let mut answer = None;
        for depth in 1..=last {
            let s = &mut self.searcher;
            if depth == 2 {
                s.course.deadline = limit.deadline.map(|d| (d, self.config.clock));
                s.course.node_limit = limit.nodes;
            }
            let guess = answer.as_ref().map(|a: &Thought<G::Move>| a.score);
            let cuts_before = s.counters.tt_cut;
            s.course.horizon_reached = false;
            let score = s.search_to(pos, depth, guess.filter(|_| iterative));
            if s.course.stopped {
                break;
            }
            let thought = self.thought(pos, depth, score);
            if iterative {
                self.searcher.root.first = thought.best_move;
            }
            // The value is exact once a search met no horizon (and took no value from the
            // table, which may hold horizon values) or went deeper than the game can last.
            // A decided result (a forced win or loss) is not: its margin is only a bound,
            // and a deeper search may win by more.
            let s = &self.searcher;
            let exhausted = (!s.course.horizon_reached && s.counters.tt_cut == cuts_before)
                || pos.plies_left_at_most().is_some_and(|most| depth >= most);
            answer = Some(Thought {
                proven: exhausted,
                ..thought
            });
            if exhausted {
                break;
            }
        }
        let mut answer = answer.expect("depth 1 runs without limits");
        answer.counters = self.searcher.counters();
        Ok(answer)
    }

    /// A Monte Carlo or proof-number agent's move: its budget, the node limit and the
    /// deadline (a depth limit is not its own: ignored).
    fn think_apart(&mut self, pos: &G, limit: Limit) -> Result<Thought<G::Move>, SearchError> {
        let out = match self.config.variant.base.proves() {
            true => super::proof::think(pos, &self.config, limit.nodes, limit.deadline)?,
            false => super::mcts::think(pos, &self.config, limit.nodes, limit.deadline)?,
        };
        Ok(Thought {
            depth: out.pv.len() as u32,
            score: out.score,
            best_move: out.best_move,
            pv: out.pv,
            seldepth: out.seldepth,
            counters: out.counters,
            proven: !out.estimate,
        })
    }

    fn thought(&self, pos: &G, depth: u32, score: i32) -> Thought<G::Move> {
        let s = &self.searcher;
        let pv = match s.variant().base.drives_passes() {
            true => s.table_line(pos, s.root.best, depth),
            false => s.memory.pv.line(),
        };
        // Token searches have no depth: theirs is the principal variation's length.
        let depth = match s.variant().base.depth_limited() {
            true => depth,
            false => pv.len() as u32,
        };
        Thought {
            depth,
            seldepth: s.course.max_ply as u32,
            score,
            best_move: s.root.best,
            pv,
            counters: s.counters(),
            proven: false,
        }
    }
}

/// How long a player may think for a move (an agent of `nodeprof play`, an engine asked
/// for a move): what the options `depth`, `nodes`, `movetime` and `clock`
/// set. Any combination applies together; the first limit reached stops the move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveLimits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<TimeControl>,
}

impl MoveLimits {
    pub fn is_empty(&self) -> bool {
        *self == MoveLimits::default()
    }

    /// Whether time decides the moves (then games are not reproducible move for move).
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.clock.is_some()
    }
}

/// A game clock: the time for the whole game (or, with `moves`, for each period of that
/// many moves, the base added again as each ends: cutechess's `40/60`) and an increment added
/// after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
    pub moves: Option<u32>,
}

/// The Ataxx agents writeup's rule: 150 ms a move while more than one second remains.
pub const POLICY_MOVETIME: Duration = Duration::from_millis(150);
/// ... and 10 ms a move after that.
pub const POLICY_LOW_MOVETIME: Duration = Duration::from_millis(10);
/// The remaining time under which the short move time applies.
pub const POLICY_LOW_CLOCK: Duration = Duration::from_secs(1);

impl TimeControl {
    /// The time for the next move with `remaining` on the clock (never more than remains).
    pub fn move_time(&self, remaining: Duration) -> Duration {
        let wanted = if remaining > POLICY_LOW_CLOCK {
            POLICY_MOVETIME
        } else {
            POLICY_LOW_MOVETIME
        };
        wanted.min(remaining)
    }
}

/// A search under a node budget (`+nodes:N`, `sweep --budget`): the player's search, deepening
/// from depth 1 up to `depth` (the game's end for `END`) until the budget is spent, answering
/// with the last finished iteration. Its counters are every node spent, the unfinished
/// iteration's included; on one thread.
pub fn budgeted<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
) -> Result<super::outcome::SearchOutcome<G::Move>, SearchError> {
    if config.threads > 1 {
        return Err(SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: "a search under a node budget runs on one thread (-t 1)".into(),
        });
    }
    let mut thinker = Thinker::<G>::new(config)?;
    let meter = crate::cost::Meter::start(crate::cost::Scope::Thread);
    let started = Instant::now();
    let deadline = config.deadline_after(started)?;
    // The variant's node budget is the thinker's own (see `Thinker::think`).
    let limit = Limit {
        depth: (depth != super::config::END).then_some(depth),
        nodes: None,
        deadline,
    };
    let thought = thinker.think(pos, limit)?;
    drop(thinker);
    let counters = thought.counters;
    Ok(super::outcome::SearchOutcome {
        // The last finished iteration's value: heuristic unless it proved the result.
        estimate: !thought.proven,
        memory_bytes: config
            .variant
            .table
            .map_or(0, |t| t.mib as u64 * 1024 * 1024),
        depth: thought.depth,
        score: thought.score,
        best_move: thought.best_move,
        pv: thought.pv,
        counters,
        cuts: Default::default(),
        time_ns: started.elapsed().as_nanos() as u64,
        cost: meter.stop(),
        seldepth: thought.seldepth,
        team: super::parallel::report::TeamReport {
            threads: 1,
            shares: Default::default(),
            idle_ns: vec![0],
            nodes: vec![counters.nodes()],
        },
    })
}
