//! What nodeprof calls itself and how it writes its moves, under every protocol.

use crate::game::Game;
use crate::position::AnyPosition;
use crate::search::mate_distance::is_decided;
use crate::search::SearchConfig;
use crate::with_position;

/// The name nodeprof gives itself: `nodeprof VARIANT`.
pub(super) fn engine_name(config: &SearchConfig) -> String {
    format!("nodeprof {}", config.variant)
}

/// A move as the protocols write it: no move (the game is over) is `(none)`.
pub(super) fn move_text(best: Option<&str>) -> String {
    best.map_or("(none)".into(), str::to_string)
}

/// The words after `go`, read once for both ways of answering (a sweep's ladder, play's
/// agent): `depth`, `nodes`, `movetime`, `infinite`, a clock (`wtime`/`btime`/`winc`/`binc`,
/// UGI's `p1time`/...), `movestogo` (read, not used).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct GoArgs {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<std::time::Duration>,
    pub infinite: bool,
    /// The first and second sides' time left and increments, in milliseconds.
    pub time: [Option<u64>; 2],
    pub inc: [u64; 2],
}

impl GoArgs {
    pub fn parse(words: &[&str]) -> Result<GoArgs, String> {
        let mut go = GoArgs::default();
        let mut i = 0;
        while i < words.len() {
            if words[i] == "infinite" {
                go.infinite = true;
                i += 1;
                continue;
            }
            let value = words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
            let need = || value.ok_or(format!("'{}' needs a number", words[i]));
            match words[i] {
                "depth" => go.depth = Some(need()? as u32),
                "nodes" => go.nodes = Some(need()?),
                "movetime" => go.movetime = Some(std::time::Duration::from_millis(need()?)),
                "wtime" | "p1time" => go.time[0] = Some(need()?),
                "btime" | "p2time" => go.time[1] = Some(need()?),
                "winc" | "p1inc" => go.inc[0] = need()?,
                "binc" | "p2inc" => go.inc[1] = need()?,
                "movestogo" => {
                    need()?;
                }
                other => return Err(format!("unknown go argument '{other}'")),
            }
            i += 2;
        }
        Ok(go)
    }
}

/// A score as UCI's `info` writes it: `cp N`, or `mate M` (moves, negative when mated) for
/// a game whose wins score by distance (chess).
pub fn score_words(position: &AnyPosition, score: i32) -> String {
    with_position!(position, p => mate_in(p, score))
        .map_or_else(|| format!("cp {score}"), |moves| format!("mate {moves}"))
}

fn mate_in<G: Game>(_: &G, score: i32) -> Option<i32> {
    if !(G::WINS_BY_DISTANCE && is_decided::<G>(score)) {
        return None;
    }
    let plies = G::WIN_BONUS + 1 - score.abs();
    Some(score.signum() * (plies + 1) / 2)
}
