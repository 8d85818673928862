//! The built-in Connect 4 suites (`positions/connect4/`, made by `nodeprof-suites connect4`):
//! their scores proved again and their classes checked.

use std::path::Path;

use crate::game::connect4::tests::ArrayBoard;
use crate::game::{Connect4, Game};
use crate::position::{load, AnyPosition};

use crate::game::connect4::classes::{class_of, moves_left, CLASSES};
use crate::search::endgame::connect4::SOLVER as DEFAULT_CONNECT4_SOLVER;
use crate::search::{game_result, search, SearchConfig, END};

fn suite_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/connect4")
}

#[test]
fn moves_left_follow_the_tutorials_examples() {
    // 4455: 18, the side to move wins with its 4th stone, the 7th stone of the game.
    assert_eq!(moves_left(4, 18), 3);
    // 44455554221: -15, the other side wins with its 7th stone, the 13th of the game.
    assert_eq!(moves_left(11, -15), 2);
    assert_eq!(moves_left(30, 0), 12);
    assert_eq!(class_of(30, 12), "end-easy");
    assert_eq!(class_of(20, 20), "middle-medium");
    assert_eq!(class_of(10, 30), "begin-hard");
}

/// Every built-in suite's scores proved again by the default solver (the hardest suites by
/// their first positions; `--ignored` proves them all), the classes checked, and the
/// positions with at most 10 empties proved by the independent array board too.
#[test]
fn connect4_suites_are_proved_again() {
    let all = std::env::var("NODEPROF_ALL_SUITES").is_ok();
    check_suites(if all { usize::MAX } else { 5 });
}

#[test]
#[ignore]
fn connect4_suites_are_proved_again_in_full() {
    check_suites(usize::MAX);
}

fn check_suites(hard_positions: usize) {
    let config = SearchConfig::new(DEFAULT_CONNECT4_SOLVER.parse().unwrap())
        .for_game(crate::game::GameKind::Connect4);
    for (class, size) in CLASSES {
        let cases = load(
            &[suite_dir()
                .join(format!("{class}.txt"))
                .display()
                .to_string()],
            None,
        )
        .unwrap();
        assert_eq!(cases.len(), size, "{class}");
        let take = match class.starts_with("begin-") && class != "begin-easy" {
            true => hard_positions,
            false => usize::MAX,
        };
        for case in cases.iter().take(take) {
            let AnyPosition::Connect4(pos) = case.position else {
                panic!("{}: a Connect 4 position", case.name)
            };
            let expected = case.expected.as_ref().unwrap().score().unwrap();
            let solved = search(&pos, END, &config).unwrap();
            assert_eq!(
                game_result::<Connect4>(solved.score).unwrap_or(0),
                expected,
                "{}",
                case.name
            );
            assert_eq!(
                class_of(pos.moves_played(), moves_left(pos.moves_played(), expected)),
                class,
                "{}",
                case.name
            );
            if pos.empties() <= 10 {
                let plain = ArrayBoard::from_moves(&pos.sequence()).solve(-100, 100);
                assert_eq!(plain, expected, "{}: the array board", case.name);
            }
        }
    }
}
