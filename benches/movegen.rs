//! Perft of each game at a fixed depth: the speed of move generation and move making.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

use nodeprof::game::{perft, Ataxx, Connect4, Game, Reversi};

fn bench_perft<G: Game>(c: &mut Criterion, depth: u32) {
    let start = G::start();
    let leaves = perft(&start, depth);
    let mut group = c.benchmark_group(format!("perft/{}", G::NAME));
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(10);
    group.bench_function(format!("start/depth{depth}"), |b| {
        b.iter(|| perft(black_box(&start), black_box(depth)))
    });
    group.finish();
}

fn movegen(c: &mut Criterion) {
    bench_perft::<Reversi>(c, 10);
    bench_perft::<Ataxx>(c, 6);
    bench_perft::<Connect4>(c, 9);
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(std::time::Duration::from_secs(1));
    targets = movegen
}
criterion_main!(benches);
