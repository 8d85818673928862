//! Search speed: the default comparison set at depth 6 on a few FFO and Ataxx positions, and
//! the cost of the counters (the same searches with the counters compiled out).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

use nodeprof::game::{Eval, Game};
use nodeprof::position::{load, AnyPosition};
use nodeprof::search::{search, search_uncounted, Endgame, SearchConfig, INF};
use nodeprof::sweep::plan::{deepest_default_depth, DEFAULT_VARIANTS};
use nodeprof::with_position;

fn cases(specs: &[&str]) -> Vec<(String, AnyPosition)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let paths: Vec<String> = specs
        .iter()
        .map(|s| format!("{root}/positions/{s}"))
        .collect();
    load(&paths, None)
        .expect("shipped positions load")
        .into_iter()
        .map(|c| (c.name, c.position))
        .collect()
}

fn bench_one<G: Endgame>(
    c: &mut Criterion,
    group: &str,
    name: &str,
    pos: &G,
    depth: u32,
    spec: &str,
) {
    let config = SearchConfig::new(spec.parse().expect("valid spec"));
    c.benchmark_group(group)
        .sample_size(10)
        .bench_function(format!("{spec}/{name}/depth{depth}"), |b| {
            b.iter(|| search(black_box(pos), depth, &config).unwrap())
        });
}

fn variants(c: &mut Criterion) {
    let positions = cases(&[
        "reversi/ffo/end40.pos",
        "reversi/ffo/end45.pos",
        "reversi/ffo/end50.pos",
        "ataxx/gaps-c3-c5-e3-e5.pos",
        "ataxx/late-start-160-s13.pos",
    ]);
    for spec in DEFAULT_VARIANTS {
        for (name, pos) in &positions {
            let depth = deepest_default_depth(pos.kind());
            with_position!(pos, p => bench_one(c, "variants", name, p, depth, spec));
        }
    }
}

/// Each pair of lines is the same search with and without counting.
fn counters(c: &mut Criterion) {
    let positions = cases(&["reversi/ffo/end40.pos", "reversi/ffo/end41.pos"]);
    let mut group = c.benchmark_group("counters");
    group.sample_size(20);
    for spec in ["alphabeta", "pvs+tt+id"] {
        let config = SearchConfig::new(spec.parse().expect("valid spec"));
        for (name, pos) in &positions {
            let AnyPosition::Reversi(p) = pos else {
                continue;
            };
            group.bench_function(format!("{spec}/{name}/counted"), |b| {
                b.iter(|| search(black_box(p), 8, &config).unwrap())
            });
            group.bench_function(format!("{spec}/{name}/uncounted"), |b| {
                b.iter(|| search_uncounted(black_box(p), 8, &config).unwrap())
            });
        }
    }
    group.finish();
}

/// Alpha-beta with nothing configurable: the searcher's `alphabeta` (fail-soft, moves in
/// generation order, leaves scored by material) hard-wired, without the searcher's rooms and
/// runtime flags, to measure what they cost. Counts visited positions as the searcher does.
fn hardwired_alphabeta<G: Game>(
    pos: &G,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if depth == 0 {
        return match pos.is_over() {
            true => pos.terminal_score(),
            false => pos.evaluate(Eval::Material),
        };
    }
    let moves = pos.generate_moves();
    if moves.is_empty() {
        return pos.terminal_score();
    }
    let mut best = -INF;
    for &mv in moves.iter() {
        let value = -hardwired_alphabeta(&pos.play(mv), depth - 1, -beta, -alpha, nodes);
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
            }
            if value >= beta {
                break;
            }
        }
    }
    best
}

/// Each pair of lines is the same alpha-beta search through the searcher (with its runtime
/// flags all off) and hard-wired; both visit the same positions (checked first).
fn flags(c: &mut Criterion) {
    let positions = cases(&["reversi/ffo/end40.pos", "reversi/ffo/end41.pos"]);
    let mut group = c.benchmark_group("flags");
    group.sample_size(20);
    let config = SearchConfig::new("alphabeta".parse().expect("valid spec"));
    for (name, pos) in &positions {
        let AnyPosition::Reversi(p) = pos else {
            continue;
        };
        let searched = search(p, 8, &config).unwrap();
        let mut nodes = 0;
        let value = hardwired_alphabeta(p, 8, -INF, INF, &mut nodes);
        assert_eq!(
            (value, nodes),
            (searched.score, searched.counters.nodes()),
            "the hard-wired alpha-beta is the searcher's"
        );
        group.bench_function(format!("alphabeta/{name}/searcher"), |b| {
            b.iter(|| search_uncounted(black_box(p), 8, &config).unwrap())
        });
        group.bench_function(format!("alphabeta/{name}/hardwired"), |b| {
            b.iter(|| hardwired_alphabeta(black_box(p), 8, -INF, INF, &mut 0))
        });
    }
    group.finish();
}

/// Connect 4 solved: the default solver (the tutorial's final step) and the same techniques on
/// nodeprof's table with ETC, on the first positions of the built-in middle-medium and
/// begin-medium suites (throughput: positions explored).
fn connect4(c: &mut Criterion) {
    use criterion::Throughput;
    use nodeprof::game::GameKind;
    use nodeprof::search::endgame::connect4::SOLVER as DEFAULT_CONNECT4_SOLVER;
    use nodeprof::search::END;
    let positions: Vec<(String, AnyPosition)> = cases(&["connect4/middle-medium.txt"])
        .into_iter()
        .take(2)
        .chain(cases(&["connect4/begin-medium.txt"]).into_iter().take(1))
        .collect();
    let mut group = c.benchmark_group("connect4");
    group.sample_size(10);
    for spec in [
        DEFAULT_CONNECT4_SOLVER,
        "bisect+tt:64+nolose+clamp+threats+etc",
    ] {
        let config =
            SearchConfig::new(spec.parse().expect("valid spec")).for_game(GameKind::Connect4);
        for (name, pos) in &positions {
            let AnyPosition::Connect4(p) = pos else {
                continue;
            };
            let nodes = search(p, END, &config).unwrap().counters.nodes();
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{spec}/{name}"), |b| {
                b.iter(|| search(black_box(p), END, &config).unwrap())
            });
        }
    }
    group.finish();
}

/// Short warm-up and measurement: 45 variant benchmarks must leave `cargo bench` under ten
/// minutes on two cores.
fn quick() -> Criterion {
    Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = quick();
    targets = variants, counters, flags, connect4
}
criterion_main!(benches);
