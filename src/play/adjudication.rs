//! Ending games before the rules do: exactly, by nodeprof's solver once a position is within
//! its reach (the result of perfect play from there, never a misjudgement); by the agents'
//! reported scores, as cutechess-cli's `-draw` and `-resign` do; and at a move limit
//! (`-maxmoves`). The rules are written as cutechess takes them:
//! `movenumber=40,movecount=8,score=10` (commas or spaces).

use crate::parse::{ParseError, TextKind};
use std::str::FromStr;

use crate::error::SearchError;
use crate::game::{GameKind, Termination};
use crate::search::{game_result, search, Endgame, SearchConfig, END};

/// `-draw movenumber=N movecount=M score=S`: a draw once the game is N full moves old and
/// both sides' scores have stayed within ±S for their last M moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

/// `-resign movecount=M score=S [twosided=true]`: a side whose score has stayed at or below
/// −S for its last M moves loses (two-sided: and its opponent's at or above S as long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
    pub twosided: bool,
}

/// Every way a game may be ended early; none by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Solve exactly at this many empty squares or fewer.
    pub exact: Option<u32>,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    /// A draw after this many full moves (2 plies each).
    pub max_moves: Option<u32>,
}

impl Adjudication {
    /// The rules as meta.json records them (a resume must keep them): `none`, or
    /// `exact=16 draw=40/8/10 resign=3/400/twosided maxmoves=200`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = self.exact {
            parts.push(format!("exact={e}"));
        }
        if let Some(d) = self.draw {
            parts.push(format!("draw={}/{}/{}", d.movenumber, d.movecount, d.score));
        }
        if let Some(r) = self.resign {
            let two = if r.twosided { "/twosided" } else { "" };
            parts.push(format!("resign={}/{}{two}", r.movecount, r.score));
        }
        if let Some(m) = self.max_moves {
            parts.push(format!("maxmoves={m}"));
        }
        match parts.is_empty() {
            true => "none".into(),
            false => parts.join(" "),
        }
    }
}

fn parse_items(text: &str, rule: &str, keys: &[&str]) -> Result<Vec<(String, String)>, String> {
    let mut items = Vec::new();
    for item in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let (key, value) = item.split_once('=').ok_or_else(|| {
            format!(
                "{rule}: expected key=value, got '{item}' (keys: {})",
                keys.join(", ")
            )
        })?;
        if !keys.contains(&key) {
            return Err(format!(
                "{rule}: unknown key '{key}' (keys: {})",
                keys.join(", ")
            ));
        }
        items.push((key.to_string(), value.to_string()));
    }
    Ok(items)
}

fn number<T: FromStr>(rule: &str, key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{rule}: {key} must be a whole number, got '{value}'"))
}

impl std::str::FromStr for DrawRule {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<DrawRule, ParseError> {
        parse_draw_rule(text).map_err(ParseError::of(TextKind::DrawRule))
    }
}

fn parse_draw_rule(text: &str) -> Result<DrawRule, String> {
    let mut rule = DrawRule {
        movenumber: 0,
        movecount: 0,
        score: 0,
    };
    let (mut count, mut score) = (false, false);
    for (key, value) in parse_items(text, "draw", &["movenumber", "movecount", "score"])? {
        match key.as_str() {
            "movenumber" => rule.movenumber = number("draw", &key, &value)?,
            "movecount" => {
                rule.movecount = number("draw", &key, &value)?;
                count = true
            }
            _ => {
                rule.score = number::<i32>("draw", &key, &value)?.abs();
                score = true
            }
        }
    }
    match (count, score) {
        (true, true) if rule.movecount > 0 => Ok(rule),
        _ => Err("draw: needs movecount=M (at least 1) and score=S".into()),
    }
}

impl std::str::FromStr for ResignRule {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<ResignRule, ParseError> {
        parse_resign_rule(text).map_err(ParseError::of(TextKind::ResignRule))
    }
}

fn parse_resign_rule(text: &str) -> Result<ResignRule, String> {
    let mut rule = ResignRule {
        movecount: 0,
        score: 0,
        twosided: false,
    };
    let mut score = false;
    for (key, value) in parse_items(text, "resign", &["movecount", "score", "twosided"])? {
        match key.as_str() {
            "movecount" => rule.movecount = number("resign", &key, &value)?,
            "score" => {
                rule.score = number::<i32>("resign", &key, &value)?.abs();
                score = true
            }
            _ => {
                rule.twosided = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("resign: twosided is true or false, got '{value}'")),
                }
            }
        }
    }
    match score && rule.movecount > 0 {
        true => Ok(rule),
        false => Err("resign: needs movecount=M (at least 1) and score=S".into()),
    }
}

/// The scores of a game's moves so far, each by the side that moved, for the score rules.
#[derive(Clone, Debug, Default)]
pub struct ScoreWatch {
    /// Each ply's mover (0: the first agent) and its score, if it reported one.
    plies: Vec<(usize, Option<i32>)>,
}

impl ScoreWatch {
    pub fn push(&mut self, agent: usize, score: Option<i32>) {
        self.plies.push((agent, score));
    }

    /// The last `count` scores of `agent`'s moves, if it has made that many, all reported.
    fn last(&self, agent: usize, count: u32) -> Option<Vec<i32>> {
        let scores: Vec<Option<i32>> = self
            .plies
            .iter()
            .rev()
            .filter(|(a, _)| *a == agent)
            .take(count as usize)
            .map(|(_, s)| *s)
            .collect();
        match scores.len() == count as usize {
            true => scores.into_iter().collect(),
            false => None,
        }
    }

    /// What the score rules decide after the last move: a draw, or the agent who resigns.
    pub fn decide(&self, adjudication: &Adjudication) -> Option<(Termination, Option<usize>)> {
        let plies = self.plies.len() as u32;
        if let Some(max) = adjudication.max_moves {
            if plies >= 2 * max {
                return Some((Termination::MaxMoves, None));
            }
        }
        if let Some(rule) = adjudication.resign {
            for agent in [0, 1] {
                let hopeless = self
                    .last(agent, rule.movecount)
                    .is_some_and(|s| s.iter().all(|&v| v <= -rule.score));
                let agreed = !rule.twosided
                    || self
                        .last(1 - agent, rule.movecount)
                        .is_some_and(|s| s.iter().all(|&v| v >= rule.score));
                if hopeless && agreed {
                    return Some((Termination::AdjudicatedResign, Some(agent)));
                }
            }
        }
        if let Some(rule) = adjudication.draw {
            let near = |agent| {
                self.last(agent, rule.movecount)
                    .is_some_and(|s| s.iter().all(|&v| v.abs() <= rule.score))
            };
            if plies >= 2 * rule.movenumber && near(0) && near(1) {
                return Some((Termination::AdjudicatedDraw, None));
            }
        }
        None
    }
}

/// The exact result of `pos` for its side to move (the final margin under perfect play), by
/// the game's default solver.
pub fn solve_exactly<G: Endgame>(pos: &G, kind: GameKind) -> Result<i32, SearchError> {
    let config = SearchConfig::new(crate::search::variants::default_solver(kind)).for_game(kind);
    let outcome = search(pos, END, &config)?;
    Ok(game_result::<G>(outcome.score).unwrap_or(outcome.score.signum()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::play::{Openings, PlaySettings};
    use crate::position::AnyPosition;
    use crate::store::games::{read_rows, GameRow, GAMES_FILE};
    use crate::with_position;

    #[test]
    fn rules_parse_as_cutechess_writes_them() {
        let d: DrawRule = "movenumber=40 movecount=8 score=10".parse().unwrap();
        assert_eq!((d.movenumber, d.movecount, d.score), (40, 8, 10));
        let r: ResignRule = "movecount=3,score=400,twosided=true".parse().unwrap();
        assert_eq!((r.movecount, r.score, r.twosided), (3, 400, true));
        for bad in [
            "movecount=0 score=1",
            "score=1",
            "movecount=2 score=x",
            "foo=1",
        ] {
            assert!(bad.parse::<DrawRule>().is_err(), "{bad}");
            assert!(bad.parse::<ResignRule>().is_err(), "{bad}");
        }
    }

    #[test]
    fn score_rules_decide_as_cutechess_does() {
        let adj = Adjudication {
            resign: Some("movecount=2 score=100".parse().unwrap()),
            draw: Some("movenumber=3 movecount=2 score=5".parse().unwrap()),
            ..Adjudication::default()
        };
        let mut w = ScoreWatch::default();
        for (agent, score) in [(0, 0), (1, -150), (0, 3), (1, -120)] {
            w.push(agent, Some(score));
        }
        assert_eq!(
            w.decide(&adj),
            Some((Termination::AdjudicatedResign, Some(1)))
        );
        let mut w = ScoreWatch::default();
        for (agent, score) in [(0, 1), (1, -1), (0, 2), (1, 0)] {
            w.push(agent, Some(score));
            // Not before move 3, however level.
            assert_eq!(w.decide(&adj), None);
        }
        w.push(0, Some(4));
        w.push(1, Some(-5));
        assert_eq!(w.decide(&adj), Some((Termination::AdjudicatedDraw, None)));
        // The other side's unscored moves do not break a streak.
        let mut w = ScoreWatch::default();
        for (agent, score) in [(1, Some(-150)), (0, None), (1, Some(-150))] {
            w.push(agent, score);
        }
        assert_eq!(
            w.decide(&adj),
            Some((Termination::AdjudicatedResign, Some(1)))
        );
        let two = Adjudication {
            resign: Some("movecount=1 score=100 twosided=true".parse().unwrap()),
            ..Adjudication::default()
        };
        let mut w = ScoreWatch::default();
        w.push(0, None);
        w.push(1, Some(-150));
        assert_eq!(w.decide(&two), None);
        let limit = Adjudication {
            max_moves: Some(1),
            ..Adjudication::default()
        };
        w.push(0, None);
        assert_eq!(w.decide(&limit), Some((Termination::MaxMoves, None)));
    }

    /// The exact value of `pos` for its side to move by plain minimax to the end (no pruning, no
    /// table: an independent truth for small endgames).
    fn minimax<G: Game>(pos: &G) -> i32 {
        if pos.is_over() {
            return pos.final_margin();
        }
        pos.generate_moves()
            .iter()
            .map(|&mv| -minimax(&pos.play(mv)))
            .max()
            .expect("a game not over has a move")
    }

    #[test]
    fn an_exact_adjudication_is_the_result_of_perfect_play() {
        let dir = tempfile::tempdir().unwrap();
        let s = PlaySettings {
            openings: Openings::Random { plies: 4 },
            adjudication: Adjudication {
                exact: Some(9),
                ..Adjudication::default()
            },
            ..crate::play::tests::settings(
                GameKind::Reversi,
                "alphabeta@depth=2",
                "greedy",
                6,
                dir.path(),
            )
        };
        crate::play::run(&s, &|_| {}).unwrap();
        let games: Vec<GameRow> = read_rows(&dir.path().join(GAMES_FILE)).unwrap();
        let adjudicated: Vec<&GameRow> = games
            .iter()
            .filter(|g| g.termination == "adjudicated_exact")
            .collect();
        assert!(adjudicated.len() >= 4, "{games:?}");
        for g in adjudicated {
            let at = AnyPosition::parse_text(GameKind::Reversi, &g.final_position).unwrap();
            assert!(at.empties() <= 9);
            // Play the position out, each side choosing a move of the best minimax value.
            let (end, mover_at) = with_position!(&at, p => {
                let mut pos = *p;
                while !pos.is_over() {
                    let best = *pos
                        .generate_moves()
                        .iter()
                        .max_by_key(|&&mv| -minimax(&pos.play(mv)))
                        .unwrap();
                    pos = pos.play(best);
                }
                // The final margin for the side that was to move at the adjudication.
                let same = pos.side_to_move() == p.side_to_move();
                (if same { pos.final_margin() } else { -pos.final_margin() }, p.side_to_move())
            });
            let agent1_moves = g.agent1_side == GameKind::Reversi.side_name(mover_at);
            let for_agent1 = if agent1_moves { end } else { -end };
            assert_eq!(g.margin, Some(for_agent1), "{g:?}");
            let winner = match for_agent1.signum() {
                1 => "agent1",
                -1 => "agent2",
                _ => "draw",
            };
            assert_eq!(g.winner, winner);
            assert!(g.reason.contains("perfect play"));
        }
    }
}
