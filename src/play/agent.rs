//! Agents: who chooses the moves of a game, and within what limit. An agent is written
//! `WHO[@OPTION,...]`: `random`, `greedy`, or a variant spec (`alphabeta+tt+id`), then
//! options `depth=N`, `nodes=N`, `movetime=150ms`, `clock=10s` (or `clock=10s+100ms`, an
//! increment per move) and `shuffle` (the variant's move order shuffled, seeded per game).

use crate::parse::{ParseError, TextKind};
use std::fmt;
use std::time::Duration;

use crate::engine::EngineSpec;
use crate::game::Eval;
use crate::search::Variant;

/// Who chooses the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chooser {
    /// A legal move uniformly at random (seeded per game).
    Random,
    /// The move whose position evaluates best for the mover one ply on (a finished game by
    /// its result); the first such move in the game's order.
    Greedy,
    /// A search variant.
    Search(Variant),
    /// An external engine, by its `--engine` definition.
    Engine(Box<EngineSpec>),
}

pub use crate::search::{
    MoveLimits, TimeControl, POLICY_LOW_CLOCK, POLICY_LOW_MOVETIME, POLICY_MOVETIME,
};

/// An agent: a chooser, its limits and its options, as written on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agent {
    pub chooser: Chooser,
    pub limits: MoveLimits,
    /// Shuffle the search's move order (the seed differs per game and side).
    pub shuffle: bool,
    /// The evaluation of this agent's searches, if not the match's (`eval=pattern`).
    pub eval: Option<Eval>,
}

impl Agent {
    /// This agent with `limits` where it names none.
    pub fn or_limits(mut self, limits: &MoveLimits) -> Agent {
        if self.limits.is_empty() {
            self.limits = *limits;
        }
        self
    }

    /// Whether the agent needs a limit to know when to stop (a search does; an engine's
    /// limits are checked against its protocol, see `Protocol::check_limits`).
    pub fn needs_limit(&self) -> bool {
        matches!(self.chooser, Chooser::Search(_)) && self.limits.is_empty()
    }

    /// The engine the agent is, if it is one.
    pub fn engine(&self) -> Option<&EngineSpec> {
        match &self.chooser {
            Chooser::Engine(spec) => Some(spec),
            _ => None,
        }
    }

    /// Parses `text` where `engines` are defined: a name of theirs is that engine (the name
    /// wins over a variant spec of the same spelling), with the options of any agent.
    pub fn parse_with(text: &str, engines: &[EngineSpec]) -> Result<Agent, String> {
        let (who, options) = split_agent(text);
        let Some(spec) = engines.iter().find(|e| e.name() == who) else {
            return text.parse().map_err(String::from);
        };
        let (limits, shuffle, eval) = match options {
            Some(options) => parse_options(options)?,
            None => (MoveLimits::default(), false, None),
        };
        if shuffle || eval.is_some() {
            return Err(format!(
                "engine {who}: shuffle and eval are for nodeprof's searches; an engine orders and evaluates its own moves"
            ));
        }
        Ok(Agent {
            chooser: Chooser::Engine(Box::new(spec.clone())),
            limits,
            shuffle: false,
            eval: None,
        })
    }
}

/// `WHO@OPTIONS` as its two parts (no options without `@`).
fn split_agent(text: &str) -> (&str, Option<&str>) {
    match text.split_once('@') {
        Some((w, o)) => (w.trim(), Some(o)),
        None => (text.trim(), None),
    }
}

/// The options after `@`: the limits, whether `shuffle` was given, and the evaluation.
fn parse_options(options: &str) -> Result<(MoveLimits, bool, Option<Eval>), String> {
    let mut limits = MoveLimits::default();
    let mut shuffle = false;
    let mut eval = None;
    let number = |key: &str, v: &str| {
        v.parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("{key}: expected a whole number above 0, got '{v}'"))
    };
    for option in options.split(',').map(str::trim) {
        let (key, value) = option.split_once('=').unwrap_or((option, ""));
        match (key, value) {
            ("shuffle", "") => shuffle = true,
            ("depth", v) => {
                let d = number(key, v)?;
                if d > crate::search::MAX_DEPTH as u64 {
                    return Err(format!(
                        "depth: at most {}, got {d}",
                        crate::search::MAX_DEPTH
                    ));
                }
                limits.depth = Some(d as u32);
            }
            ("nodes", v) => limits.nodes = Some(number(key, v)?),
            ("movetime", v) => limits.movetime = Some(parse_duration(key, v)?),
            ("clock", v) => limits.clock = Some(parse_time_control(v)?),
            ("eval", v) => eval = Some(v.parse::<Eval>().map_err(|e| format!("eval: {e}"))?),
            _ => {
                return Err(format!(
                    "unknown agent option '{option}': expected depth=N, nodes=N, movetime=150ms, clock=10s[+100ms], eval=E or shuffle"
                ))
            }
        }
    }
    Ok((limits, shuffle, eval))
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", duration_text(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", duration_text(self.increment))?;
        }
        Ok(())
    }
}

/// A duration as the options write it: `150ms`, `10s`, `1m30s`.
pub fn duration_text(d: Duration) -> String {
    humantime::format_duration(d).to_string().replace(' ', "")
}

impl fmt::Display for Agent {
    /// The canonical form, which parses back to the same agent.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.chooser {
            Chooser::Random => f.write_str("random")?,
            Chooser::Greedy => f.write_str("greedy")?,
            Chooser::Search(v) => write!(f, "{v}")?,
            Chooser::Engine(spec) => f.write_str(spec.name())?,
        }
        let l = &self.limits;
        let mut options: Vec<String> = Vec::new();
        if let Some(d) = l.depth {
            options.push(format!("depth={d}"));
        }
        if let Some(n) = l.nodes {
            options.push(format!("nodes={n}"));
        }
        if let Some(t) = l.movetime {
            options.push(format!("movetime={}", duration_text(t)));
        }
        if let Some(c) = l.clock {
            options.push(format!("clock={c}"));
        }
        if self.shuffle {
            options.push("shuffle".into());
        }
        if let Some(eval) = self.eval {
            options.push(format!("eval={}", eval.name()));
        }
        if !options.is_empty() && matches!(self.chooser, Chooser::Search(_) | Chooser::Engine(_)) {
            write!(f, "@{}", options.join(","))?;
        }
        Ok(())
    }
}

fn parse_duration(option: &str, text: &str) -> Result<Duration, String> {
    crate::duration::parse(text, false).map_err(|e| format!("{option}: {e}"))
}

/// `10s` or `10s+100ms`, with `40/` before for a period of 40 moves.
pub fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    let (moves, base, increment) = crate::duration::parse_clock(text)?;
    Ok(TimeControl {
        base,
        increment,
        moves,
    })
}

impl std::str::FromStr for Agent {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Agent, ParseError> {
        parse_agent(text).map_err(ParseError::of(TextKind::Agent))
    }
}

fn parse_agent(text: &str) -> Result<Agent, String> {
    let (who, options) = split_agent(text);
    let chooser = match who {
        "random" => Chooser::Random,
        "greedy" => Chooser::Greedy,
        "" => return Err("empty agent: expected random, greedy or a variant spec".into()),
        spec => Chooser::Search(
            spec.parse::<Variant>()
                .map_err(|e| format!("{e} (an agent is random, greedy or a variant spec)"))?,
        ),
    };
    let Some(options) = options else {
        return Ok(Agent {
            chooser,
            limits: MoveLimits::default(),
            shuffle: false,
            eval: None,
        });
    };
    if !matches!(chooser, Chooser::Search(_)) {
        return Err(format!(
            "'{who}' takes no options (only search agents have limits)"
        ));
    }
    let (limits, shuffle, eval) = parse_options(options)?;
    Ok(Agent {
        chooser,
        limits,
        shuffle,
        eval,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_parse_and_print_back() {
        for text in [
            "random",
            "greedy",
            "alphabeta",
            "alphabeta+tt+id@movetime=150ms",
            "pvs+tt+id@depth=4,nodes=10000,shuffle",
            "alphabeta+tt+id@depth=4,eval=pattern",
            "alphabeta+id@clock=10s+100ms",
            "alphabeta+id@clock=40/1m+600ms",
        ] {
            let agent: Agent = text.parse().unwrap();
            assert_eq!(agent.to_string(), text);
            assert_eq!(agent.to_string().parse::<Agent>().unwrap(), agent);
        }
        let a: Agent = "alphabeta@depth=3".parse().unwrap();
        assert_eq!(a.limits.depth, Some(3));
        for bad in [
            "",
            "random@depth=2",
            "alphabeta@depth=0",
            "alphabeta@depth=x",
            "alphabeta@speed=3",
            "alphabeta@movetime=0s",
            "alphabeta@clock=fast",
            "nosuch",
        ] {
            assert!(bad.parse::<Agent>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_clock_policy_is_the_writeups() {
        let tc = parse_time_control("10s").unwrap();
        assert_eq!(tc.move_time(Duration::from_secs(5)), POLICY_MOVETIME);
        assert_eq!(
            tc.move_time(Duration::from_millis(900)),
            POLICY_LOW_MOVETIME
        );
        assert_eq!(
            tc.move_time(Duration::from_millis(4)),
            Duration::from_millis(4)
        );
    }
}
