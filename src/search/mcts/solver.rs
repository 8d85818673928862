//! MCTS-Solver (Winands, Björnsson and Saito 2008) with score bounds (Cazenave and
//! Saffidine 2011), so that draws are proved as wins and losses are: each node keeps the
//! proven lower and upper bounds on its value for its side to move; a finished game has both
//! at its result, an expanded node takes the best of its children's (an edge not yet taken
//! leaves `[-BOUND, BOUND]` open), and a node is solved when they meet. Edges whose child
//! cannot raise the parent's lower bound are no longer selected. A node reached by another
//! line learns of a child solved there when an iteration next passes through it.

use super::graph::{Graph, Node, BOUND};
use crate::game::Game;

/// A finished game's value for the side to move: the margin, or its sign when proving only
/// win, draw or loss.
pub fn result_value(margin: i32, wld: bool) -> i16 {
    match wld {
        true => margin.signum() as i16,
        false => margin.clamp(-(BOUND as i32) + 1, BOUND as i32 - 1) as i16,
    }
}

/// The reward of a proven value for the side to move: 1 won, 1/2 drawn, 0 lost.
pub fn reward(value: i16) -> f64 {
    match value.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// Whether an edge to `child` (None: not taken) can still change `parent`'s value: its best
/// case for the parent is above what the parent has proven.
#[inline]
pub fn open(parent: &Node, child: Option<&Node>) -> bool {
    match child {
        Some(child) => -child.lo > parent.lo,
        None => BOUND > parent.lo,
    }
}

/// Recomputes `node`'s bounds from its children's; whether they changed.
pub fn update<G: Game>(graph: &mut Graph<G>, node: usize) -> bool {
    let (mut lo, mut hi) = (-BOUND, -BOUND);
    for e in graph.edges_of(node) {
        let (child_lo, child_hi) = graph.child(e).map_or((-BOUND, BOUND), |c| (c.lo, c.hi));
        lo = lo.max(-child_hi);
        hi = hi.max(-child_lo);
    }
    let n = &mut graph.nodes[node];
    let changed = (n.lo, n.hi) != (lo, hi);
    (n.lo, n.hi) = (lo, hi);
    changed
}

/// The edge of `node` (solved) whose child is solved and gives its value.
pub fn proving_edge<G: Game>(graph: &Graph<G>, node: usize) -> Option<usize> {
    let value = graph.nodes[node].lo;
    graph
        .edges_of(node)
        .find(|&e| graph.child(e).is_some_and(|c| c.solved() && -c.lo == value))
}
