//! What a play prints in cutechess's words: a line as each game ends, and a match's closing
//! lines (score, Elo estimate, SPRT).

use super::game::PlayedGame;
use super::settings::MatchSummary;
use crate::game::{GameKind, Termination};
use crate::stats::Sprt;

/// The writeup's per-game line: `Game 7: agent2(O) WINS 30-19 | T99 | A1 127ms / A2 1313ms`.
pub fn game_line(kind: GameKind, round: u64, game: &PlayedGame) -> String {
    let outcome = match game.winner {
        Some(w) => {
            let score = match (game.stones, game.margin) {
                (Some(s), _) => format!("{}-{}", s[w], s[1 - w]),
                (None, Some(m)) => format!("by {}", m.abs()),
                (None, None) => String::new(),
            };
            format!(
                "agent{}({}) WINS {score}",
                w + 1,
                kind.side_name(game.sides[w])
            )
        }
        None => match game.stones {
            Some(s) => format!("DRAW {}-{}", s[0], s[1]),
            None => "DRAW".into(),
        },
    };
    let forfeit = match game.termination {
        Termination::End => String::new(),
        t => format!(" ({})", t.describe()),
    };
    format!(
        "Game {round}: {outcome}{forfeit} | T{} | A1 {}ms / A2 {}ms",
        game.moves.len(),
        game.time_ns[0] / 1_000_000,
        game.time_ns[1] / 1_000_000
    )
}

/// cutechess's closing lines for a match: the score, the Elo estimate and the SPRT.
pub fn summary_lines(summary: &MatchSummary, sprt: Option<&Sprt>) -> Vec<String> {
    let t = &summary.tally;
    let mut lines = vec![format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        summary.agents[0],
        summary.agents[1],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    )];
    if let Some(elo) = &summary.elo {
        lines.push(elo.to_string());
    }
    if let Some(sprt) = sprt {
        lines.push(sprt.verdict_line(t));
    }
    lines
}
