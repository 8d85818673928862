//! The built-in Connect 4 suites (`positions/connect4/`): how they were made, and their
//! scores proved again.
//!
//! Pascal Pons' benchmark sorts positions into six classes by the stones played and the
//! moves left when both sides play perfectly; ours are drawn the same way from seeded random
//! games, each score proved by two different solvers.

use std::path::Path;
use std::time::Duration;

use crate::game::connect4::tests::ArrayBoard;
use crate::game::{Connect4, Game};
use crate::position::{load, AnyPosition};
use crate::search::endgame::{Endgame, Safe};
use crate::search::{game_result, search, SearchConfig, END};
use crate::sweep::plan::DEFAULT_CONNECT4_SOLVER;

/// The classes, file stems, and how many positions each suite holds.
const CLASSES: [(&str, usize); 6] = [
    ("end-easy", 100),
    ("middle-easy", 100),
    ("middle-medium", 50),
    ("begin-easy", 20),
    ("begin-medium", 20),
    ("begin-hard", 10),
];

/// The second prover: MTD(f) instead of bisection, no safe-move pruning, no bounds from the
/// stones left.
const SECOND_PROVER: &str = "mtdf+tt:64+winfirst+threats";

/// Moves left to the end of the game when both sides play perfectly, from the stones played
/// and the exact score (a win with the winner's k-th stone is worth 22 - k).
fn moves_left(played: u32, score: i32) -> u32 {
    let end = match score.signum() {
        0 => 42,
        sign => {
            let stones = (22 - score.abs()) as u32;
            // The winner moves first when it is the side to move at an even count, or the
            // other side at an odd one.
            let winner_first = (sign > 0) == played.is_multiple_of(2);
            if winner_first {
                2 * stones - 1
            } else {
                2 * stones
            }
        }
    };
    end - played
}

/// Pons' class of a position: by stones played (more than 28: end; 15 to 28: middle; else
/// begin) and moves left (fewer than 14: easy; fewer than 28: medium; else hard).
fn class_of(played: u32, left: u32) -> &'static str {
    match (played, left) {
        (29.., _) => "end-easy",
        (15..=28, 0..=13) => "middle-easy",
        (15..=28, _) => "middle-medium",
        (_, 0..=13) => "begin-easy",
        (_, 14..=27) => "begin-medium",
        _ => "begin-hard",
    }
}

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
            let expected = case.expected.as_ref().unwrap().score();
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

/// Makes the suites (run by hand, in release mode:
/// `NODEPROF_WRITE_SUITE=1 cargo test --release -- --ignored make_connect4_suites`):
/// seeded random games played to the end (random safe moves), and a position taken at a
/// number of stones drawn
/// from the begin, middle or end range in turn (as far as the game went); a position whose
/// side to move can win at once is skipped; the rest are
/// proved by the default solver (within 5 s, 2 s once begin-hard is full, else the seed is
/// dropped) and, while their class has room, by `SECOND_PROVER` (within 30 s), which must
/// agree.
#[test]
#[ignore]
fn make_connect4_suites() {
    use crate::game::tree::splitmix64;
    // The limits only choose which positions are kept (a proof past them drops the seed;
    // no assertion depends on them), so a slower machine may write other positions: the
    // committed files are the suites, and the re-proof tests above take no time limit.
    let (first_limit, limit) = (Duration::from_secs(5), Duration::from_secs(30));
    let write = std::env::var("NODEPROF_WRITE_SUITE").is_ok();
    let mut kept: Vec<Vec<String>> = vec![Vec::new(); CLASSES.len()];
    let ranges = [(1u32, 14u32), (15, 28), (29, 40)];
    let mut seed = 0u64;
    while kept
        .iter()
        .zip(CLASSES)
        .any(|(k, (_, size))| k.len() < size)
    {
        seed += 1;
        let mut state = seed;
        let (low, high) = ranges[(seed % 3) as usize];
        // A whole random game first, then a stop inside the range that it reaches.
        let mut game = vec![Connect4::start()];
        while !game[game.len() - 1].is_over() {
            // Random moves among those that do not hand the opponent a win at once (when
            // there are such): random games that last into the middle and the end.
            let last = game[game.len() - 1];
            let mut moves = last.generate_moves();
            let mut safe = Default::default();
            if let Safe::Moves = last.safe_moves(&mut safe) {
                if !last.can_win_next() {
                    moves = safe;
                }
            }
            game.push(last.play(moves[(splitmix64(&mut state) % moves.len() as u64) as usize]));
        }
        let last_open = (game.len() as u32).saturating_sub(2);
        if last_open < low {
            continue;
        }
        let high = high.min(last_open);
        let target = low + (splitmix64(&mut state) % (high - low + 1) as u64) as u32;
        let pos = game[target as usize];
        if pos.can_win_next() {
            continue;
        }
        let prove = |spec: &str, limit: Duration| {
            let mut config =
                SearchConfig::new(spec.parse().unwrap()).for_game(crate::game::GameKind::Connect4);
            config.time_limit = Some(limit);
            search(&pos, END, &config).map(|o| game_result::<Connect4>(o.score).unwrap_or(0))
        };
        // The default solver first, briefly: the class needs the score, and a class that is
        // full needs no second proof.
        // Once the hard class is full, a position that takes long is not wanted.
        let hard_full = kept[5].len() >= CLASSES[5].1;
        let first_limit = match hard_full {
            true => Duration::from_secs(2),
            false => first_limit,
        };
        let Ok(score) = prove(DEFAULT_CONNECT4_SOLVER, first_limit) else {
            continue;
        };
        let class = class_of(pos.moves_played(), moves_left(pos.moves_played(), score));
        let index = CLASSES.iter().position(|(c, _)| *c == class).unwrap();
        let line = format!("{pos} {score}");
        if kept[index].len() >= CLASSES[index].1 || kept[index].contains(&line) {
            continue;
        }
        match prove(SECOND_PROVER, limit) {
            Ok(second) => assert_eq!(second, score, "seed {seed}: {pos}: the provers disagree"),
            Err(e) => {
                println!("seed {seed}: {pos}: {SECOND_PROVER}: {e}");
                continue;
            }
        }
        let scores = [score];
        {
            kept[index].push(format!("{pos} {}", scores[0]));
            println!(
                "{class} {}/{}: seed {seed}: {pos} {}",
                kept[index].len(),
                CLASSES[index].1,
                scores[0]
            );
        }
    }
    for ((class, size), lines) in CLASSES.iter().zip(&kept) {
        let text = format!(
            "% nodeprof's Connect 4 {class} suite: {size} positions in Pascal Pons' benchmark class\n\
             % {class} (stones played, moves left with perfect play), from seeded random games\n\
             % (seeds 1..{seed}), each score proved by {DEFAULT_CONNECT4_SOLVER} and by\n\
             % {SECOND_PROVER}. Each line: the columns played (1..7), then the exact score.\n{}\n",
            lines.join("\n")
        );
        if write {
            std::fs::create_dir_all(suite_dir()).unwrap();
            std::fs::write(suite_dir().join(format!("{class}.txt")), text).unwrap();
        }
    }
}
