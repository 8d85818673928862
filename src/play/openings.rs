//! Where a match's games start: the game's start position, positions from a file or suite
//! (one a pair, in order), or seeded random openings; and the seeds drawn for each pair.

use super::game::random_opening;
use crate::error::{Error, PlayError};
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::random::splitmix64;
use crate::with_position;

/// Where games start.
#[derive(Clone, Debug, PartialEq)]
pub enum Openings {
    /// The game's start position.
    Start,
    /// Positions from a file or suite, one a pair, in order (then again from the first).
    Positions {
        source: String,
        positions: Vec<AnyPosition>,
    },
    /// `plies` seeded random moves from the start, a new opening each pair.
    Random { plies: u32 },
}

impl Openings {
    pub fn describe(&self) -> String {
        match self {
            Openings::Start => "start".into(),
            Openings::Positions { source, .. } => source.clone(),
            Openings::Random { plies } => format!("random:{plies}"),
        }
    }
}

/// How opening positions are taken from their file (cutechess's `-openings order= start=
/// plies=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningOrder {
    /// Shuffled by `seed` (else in the file's order).
    pub random: bool,
    /// The first opening used, 1-based (the rest follow, then the ones before).
    pub start: u64,
    /// From a record file: the first plies of each game.
    pub plies: Option<usize>,
    pub seed: u64,
}

impl Default for OpeningOrder {
    fn default() -> OpeningOrder {
        OpeningOrder {
            random: false,
            start: 1,
            plies: None,
            seed: 1,
        }
    }
}

/// The openings `text` names for game `game`: `start`, `random:K`, positions to load, or
/// games of a record file (`.pgn`, `.ggf`: each game's start and its first plies), taken
/// as `order` says.
pub fn openings_from(text: &str, game: GameKind, order: &OpeningOrder) -> Result<Openings, Error> {
    let text = text.trim();
    if text == "start" {
        return Ok(Openings::Start);
    }
    if let Some(k) = text.strip_prefix("random:") {
        let plies = k.parse::<u32>().ok().filter(|&k| k <= 200).ok_or_else(|| {
            PlayError::Setup(format!(
                "--openings {text}: expected random:K with K random plies, 0 to 200"
            ))
        })?;
        return Ok(Openings::Random { plies });
    }
    let record = text.ends_with(".pgn") || text.ends_with(".ggf");
    let mut positions: Vec<AnyPosition> = match record {
        true => {
            let bytes = std::fs::read(text)
                .map_err(|e| PlayError::Setup(format!("--openings {text}: {e}")))?;
            let records = crate::position::decode(&bytes)
                .map_err(|(line, e)| PlayError::Setup(format!("{text}:{line}: {e}")))?;
            let games = game
                .read_records(records)
                .map_err(|e| PlayError::Setup(format!("{text}: {e}")))?;
            let mut positions = Vec::new();
            for (i, g) in games.iter().enumerate() {
                let start = AnyPosition::parse_text(game, &g.start)
                    .map_err(|e| PlayError::Setup(format!("{text}: game {}: {e}", i + 1)))?;
                let plies = order.plies.unwrap_or(g.moves.len()).min(g.moves.len());
                positions.push(
                    start
                        .after_moves(&g.moves[..plies])
                        .map_err(|e| PlayError::Setup(format!("{text}: game {}: {e}", i + 1)))?,
                );
            }
            positions
        }
        false => crate::position::load(&[text.to_string()], Some(game))?
            .into_iter()
            .map(|case| case.position)
            .collect(),
    };
    if order.random {
        // Fisher–Yates with the play's seed.
        let mut state = derive(order.seed, 3, 0);
        for i in (1..positions.len()).rev() {
            let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
            positions.swap(i, j);
        }
    }
    if !positions.is_empty() {
        let first = ((order.start - 1) % positions.len() as u64) as usize;
        positions.rotate_left(first);
    }
    // The order is part of the openings' name, so that a resume in another order is refused.
    let mut source = text.to_string();
    if order.random {
        source.push_str(" order=random");
    }
    if order.start > 1 {
        source.push_str(&format!(" start={}", order.start));
    }
    if let Some(plies) = order.plies.filter(|_| record) {
        source.push_str(&format!(" plies={plies}"));
    }
    Ok(Openings::Positions { source, positions })
}

/// The game of the opening positions `text` names (none for `start` and `random:K`, which
/// take the game from `--game`).
pub fn openings_game(text: &str) -> Result<Option<GameKind>, Error> {
    let text = text.trim();
    if text == "start" || text.starts_with("random:") {
        return Ok(None);
    }
    let cases = crate::position::load(&[text.to_string()], None)?;
    Ok(cases.first().map(|c| c.position.kind()))
}

/// A seed for `index` drawn from `seed` (the same for every match of a play, so that the
/// games of a gauntlet start alike).
pub(super) fn derive(seed: u64, stream: u64, index: u64) -> u64 {
    let mut state = seed ^ stream.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ index.rotate_left(32);
    splitmix64(&mut state)
}

/// A game's opening: the position, and the moves that lead to it from the game's start
/// when they are known (GTP engines are given a position only as moves).
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub position: AnyPosition,
    pub moves: Option<Vec<String>>,
}

impl Openings {
    /// The opening of pair `pair` (0-based) of a play of `game` seeded `seed`.
    pub fn of_pair(&self, game: GameKind, seed: u64, pair: u64) -> Result<Opening, PlayError> {
        let start = AnyPosition::start(game);
        match self {
            Openings::Start => Ok(Opening {
                position: start,
                moves: Some(Vec::new()),
            }),
            Openings::Positions { positions, .. } => {
                let position = positions[(pair % positions.len() as u64) as usize];
                Ok(Opening {
                    position,
                    moves: (position == start).then(Vec::new),
                })
            }
            Openings::Random { plies } => {
                for attempt in 0..1000 {
                    let seed = derive(seed, 1, pair * 1000 + attempt);
                    let found = with_position!(&start, p => random_opening(p, *plies, seed).map(|(q, moves)| (q.to_string(), moves)));
                    if let Some((text, moves)) = found {
                        return Ok(Opening {
                            position: AnyPosition::parse_text(game, &text)
                                .map_err(PlayError::Setup)?,
                            moves: Some(moves),
                        });
                    }
                }
                Err(PlayError::Setup(format!(
                    "random:{plies}: no random opening of {plies} plies leaves a game to play"
                )))
            }
        }
    }

    /// Whether every opening's moves from the start are known (GTP engines need them).
    pub fn moves_known(&self, game: GameKind) -> bool {
        match self {
            Openings::Positions { positions, .. } => {
                positions.iter().all(|p| *p == AnyPosition::start(game))
            }
            _ => true,
        }
    }
}
