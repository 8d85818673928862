//! Matches end to end: complete games checked move by move against the rules, records read
//! back and replayed, reproducibility, resuming, and the SPRT on real matches.

use std::path::Path;

use super::*;
use crate::game::{Game, GameKind, Notation};
use crate::position::AnyPosition;
use crate::search::{search, Clock, Limit, SearchConfig, Thinker, Variant};
use crate::stats::{Sprt, Verdict};
use crate::store::games::{read_rows, GameRow, MoveRow, GAMES_FILE, MOVES_FILE};
use crate::with_position;

pub(super) fn settings(game: GameKind, a: &str, b: &str, games: u64, dir: &Path) -> PlaySettings {
    PlaySettings {
        game,
        matches: vec![[a.parse().unwrap(), b.parse().unwrap()]],
        games,
        openings: Openings::Start,
        jobs: 1,
        seed: 7,
        eval: None,
        sprt: None,
        out_dir: dir.to_path_buf(),
        resume: false,
        force: false,
        clock: Clock::SYSTEM,
        command_line: vec![],
        shard: None,
        signature: None,
        adjudication: Adjudication::default(),
        time_margin: game::DEFAULT_TIME_MARGIN,
        record_copy: None,
        comment_nodes: false,
        pgn_cuteataxx: false,
    }
}

fn quiet(_: &str) {}

/// Resumes the match `s` in `dir`.
fn resume_in(s: &PlaySettings, dir: &Path) -> PlaySummary {
    let resumed = PlaySettings {
        out_dir: dir.to_path_buf(),
        resume: true,
        ..s.clone()
    };
    run(&resumed, &quiet).unwrap()
}

/// Replays `moves` from `start`, every move checked legal; the final position.
fn replay(kind: GameKind, start: &str, moves: &[String]) -> AnyPosition {
    let start = match start {
        "start" => AnyPosition::start(kind),
        text => AnyPosition::parse_text(kind, text).unwrap(),
    };
    with_position!(&start, p => {
        let mut pos = *p;
        for (i, text) in moves.iter().enumerate() {
            assert!(!pos.is_over(), "move {} ({text}) after the end", i + 1);
            let mv = pos.parse_legal_move(text).unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
            pos = pos.play(mv);
        }
        assert!(pos.is_over(), "the game is not over after its moves");
        AnyPosition::parse_text(kind, &pos.to_string()).unwrap()
    })
}

#[test]
fn complete_games_follow_the_rules_and_their_records_replay() {
    for (kind, a, b) in [
        (GameKind::Reversi, "alphabeta@depth=2", "negamax@depth=1"),
        (GameKind::Ataxx, "alphabeta+tt@depth=2", "greedy"),
        (GameKind::Connect4, "pvs+tt+id@depth=4", "random"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut s = settings(kind, a, b, 4, dir.path());
        // Three plies: the second player moves first in the records (PGN's `1...`).
        s.openings = Openings::Random { plies: 3 };
        let summary = run(&s, &quiet).unwrap();
        assert_eq!(summary.matches[0].tally.games(), 4);
        let games: Vec<GameRow> = read_rows(&dir.path().join(GAMES_FILE)).unwrap();
        let moves: Vec<MoveRow> = read_rows(&dir.path().join(MOVES_FILE)).unwrap();
        assert_eq!(games.len(), 4);
        let text = std::fs::read_to_string(dir.path().join(kind.record_file().unwrap())).unwrap();
        let records = kind.read_records(&text).unwrap();
        assert_eq!(records.len(), 4, "{kind}: {text}");
        for (game, record) in games.iter().zip(&records) {
            let played: Vec<String> = moves
                .iter()
                .filter(|m| m.round == game.round)
                .map(|m| m.r#move.clone())
                .collect();
            assert_eq!(played.len() as u32, game.plies);
            // Replaying the moves from the opening gives the recorded final position, and
            // its own scoring gives the recorded margin and winner.
            let end = replay(kind, &game.opening, &played);
            assert_eq!(
                end.to_string(),
                game.final_position,
                "{kind} game {}",
                game.round
            );
            let margin = with_position!(&end, p => p.final_margin());
            let mover_is_agent1 =
                with_position!(&end, p => p.side_name(p.side_to_move())) == game.agent1_side;
            let margin = if mover_is_agent1 { margin } else { -margin };
            assert_eq!(game.margin, Some(margin));
            let winner = match margin.signum() {
                1 => "agent1",
                -1 => "agent2",
                _ => "draw",
            };
            assert_eq!(game.winner, winner);
            // The record file replays to the same end.
            let from_record = replay(kind, &record.start, &record.moves);
            assert_eq!(from_record.to_string(), game.final_position);
            // Pairs: one opening, colours swapped.
            if game.round % 2 == 0 {
                let first = &games[game.round as usize - 2];
                assert_eq!(first.opening, game.opening);
                assert_ne!(first.agent1_side, game.agent1_side);
            }
        }
        // Depth-limited searches report their depth and count their nodes.
        let searched: Vec<&MoveRow> = moves.iter().filter(|m| m.role == "agent1").collect();
        assert!(searched.iter().all(|m| m.depth
            == Some(if kind == GameKind::Connect4 { 4 } else { 2 })
            || m.score.is_some_and(|s| s.abs() > 10_000)));
        assert!(searched
            .iter()
            .all(|m| m.nodes == Some(m.leaf.unwrap() + m.interior.unwrap()) && m.nodes > Some(0)));
    }
}

#[test]
fn the_same_seed_plays_the_same_games_and_resume_finishes_a_stopped_match() {
    let whole = tempfile::tempdir().unwrap();
    let s = settings(
        GameKind::Connect4,
        "alphabeta+tt@nodes=3000,shuffle",
        "random",
        6,
        whole.path(),
    );
    run(&s, &quiet).unwrap();
    let again = tempfile::tempdir().unwrap();
    run(
        &PlaySettings {
            out_dir: again.path().to_path_buf(),
            jobs: 2,
            ..s.clone()
        },
        &quiet,
    )
    .unwrap();
    type MoveKey = (u64, u32, String, Option<i32>, Option<u64>);
    let strip = |dir: &Path| -> Vec<MoveKey> {
        let mut rows: Vec<MoveRow> = read_rows(&dir.join(MOVES_FILE)).unwrap();
        rows.sort_by_key(|m| (m.round, m.ply));
        rows.into_iter()
            .map(|m| (m.round, m.ply, m.r#move, m.score, m.nodes))
            .collect()
    };
    let reference = strip(whole.path());
    assert_eq!(
        strip(again.path()),
        reference,
        "two games at once change nothing but times"
    );
    // A match stopped after game 3 with game 4 half written: resume plays 4..6 alike.
    let stopped = tempfile::tempdir().unwrap();
    run(
        &PlaySettings {
            out_dir: stopped.path().to_path_buf(),
            games: 4,
            ..s.clone()
        },
        &quiet,
    )
    .unwrap();
    let games_path = stopped.path().join(GAMES_FILE);
    let text = std::fs::read_to_string(&games_path).unwrap();
    let kept: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(&games_path, kept.join("\n") + "\n").unwrap();
    let summary = resume_in(&s, stopped.path());
    assert_eq!(summary.resumed, 3);
    assert_eq!(strip(stopped.path()), reference);
    let games: Vec<GameRow> = read_rows(&games_path).unwrap();
    assert_eq!(
        games.iter().map(|g| g.round).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    let record = std::fs::read_to_string(stopped.path().join("games.txt")).unwrap();
    assert_eq!(
        record.lines().count(),
        6,
        "the stopped run's game 4 is not in the record file"
    );
    let whole_record = std::fs::read_to_string(whole.path().join("games.txt")).unwrap();
    assert_eq!(record, whole_record);
    // Another match in the folder is refused.
    let other = PlaySettings {
        matches: vec![["greedy".parse().unwrap(), "random".parse().unwrap()]],
        ..s.clone()
    };
    let err = run(
        &PlaySettings {
            out_dir: stopped.path().to_path_buf(),
            ..other
        },
        &quiet,
    )
    .unwrap_err();
    assert!(err.to_string().contains("another match"), "{err}");
}

/// Copies the files of folder `from` into `to`.
fn copy_folder(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
    }
}

#[test]
fn resume_keeps_every_finished_game_whatever_a_kill_left() {
    let whole = tempfile::tempdir().unwrap();
    let s = settings(
        GameKind::Reversi,
        "alphabeta@depth=1",
        "random",
        6,
        whole.path(),
    );
    run(&s, &quiet).unwrap();
    let text = |dir: &Path, name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (games_text, moves_text) = (
        text(whole.path(), GAMES_FILE),
        text(whole.path(), MOVES_FILE),
    );
    let games: Vec<&str> = games_text.lines().collect();
    let moves: Vec<&str> = moves_text.lines().collect();
    let all_moves: Vec<MoveRow> = read_rows(&whole.path().join(MOVES_FILE)).unwrap();
    let through = |round: u64| 1 + all_moves.iter().filter(|m| m.round <= round).count();
    // What kills leave: game 4's row cut half-way (no line end), game 5's moves written
    // without its row and a move row of game 6 cut, and a file a killed resume was writing
    // beside games.csv.
    let stopped = tempfile::tempdir().unwrap();
    copy_folder(whole.path(), stopped.path());
    let cut = |line: &str| line[..line.len() / 2].to_string();
    let torn_games = games[..4].join("\n") + "\n" + &cut(games[4]);
    let torn_moves = moves[..through(5)].join("\n") + "\n" + &cut(moves[through(5)]);
    std::fs::write(stopped.path().join(GAMES_FILE), &torn_games).unwrap();
    std::fs::write(stopped.path().join(MOVES_FILE), &torn_moves).unwrap();
    std::fs::write(stopped.path().join(".games.csv.new"), &games_text[..100]).unwrap();
    // The report reads such a folder as its complete games (the cut row and the moves of
    // unfinished games left out).
    let (kept, kept_moves) = crate::store::games::read_tables(stopped.path()).unwrap();
    assert_eq!(kept.len(), 3);
    assert_eq!(kept_moves.len(), through(3) - 1);
    let summary = resume_in(&s, stopped.path());
    assert_eq!(summary.resumed, 3);
    // Every move as the uninterrupted match played it (times aside), games 1..3 kept as
    // they were.
    let untimed = |dir: &Path| -> Vec<MoveRow> {
        let rows: Vec<MoveRow> = read_rows(&dir.join(MOVES_FILE)).unwrap();
        rows.into_iter()
            .map(|m| MoveRow { time_ns: 0, ..m })
            .collect()
    };
    assert!(untimed(stopped.path()) == untimed(whole.path()));
    assert!(text(stopped.path(), MOVES_FILE).starts_with(&(moves[..through(3)].join("\n") + "\n")));
    let after_resume = text(stopped.path(), MOVES_FILE);
    let strip_times = |t: String| -> Vec<GameRow> {
        let rows: Vec<GameRow> = csv::Reader::from_reader(t.as_bytes())
            .deserialize()
            .map(Result::unwrap)
            .collect();
        rows.into_iter()
            .map(|r| GameRow {
                agent1_time_ms: 0.0,
                agent2_time_ms: 0.0,
                ..r
            })
            .collect()
    };
    assert_eq!(
        strip_times(text(stopped.path(), GAMES_FILE)),
        strip_times(games_text.clone())
    );
    // The record file holds the same games (its dates are the minute it was written).
    let undated = |t: String| -> String {
        t.split("DT[")
            .enumerate()
            .map(|(i, part)| match i {
                0 => part,
                _ => part.split_once(']').map_or(part, |(_, rest)| rest),
            })
            .collect()
    };
    assert_eq!(
        undated(text(stopped.path(), "games.ggf")),
        undated(text(whole.path(), "games.ggf"))
    );
    // A resume of a complete folder plays nothing and changes no game.
    let again = resume_in(&s, stopped.path());
    assert_eq!(again.resumed, 6);
    assert!(text(stopped.path(), MOVES_FILE) == after_resume);
}

#[test]
fn a_resume_with_other_settings_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let s = settings(
        GameKind::Reversi,
        "alphabeta@depth=1",
        "random",
        2,
        dir.path(),
    );
    run(&s, &quiet).unwrap();
    let before = std::fs::read_to_string(dir.path().join(GAMES_FILE)).unwrap();
    let resume = PlaySettings {
        resume: true,
        games: 4,
        ..s.clone()
    };
    let others = [
        (
            "--seed",
            PlaySettings {
                seed: 8,
                ..resume.clone()
            },
        ),
        (
            "--openings",
            PlaySettings {
                openings: Openings::Random { plies: 2 },
                ..resume.clone()
            },
        ),
        (
            "--eval",
            PlaySettings {
                eval: Some(crate::game::Eval::SquareWeights),
                ..resume.clone()
            },
        ),
        (
            "--sprt",
            PlaySettings {
                sprt: Some(Sprt::default()),
                ..resume.clone()
            },
        ),
    ];
    for (option, other) in others {
        let err = run(&other, &quiet).unwrap_err().to_string();
        assert!(err.contains(&format!("played with {option}")), "{err}");
        assert_eq!(
            std::fs::read_to_string(dir.path().join(GAMES_FILE)).unwrap(),
            before
        );
    }
    // The same settings with more games continue the match.
    assert_eq!(run(&resume, &quiet).unwrap().matches[0].tally.games(), 4);
    // A meta.json that is not a play's (read back typed) is one clear error, the games kept.
    let games = std::fs::read_to_string(dir.path().join(GAMES_FILE)).unwrap();
    let meta = dir.path().join(crate::store::META_FILE);
    crate::store::replace(&meta, b"{\"settings\": 3}").unwrap();
    let err = run(&resume, &quiet).unwrap_err().to_string();
    assert!(
        err.contains("meta.json: not a play's meta.json") && err.contains("cannot be checked"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(GAMES_FILE)).unwrap(),
        games
    );
}

#[test]
fn a_node_budget_counts_quiescence_nodes_as_chess_engines_do() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = crate::game::Chess::from_fen(kiwipete).unwrap();
    let mut config = SearchConfig::new("alphabeta+id+quiesce".parse::<Variant>().unwrap());
    config.eval = crate::game::Eval::Pesto;
    let budget = 20_000;
    let limit = Limit {
        nodes: Some(budget),
        ..Limit::default()
    };
    let thought = Thinker::new(&config).unwrap().think(&pos, limit).unwrap();
    let c = thought.counters;
    // Quiescence is most of the nodes here: the budget stops the search once every visited
    // position, its own included, adds up to it (give or take the last capture sequence),
    // not once the main tree alone does.
    assert!(c.qnode > c.leaf + c.interior, "{c:?}");
    assert!(c.nodes() >= budget && c.nodes() < 2 * budget, "{c:?}");
}

#[test]
fn a_fixed_depth_agent_searches_as_the_search_command_does() {
    let pos = crate::game::reversi::Reversi::start();
    let config = SearchConfig::new("alphabeta+tt+killer".parse::<Variant>().unwrap());
    let mut thinker = Thinker::new(&config).unwrap();
    let thought = thinker
        .think(
            &pos,
            Limit {
                depth: Some(5),
                ..Limit::default()
            },
        )
        .unwrap();
    let fixed = search(&pos, 5, &config).unwrap();
    assert_eq!(
        (thought.score, thought.best_move, thought.counters),
        (fixed.score, fixed.best_move, fixed.counters)
    );
    // A node budget deepens until the budget runs out: the same answer every time, from the
    // last iteration that finished.
    let budget = Limit {
        nodes: Some(20_000),
        ..Limit::default()
    };
    let a = Thinker::new(&config).unwrap().think(&pos, budget).unwrap();
    let b = Thinker::new(&config).unwrap().think(&pos, budget).unwrap();
    assert_eq!(a, b);
    assert!(a.depth >= 3 && a.counters.leaf + a.counters.interior >= 20_000);
    let at_depth = search(
        &pos,
        a.depth,
        &SearchConfig::new("alphabeta+tt+killer".parse().unwrap()),
    )
    .unwrap();
    assert_eq!(
        a.score, at_depth.score,
        "the answer is a full search to the depth it reports"
    );
}

#[test]
fn a_stronger_agent_reaches_h1_and_an_agent_against_itself_never_does() {
    // Ataxx, node budgets instead of the writeup's 150 ms (so the test does not depend on
    // the machine's speed): iterative deepening with a table against a depth-1 search.
    let dir = tempfile::tempdir().unwrap();
    let mut s = settings(
        GameKind::Ataxx,
        "alphabeta+id+tt@nodes=20000",
        "alphabeta@depth=1",
        200,
        dir.path(),
    );
    s.sprt = Some(Sprt::default());
    s.openings = Openings::Random { plies: 4 };
    let summary = run(&s, &quiet).unwrap();
    let m = &summary.matches[0];
    assert_eq!(m.verdict, Some(Verdict::H1), "{:?}", m.tally);
    assert!(m.tally.games() < 200);
    // Self-play with shuffled move orders: H0 or the game limit, never H1.
    for seed in [1, 2, 3] {
        for model in ["binomial", "logistic", "normalized"] {
            let dir = tempfile::tempdir().unwrap();
            let mut s = settings(
                GameKind::Connect4,
                "alphabeta@depth=3,shuffle",
                "alphabeta@depth=3,shuffle",
                60,
                dir.path(),
            );
            s.seed = seed;
            s.sprt = Some(format!("model={model}").parse().unwrap());
            s.openings = Openings::Random { plies: 2 };
            let summary = run(&s, &quiet).unwrap();
            let m = &summary.matches[0];
            assert_ne!(
                m.verdict,
                Some(Verdict::H1),
                "seed {seed} {model}: {:?}",
                m.tally
            );
        }
    }
}

#[test]
fn matches_that_cannot_be_played_are_refused_before_any_file() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("out");
    let bad = |s: PlaySettings| run(&s, &quiet).unwrap_err().to_string();
    let msg = bad(settings(GameKind::Reversi, "alphabeta", "random", 2, &sub));
    assert!(msg.contains("has no limit"), "{msg}");
    let msg = bad(settings(GameKind::Tree, "random", "random", 2, &sub));
    assert!(msg.contains("not played"), "{msg}");
    let msg = bad(settings(
        GameKind::Reversi,
        "alphabeta+threats@depth=2",
        "random",
        2,
        &sub,
    ));
    assert!(msg.contains("threats"), "{msg}");
    assert!(!sub.exists());
}

/// A clock that moves 300 ms on at every reading, so that time runs out at a known move.
fn slow_clock() -> std::time::Instant {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
    static READINGS: AtomicU64 = AtomicU64::new(0);
    let origin = *ORIGIN.get_or_init(std::time::Instant::now);
    origin + std::time::Duration::from_millis(300 * READINGS.fetch_add(1, Ordering::SeqCst))
}

#[test]
fn a_side_whose_clock_runs_out_loses_on_time() {
    // 300 ms a move against a 1 s clock: the clocked agent's fourth move overdraws it.
    let a: Agent = "alphabeta@depth=1,clock=1s".parse().unwrap();
    let b: Agent = "random".parse().unwrap();
    let start = crate::game::connect4::Connect4::start();
    let setup = GameSetup {
        first: 0,
        eval: crate::game::Eval::Threats,
        seed: 1,
        clock: Clock(slow_clock),
        adjudication: &Adjudication::default(),
        time_margin: game::DEFAULT_TIME_MARGIN,
    };
    let game = play_game(&start, [&a, &b], &setup, [None, None]).unwrap();
    assert_eq!(game.termination, Termination::TimeForfeit);
    assert_eq!(game.winner, Some(1));
    assert_eq!(game.margin, None);
    let clocked: Vec<_> = game.moves.iter().filter(|m| m.agent == 0).collect();
    assert_eq!(clocked.len(), 4, "{:?}", game.moves);
    assert!(clocked.iter().all(|m| m.time_ns == 300_000_000));
    let record = super::records::write_record(
        GameKind::Connect4,
        &game,
        &super::records::RecordInfo {
            round: 1,
            names: ["a", "b"],
            date: "2026-11-23",
            comment_nodes: false,
            clocks: [None, None],
            cuteataxx: false,
        },
    );
    assert_eq!(record.trim(), game.final_position);
    // In periods (`3/1s`: a second for every three moves, the base again as each period
    // ends), 300 ms a move never runs out: 900 ms a period.
    let periods: Agent = "alphabeta@depth=1,clock=3/1s".parse().unwrap();
    let game = play_game(&start, [&periods, &b], &setup, [None, None]).unwrap();
    assert_ne!(
        game.termination,
        Termination::TimeForfeit,
        "{:?}",
        game.moves
    );
    assert!(game.moves.iter().filter(|m| m.agent == 0).count() > 3);
}

#[test]
fn a_thinker_stops_deepening_where_the_game_must_end() {
    // 31 plies played, 11 cells left, a draw: with a table the iterations never look exhausted (the
    // table's values may come from horizons), yet no search deeper than 16 plies can see more.
    let pos =
        crate::game::connect4::Connect4::from_moves("4544616166474111675633143225557").unwrap();
    let with_threats = |variant: &str| SearchConfig {
        eval: crate::game::Eval::Threats,
        ..SearchConfig::new(variant.parse::<Variant>().unwrap())
    };
    let config = with_threats("alphabeta+tt+id");
    let thought = Thinker::new(&config)
        .unwrap()
        .think(
            &pos,
            Limit {
                nodes: Some(u64::MAX),
                ..Limit::default()
            },
        )
        .unwrap();
    assert!(thought.depth <= pos.empties(), "{}", thought.depth);
    let exact = search(&pos, pos.empties(), &with_threats("alphabeta")).unwrap();
    assert_eq!(thought.score, exact.score);
}
