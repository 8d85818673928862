//! The draws a game's board alone does not tell (chess): the third occurrence of a position
//! with the same side to move (FIDE Laws 9.2), fifty moves by each side without a capture or
//! a pawn move (9.3), and a position where no side can mate (5.2.2). The match runner ends a
//! game on them as an arbiter would, without a claim.

use crate::game::{Game, Termination};

/// How the game stands drawn after its last move, if it does: `keys` are the keys of its
/// positions from the start, `pos`'s last.
pub fn drawn_by_rules<G: Game>(pos: &G, keys: &[u64]) -> Option<(Termination, String)> {
    if !G::HAS_DRAW_RULES || pos.is_over() {
        return None;
    }
    let reversible = pos.reversible_plies() as usize;
    if pos.drawn_by_rule() {
        return Some(match reversible >= 100 {
            true => (
                Termination::MoveRule,
                "fifty moves without a capture or a pawn move".into(),
            ),
            false => (
                Termination::DeadPosition,
                "no side has mating material".into(),
            ),
        });
    }
    let (&key, before) = keys.split_last()?;
    let since = &before[before.len().saturating_sub(reversible)..];
    // Positions with the same side to move lie an even number of plies back.
    let earlier = since
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|&&k| k == key)
        .count();
    (earlier >= 2).then(|| {
        (
            Termination::Repetition,
            "the same position a third time".into(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Chess;

    /// The keys of the game `moves` plays from `start`, and its last position.
    fn play(start: &str, moves: &[&str]) -> (Chess, Vec<u64>) {
        let mut pos = Chess::from_fen(start).unwrap();
        let mut keys = vec![pos.key()];
        for mv in moves {
            pos = pos.play(pos.parse_legal_move(mv).unwrap());
            keys.push(pos.key());
        }
        (pos, keys)
    }

    #[test]
    fn the_third_occurrence_of_a_position_draws_and_the_second_does_not() {
        let start = Chess::start().to_string();
        let round = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let twice: Vec<&str> = round.to_vec();
        let (pos, keys) = play(&start, &twice);
        assert_eq!(drawn_by_rules(&pos, &keys), None);
        let thrice: Vec<&str> = round.iter().chain(&round).copied().collect();
        let (pos, keys) = play(&start, &thrice);
        assert_eq!(
            drawn_by_rules(&pos, &keys).map(|d| d.0),
            Some(Termination::Repetition)
        );
        // One ply short of it: the same squares, the other side to move.
        let (pos, keys) = play(&start, &thrice[..7]);
        assert_eq!(drawn_by_rules(&pos, &keys), None);
        // A pawn move between the rounds: the earlier positions cannot come back.
        let broken: Vec<&str> = round
            .iter()
            .chain(&["e2e4", "e7e5"])
            .chain(&round)
            .copied()
            .collect();
        let (pos, keys) = play(&start, &broken);
        assert_eq!(drawn_by_rules(&pos, &keys), None);
    }

    #[test]
    fn fifty_moves_and_bare_kings_draw() {
        let (pos, keys) = play("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", &["a1a2"]);
        assert_eq!(
            drawn_by_rules(&pos, &keys).map(|d| d.0),
            Some(Termination::MoveRule)
        );
        let (pos, keys) = play("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", &["e2e4"]);
        assert_eq!(drawn_by_rules(&pos, &keys), None);
        let (pos, keys) = play("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", &["e1d2"]);
        assert_eq!(
            drawn_by_rules(&pos, &keys).map(|d| d.0),
            Some(Termination::DeadPosition)
        );
    }
}
