//! Perft of each game at a fixed depth: the speed of move generation and move making; for
//! chess, beside cozy-chess's own perft loop (the crate's `examples/perft.rs`, bulk counting),
//! which nodeprof's perft through the `Game` trait should keep up with.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

use nodeprof::game::{perft, Ataxx, Chess, Connect4, Game, Reversi};

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

/// cozy-chess's perft as its example writes it: a clone per move, the last ply counted from
/// the move lists' lengths, no list of moves kept.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// The start position and the Chess Programming Wiki's "Kiwipete" (perft position 2).
const CHESS: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

fn bench_chess(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/chess");
    group.sample_size(20);
    for (name, fen, depth) in CHESS {
        let pos = Chess::from_fen(fen).unwrap();
        let board = pos.board().clone();
        let leaves = perft(&pos, depth);
        assert_eq!(cozy_perft(&board, depth), leaves);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name}/depth{depth}/nodeprof"), |b| {
            b.iter(|| perft(black_box(&pos), black_box(depth)))
        });
        group.bench_function(format!("{name}/depth{depth}/cozy-chess"), |b| {
            b.iter(|| cozy_perft(black_box(&board), black_box(depth)))
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    bench_perft::<Reversi>(c, 10);
    bench_perft::<Ataxx>(c, 6);
    bench_perft::<Connect4>(c, 9);
    bench_chess(c);
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(std::time::Duration::from_secs(1));
    targets = movegen
}
criterion_main!(benches);
