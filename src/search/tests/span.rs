//! Available parallelism (`search::span`): the work and span the searcher measures against
//! the same quantities recomputed, by other code, from the search's trace (a node a record,
//! YBWC's rule read from the records), and against Brent's formula.

use super::*;
use crate::search::span::Span;
use crate::trace::tests::Memory;

/// An open node of the trace: its remaining depth, its subtree's nodes so far, the span of
/// its moves searched in turn, the longest young brother's, its moves so far, and the span
/// of its last move's searches (a move searched again at once, PVS's re-search, is one move
/// searched twice in turn).
struct Open {
    depth: u32,
    work: u64,
    serial: u64,
    young: u64,
    moves: Vec<String>,
    last: u64,
}

impl Open {
    /// The last move's searches are done: beside the other young brothers if the node
    /// splits before it (its third move or later, at least 4 plies to go), else in turn.
    fn settle(&mut self) {
        let last = std::mem::take(&mut self.last);
        match self.moves.len() >= 3 && self.depth >= 4 {
            true => self.young = self.young.max(last),
            false => self.serial += last,
        }
    }
}

/// Work and span of a depth-limited search's trace: a node is one entry record; YBWC splits
/// a node with at least 4 plies to go after its two eldest moves (`parallel/ybwc.rs`). The
/// root searches (iterations, passes) follow one another.
fn span_from_trace(text: &str) -> Span {
    let mut open: Vec<Open> = Vec::new();
    let mut total = Span::default();
    for line in text.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        match fields[0] {
            "(" => {
                if let Some(parent) = open.last_mut() {
                    if parent.moves.last().map(String::as_str) != Some(fields[1]) {
                        if !parent.moves.is_empty() {
                            parent.settle();
                        }
                        parent.moves.push(fields[1].to_string());
                    }
                }
                open.push(Open {
                    depth: fields[4].parse().expect("a depth-limited trace"),
                    work: 1,
                    serial: 0,
                    young: 0,
                    moves: Vec::new(),
                    last: 0,
                });
            }
            ")" => {
                let mut node = open.pop().expect("an open node");
                node.settle();
                let span = 1 + node.serial + node.young;
                match open.last_mut() {
                    Some(parent) => {
                        parent.work += node.work;
                        parent.last += span;
                    }
                    None => {
                        total.work += node.work;
                        total.span += span;
                    }
                }
            }
            _ => {}
        }
    }
    total
}

fn traced<G: Endgame>(pos: &G, depth: u32, config: &SearchConfig) -> String {
    let memory = Memory::default();
    search_traced(pos, depth, config, Box::new(memory.clone())).unwrap();
    let text = memory.0.lock().unwrap().clone();
    String::from_utf8(text).unwrap()
}

#[test]
fn the_span_is_the_one_recomputed_from_the_trace() {
    let specs = [
        "alphabeta",
        "alphabeta+tt+killer",
        "alphabeta+tt+id+history",
        "pvs+tt+id",
    ];
    for spec in specs {
        for pos in &ffo()[..5] {
            let config = config_for::<Reversi>(spec.parse().unwrap());
            let (span, score) = span_of(pos, 6, &config).unwrap();
            let untraced = search(pos, 6, &config).unwrap();
            assert_eq!(
                span.work,
                untraced.counters.nodes(),
                "{spec}: the same nodes"
            );
            assert_eq!(score, untraced.score, "{spec}: the same value");
            let from_trace = span_from_trace(&traced(pos, 6, &config));
            assert_eq!(span, from_trace, "{spec} on {pos}");
            // Splits happen: the span is well under the work, and over one path's nodes.
            assert!(span.span < span.work && span.span > 6, "{spec}: {span:?}");
        }
    }
}

#[test]
fn a_tree_without_split_points_has_its_work_as_its_span() {
    // Three plies to go at the root: YBWC never splits (4 at least), so every node follows
    // the one before: no parallelism, and Brent promises no speedup.
    for pos in &ffo()[..3] {
        let config = config_for::<Reversi>("alphabeta+tt".parse().unwrap());
        let (span, _) = span_of(pos, 3, &config).unwrap();
        assert_eq!(span.span, span.work);
        assert_eq!(span.predicted_speedup(16), Some(1.0));
    }
}

#[test]
fn brents_bound_is_the_greedy_schedules_time() {
    let span = Span {
        work: 1000,
        span: 100,
    };
    assert_eq!(span.parallelism(), Some(10.0));
    // (1000 - 100) / 2 + 100 = 550 nodes' time at 2 threads.
    assert_eq!(span.predicted_speedup(2), Some(1000.0 / 550.0));
    assert_eq!(span.predicted_speedup(1), Some(1.0));
    // Never past the parallelism, never past the threads.
    for p in [2, 4, 8, 16, 1024] {
        let s = span.predicted_speedup(p).unwrap();
        assert!(s <= 10.0 && s <= p as f64, "{p}: {s}");
    }
    assert_eq!(Span::default().predicted_speedup(2), None);
}

#[test]
fn the_solvers_span_is_measured_beside_its_trail_with_the_same_nodes() {
    // The default solver to the end (iterations, ProbCut's passes, ordering searches, the
    // last-empties solver): its trail carries the span, over the same nodes as span_of and
    // the untraced solve, the same on every run.
    let mut solver = config(crate::search::endgame::reversi::SOLVER);
    solver.eval = Eval::Pattern;
    solver.threads = 1;
    let pos = &ffo()[0];
    let trail = trail_of(pos, &solver).unwrap();
    let (span, score) = span_of(pos, END, &solver).unwrap();
    assert_eq!(trail.span, Some(span));
    // Its stages follow one another: their spans add up to the search's.
    let stages: u64 = trail.stages.iter().map(|s| s.span.unwrap()).sum();
    assert_eq!(stages, span.span);
    assert_eq!(span_of(pos, END, &solver).unwrap().0, span);
    let untraced = search(pos, END, &solver).unwrap();
    assert_eq!(
        (span.work, score),
        (untraced.counters.nodes(), untraced.score)
    );
    let parallelism = span.parallelism().unwrap();
    assert!(parallelism > 4.0 && parallelism < 1000.0, "{span:?}");
}

#[test]
fn searches_ybwc_does_not_split_are_refused() {
    let pos = &ffo()[0];
    for spec in [
        "negamax",
        "pn",
        "uct:100",
        "alphabeta+tt+id+nodes:1000",
        "mtdf+tt+smp",
    ] {
        let config = config_for::<Reversi>(spec.parse().unwrap());
        let depth = if spec == "pn" || spec.starts_with("uct") {
            END
        } else {
            4
        };
        assert!(span_of(pos, depth, &config).is_err(), "{spec}");
    }
}
