//! Proof-number search with the tree in memory (Allis 1994): down to the most proving leaf
//! (each node's child of least disproof number), expand it, and update the numbers back up
//! the path until a node's do not change; the next descent starts from that node (Allis'
//! current node). A position reached by two lines is one node (the tree is a graph: Schijf,
//! Allis and Uiterwijk 1994), found by the position itself, which the graph keeps: two
//! positions can share a key. Without the graph, Ataxx's jumps, which reach a position by many
//! orders, make trees no memory holds. The same graph serves PN² (`pn2.rs`): only how a leaf
//! is expanded differs ([`Expand`]).

use super::index::NodeIndex;
use super::limits::{Limits, Stop};
use super::numbers::{Goal, Numbers, Summary};
use super::slab::Slab;
use super::trail::Recorder;
use crate::counters::Counters;
use crate::game::{Game, GameMove};

/// What the trees of one proof share: its goal and rule, the limits and the counters.
pub struct Context<'a> {
    pub goal: Goal,
    /// Weak proof numbers (Ueda et al. 2008) instead of Allis' sums.
    pub weak: bool,
    pub limits: &'a Limits,
    pub counters: &'a mut Counters,
}

/// A child made at an expansion: its move and position, its numbers, and whether the
/// expansion that made it already expanded it too (PN²'s second level: expanding it again is
/// a re-expansion).
#[derive(Clone, Copy, Debug)]
pub struct Child<G: Game> {
    pub mv: G::Move,
    pub pos: G,
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
        out: &mut Vec<Child<G>>,
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
        out: &mut Vec<Child<G>>,
    ) -> Result<(), Stop> {
        context.counters.interior += 1;
        for &mv in pos.generate_moves().iter() {
            let child = pos.play(mv);
            context.counters.leaf += 1;
            out.push(Child {
                mv,
                pos: child,
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

/// Room for the children of the last expansion beyond a tree's most nodes.
const SLACK: usize = 4096;
/// Room for edges a node (more than one where positions have several parents); a graph
/// with more fills its memory.
const EDGES_A_NODE: usize = 8;

/// The bytes a node takes with its edge, its position and its index slots (a quarter to a
/// half full: up to four), about (the bound on a tree's nodes is its memory over this).
pub const fn node_bytes<G>() -> usize {
    std::mem::size_of::<Node>()
        + std::mem::size_of::<Edge>()
        + std::mem::size_of::<G>()
        + 4 * std::mem::size_of::<u64>()
}

/// A proof-number graph over positions of `G`, from one root.
pub struct Tree<G: Game> {
    nodes: Slab<Node>,
    edges: Slab<Edge>,
    /// Each node's position, and the nodes by position.
    held: Slab<G>,
    index: NodeIndex,
    /// The descent's nodes from the root: after an update, the next descent resumes from the
    /// deepest node whose numbers did not change (Allis' current node: the path above it
    /// still leads to it).
    path: Vec<u32>,
    children: Vec<Child<G>>,
    /// The deepest leaf expanded (plies from the root).
    max_ply: usize,
    /// The root's numbers over the search, where asked (`solve --where`).
    pub recorder: Option<Recorder>,
}

impl<G: Game> Tree<G> {
    /// A tree of the root alone, evaluated (one leaf), with room for `most` nodes and the
    /// children of the last expansion: Err where the system refuses the memory.
    pub fn new(root: &G, most: usize, context: &mut Context) -> Result<Tree<G>, Stop> {
        context.counters.leaf += 1;
        let nodes = most.saturating_add(SLACK);
        let mut tree = Tree {
            nodes: Slab::new(nodes).ok_or(Stop::Memory)?,
            edges: Slab::new(nodes.saturating_mul(EDGES_A_NODE)).ok_or(Stop::Memory)?,
            held: Slab::new(nodes).ok_or(Stop::Memory)?,
            index: NodeIndex::new(nodes).ok_or(Stop::Memory)?,
            path: Vec::new(),
            children: Vec::new(),
            max_ply: 0,
            recorder: None,
        };
        tree.index.find_or_insert(root.key(), 0, |_| false);
        tree.held.push(*root);
        tree.nodes.push(Node {
            numbers: context.goal.evaluate(root),
            first: 0,
            count: 0,
            expanded_before: false,
        });
        Ok(tree)
    }

    /// The root's numbers.
    pub fn root_numbers(&self) -> Numbers {
        self.nodes[0].numbers
    }

    /// The bytes its nodes take, about (see [`node_bytes`]).
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.edges.len() * std::mem::size_of::<Edge>()
            + self.held.len() * std::mem::size_of::<G>()
            + self.index.bytes()
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
            context.limits.check_nodes(context.counters.nodes())?;
            if let Some(leaf) = self.most_proving(context.weak) {
                let ply = self.path.len() - 1;
                self.max_ply = self.max_ply.max(ply);
                if ply >= crate::search::searcher::MAX_PLY {
                    return Err(Stop::TooDeep);
                }
                let pos = self.held[leaf as usize];
                self.expand(leaf, &pos, expand, context)?;
            }
            self.update_path(context.weak);
            if let Some(recorder) = &mut self.recorder {
                recorder.note(context.counters.nodes(), self.nodes[0].numbers);
            }
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

    /// Down by the children of least disproof number (the first of equals) to a leaf, from
    /// the path's deepest node (the root when the path is empty): the leaf, the path's last
    /// node. None where a node's numbers changed below another parent: the path up to it is
    /// updated instead.
    fn most_proving(&mut self, weak: bool) -> Option<u32> {
        if self.path.is_empty() {
            self.path.push(0);
        }
        loop {
            let index = *self.path.last()?;
            let node = self.nodes[index as usize];
            if node.count == 0 {
                return Some(index);
            }
            let summary = self.summary_below(index, weak);
            if summary.numbers != node.numbers {
                return None;
            }
            self.path
                .push(self.edges[node.first as usize + summary.best].node);
        }
    }

    /// Expands leaf `index` at `pos`: its edges to its children's nodes (a position the
    /// graph holds already is its node). Its numbers are left to the update.
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
            self.index.prefetch(child.pos.key());
        }
        for child in &children {
            let node = self.node_of(child, context.counters)?;
            let edge = Edge {
                node,
                mv: child.mv.to_code(),
            };
            if !self.edges.push(edge) {
                return Err(Stop::Memory);
            }
        }
        let node = &mut self.nodes[index as usize];
        node.first = first;
        node.count = children.len() as u16;
        self.children = children;
        Ok(())
    }

    /// The node of a child: the graph's where it holds the position (a leaf there takes the
    /// child's numbers: a second-level search knows more), else a new one (Err where the
    /// graph's memory is full).
    fn node_of(&mut self, child: &Child<G>, counters: &mut Counters) -> Result<u32, Stop> {
        counters.tt_probe += 1;
        if self.index.is_full() && !self.index.grow() {
            return Err(Stop::Memory);
        }
        let new = self.nodes.len() as u32;
        let held = &self.held;
        let same = |n: u32| held[n as usize].same_state(&child.pos);
        if let Some(found) = self.index.find_or_insert(child.pos.key(), new, same) {
            counters.tt_hit += 1;
            let node = &mut self.nodes[found as usize];
            if node.count == 0 {
                node.numbers = child.numbers;
                node.expanded_before |= child.expanded;
            }
            return Ok(found);
        }
        let node = Node {
            numbers: child.numbers,
            first: 0,
            count: 0,
            expanded_before: child.expanded,
        };
        match self.nodes.push(node) && self.held.push(child.pos) {
            true => Ok(new),
            false => Err(Stop::Memory),
        }
    }

    /// The numbers of the path's nodes again from their children, up from the deepest,
    /// until one does not change: the next descent resumes from it (the path above it
    /// still leads to it).
    fn update_path(&mut self, weak: bool) {
        while let Some(&index) = self.path.last() {
            let numbers = self.summary_below(index, weak).numbers;
            let node = &mut self.nodes[index as usize];
            if numbers == node.numbers {
                return;
            }
            node.numbers = numbers;
            self.path.pop();
        }
    }

    /// The root's children as they stand: their moves, numbers, and whether each was
    /// expanded in this graph.
    pub fn root_children(&self) -> impl Iterator<Item = Child<G>> + '_ {
        let root = self.nodes[0];
        self.edges[root.first as usize..root.first as usize + root.count as usize]
            .iter()
            .map(move |e| {
                let node = self.nodes[e.node as usize];
                Child {
                    mv: G::Move::from_code(e.mv),
                    pos: self.held[e.node as usize],
                    numbers: node.numbers,
                    expanded: node.count > 0,
                }
            })
    }
}
