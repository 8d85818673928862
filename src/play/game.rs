//! One game between two agents, move by move, each move's search recorded.

use std::time::Duration;

use super::agent::{Agent, Chooser};
use crate::error::SearchError;
use crate::game::tree::splitmix64;
use crate::game::{Eval, Game, GameMove, Notation, Side, Termination};
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
    /// The search's value for the mover (a greedy agent: the best one-ply value).
    pub score: Option<i32>,
    /// The deepest finished iteration.
    pub depth: Option<u32>,
    pub leaf: u64,
    pub interior: u64,
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
    /// The winning agent, if any.
    pub winner: Option<usize>,
    /// The final margin for the first agent (none after a time forfeit).
    pub margin: Option<i32>,
    /// Each agent's stones at the end, for games that count them.
    pub stones: Option<[u32; 2]>,
    /// Each agent's thinking time.
    pub time_ns: [u64; 2],
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
enum Brain<G: Endgame> {
    Random(u64),
    Greedy(Eval),
    Search(Box<Thinker<G>>),
}

impl<G: Endgame> Brain<G> {
    fn new(agent: &Agent, eval: Eval, seed: u64, clock: Clock) -> Result<Brain<G>, SearchError> {
        Ok(match &agent.chooser {
            Chooser::Random => Brain::Random(seed),
            Chooser::Greedy => Brain::Greedy(eval),
            Chooser::Search(variant) => {
                let config = SearchConfig {
                    eval,
                    shuffle: agent.shuffle.then_some(seed),
                    clock,
                    ..SearchConfig::new(variant.clone())
                };
                Brain::Search(Box::new(Thinker::new(&config)?))
            }
        })
    }

    fn choose(&mut self, pos: &G, limit: Limit) -> Result<Choice<G::Move>, SearchError> {
        let moves = pos.generate_moves();
        Ok(match self {
            Brain::Random(state) => Choice {
                mv: moves[(splitmix64(state) % moves.len() as u64) as usize],
                score: None,
                depth: None,
                leaf: 0,
                interior: 0,
                pv: Vec::new(),
            },
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
                    mv: best.1,
                    score: Some(best.0),
                    depth: Some(1),
                    leaf: moves.len() as u64,
                    interior: 1,
                    pv: vec![best.1],
                }
            }
            Brain::Search(thinker) => {
                let thought = thinker.think(pos, limit)?;
                Choice {
                    mv: thought.best_move.unwrap_or(moves[0]),
                    score: Some(thought.score),
                    depth: Some(thought.depth),
                    leaf: thought.counters.leaf,
                    interior: thought.counters.interior,
                    pv: thought.pv,
                }
            }
        })
    }
}

struct Choice<M> {
    mv: M,
    score: Option<i32>,
    depth: Option<u32>,
    leaf: u64,
    interior: u64,
    pv: Vec<M>,
}

/// A seed for agent `agent` of the game seeded `game_seed` (distinct per agent).
fn agent_seed(game_seed: u64, agent: usize) -> u64 {
    let mut state = game_seed ^ (agent as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407);
    splitmix64(&mut state)
}

/// Plays a game from `start` between `agents` (agent `first` moves first). `eval` is the
/// evaluation of searches and of the greedy agent; `seed` seeds the random agent and
/// shuffled move orders. With `clock`, time is read from it (tests stand in for it).
pub fn play_game<G: Endgame + Notation>(
    start: &G,
    agents: [&Agent; 2],
    first: usize,
    eval: Eval,
    seed: u64,
    clock: Clock,
) -> Result<PlayedGame, SearchError> {
    let mut brains = [
        Brain::<G>::new(agents[0], eval, agent_seed(seed, 0), clock)?,
        Brain::<G>::new(agents[1], eval, agent_seed(seed, 1), clock)?,
    ];
    let first_side = start.side_to_move();
    let agent_of = |side| match side == first_side {
        true => first,
        false => 1 - first,
    };
    let mut sides = [first_side; 2];
    sides[1 - first] = first_side.opponent();
    let mut remaining: [Option<Duration>; 2] =
        [0, 1].map(|i| agents[i].limits.clock.map(|c| c.base));
    let mut time_ns = [0u64; 2];
    let mut moves = Vec::new();
    let mut pos = *start;
    let mut forfeit = None;
    while !pos.is_over() {
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
        let choice = brains[agent].choose(&pos, limit)?;
        let spent = (clock.0)().saturating_duration_since(began);
        time_ns[agent] += spent.as_nanos() as u64;
        moves.push(PlayedMove {
            ply: moves.len() as u32 + 1,
            agent,
            side: pos.side_to_move(),
            mv: choice.mv.to_string(),
            score: choice.score,
            depth: choice.depth,
            leaf: choice.leaf,
            interior: choice.interior,
            time_ns: spent.as_nanos() as u64,
            pv: choice
                .pv
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        });
        debug_assert!(pos.is_legal(choice.mv) || choice.mv.is_pass());
        pos = pos.play(choice.mv);
        if let (Some(left), Some(tc)) = (remaining[agent], limits.clock) {
            match left.checked_sub(spent) {
                Some(rest) => remaining[agent] = Some(rest.saturating_add(tc.increment)),
                None => {
                    forfeit = Some(agent);
                    break;
                }
            }
        }
    }
    let (termination, winner, margin) = match forfeit {
        Some(loser) => (Termination::TimeForfeit, Some(1 - loser), None),
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
            (termination, winner, Some(margin))
        }
    };
    let stones = pos.stone_counts().map(|(own, other)| {
        let mover = agent_of(pos.side_to_move());
        let mut s = [0; 2];
        s[mover] = own;
        s[1 - mover] = other;
        s
    });
    Ok(PlayedGame {
        first,
        sides,
        start: start.to_string(),
        final_position: pos.to_string(),
        moves,
        termination,
        winner,
        margin,
        stones,
        time_ns,
    })
}

/// Plays `plies` uniformly random moves from `start` (an opening); `None` if the game ends
/// on the way.
pub fn random_opening<G: Game>(start: &G, plies: u32, seed: u64) -> Option<G> {
    let mut state = seed;
    let mut pos = *start;
    for _ in 0..plies {
        if pos.is_over() {
            return None;
        }
        let moves = pos.generate_moves();
        pos = pos.play(moves[(splitmix64(&mut state) % moves.len() as u64) as usize]);
    }
    (!pos.is_over()).then_some(pos)
}
