//! Matches with external engines, end to end: nodeprof behind UAI and UGI (`nodeprof engine
//! --as-agent`) plays the very games of the same match in process; every fault of an engine
//! loses its game with the reason and the match goes on; a round robin rates its agents;
//! Debian's `gtp-rhino` plays 20 refereed games over GTP.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use nodeprof::store::games::{read_tables, GameRow, MoveRow};

#[path = "engines/installed.rs"]
mod installed;

const NODEPROF: &str = env!("CARGO_BIN_EXE_nodeprof");

fn nodeprof(args: &[&str]) -> Output {
    Command::new(NODEPROF)
        .args(args)
        .output()
        .expect("nodeprof runs")
}

fn play(args: &[&str]) -> (Vec<GameRow>, Vec<MoveRow>) {
    let output = nodeprof(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let dir = args[args.iter().position(|a| *a == "-o").expect("-o") + 1];
    read_tables(Path::new(dir)).expect("the tables read")
}

fn fake_player() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines/fake-player")
        .display()
        .to_string()
}

/// What a move is, whoever played it: its game, ply, move, score, depth and counts.
type MoveKey = (u64, u32, String, Option<i32>, Option<u32>, [Option<u64>; 3]);

fn moves_of(moves: &[MoveRow]) -> Vec<MoveKey> {
    moves
        .iter()
        .map(|m| {
            (
                m.round,
                m.ply,
                m.r#move.clone(),
                m.score,
                m.depth,
                [m.nodes, m.leaf, m.interior],
            )
        })
        .collect()
}

#[test]
fn nodeprof_behind_uai_and_ugi_plays_the_games_of_the_match_in_process() {
    let dir = tempfile::tempdir().unwrap();
    for (game, proto, openings, mine, theirs) in [
        (
            "ataxx",
            "uai",
            "random:4",
            "alphabeta+tt+id@depth=3",
            "pvs+tt",
        ),
        (
            "connect4",
            "ugi",
            "random:2",
            "pvs+tt+id@nodes=3000",
            "alphabeta+tt+killer",
        ),
    ] {
        let served = format!("{theirs}@depth=4");
        let inside = dir.path().join(format!("{game}-in"));
        let through = dir.path().join(format!("{game}-out"));
        let common = [
            "--game",
            game,
            "--openings",
            openings,
            "-n",
            "6",
            "--seed",
            "7",
            "-q",
        ];
        let mut args = vec!["play", mine, &served, "-o", inside.to_str().unwrap()];
        args.extend(common);
        let (games_in, moves_in) = play(&args);
        let cmd = format!("cmd={NODEPROF}");
        let engine_args =
            format!("args=engine --protocol {proto} --game {game} -v {theirs} --as-agent");
        let mut args = vec!["play", mine, "np@depth=4", "-o", through.to_str().unwrap()];
        args.extend(common);
        args.extend(["--engine", "name=np", &cmd, &engine_args]);
        let protocol = format!("proto={proto}");
        args.push(&protocol);
        let (games_out, moves_out) = play(&args);
        assert_eq!(games_in.len(), 6, "{game}");
        assert_eq!(moves_of(&moves_in), moves_of(&moves_out), "{game}");
        let results = |g: &[GameRow]| -> Vec<(String, Option<i32>, String, String)> {
            g.iter()
                .map(|g| {
                    (
                        g.winner.clone(),
                        g.margin,
                        g.termination.clone(),
                        g.final_position.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(results(&games_in), results(&games_out), "{game}");
        // The engine's moves carry its reported counters, so nothing is NA.
        assert!(moves_out
            .iter()
            .all(|m| m.nodes.is_some() && m.leaf.is_some()));
    }
}

/// A Connect 4 match of `n` games between `alphabeta@depth=2` and the fake player in
/// `mode`, written to `out`, with `extra` options. Its stall limit (30 s) is far beyond any
/// answer of the stand-in, however loaded the machine: only a hang reaches it.
fn fake_match(out: &Path, mode: &str, n: &str, extra: &[&str]) -> (Vec<GameRow>, Vec<MoveRow>) {
    fake_match_as("fake@depth=1", "timeout=30s", out, mode, n, extra)
}

/// [`fake_match`] with the fake player as `agent` and its stall limit `timeout`.
fn fake_match_as(
    agent: &str,
    timeout: &str,
    out: &Path,
    mode: &str,
    n: &str,
    extra: &[&str],
) -> (Vec<GameRow>, Vec<MoveRow>) {
    let cmd = format!("cmd={}", fake_player());
    let engine_args = format!("args={mode}");
    let mut args = vec![
        "play",
        "alphabeta@depth=2",
        agent,
        "--game",
        "connect4",
        "-n",
        n,
        "-q",
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    if !extra.contains(&"--openings") {
        args.extend(["--openings", "start"]);
    }
    args.extend([
        "--engine",
        "name=fake",
        &cmd,
        &engine_args,
        "proto=ugi",
        timeout,
    ]);
    play(&args)
}

#[test]
fn nodeprof_behind_nboard_plays_the_games_of_the_match_in_process() {
    // Plain alpha-beta keeps nothing from move to move, so NBoard's fresh search of each
    // position to depth 3 is play's move: the same games, move for move.
    let dir = tempfile::tempdir().unwrap();
    let inside = dir.path().join("in");
    let through = dir.path().join("out");
    let common = [
        "--game",
        "reversi",
        "--openings",
        "random:4",
        "-n",
        "4",
        "-q",
    ];
    let mut args = vec!["play", "pvs+tt+id@depth=4", "alphabeta@depth=3", "-o"];
    args.push(inside.to_str().unwrap());
    args.extend(common);
    let (games_in, moves_in) = play(&args);
    let cmd = format!("cmd={NODEPROF}");
    let mut args = vec!["play", "pvs+tt+id@depth=4", "nb@depth=3", "-o"];
    args.push(through.to_str().unwrap());
    args.extend(common);
    args.extend([
        "--engine",
        "name=nb",
        &cmd,
        "args=engine --protocol nboard -v alphabeta",
        "proto=nboard",
    ]);
    let (games_out, moves_out) = play(&args);
    let played = |m: &[MoveRow]| -> Vec<(u64, u32, String)> {
        m.iter()
            .map(|m| (m.round, m.ply, m.r#move.clone()))
            .collect()
    };
    assert_eq!(played(&moves_in), played(&moves_out));
    let finals = |g: &[GameRow]| -> Vec<(String, Option<i32>)> {
        g.iter()
            .map(|g| (g.final_position.clone(), g.margin))
            .collect()
    };
    assert_eq!(finals(&games_in), finals(&games_out));
    // NBoard reports its nodes (nodestats) and the move's value; not nodeprof's counters.
    for (a, b) in moves_in.iter().zip(&moves_out) {
        if b.agent == "nb@depth=3" {
            assert_eq!(b.nodes, a.nodes, "{b:?}");
            assert_eq!((b.leaf, b.interior), (None, None));
        }
    }
}

#[test]
fn an_engine_fault_loses_its_game_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // The faults come at a search after the first (the stand-in's moves before them are
    // kept), except the hang, which comes at the first: the wait is then its whole stall
    // limit, 2 s, whatever the machine's speed.
    for (mode, timeout, termination, says) in [
        (
            "crash 3",
            "timeout=30s",
            "crash",
            "segmentation fault (pretend)",
        ),
        ("hang 1", "timeout=2s", "stall", "did not answer within 2s"),
        (
            "garbage 2",
            "timeout=30s",
            "protocol_error",
            "a bad info line",
        ),
        ("illegal 2", "timeout=30s", "illegal_move", "answered '9'"),
    ] {
        let out = dir.path().join(mode.replace(' ', "-"));
        let (games, moves) = fake_match_as("fake@depth=1", timeout, &out, mode, "3", &[]);
        // Every game is lost by the engine at its fault (it is restarted for the next one,
        // and faults again at the same search), and the match plays all three.
        assert_eq!(games.len(), 3, "{mode}");
        for g in &games {
            assert_eq!(g.termination, termination, "{mode}");
            assert_eq!(g.winner, "agent1", "{mode}");
            assert!(g.reason.contains(says), "{mode}: {}", g.reason);
            assert!(g.reason.contains("engine fake"), "{mode}: {}", g.reason);
            assert_eq!(g.margin, None);
        }
        // The fake engine's moves before the fault are kept, each legal.
        let moved = moves.iter().any(|m| m.agent == "fake@depth=1");
        assert_eq!(moved, !mode.ends_with(" 1"), "{mode}");
    }
    // With a clock, an answer that does not come within the time left and the margin
    // (before the stall limit) loses on time. The hang is at the first search, so the time
    // left is the whole clock: 500 ms and the 200 ms margin.
    let (games, _) = fake_match_as(
        "fake@clock=500ms",
        "timeout=30s",
        &dir.path().join("clock"),
        "hang 1",
        "2",
        &["--timemargin", "200ms"],
    );
    for g in &games {
        assert_eq!(g.termination, "time_forfeit");
        assert!(
            g.reason.contains("did not answer within 700ms"),
            "{}",
            g.reason
        );
    }
    // A slow start is no fault: the match plays out by the rules.
    let (games, _) = fake_match(&dir.path().join("slowstart"), "slowstart", "2", &[]);
    assert!(games.iter().all(|g| g.termination == "end"));
    // An engine that cannot start stops the play before a file is written.
    let out = dir.path().join("missing");
    let output = nodeprof(&[
        "play",
        "alphabeta@depth=2",
        "ghost@depth=1",
        "--game",
        "connect4",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=ghost",
        "cmd=/nonexistent/engine",
        "proto=ugi",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot start"));
    assert!(!out.join("games.csv").exists());
    // An engine defined to play but named in no match is a mistake, not a silent no-op.
    let output = nodeprof(&[
        "play",
        "alphabeta@depth=2",
        "greedy",
        "--game",
        "connect4",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=idle",
        "cmd=/nonexistent/engine",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("engine idle is defined with --engine but plays in no match"));
    assert!(!out.join("games.csv").exists());
}

#[test]
fn a_resumed_match_with_an_engine_plays_only_the_missing_games() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m");
    let resume = ["--openings", "random:3", "--resume"];
    let (first, _) = fake_match(&out, "ok", "2", &resume);
    let (all, moves) = fake_match(&out, "ok", "4", &resume);
    assert_eq!(all.len(), 4);
    assert_eq!(&all[..2], &first[..]);
    let (again, moves_again) = fake_match(&dir.path().join("fresh"), "ok", "4", &resume);
    let key = |g: &[GameRow]| -> Vec<(u64, String, String)> {
        g.iter()
            .map(|g| (g.round, g.winner.clone(), g.final_position.clone()))
            .collect()
    };
    assert_eq!(key(&all), key(&again));
    assert_eq!(moves_of(&moves), moves_of(&moves_again));
}

#[test]
fn a_round_robin_of_engines_and_agents_rates_every_agent() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rr");
    let cmd = format!("cmd={NODEPROF}");
    let (games, _) = play(&[
        "play",
        "alphabeta+tt+id@depth=5",
        "np@depth=2",
        "greedy",
        "random",
        "--tournament",
        "roundrobin",
        "-j",
        "2",
        "--game",
        "connect4",
        "--openings",
        "random:2",
        "-n",
        "4",
        "-q",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=np",
        &cmd,
        "args=engine --protocol ugi --game connect4 -v alphabeta --as-agent",
        "proto=ugi",
    ]);
    // Six pairings of four games each.
    assert_eq!(games.len(), 24);
    let mut pairings: Vec<(String, String)> = games
        .iter()
        .map(|g| (g.agent1.clone(), g.agent2.clone()))
        .collect();
    pairings.dedup();
    assert_eq!(pairings.len(), 6, "{pairings:?}");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let ratings = summary.split("## Ratings").nth(1).expect("a rating table");
    for agent in ["alphabeta+tt+id@depth=5", "np@depth=2", "greedy", "random"] {
        assert!(
            ratings.contains(&format!("`{agent}`")),
            "{agent}: {summary}"
        );
    }
    // Each agent's points in the table are those of the games.
    let points = |agent: &str| -> f64 {
        games
            .iter()
            .map(|g| match (g.agent1 == agent, g.agent2 == agent) {
                (true, _) => g.score,
                (_, true) => 1.0 - g.score,
                _ => 0.0,
            })
            .sum()
    };
    let line = ratings
        .lines()
        .find(|l| l.contains("`random`"))
        .expect("random's line");
    let share = format!("{:.1} %", 100.0 * points("random") / 12.0);
    assert!(line.ends_with(&format!("| 12 | {share} |")), "{line}");
}

#[test]
fn the_cutechess_form_plays_the_same_match() {
    // Two nodeprof engines over UGI, written as cutechess-cli and fastchess take them.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cc");
    let copy = dir.path().join("copy.txt");
    const HELD: &str = "4453\n";
    std::fs::write(&copy, HELD).unwrap();
    let engine = |name: &str, variant: &str| -> Vec<String> {
        [
            "-engine".to_string(),
            format!("cmd={NODEPROF}"),
            "arg=engine".into(),
            "arg=--protocol".into(),
            "arg=ugi".into(),
            "arg=--game".into(),
            "arg=connect4".into(),
            "arg=--as-agent".into(),
            "arg=-v".into(),
            format!("arg={variant}"),
            format!("name={name}"),
            "proto=ugi".into(),
        ]
        .to_vec()
    };
    let mut args: Vec<String> = vec!["play".into()];
    args.extend(engine("a", "pvs+tt"));
    args.extend(engine("b", "alphabeta"));
    for w in [
        "-each",
        "depth=3",
        "-rounds",
        "3",
        "-games",
        "2",
        "-repeat",
        "-concurrency",
        "2",
        "-srand",
        "5",
        "-recover",
        "-pgnout",
    ] {
        args.push(w.into());
    }
    args.push(copy.to_str().unwrap().into());
    args.extend(["--game", "connect4", "-q", "-o"].map(String::from));
    args.push(out.to_str().unwrap().into());
    let (games, moves) = play(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(games.len(), 6);
    assert!(games
        .iter()
        .all(|g| g.agent1 == "a@depth=3" && g.agent2 == "b@depth=3"));
    // The same match in nodeprof's own form, in process.
    let inside = dir.path().join("in");
    let (games_in, moves_in) = play(&[
        "play",
        "pvs+tt@depth=3",
        "alphabeta@depth=3",
        "--game",
        "connect4",
        "-n",
        "6",
        "--seed",
        "5",
        "-q",
        "-o",
        inside.to_str().unwrap(),
    ]);
    let outcome = |g: &[GameRow]| -> Vec<(String, String)> {
        g.iter()
            .map(|g| (g.winner.clone(), g.final_position.clone()))
            .collect()
    };
    let mut sorted = games.clone();
    sorted.sort_by_key(|g| g.round);
    assert_eq!(outcome(&sorted), outcome(&games_in));
    assert_eq!(moves.len(), moves_in.len());
    // -pgnout: each game's record appended after what the file held.
    assert_eq!(
        std::fs::read_to_string(&copy).unwrap(),
        format!(
            "{HELD}{}",
            std::fs::read_to_string(out.join("games.txt")).unwrap()
        )
    );
}

fn gtp_rhino() -> Option<PathBuf> {
    installed::program("gtp-rhino", "grhino")
}

#[test]
fn nodeprof_plays_twenty_refereed_games_against_gtp_rhino() {
    let Some(program) = gtp_rhino() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rhino");
    let cmd = format!("cmd={}", program.display());
    let (games, moves) = play(&[
        "play",
        "pvs+tt+id@depth=4",
        "rhino",
        "--game",
        "reversi",
        "--openings",
        "random:4",
        "-n",
        "20",
        "-q",
        "-o",
        out.to_str().unwrap(),
        "--engine",
        "name=rhino",
        &cmd,
        "proto=gtp",
    ]);
    assert_eq!(games.len(), 20);
    // Every game ended by the rules (every move of both sides legal), its record written.
    assert!(games.iter().all(|g| g.termination == "end"), "{games:?}");
    let records = std::fs::read_to_string(out.join("games.ggf")).unwrap();
    assert_eq!(records.matches("(;GM[Othello]").count(), 20);
    // Replaying each game's moves by nodeprof's rules reaches its final position.
    for g in &games {
        let start = nodeprof::position::AnyPosition::parse_text(
            nodeprof::game::GameKind::Reversi,
            &g.opening,
        )
        .unwrap();
        let played: Vec<&str> = moves
            .iter()
            .filter(|m| m.round == g.round)
            .map(|m| m.r#move.as_str())
            .collect();
        assert_eq!(played.len() as u32, g.plies);
        let end = start.after_moves(&played).expect("every move legal");
        assert_eq!(end.to_string(), g.final_position);
    }
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    // The terminations table: every game by the rules. rhino's moves carry no search
    // report, so its nodes are NA.
    assert!(summary.contains("| end | 20 | 100.0 % | – |"), "{summary}");
    assert!(summary.contains("| `rhino` | "), "{summary}");
    assert!(moves
        .iter()
        .filter(|m| m.agent == "rhino")
        .all(|m| m.nodes.is_none() && m.depth.is_none()));
}
