//! One game between two agents, move by move, each move's search recorded, refereed by
//! nodeprof's rules: an engine's move is checked before it is played, an engine's fault loses
//! its game, and the game ends by the rules or by an adjudication.

use std::time::{Duration, Instant};

use super::adjudication::{solve_exactly, Adjudication, ScoreWatch};
use super::agent::{Agent, Chooser};
use super::draw_rules::drawn_by_rules;
use super::engine_player::{termination_of, EnginePlayer, MoveRequest};
use crate::error::SearchError;
use crate::game::tree::splitmix64;
use crate::game::{Eval, Game, GameMove, Notation, Side, Termination};
use crate::position::AnyPosition;
use crate::search::{Clock, Endgame, Limit, SearchConfig, Thinker};

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
enum Brain<'a, G: Endgame> {
    Random(u64),
    Greedy(Eval),
    Search(Box<Thinker<G>>),
    Engine(&'a mut EnginePlayer),
}

/// A move chosen, or an engine's fault (the game is lost by it).
enum Chosen<M> {
    Move(Choice<M>),
    Fault(Termination, String),
}

impl<'a, G: Endgame + Notation> Brain<'a, G>
where
    AnyPosition: From<G>,
{
    fn new(
        agent: &Agent,
        eval: Eval,
        seed: u64,
        clock: Clock,
        seat: Option<&'a mut EnginePlayer>,
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
    fn choose(
        &mut self,
        pos: &G,
        history: &[u64],
        limit: Limit,
        ask: impl FnOnce(
            &mut EnginePlayer,
        ) -> Result<super::engine_player::EngineMove, crate::error::EngineError>,
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
                    leaf: last.and_then(|i| i.counters).map(|c| c.leaf),
                    interior: last.and_then(|i| i.counters).map(|c| c.interior),
                    pv: last.map(|i| i.pv.clone()).unwrap_or_default(),
                }
            }
        }))
    }
}

struct Choice<M> {
    mv: M,
    /// An engine's wait: from its `go` to its answer (the rest of the move is the runner's).
    wait_ns: Option<u64>,
    score: Option<i32>,
    depth: Option<u32>,
    seldepth: Option<u32>,
    nodes: Option<u64>,
    leaf: Option<u64>,
    interior: Option<u64>,
    pv: Vec<String>,
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
fn agent_seed(game_seed: u64, agent: usize) -> u64 {
    let mut state = game_seed ^ (agent as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407);
    splitmix64(&mut state)
}

/// Each agent's side, by agent, when agent `first` moves first with `first_side`.
fn sides_of(first_side: Side, first: usize) -> [Side; 2] {
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

/// Plays a game from `start` between `agents` under `setup`; an engine agent plays through
/// its seat in `seats` (told of the new game by the caller).
pub fn play_game<G: Endgame + Notation>(
    start: &G,
    agents: [&Agent; 2],
    setup: &GameSetup,
    seats: [Option<&mut EnginePlayer>; 2],
) -> Result<PlayedGame, SearchError>
where
    AnyPosition: From<G>,
{
    let game_began = Instant::now();
    let [seat0, seat1] = seats;
    let GameSetup {
        first,
        eval,
        seed,
        clock,
        adjudication,
        time_margin,
    } = *setup;
    let mut brains = [
        Brain::<G>::new(agents[0], eval, agent_seed(seed, 0), clock, seat0)?,
        Brain::<G>::new(agents[1], eval, agent_seed(seed, 1), clock, seat1)?,
    ];
    let kind = AnyPosition::from(*start).kind();
    let first_side = start.side_to_move();
    let agent_of = |side| match side == first_side {
        true => first,
        false => 1 - first,
    };
    let sides = sides_of(first_side, first);
    let mut remaining: [Option<Duration>; 2] =
        [0, 1].map(|i| agents[i].limits.clock.map(|c| c.base));
    let start_any = AnyPosition::from(*start);
    let game_first_side = AnyPosition::start(kind).side_to_move();
    let mut time_ns = [0u64; 2];
    // The agents' own time: searches in process, engines from `go` to their answer.
    let mut waited_ns = 0u64;
    let mut moves: Vec<PlayedMove> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut watch = ScoreWatch::default();
    // Each agent's moves so far (its clock's periods count them).
    let mut made = [0u32; 2];
    let mut pos = *start;
    // The keys of the positions so far, the current one's last (for the draw rules).
    let mut keys = vec![pos.key()];
    // Set when the game ends other than by the rules: how, the winner, the margin, why.
    let mut ended: Option<(Termination, Option<usize>, Option<i32>, String)> = None;
    while !pos.is_over() {
        if let Some(limit) = adjudication.exact {
            if pos.empties() <= limit {
                let margin = solve_exactly(&pos, kind)?;
                let mover = agent_of(pos.side_to_move());
                let margin = if mover == 0 { margin } else { -margin };
                let winner = match margin.signum() {
                    1 => Some(0),
                    -1 => Some(1),
                    _ => None,
                };
                ended = Some((
                    Termination::AdjudicatedExact,
                    winner,
                    Some(margin),
                    format!(
                        "solved at {} empties: {margin:+} for agent1 with perfect play",
                        pos.empties()
                    ),
                ));
                break;
            }
        }
        let agent = agent_of(pos.side_to_move());
        let limits = &agents[agent].limits;
        let began = (clock.0)();
        let mut budget = limits.movetime;
        if let (Some(tc), Some(left)) = (limits.clock, remaining[agent]) {
            let policy = tc.move_time(left);
            budget = Some(budget.map_or(policy, |b| b.min(policy)));
        }
        let limit = Limit {
            depth: limits.depth,
            nodes: limits.nodes,
            deadline: budget.and_then(|b| began.checked_add(b)),
        };
        // An engine manages its own time: it is given the clocks, and waited for until its
        // time (the move time, or what is left on its clock) and the margin have passed, or
        // its stall limit when no time bounds the move.
        let engine_time = match (limits.movetime, remaining[agent]) {
            (_, Some(left)) => Some(left),
            (Some(t), None) => Some(t),
            (None, None) => None,
        };
        // The protocols' first and second sides are the game's (UCI's white, GTP's black),
        // whoever moves first from this opening.
        let clocks = remaining[agent_of(game_first_side)]
            .zip(remaining[agent_of(game_first_side.opponent())]);
        let stall = agents[agent].engine().map(|spec| spec.timeout);
        let moves_to_go = limits
            .clock
            .and_then(|tc| tc.moves)
            .map(|p| p - made[agent] % p);
        // Whole milliseconds, as the reasons quote them.
        let wait = stall.map(|stall| {
            engine_time.map_or(stall, |t| {
                let t = (t + time_margin).min(stall);
                Duration::from_millis(t.as_millis() as u64)
            })
        });
        let ask = |player: &mut EnginePlayer| {
            let position = AnyPosition::from(pos);
            let request = MoveRequest {
                start: &start_any,
                moves: &texts,
                position: &position,
                first_to_move: pos.side_to_move() == game_first_side,
                limits,
                clocks: clocks.map(|(a, b)| [a, b]),
                wait: wait.unwrap_or_default(),
                moves_to_go,
            };
            player.choose(&request)
        };
        let history = &keys[..keys.len() - 1];
        let chosen = brains[agent].choose(&pos, history, limit, ask)?;
        let spent = (clock.0)().saturating_duration_since(began);
        time_ns[agent] += spent.as_nanos() as u64;
        let choice = match chosen {
            Chosen::Move(choice) => choice,
            Chosen::Fault(termination, reason) => {
                // No answer within the time it had (not its stall limit) is a loss on time.
                let timed = engine_time.is_some() && wait != stall;
                let termination = match termination {
                    Termination::Stall if timed => Termination::TimeForfeit,
                    other => other,
                };
                ended = Some((termination, Some(1 - agent), None, reason));
                break;
            }
        };
        let is_engine = matches!(brains[agent], Brain::Engine(_));
        waited_ns += choice.wait_ns.unwrap_or(spent.as_nanos() as u64);
        let nodes = match (choice.leaf, choice.interior) {
            (Some(l), Some(i)) => Some(l + i),
            _ => choice.nodes,
        };
        moves.push(PlayedMove {
            ply: moves.len() as u32 + 1,
            agent,
            side: pos.side_to_move(),
            mv: choice.mv.to_string(),
            score: choice.score,
            depth: choice.depth,
            seldepth: choice.seldepth,
            nodes,
            leaf: choice.leaf,
            interior: choice.interior,
            time_ns: spent.as_nanos() as u64,
            pv: choice.pv.join(" "),
        });
        texts.push(choice.mv.to_string());
        watch.push(agent, choice.score);
        made[agent] += 1;
        debug_assert!(pos.is_legal(choice.mv) || choice.mv.is_pass());
        pos = pos.play(choice.mv);
        keys.push(pos.key());
        if let (Some(left), Some(tc)) = (remaining[agent], limits.clock) {
            // nodeprof's agents stop by themselves; an engine may be late by the margin.
            let allowed = match is_engine {
                true => left + time_margin,
                false => left,
            };
            match allowed.checked_sub(spent) {
                Some(_) => {
                    let mut rest = left.saturating_sub(spent).saturating_add(tc.increment);
                    // A period's last move (`clock=40/1m`): the base again for the next.
                    if tc.moves.is_some_and(|period| made[agent] % period == 0) {
                        rest = rest.saturating_add(tc.base);
                    }
                    remaining[agent] = Some(rest)
                }
                None => {
                    ended = Some((
                        Termination::TimeForfeit,
                        Some(1 - agent),
                        None,
                        format!(
                            "agent{} took {:.3} s with {:.3} s left",
                            agent + 1,
                            spent.as_secs_f64(),
                            left.as_secs_f64()
                        ),
                    ));
                    break;
                }
            }
        } else if let (true, Some(t)) = (is_engine, limits.movetime) {
            if spent > t + time_margin {
                ended = Some((
                    Termination::TimeForfeit,
                    Some(1 - agent),
                    None,
                    format!(
                        "agent{} took {:.3} s of a {:.3} s move time",
                        agent + 1,
                        spent.as_secs_f64(),
                        t.as_secs_f64()
                    ),
                ));
                break;
            }
        }
        if pos.is_over() {
            break;
        }
        if let Some((termination, reason)) = drawn_by_rules(&pos, &keys) {
            ended = Some((termination, None, Some(0), reason));
            break;
        }
        if let Some((termination, loser)) = watch.decide(adjudication) {
            let reason = match termination {
                Termination::AdjudicatedResign => {
                    format!("agent{}'s score stayed hopeless", loser.unwrap_or(0) + 1)
                }
                Termination::MaxMoves => format!("{} plies played", moves.len()),
                _ => "both scores stayed level".into(),
            };
            ended = Some((termination, loser.map(|l| 1 - l), None, reason));
            break;
        }
    }
    let (termination, winner, margin, reason) = match ended {
        Some(ended) => ended,
        None => {
            // The final margin for the side to move, turned to the first agent's view.
            let mover = agent_of(pos.side_to_move());
            let margin = match mover {
                0 => pos.final_margin(),
                _ => -pos.final_margin(),
            };
            let termination = match pos.ended_by_move_rule() {
                true => Termination::MoveRule,
                false => Termination::End,
            };
            let winner = match margin.signum() {
                1 => Some(0),
                -1 => Some(1),
                _ => None,
            };
            (termination, winner, Some(margin), String::new())
        }
    };
    // After an exact adjudication the stones on the board are not the result: none.
    let on_board = termination != Termination::AdjudicatedExact;
    let stones = pos.stone_counts().filter(|_| on_board).map(|(own, other)| {
        let mover = agent_of(pos.side_to_move());
        let mut s = [0; 2];
        s[mover] = own;
        s[1 - mover] = other;
        s
    });
    let wall = game_began.elapsed().as_nanos() as u64;
    Ok(PlayedGame {
        first,
        sides,
        start: start.to_string(),
        final_position: pos.to_string(),
        moves,
        termination,
        reason,
        winner,
        margin,
        stones,
        time_ns,
        runner_ns: wall.saturating_sub(waited_ns),
    })
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
