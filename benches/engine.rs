//! What speaking a protocol costs: one search's round trip to an engine (`position`, `go`,
//! the `info` lines, `bestmove`, read through nodeprof's process runner), against nodeprof
//! itself behind UGI on a search that takes microseconds, so that the time is the
//! protocol's. With Stockfish installed, also its depth-12 search from the start position
//! through the client; its own time for it is in the `info` line (the report's Engines section
//! sets the two side by side over many positions).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

use nodeprof::engine::{Engine, EnginePosition, EngineSpec};
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
    let position = EnginePosition::Native(
        AnyPosition::parse_text(nodeprof::game::GameKind::Connect4, "4453").unwrap(),
    );
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
        let start = EnginePosition::Chess("startpos".into());
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

criterion_group!(benches, round_trip);
criterion_main!(benches);
