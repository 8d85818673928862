//! Proof-number search with the tree in memory (Allis 1994): from the root, down to the most
//! proving leaf (each node's child of least disproof number), expand it, and update the
//! numbers back up the path. A position reached by two lines is one node (the tree is a
//! graph: Schijf, Allis and Uiterwijk 1994), found by the position itself: two positions can
//! share a key, and a node's moves are replayed from any line that reaches it. Without the
//! graph, Ataxx's jumps, which reach a position by many orders, make trees no memory holds.
//! Positions are replayed from the root on each descent. The same graph serves PN²
//! (`pn2.rs`): only how a leaf is expanded differs ([`Expand`]).

use super::limits::{Limits, Stop};
use super::numbers::{Goal, Numbers, Summary};
use crate::counters::Counters;
use crate::game::{Game, GameMove};
use crate::search::tt::position_map::{ByState, PositionMap};

/// What the trees of one proof share: its goal and rule, the limits and the counters.
pub struct Context<'a> {
    pub goal: Goal,
    /// Weak proof numbers (Ueda et al. 2008) instead of Allis' sums.
    pub weak: bool,
    pub limits: &'a Limits,
    pub counters: &'a mut Counters,
}

/// A child made at an expansion: its move, its numbers, and whether the expansion
/// that made it already expanded it too (PN²'s second level: expanding it again is a
/// re-expansion).
#[derive(Clone, Copy, Debug)]
pub struct Child<M> {
    pub mv: M,
    pub numbers: Numbers,
    pub expanded: bool,
}

/// How a leaf of the tree is expanded.
pub trait Expand<G: Game> {
    /// The children of `pos` (a game not over) with their numbers, into `out`; `held`: the
    /// nodes the tree holds now.
    fn expand(
        &mut self,
        pos: &G,
        held: usize,
        context: &mut Context,
        out: &mut Vec<Child<G::Move>>,
    ) -> Result<(), Stop>;
}

/// PN's expansion: each child made and evaluated (a finished game proved or disproved, any
/// other an unknown leaf).
pub struct Evaluate;

impl<G: Game> Expand<G> for Evaluate {
    #[inline]
    fn expand(
        &mut self,
        pos: &G,
        _held: usize,
        context: &mut Context,
        out: &mut Vec<Child<G::Move>>,
    ) -> Result<(), Stop> {
        context.counters.interior += 1;
        for &mv in pos.generate_moves().iter() {
            let child = pos.play(mv);
            context.counters.leaf += 1;
            out.push(Child {
                mv,
                numbers: context.goal.evaluate(&child),
                expanded: false,
            });
        }
        Ok(())
    }
}

/// A node: its numbers and where its edges are (none yet: `count` 0).
#[derive(Clone, Copy, Debug)]
struct Node {
    numbers: Numbers,
    first: u32,
    count: u16,
    /// Expanded already by a search that made it (PN²'s second level).
    expanded_before: bool,
}

/// A move from a node to its child's node.
#[derive(Clone, Copy, Debug)]
struct Edge {
    node: u32,
    mv: u16,
}

/// The bytes a node takes with its edge and its entry in the position index, about (the bound on
/// a tree's nodes is its memory over this).
pub const fn node_bytes<G>() -> usize {
    std::mem::size_of::<Node>()
        + std::mem::size_of::<Edge>()
        + crate::search::tt::position_map::position_entry_bytes::<G>()
}

/// A proof-number graph over positions of `G`, from one root.
pub struct Tree<G: Game> {
    root: G,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// Each node by its position.
    index: PositionMap<G, u32>,
    /// The descent's nodes.
    path: Vec<u32>,
    children: Vec<Child<G::Move>>,
    /// The deepest leaf expanded (plies from the root).
    max_ply: usize,
}

impl<G: Game> Tree<G> {
    /// A tree of the root alone, evaluated (one leaf).
    pub fn new(root: &G, context: &mut Context) -> Tree<G> {
        context.counters.leaf += 1;
        let mut index = PositionMap::default();
        index.insert(ByState(*root), 0);
        Tree {
            root: *root,
            nodes: vec![Node {
                numbers: context.goal.evaluate(root),
                first: 0,
                count: 0,
                expanded_before: false,
            }],
            edges: Vec::new(),
            index,
            path: Vec::new(),
            children: Vec::new(),
            max_ply: 0,
        }
    }

    /// The root's numbers.
    pub fn root_numbers(&self) -> Numbers {
        self.nodes[0].numbers
    }

    /// The bytes its nodes take, about (see [`node_bytes`]).
    pub fn bytes(&self) -> usize {
        self.nodes.len() * node_bytes::<G>()
    }

    /// The deepest leaf expanded (plies from the root).
    pub fn max_ply(&self) -> usize {
        self.max_ply
    }

    /// Expands most-proving leaves until the root is solved, or the tree holds `most`
    /// nodes (Ok: the root may be unsolved), or a limit stops it.
    pub fn grow(
        &mut self,
        most: usize,
        expand: &mut impl Expand<G>,
        context: &mut Context,
    ) -> Result<(), Stop> {
        let mut steps = 0u32;
        while !self.nodes[0].numbers.is_solved() && self.nodes.len() < most {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1024) {
                context.limits.check_time()?;
            }
            if let Some((leaf, pos)) = self.most_proving(context.weak) {
                self.max_ply = self.max_ply.max(self.path.len());
                if self.path.len() >= crate::search::searcher::MAX_PLY {
                    return Err(Stop::TooDeep);
                }
                self.expand(leaf, &pos, expand, context)?;
            }
            self.update_path(context.weak);
        }
        Ok(())
    }

    /// Node `index`'s children read in one pass (their numbers may have changed through
    /// another parent).
    #[inline]
    fn summary_below(&self, index: u32, weak: bool) -> Summary {
        let node = self.nodes[index as usize];
        let edges = &self.edges[node.first as usize..node.first as usize + node.count as usize];
        Summary::of(
            edges.iter().map(|e| self.nodes[e.node as usize].numbers),
            weak,
        )
    }

    /// Down from the root by the children of least disproof number (the first of equals) to
    /// a leaf: its index and position, the path above it kept for the update. None where a
    /// node's numbers changed below another parent: the path up to it is updated instead.
    fn most_proving(&mut self, weak: bool) -> Option<(u32, G)> {
        self.path.clear();
        let mut index = 0u32;
        let mut pos = self.root;
        loop {
            let node = self.nodes[index as usize];
            if node.count == 0 {
                return Some((index, pos));
            }
            self.path.push(index);
            let summary = self.summary_below(index, weak);
            if summary.numbers != node.numbers {
                return None;
            }
            let best = self.edges[node.first as usize + summary.best];
            pos = pos.play(G::Move::from_code(best.mv));
            index = best.node;
        }
    }

    /// Expands leaf `index` at `pos`: its edges to its children's nodes (a position the
    /// graph holds already is its node), its numbers from theirs.
    fn expand(
        &mut self,
        index: u32,
        pos: &G,
        expand: &mut impl Expand<G>,
        context: &mut Context,
    ) -> Result<(), Stop> {
        if self.nodes[index as usize].expanded_before {
            context.counters.research += 1;
        }
        self.children.clear();
        expand.expand(pos, self.nodes.len(), context, &mut self.children)?;
        let first = self.edges.len() as u32;
        let children = std::mem::take(&mut self.children);
        for child in &children {
            let node = self.node_of(&pos.play(child.mv), child, context.counters);
            self.edges.push(Edge {
                node,
                mv: child.mv.to_code(),
            });
        }
        let node = &mut self.nodes[index as usize];
        node.first = first;
        node.count = children.len() as u16;
        self.children = children;
        self.nodes[index as usize].numbers = self.summary_below(index, context.weak).numbers;
        Ok(())
    }

    /// The node of a child: the graph's where it holds the position (a leaf there takes the
    /// child's numbers: a second-level search knows more), else a new one.
    fn node_of(&mut self, pos: &G, child: &Child<G::Move>, counters: &mut Counters) -> u32 {
        counters.tt_probe += 1;
        if let Some(&found) = self.index.get(&ByState(*pos)) {
            counters.tt_hit += 1;
            let node = &mut self.nodes[found as usize];
            if node.count == 0 {
                node.numbers = child.numbers;
                node.expanded_before |= child.expanded;
            }
            return found;
        }
        let new = self.nodes.len() as u32;
        self.nodes.push(Node {
            numbers: child.numbers,
            first: 0,
            count: 0,
            expanded_before: child.expanded,
        });
        self.index.insert(ByState(*pos), new);
        new
    }

    /// The numbers of the path's nodes again from their children, up from the deepest.
    fn update_path(&mut self, weak: bool) {
        while let Some(index) = self.path.pop() {
            self.nodes[index as usize].numbers = self.summary_below(index, weak).numbers;
        }
    }

    /// The root's children as they stand: their moves, numbers, and whether each was
    /// expanded in this graph.
    pub fn root_children(&self) -> impl Iterator<Item = Child<G::Move>> + '_ {
        let root = self.nodes[0];
        self.edges[root.first as usize..root.first as usize + root.count as usize]
            .iter()
            .map(move |e| {
                let node = self.nodes[e.node as usize];
                let mv = G::Move::from_code(e.mv);
                Child {
                    mv,
                    numbers: node.numbers,
                    expanded: node.count > 0,
                }
            })
    }
}
