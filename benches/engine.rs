//! What speaking a protocol costs: one search's round trip to an engine (`position`, `go`,
//! the `info` lines, `bestmove`, read through nodeprof's process runner), against nodeprof
//! itself behind UGI on a search that takes microseconds, so that the time is the
//! protocol's. With Stockfish installed, also its depth-12 search from the start position
//! through the client; its own time for it is in the `info` line (the report's Engines section
//! sets the two side by side over many positions).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

use nodeprof::engine::{Engine, EngineSpec};
use nodeprof::game::{Game, GameKind};
use nodeprof::position::AnyPosition;

fn spec(words: &[&str]) -> EngineSpec {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    EngineSpec::parse(&words, None).expect("a valid engine")
}

fn round_trip(c: &mut Criterion) {
    let cmd = format!("cmd={}", env!("CARGO_BIN_EXE_nodeprof"));
    let np = spec(&[
        "name=np",
        &cmd,
        "args=engine --protocol ugi --game connect4 -v alphabeta",
        "proto=ugi",
    ]);
    let mut engine = Engine::start(&np).expect("nodeprof engine starts");
    let position = AnyPosition::parse_text(GameKind::Connect4, "4453").unwrap();
    c.benchmark_group("engine")
        .bench_function("round_trip/nodeprof_ugi/depth1", |b| {
            b.iter(|| engine.search(black_box(&position), 1).unwrap())
        });
    engine.quit();

    let stockfish = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).is_file());
    if let Some(path) = stockfish {
        let cmd = format!("cmd={path}");
        let sf = spec(&["name=sf", &cmd, "option.Hash=16", "option.Threads=1"]);
        let mut engine = Engine::start(&sf).expect("stockfish starts");
        let start = AnyPosition::start(GameKind::Chess);
        c.benchmark_group("engine").sample_size(10).bench_function(
            "stockfish/startpos/depth12",
            |b| {
                b.iter(|| {
                    engine.new_game().unwrap();
                    engine.search(black_box(&start), 12).unwrap()
                })
            },
        );
        engine.quit();
    }
}

/// The match runner's own cost per move: two depth-1 engines (nodeprof behind UGI, as play's
/// agent) play Connect 4 games through `play_game`, each game's record written; the time
/// measured is the runner's (the game's wall time less each engine's wait from its `go` to
/// its answer, plus the record), per move. Criterion's figure is that cost per move.
fn runner_cost(c: &mut Criterion) {
    use nodeprof::engine::GameStart;
    use nodeprof::play::game::DEFAULT_TIME_MARGIN;
    use nodeprof::play::records::{write_record, RecordInfo};
    use nodeprof::play::{play_game, Adjudication, Agent, GameSetup};
    use std::time::{Duration, Instant};

    let cmd = format!("cmd={}", env!("CARGO_BIN_EXE_nodeprof"));
    let np = spec(&[
        "name=np",
        &cmd,
        "args=engine --protocol ugi --game connect4 -v alphabeta --as-agent",
        "proto=ugi",
    ]);
    let agent = Agent::parse_with("np@depth=1", std::slice::from_ref(&np)).unwrap();
    let mut seats = [
        Engine::start(&np).expect("nodeprof engine starts"),
        Engine::start(&np).expect("nodeprof engine starts"),
    ];
    let start = nodeprof::game::connect4::Connect4::start();
    let any = AnyPosition::start(nodeprof::game::GameKind::Connect4);
    let adjudication = Adjudication::default();
    let mut round = 0u64;
    c.benchmark_group("play")
        .bench_function("runner_per_move/two_depth1_engines", |b| {
            b.iter_custom(|iters| {
                let (mut runner_ns, mut moves) = (0u64, 0u64);
                while moves < iters.max(1) {
                    round += 1;
                    let [a, b] = &mut seats;
                    for seat in [&mut *a, &mut *b] {
                        let game = GameStart {
                            start: &any,
                            opening: Some(&[]),
                            clock: None,
                        };
                        seat.start_game(&game).unwrap();
                    }
                    let setup = GameSetup {
                        first: (round % 2) as usize,
                        eval: nodeprof::game::Eval::Threats,
                        seed: round,
                        clock: nodeprof::search::Clock::SYSTEM,
                        adjudication: &adjudication,
                        time_margin: DEFAULT_TIME_MARGIN,
                    };
                    let game =
                        play_game(&start, [&agent, &agent], &setup, [Some(a), Some(b)]).unwrap();
                    let written = Instant::now();
                    let info = RecordInfo {
                        round,
                        names: ["np", "np"],
                        date: "2026-11-24 00:00:00",
                        comment_nodes: false,
                        clocks: [None, None],
                        cuteataxx: false,
                    };
                    black_box(write_record(
                        nodeprof::game::GameKind::Connect4,
                        &game,
                        &info,
                    ));
                    runner_ns += game.runner_ns + written.elapsed().as_nanos() as u64;
                    moves += game.moves.len() as u64;
                }
                Duration::from_nanos(runner_ns * iters / moves)
            })
        });
    for seat in seats {
        seat.quit();
    }
}

criterion_group!(benches, round_trip, runner_cost);
criterion_main!(benches);
