//! GTP against a real engine: Debian's `gtp-rhino` (package `grhino`, installed by `.ci/run`)
//! plays whole Othello games against nodeprof's first legal move, refereed by nodeprof's
//! rules: its vertices map onto nodeprof's squares (row 1 at the top), every answer is legal,
//! passes included. Without it the test says so and passes, unless NODEPROF_REQUIRE_ENGINES
//! is set.

use std::path::PathBuf;
use std::time::Duration;

use nodeprof::engine::{Engine, EngineSpec, GameStart, MoveRequest};
use nodeprof::game::GameKind;
use nodeprof::position::AnyPosition;
use nodeprof::search::MoveLimits;

#[path = "engines/installed.rs"]
mod installed;

fn gtp_rhino() -> Option<PathBuf> {
    installed::program("gtp-rhino", "grhino")
}

#[test]
fn gtp_rhino_plays_legal_games_against_nodeprof() {
    let Some(program) = gtp_rhino() else { return };
    let words: Vec<String> = [
        "name=rhino",
        &format!("cmd={}", program.display()),
        "proto=gtp",
    ]
    .iter()
    .map(|w| w.to_string())
    .collect();
    let spec = EngineSpec::parse(&words, None).unwrap();
    let mut engine = Engine::start(&spec).unwrap();
    assert!(
        engine
            .id_name
            .as_deref()
            .is_some_and(|n| n == "GTP GRhino 0.16.1"),
        "{:?}",
        engine.id_name
    );
    let start = AnyPosition::start(GameKind::Reversi);
    let limits = MoveLimits::default();
    for rhino_first in [true, false] {
        let game = GameStart {
            start: &start,
            opening: Some(&[]),
            clock: None,
        };
        engine.start_game(&game).unwrap();
        let mut position = start;
        let mut moves: Vec<String> = Vec::new();
        let mut plies = 0;
        let mut rhino_moves = 0;
        while !position.legal_moves().is_empty() && plies < 200 {
            let first_to_move = plies % 2 == 0;
            // Rhino is told our moves when it is asked for its own.
            let mv = if first_to_move == rhino_first {
                let request = MoveRequest {
                    start: &start,
                    moves: &moves,
                    position: &position,
                    first_to_move,
                    limits: &limits,
                    clocks: None,
                    moves_to_go: None,
                    wait: Duration::from_secs(60),
                };
                let answer = engine.choose(&request).unwrap().mv;
                rhino_moves += 1;
                position
                    .canonical_move(&answer)
                    .unwrap_or_else(|e| panic!("ply {plies}: rhino's {answer}: {e}"))
            } else {
                position.legal_moves()[0].clone()
            };
            position = position.after_moves(&[&mv]).unwrap();
            moves.push(mv);
            plies += 1;
        }
        assert!(
            position.legal_moves().is_empty(),
            "the game ended by the rules"
        );
        assert!(plies >= 20 && rhino_moves >= 10, "{plies} plies");
    }
    engine.quit();
}
