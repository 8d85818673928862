//! The graph of a Monte Carlo tree search: a position reached by two lines is one node
//! (found by the position itself: two positions can share a key), as in PN's graph, so that transpositions share their statistics'
//! proofs and memory (Childs, Brodeur and Kocsis 2008; Ataxx's jumps make trees no memory
//! holds). The statistics of the selection rules sit on the edges (a move's visits and
//! rewards from its parent); a node holds its visits and the solver's bounds. A node is
//! expanded once, all its edges side by side; an edge finds or makes its child on the
//! first iteration through it. Positions are not stored: a descent replays the moves.

use std::ops::Range;

use crate::game::Game;
use crate::search::proof::Stop;
use crate::search::tt::position_map::{position_entry_bytes, ByState, PositionMap};

/// Bounds no margin reaches: a node nothing is proven of has `[-BOUND, BOUND]`.
pub const BOUND: i16 = 1000;

/// An edge's child before the edge is first taken.
pub const NONE: u32 = u32::MAX;

/// One position of the graph.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The first edge; `NONE` while the node is not expanded.
    pub first: u32,
    /// Its edges (when expanded).
    pub count: u32,
    /// The iterations through the node.
    pub visits: u32,
    /// The proven bounds on the value for the side to move here (MCTS-Solver): a win,
    /// draw or loss as 1, 0, -1, or the margin when solving exactly.
    pub lo: i16,
    pub hi: i16,
}

impl Node {
    fn new() -> Node {
        Node {
            first: NONE,
            count: 0,
            visits: 0,
            lo: -BOUND,
            hi: BOUND,
        }
    }

    pub fn expanded(&self) -> bool {
        self.first != NONE
    }

    pub fn solved(&self) -> bool {
        self.lo == self.hi
    }
}

/// A move from a node, with the statistics of the side making it.
#[derive(Clone, Copy, Debug)]
pub struct Edge<M> {
    pub mv: M,
    /// The node it leads to (`NONE` until first taken).
    pub child: u32,
    /// The iterations through it.
    pub visits: u32,
    /// RAVE: the iterations that played this move later at the parent's turn.
    pub amaf_visits: u32,
    /// The sum of the rewards (1 won, 1/2 drawn, 0 lost) for the side making the move.
    pub value: f64,
    /// RAVE: the sum of the all-moves-as-first rewards for that side.
    pub amaf_value: f64,
    /// PUCT: the prior probability of the move.
    pub prior: f32,
}

impl<M> Edge<M> {
    /// The mean reward for the side making the move (`unvisited` before any visit).
    pub fn mean(&self, unvisited: f64) -> f64 {
        match self.visits {
            0 => unvisited,
            n => self.value / n as f64,
        }
    }
}

/// The nodes (the root first), their edges, and the nodes by position.
pub struct Graph<G: Game> {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge<G::Move>>,
    index: PositionMap<G, u32>,
    /// The bytes its memory allows.
    room: usize,
}

impl<G: Game> Graph<G> {
    /// The root alone, in `room` bytes.
    pub fn new(root: G, room: usize) -> Graph<G> {
        let mut index = PositionMap::default();
        index.insert(ByState(root), 0);
        Graph {
            nodes: vec![Node::new()],
            edges: Vec::new(),
            index,
            room,
        }
    }

    pub fn edges_of(&self, node: usize) -> Range<usize> {
        let n = &self.nodes[node];
        match n.expanded() {
            true => n.first as usize..(n.first + n.count) as usize,
            false => 0..0,
        }
    }

    /// The child node of `edge`, if taken.
    pub fn child(&self, edge: usize) -> Option<&Node> {
        match self.edges[edge].child {
            NONE => None,
            c => Some(&self.nodes[c as usize]),
        }
    }

    /// The bytes it takes, about (its index at twice its entries).
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.edges.len() * std::mem::size_of::<Edge<G::Move>>()
            + self.index.len() * position_entry_bytes::<G>()
    }

    /// Adds the edges of `node`, one per move; `Stop::Memory` when they do not fit.
    pub fn expand(&mut self, node: usize, moves: &[G::Move]) -> Result<(), Stop> {
        let first = self.edges.len();
        let more = moves.len() * std::mem::size_of::<Edge<G::Move>>();
        if self.bytes() + more > self.room || first + moves.len() >= NONE as usize {
            return Err(Stop::Memory);
        }
        self.edges.extend(moves.iter().map(|&mv| Edge {
            mv,
            child: NONE,
            visits: 0,
            amaf_visits: 0,
            value: 0.0,
            amaf_value: 0.0,
            prior: 0.0,
        }));
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.count = moves.len() as u32;
        Ok(())
    }

    /// The node of position `pos` that `edge` leads to, found or made: the node, and
    /// whether it was found.
    pub fn take(&mut self, edge: usize, pos: &G) -> Result<(u32, bool), Stop> {
        if let Some(&node) = self.index.get(&ByState(*pos)) {
            self.edges[edge].child = node;
            return Ok((node, true));
        }
        let more = std::mem::size_of::<Node>() + position_entry_bytes::<G>();
        if self.bytes() + more > self.room || self.nodes.len() >= NONE as usize - 1 {
            return Err(Stop::Memory);
        }
        let node = self.nodes.len() as u32;
        self.nodes.push(Node::new());
        self.index.insert(ByState(*pos), node);
        self.edges[edge].child = node;
        Ok((node, false))
    }
}
