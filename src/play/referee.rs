//! A game refereed move by move: the mover's limit and clock worked out, its move asked for
//! and checked, its time charged, and the game ended by the rules, a fault, the clock, the
//! draw rules or an adjudication.

use std::time::{Duration, Instant};

use super::adjudication::{solve_exactly, Adjudication, ScoreWatch};
use super::agent::Agent;
use super::draw_rules::drawn_by_rules;
use super::game::{agent_seed, sides_of, Brain, Choice, Chosen, GameSetup, PlayedGame, PlayedMove};
use crate::engine::{Engine, MoveRequest};
use crate::error::SearchError;
use crate::game::{GameKind, GameMove, Notation, Side, Termination};
use crate::position::AnyPosition;
use crate::search::{Endgame, Limit};

/// How a game ended: the termination, the winning agent, the margin for the first agent
/// (none after a fault or a score adjudication) and why, in words (empty for the rules).
pub struct Ending {
    pub termination: Termination,
    pub winner: Option<usize>,
    pub margin: Option<i32>,
    pub reason: String,
}

impl Ending {
    /// A game lost by agent `loser`.
    fn lost_by(loser: usize, termination: Termination, reason: String) -> Ending {
        Ending {
            termination,
            winner: Some(1 - loser),
            margin: None,
            reason,
        }
    }

    /// A game scored by `margin` for the first agent.
    fn by_margin(termination: Termination, margin: i32, reason: String) -> Ending {
        let winner = match margin.signum() {
            1 => Some(0),
            -1 => Some(1),
            _ => None,
        };
        Ending {
            termination,
            winner,
            margin: Some(margin),
            reason,
        }
    }
}

/// Plays a game from `start` between `agents` under `setup`; an engine agent plays through
/// its seat in `seats` (told of the new game by the caller).
pub fn play_game<G: Endgame + Notation>(
    start: &G,
    agents: [&Agent; 2],
    setup: &GameSetup,
    seats: [Option<&mut Engine>; 2],
) -> Result<PlayedGame, SearchError>
where
    AnyPosition: From<G>,
{
    let began = Instant::now();
    let mut game = Referee::new(start, agents, setup, seats)?;
    let ending = loop {
        if game.pos.is_over() {
            break game.rules_ending();
        }
        if let Some(ending) = game.exact_adjudication()? {
            break ending;
        }
        if let Some(ending) = game.play_move()? {
            break ending;
        }
    };
    Ok(game.finish(ending, began))
}

/// A game in progress.
struct Referee<'s, 'a, G: Endgame> {
    agents: [&'s Agent; 2],
    setup: &'s GameSetup<'s>,
    brains: [Brain<'a, G>; 2],
    start: G,
    kind: GameKind,
    /// The side that moves first from this opening, and from the game's own start (the
    /// protocols' first side: UCI's white, GTP's black).
    first_side: Side,
    game_first_side: Side,
    /// Each agent's time left on its clock, with a clock.
    remaining: [Option<Duration>; 2],
    time_ns: [u64; 2],
    /// The agents' own time: searches in process, engines from `go` to their answer.
    waited_ns: u64,
    moves: Vec<PlayedMove>,
    texts: Vec<String>,
    watch: ScoreWatch,
    /// Each agent's moves so far (its clock's periods count them).
    made: [u32; 2],
    pos: G,
    /// The keys of the positions so far, the current one's last (for the draw rules).
    keys: Vec<u64>,
}

/// How long an engine is waited for on one move: its own time (the move time, or what is left
/// on its clock), and the wait (that time and the margin, at most its stall limit).
struct EngineWait {
    time: Option<Duration>,
    wait: Option<Duration>,
    stall: Option<Duration>,
}

impl<'s, 'a, G: Endgame + Notation> Referee<'s, 'a, G>
where
    AnyPosition: From<G>,
{
    fn new(
        start: &G,
        agents: [&'s Agent; 2],
        setup: &'s GameSetup<'s>,
        seats: [Option<&'a mut Engine>; 2],
    ) -> Result<Referee<'s, 'a, G>, SearchError> {
        let [seat0, seat1] = seats;
        let (eval, seed, clock) = (setup.eval, setup.seed, setup.clock);
        let kind = AnyPosition::from(*start).kind();
        Ok(Referee {
            agents,
            setup,
            brains: [
                Brain::new(agents[0], eval, agent_seed(seed, 0), clock, seat0)?,
                Brain::new(agents[1], eval, agent_seed(seed, 1), clock, seat1)?,
            ],
            start: *start,
            kind,
            first_side: start.side_to_move(),
            game_first_side: AnyPosition::start(kind).side_to_move(),
            remaining: [0, 1].map(|i| agents[i].limits.clock.map(|c| c.base)),
            time_ns: [0; 2],
            waited_ns: 0,
            moves: Vec::new(),
            texts: Vec::new(),
            watch: ScoreWatch::default(),
            made: [0; 2],
            pos: *start,
            keys: vec![start.key()],
        })
    }

    fn adjudication(&self) -> &Adjudication {
        self.setup.adjudication
    }

    /// The agent playing `side`.
    fn agent_of(&self, side: Side) -> usize {
        match side == self.first_side {
            true => self.setup.first,
            false => 1 - self.setup.first,
        }
    }

    /// `--adjudicate-exact`: at its empties the game is solved and scored by perfect play.
    fn exact_adjudication(&self) -> Result<Option<Ending>, SearchError> {
        let Some(limit) = self.adjudication().exact else {
            return Ok(None);
        };
        if self.pos.empties() > limit {
            return Ok(None);
        }
        let margin = solve_exactly(&self.pos, self.kind)?;
        let margin = match self.agent_of(self.pos.side_to_move()) {
            0 => margin,
            _ => -margin,
        };
        let reason = format!(
            "solved at {} empties: {margin:+} for agent1 with perfect play",
            self.pos.empties()
        );
        Ok(Some(Ending::by_margin(
            Termination::AdjudicatedExact,
            margin,
            reason,
        )))
    }

    /// The limit of a search in process started at `began`: the agent's depth and nodes,
    /// and the sooner of its move time and its clock's policy.
    fn search_limit(&self, agent: usize, began: Instant) -> Limit {
        let limits = &self.agents[agent].limits;
        let mut budget = limits.movetime;
        if let (Some(tc), Some(left)) = (limits.clock, self.remaining[agent]) {
            let policy = tc.move_time(left);
            budget = Some(budget.map_or(policy, |b| b.min(policy)));
        }
        Limit {
            depth: limits.depth,
            nodes: limits.nodes,
            deadline: budget.and_then(|b| began.checked_add(b)),
        }
    }

    /// An engine manages its own time: it is given the clocks, and waited for until its time
    /// and the margin have passed, or its stall limit when no time bounds the move.
    fn engine_wait(&self, agent: usize) -> EngineWait {
        let limits = &self.agents[agent].limits;
        let time = match (limits.movetime, self.remaining[agent]) {
            (_, Some(left)) => Some(left),
            (Some(t), None) => Some(t),
            (None, None) => None,
        };
        let stall = self.agents[agent].engine().map(|spec| spec.timeout);
        // Whole milliseconds, as the reasons quote them.
        let wait = stall.map(|stall| {
            time.map_or(stall, |t| {
                let t = (t + self.setup.time_margin).min(stall);
                Duration::from_millis(t.as_millis() as u64)
            })
        });
        EngineWait { time, wait, stall }
    }

    /// One move: asked of the mover, recorded, played and its time charged; the game's end
    /// if the move ended it other than by the rules.
    fn play_move(&mut self) -> Result<Option<Ending>, SearchError> {
        let agent = self.agent_of(self.pos.side_to_move());
        let clock = self.setup.clock;
        let began = (clock.0)();
        let limit = self.search_limit(agent, began);
        let waits = self.engine_wait(agent);
        let chosen = self.choose(agent, limit, &waits)?;
        let spent = (clock.0)().saturating_duration_since(began);
        self.time_ns[agent] += spent.as_nanos() as u64;
        let choice = match chosen {
            Chosen::Move(choice) => choice,
            Chosen::Fault(termination, reason) => {
                // No answer within the time it had (not its stall limit) is a loss on time.
                let timed = waits.time.is_some() && waits.wait != waits.stall;
                let termination = match termination {
                    Termination::Stall if timed => Termination::TimeForfeit,
                    other => other,
                };
                return Ok(Some(Ending::lost_by(agent, termination, reason)));
            }
        };
        let is_engine = matches!(self.brains[agent], Brain::Engine(_));
        self.record(agent, choice, spent);
        if let Some(ending) = self.charge_time(agent, spent, is_engine) {
            return Ok(Some(ending));
        }
        Ok(self.ending_after_move())
    }

    /// Asks agent `agent`'s brain for its move (an engine through a move request).
    fn choose(
        &mut self,
        agent: usize,
        limit: Limit,
        waits: &EngineWait,
    ) -> Result<Chosen<G::Move>, SearchError> {
        let limits = &self.agents[agent].limits;
        let remaining = self.remaining;
        let clocks = remaining[self.agent_of(self.game_first_side)]
            .zip(remaining[self.agent_of(self.game_first_side.opponent())]);
        let moves_to_go = limits
            .clock
            .and_then(|tc| tc.moves)
            .map(|p| p - self.made[agent] % p);
        let pos = self.pos;
        let start = AnyPosition::from(self.start);
        let position = AnyPosition::from(pos);
        let request = MoveRequest {
            start: &start,
            moves: &self.texts,
            position: &position,
            first_to_move: pos.side_to_move() == self.game_first_side,
            limits,
            clocks: clocks.map(|(a, b)| [a, b]),
            wait: waits.wait.unwrap_or_default(),
            moves_to_go,
        };
        let history = &self.keys[..self.keys.len() - 1];
        self.brains[agent].choose(&pos, history, limit, |engine| engine.choose(&request))
    }

    /// The move made: its row, the game's texts and scores, the position after it.
    fn record(&mut self, agent: usize, choice: Choice<G::Move>, spent: Duration) {
        self.waited_ns += choice.wait_ns.unwrap_or(spent.as_nanos() as u64);
        let nodes = match (choice.leaf, choice.interior) {
            (Some(l), Some(i)) => Some(l + i),
            _ => choice.nodes,
        };
        self.moves.push(PlayedMove {
            ply: self.moves.len() as u32 + 1,
            agent,
            side: self.pos.side_to_move(),
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
        self.texts.push(choice.mv.to_string());
        self.watch.push(agent, choice.score);
        self.made[agent] += 1;
        debug_assert!(self.pos.is_legal(choice.mv) || choice.mv.is_pass());
        self.pos = self.pos.play(choice.mv);
        self.keys.push(self.pos.key());
    }

    /// The move's time charged to the mover's clock (the increment added, a period's base
    /// again at its last move); past its time (an engine: past the margin too) it loses.
    fn charge_time(&mut self, agent: usize, spent: Duration, is_engine: bool) -> Option<Ending> {
        let limits = &self.agents[agent].limits;
        let margin = self.setup.time_margin;
        let lost = |reason: String| Some(Ending::lost_by(agent, Termination::TimeForfeit, reason));
        if let (Some(left), Some(tc)) = (self.remaining[agent], limits.clock) {
            // nodeprof's agents stop by themselves; an engine may be late by the margin.
            let allowed = match is_engine {
                true => left + margin,
                false => left,
            };
            if allowed < spent {
                return lost(format!(
                    "agent{} took {:.3} s with {:.3} s left",
                    agent + 1,
                    spent.as_secs_f64(),
                    left.as_secs_f64()
                ));
            }
            let mut rest = left.saturating_sub(spent).saturating_add(tc.increment);
            // A period's last move (`clock=40/1m`): the base again for the next.
            if tc
                .moves
                .is_some_and(|period| self.made[agent].is_multiple_of(period))
            {
                rest = rest.saturating_add(tc.base);
            }
            self.remaining[agent] = Some(rest);
        } else if let (true, Some(t)) = (is_engine, limits.movetime) {
            if spent > t + margin {
                return lost(format!(
                    "agent{} took {:.3} s of a {:.3} s move time",
                    agent + 1,
                    spent.as_secs_f64(),
                    t.as_secs_f64()
                ));
            }
        }
        None
    }

    /// After a move that did not end the game by the rules: a draw by the draw rules, or an
    /// adjudication by the scores.
    fn ending_after_move(&self) -> Option<Ending> {
        if self.pos.is_over() {
            return None;
        }
        if let Some((termination, reason)) = drawn_by_rules(&self.pos, &self.keys) {
            return Some(Ending::by_margin(termination, 0, reason));
        }
        let (termination, loser) = self.watch.decide(self.adjudication())?;
        let reason = match termination {
            Termination::AdjudicatedResign => {
                format!("agent{}'s score stayed hopeless", loser.unwrap_or(0) + 1)
            }
            Termination::MaxMoves => format!("{} plies played", self.moves.len()),
            _ => "both scores stayed level".into(),
        };
        Some(Ending {
            termination,
            winner: loser.map(|l| 1 - l),
            margin: None,
            reason,
        })
    }

    /// A game over by the rules: the final margin for the side to move, turned to the first
    /// agent's view.
    fn rules_ending(&self) -> Ending {
        let margin = match self.agent_of(self.pos.side_to_move()) {
            0 => self.pos.final_margin(),
            _ => -self.pos.final_margin(),
        };
        let termination = match self.pos.ended_by_move_rule() {
            true => Termination::MoveRule,
            false => Termination::End,
        };
        Ending::by_margin(termination, margin, String::new())
    }

    /// The game as played, ended by `ending`.
    fn finish(self, ending: Ending, began: Instant) -> PlayedGame {
        // After an exact adjudication the stones on the board are not the result: none.
        let on_board = ending.termination != Termination::AdjudicatedExact;
        let mover = self.agent_of(self.pos.side_to_move());
        let stones = self
            .pos
            .stone_counts()
            .filter(|_| on_board)
            .map(|(own, other)| {
                let mut s = [0; 2];
                s[mover] = own;
                s[1 - mover] = other;
                s
            });
        let wall = began.elapsed().as_nanos() as u64;
        PlayedGame {
            first: self.setup.first,
            sides: sides_of(self.first_side, self.setup.first),
            start: self.start.to_string(),
            final_position: self.pos.to_string(),
            moves: self.moves,
            termination: ending.termination,
            reason: ending.reason,
            winner: ending.winner,
            margin: ending.margin,
            stones,
            time_ns: self.time_ns,
            runner_ns: wall.saturating_sub(self.waited_ns),
        }
    }
}
