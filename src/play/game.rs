//! One game between two agents, move by move, each move's search recorded, refereed by
//! nodeprof's rules: an engine's move is checked before it is played, an engine's fault loses
//! its game, and the game ends by the rules or by an adjudication.

use std::time::Duration;

use super::adjudication::Adjudication;
use super::agent::{Agent, Chooser};
use crate::engine::{Engine, EngineMove};
use crate::error::{EngineError, SearchError};
use crate::game::{Eval, Game, Notation, Side, Termination};
use crate::position::AnyPosition;
use crate::random::splitmix64;
use crate::search::{Clock, Endgame, Limit, SearchConfig, Thinker};

/// How long the engine's answer may be late past its time (movetime or clock) before its
/// game is lost on time, unless `--timemargin` says otherwise.
pub const DEFAULT_TIME_MARGIN: Duration = Duration::from_millis(100);

/// An engine's fault during a game, as the game's end names it.
pub fn termination_of(error: &EngineError) -> Termination {
    match error {
        EngineError::Timeout { .. } => Termination::Stall,
        EngineError::Protocol { .. } | EngineError::Refused { .. } | EngineError::Spec { .. } => {
            Termination::ProtocolError
        }
        EngineError::Exited { .. } | EngineError::Io { .. } | EngineError::Start { .. } => {
            Termination::Crash
        }
    }
}

/// One move of a game and what choosing it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// 1 for the first move of the game.
    pub ply: u32,
    /// 0: the match's first agent, 1: its second.
    pub agent: usize,
    pub side: Side,
    pub mv: String,
    /// The search's value for the mover (a greedy agent: the best one-ply value; an
    /// engine: its last reported score).
    pub score: Option<i32>,
    /// The deepest finished iteration (an engine's last reported depth).
    pub depth: Option<u32>,
    /// An engine's reported selective depth.
    pub seldepth: Option<u32>,
    /// nodeprof's agents: `leaf + interior + qnode`; engines: their last reported count.
    pub nodes: Option<u64>,
    pub leaf: Option<u64>,
    pub interior: Option<u64>,
    pub time_ns: u64,
    /// The principal variation, space-separated.
    pub pv: String,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The agent who moved first (0 or 1).
    pub first: usize,
    /// Each agent's side, by agent.
    pub sides: [Side; 2],
    pub start: String,
    pub final_position: String,
    pub moves: Vec<PlayedMove>,
    pub termination: Termination,
    /// What ended the game besides the rules, in words (empty for the rules).
    pub reason: String,
    /// The winning agent, if any.
    pub winner: Option<usize>,
    /// The final margin for the first agent (none after a fault or a score adjudication;
    /// after an exact one, the margin of perfect play).
    pub margin: Option<i32>,
    /// Each agent's stones at the end, for games that count them.
    pub stones: Option<[u32; 2]>,
    /// Each agent's thinking time.
    pub time_ns: [u64; 2],
    /// The runner's own time (protocol, refereeing): the game's wall time less the agents'
    /// (searches in process; engines from each `go` to its answer).
    pub runner_ns: u64,
}

impl PlayedGame {
    /// The first agent's score: 1, 0.5 or 0.
    pub fn score(&self) -> f64 {
        match self.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// How one agent chooses, for one game.
pub(super) enum Brain<'a, G: Endgame> {
    Random(u64),
    Greedy(Eval),
    Search(Box<Thinker<G>>),
    Engine(&'a mut Engine),
}

/// A move chosen, or an engine's fault (the game is lost by it).
pub(super) enum Chosen<M> {
    Move(Choice<M>),
    Fault(Termination, String),
}

impl<'a, G: Endgame + Notation> Brain<'a, G>
where
    AnyPosition: From<G>,
{
    pub(super) fn new(
        agent: &Agent,
        eval: Eval,
        seed: u64,
        clock: Clock,
        seat: Option<&'a mut Engine>,
    ) -> Result<Brain<'a, G>, SearchError> {
        let eval = agent.eval.unwrap_or(eval);
        Ok(match (&agent.chooser, seat) {
            (Chooser::Random, _) => Brain::Random(seed),
            (Chooser::Greedy, _) => Brain::Greedy(eval),
            (Chooser::Search(variant), _) => {
                let config = SearchConfig {
                    eval,
                    shuffle: agent.shuffle.then_some(seed),
                    clock,
                    ..SearchConfig::new(variant.clone())
                };
                Brain::Search(Box::new(Thinker::new(&config)?))
            }
            (Chooser::Engine(_), Some(player)) => Brain::Engine(player),
            (Chooser::Engine(spec), None) => {
                return Err(SearchError::NotForSearch {
                    variant: spec.name().to_string(),
                    message: "an engine agent was given no engine to play".into(),
                })
            }
        })
    }

    /// `history`: the keys of the game's positions before `pos`.
    pub(super) fn choose(
        &mut self,
        pos: &G,
        history: &[u64],
        limit: Limit,
        ask: impl FnOnce(&mut Engine) -> Result<EngineMove, EngineError>,
    ) -> Result<Chosen<G::Move>, SearchError> {
        let moves = pos.generate_moves();
        Ok(Chosen::Move(match self {
            Brain::Random(state) => {
                Choice::bare(moves[(splitmix64(state) % moves.len() as u64) as usize])
            }
            Brain::Greedy(eval) => {
                let mut best = (i32::MIN, moves[0]);
                for &mv in moves.iter() {
                    let child = pos.play(mv);
                    let value = match child.is_over() {
                        true => -child.terminal_score(),
                        false => -child.evaluate(*eval),
                    };
                    if value > best.0 {
                        best = (value, mv);
                    }
                }
                Choice {
                    score: Some(best.0),
                    depth: Some(1),
                    leaf: Some(moves.len() as u64),
                    interior: Some(1),
                    pv: vec![best.1.to_string()],
                    ..Choice::bare(best.1)
                }
            }
            Brain::Search(thinker) => {
                thinker.set_history(history);
                let thought = thinker.think(pos, limit)?;
                Choice {
                    score: Some(thought.score),
                    depth: Some(thought.depth),
                    seldepth: Some(thought.seldepth),
                    leaf: Some(thought.counters.leaf),
                    interior: Some(thought.counters.interior),
                    pv: thought.pv.iter().map(|m| m.to_string()).collect(),
                    ..Choice::bare(thought.best_move.unwrap_or(moves[0]))
                }
            }
            Brain::Engine(player) => {
                let answer = match ask(player) {
                    Ok(answer) => answer,
                    Err(e) => {
                        player.broken = true;
                        return Ok(Chosen::Fault(termination_of(&e), e.to_string()));
                    }
                };
                // nodeprof referees: the answer must name a legal move here.
                let mv = match pos.parse_legal_move(&answer.mv) {
                    Ok(mv) => mv,
                    Err(message) => {
                        // Its board may differ from ours now: it starts afresh next game.
                        player.broken = true;
                        return Ok(Chosen::Fault(
                            Termination::IllegalMove,
                            format!(
                                "engine {} answered '{}': {message}",
                                player.spec().name(),
                                answer.mv
                            ),
                        ));
                    }
                };
                let last = answer.result.iterations.last();
                Choice {
                    mv,
                    wait_ns: Some(answer.result.wall_ns),
                    score: last.and_then(|i| i.score).map(|s| s.value()),
                    depth: last.map(|i| i.depth),
                    seldepth: last.and_then(|i| i.seldepth),
                    nodes: last.and_then(|i| i.nodes),
                    // nodeprof behind a protocol reports its counters too.
                    leaf: last.and_then(|i| i.counters.as_ref()?.get("leaf")),
                    interior: last.and_then(|i| i.counters.as_ref()?.get("interior")),
                    pv: last.map(|i| i.pv.clone()).unwrap_or_default(),
                }
            }
        }))
    }
}

pub(super) struct Choice<M> {
    pub(super) mv: M,
    /// An engine's wait: from its `go` to its answer (the rest of the move is the runner's).
    pub(super) wait_ns: Option<u64>,
    pub(super) score: Option<i32>,
    pub(super) depth: Option<u32>,
    pub(super) seldepth: Option<u32>,
    pub(super) nodes: Option<u64>,
    pub(super) leaf: Option<u64>,
    pub(super) interior: Option<u64>,
    pub(super) pv: Vec<String>,
}

impl<M> Choice<M> {
    /// A move and nothing known of how it was chosen.
    fn bare(mv: M) -> Choice<M> {
        Choice {
            mv,
            wait_ns: None,
            score: None,
            depth: None,
            seldepth: None,
            nodes: None,
            leaf: None,
            interior: None,
            pv: Vec::new(),
        }
    }
}

/// A seed for agent `agent` of the game seeded `game_seed` (distinct per agent).
pub(super) fn agent_seed(game_seed: u64, agent: usize) -> u64 {
    let mut state = game_seed ^ (agent as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407);
    splitmix64(&mut state)
}

/// Each agent's side, by agent, when agent `first` moves first with `first_side`.
pub(super) fn sides_of(first_side: Side, first: usize) -> [Side; 2] {
    let mut sides = [first_side; 2];
    sides[1 - first] = first_side.opponent();
    sides
}

/// What a game is played under besides its agents.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup<'a> {
    /// The agent who moves first (0 or 1).
    pub first: usize,
    /// The evaluation of searches and of the greedy agent.
    pub eval: Eval,
    /// Seeds the random agent and shuffled move orders.
    pub seed: u64,
    /// Where time is read from (tests stand in for it).
    pub clock: Clock,
    pub adjudication: &'a Adjudication,
    /// How late past its time an engine's answer may come before it loses on time.
    pub time_margin: Duration,
}

/// Plays `plies` uniformly random moves from `start` (an opening), with the moves in the
/// game's notation; `None` if the game ends on the way.
pub fn random_opening<G: Game>(start: &G, plies: u32, seed: u64) -> Option<(G, Vec<String>)> {
    let mut state = seed;
    let mut pos = *start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        if pos.is_over() {
            return None;
        }
        let list = pos.generate_moves();
        let mv = list[(splitmix64(&mut state) % list.len() as u64) as usize];
        moves.push(mv.to_string());
        pos = pos.play(mv);
    }
    (!pos.is_over()).then_some((pos, moves))
}

impl PlayedGame {
    /// A game lost before its first move by agent `loser`, whose engine could not be
    /// started or told of the game.
    pub fn lost_at_start(
        start: &AnyPosition,
        first: usize,
        loser: usize,
        termination: Termination,
        reason: String,
    ) -> PlayedGame {
        PlayedGame {
            first,
            sides: sides_of(start.side_to_move(), first),
            start: start.to_string(),
            final_position: start.to_string(),
            moves: Vec::new(),
            termination,
            reason,
            winner: Some(1 - loser),
            margin: None,
            stones: None,
            time_ns: [0, 0],
            runner_ns: 0,
        }
    }
}
