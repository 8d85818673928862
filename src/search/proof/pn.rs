//! Proof-number search with the tree in memory (Allis 1994): down to the most proving leaf
//! (each node's child of least disproof number), expand it, and update the numbers back up
//! the path until a node's do not change; the next descent starts from that node (Allis'
//! current node). A position reached by two lines is one node once it is expanded (the tree
//! is a graph: Schijf, Allis and Uiterwijk 1994; when the lines meet: [`Merge`]), found by the
//! position itself, which the graph keeps: two positions can share a key. Without the graph, Ataxx's jumps, which reach a position by many
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
    merge: Merge,
}

/// When a position reached by a second line is found to be the node the graph holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// When a leaf is about to be expanded: a child is made as a new leaf, and the index
    /// holds the expanded nodes only. Most leaves are never expanded, and looking each up
    /// as it was made cost PN a third of its time (a cache miss a child); a position may be
    /// a leaf twice meanwhile (4% more nodes on FFO 1..19, 10 to 16% on the Ataxx end suite).
    OnExpanding,
    /// When a child is made: every node is in the index, each position one node.
    OnMaking,
}

impl<G: Game> Tree<G> {
    /// A tree of the root alone, evaluated (one leaf), with room for `most` nodes and the
    /// children of the last expansion: Err where the system refuses the memory.
    pub fn new(
        root: &G,
        most: usize,
        merge: Merge,
        context: &mut Context,
    ) -> Result<Tree<G>, Stop> {
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
            merge,
        };
        if merge == Merge::OnMaking {
            tree.index.find_or_insert(root.key(), 0, |_| false);
        }
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
                let found = match self.merge {
                    Merge::OnMaking => None,
                    Merge::OnExpanding => self.transposed(leaf, context.counters)?,
                };
                match found {
                    Some(node) => self.redirect(leaf, node),
                    None => {
                        let pos = self.held[leaf as usize];
                        self.expand(leaf, &pos, expand, context)?;
                    }
                }
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
            let node = match self.merge {
                Merge::OnMaking => self.merged_node_of(child, context.counters)?,
                Merge::OnExpanding => self.node_of(child)?,
            };
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

    /// The node of a child, merged as it is made: the graph's where it holds the position
    /// (a leaf there takes the child's numbers: a second-level search knows more), else a
    /// new one (Err where the graph's memory is full).
    fn merged_node_of(&mut self, child: &Child<G>, counters: &mut Counters) -> Result<u32, Stop> {
        self.before_look_up(counters)?;
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
        self.node_of(child)
    }

    /// A look-up in the index counted, and room made for the node it may insert (Err where
    /// the index's memory is full).
    fn before_look_up(&mut self, counters: &mut Counters) -> Result<(), Stop> {
        counters.tt_probe += 1;
        match self.index.is_full() && !self.index.grow() {
            true => Err(Stop::Memory),
            false => Ok(()),
        }
    }

    /// A new node for a child: a leaf (with [`Merge::OnExpanding`], the index learns it only
    /// when it is expanded); Err where the graph's memory is full.
    fn node_of(&mut self, child: &Child<G>) -> Result<u32, Stop> {
        let node = Node {
            numbers: child.numbers,
            first: 0,
            count: 0,
            expanded_before: child.expanded,
        };
        let new = self.nodes.len() as u32;
        match self.nodes.push(node) && self.held.push(child.pos) {
            true => Ok(new),
            false => Err(Stop::Memory),
        }
    }

    /// The expanded node of leaf `leaf`'s position, where another line reached and expanded
    /// it first (a transposition); else None, and the index learns the leaf, about to be
    /// expanded (Err where the index's memory is full).
    fn transposed(&mut self, leaf: u32, counters: &mut Counters) -> Result<Option<u32>, Stop> {
        self.before_look_up(counters)?;
        let held = &self.held;
        let pos = &held[leaf as usize];
        let found = self
            .index
            .find_or_insert(pos.key(), leaf, |n| held[n as usize].same_state(pos));
        counters.tt_hit += found.is_some() as u64;
        Ok(found)
    }

    /// The path's leaf replaced by `node`, the expanded node of its position: its parent's
    /// edge leads there instead, and the path goes back to the parent, whose numbers the
    /// update takes from the node's (the leaf stays, unreached).
    fn redirect(&mut self, leaf: u32, node: u32) {
        self.path.pop();
        let Some(&parent) = self.path.last() else {
            return;
        };
        let parent = self.nodes[parent as usize];
        let edges = &mut self.edges[parent.first as usize..][..parent.count as usize];
        if let Some(edge) = edges.iter_mut().find(|e| e.node == leaf) {
            edge.node = node;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::connect4::Connect4;
    use crate::game::GameMove;

    /// Connect 4 after a few moves, grown until PN proves a win for the side to move or holds
    /// `most` nodes: every edge leads to the position its move makes, each expanded node has
    /// all its moves, and no position is expanded twice (the graph found its transpositions:
    /// some look-ups hit, and each hit is the same position); merged as made, no position is
    /// two nodes.
    #[test]
    fn the_graph_expands_each_position_once_and_its_edges_are_the_moves() {
        for merge in [Merge::OnExpanding, Merge::OnMaking] {
            graph_is_sound(merge);
        }
    }

    fn graph_is_sound(merge: Merge) {
        let mut root = Connect4::start();
        for code in [3u16, 3, 2, 4, 4, 2] {
            root = root.play(<Connect4 as Game>::Move::from_code(code));
        }
        let limits = Limits {
            deadline: None,
            nodes: None,
        };
        let mut counters = Counters::default();
        let mut context = Context {
            goal: Goal {
                root_side: root.side_to_move(),
                at_least: 1,
            },
            weak: false,
            limits: &limits,
            counters: &mut counters,
        };
        let most = 200_000;
        let mut tree = Tree::new(&root, most, merge, &mut context).unwrap();
        tree.grow(most, &mut Evaluate, &mut context).unwrap();
        let mut expanded: std::collections::HashMap<u64, Vec<Connect4>> = Default::default();
        for (n, node) in tree.nodes.as_slice().iter().enumerate() {
            let pos = tree.held[n];
            if node.count == 0 && merge == Merge::OnExpanding {
                continue;
            }
            let same_key = expanded.entry(pos.key()).or_default();
            assert!(
                !same_key.iter().any(|p| p.same_state(&pos)),
                "{pos} expanded twice"
            );
            same_key.push(pos);
            if node.count == 0 {
                continue;
            }
            let edges = &tree.edges[node.first as usize..][..node.count as usize];
            let moves = pos.generate_moves();
            assert_eq!(edges.len(), moves.len(), "{pos}");
            for (edge, &mv) in edges.iter().zip(moves.iter()) {
                assert_eq!(edge.mv, mv.to_code());
                assert!(tree.held[edge.node as usize].same_state(&pos.play(mv)));
            }
        }
        let distinct: usize = expanded.values().map(Vec::len).sum();
        assert!(counters.tt_hit > 0, "{merge:?}: no transposition met");
        match merge {
            Merge::OnExpanding => {
                assert_eq!(distinct as u64, counters.interior);
                assert_eq!(counters.tt_probe, counters.interior + counters.tt_hit);
            }
            Merge::OnMaking => {
                assert_eq!(distinct, tree.nodes.len());
                assert_eq!(counters.tt_probe, counters.leaf - 1);
            }
        }
    }
}
