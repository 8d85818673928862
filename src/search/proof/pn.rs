//! Proof-number search with the tree in memory (Allis 1994): from the root, down to the most
//! proving leaf (each node's child of least disproof number), expand it, and update the
//! numbers back up the path. The tree holds [`NODE_BYTES`] a node; positions are replayed from the
//! root on each descent. The same tree serves PN² ([`super::pn2`]): only how a leaf is
//! expanded differs ([`Expand`]).

use super::numbers::{Goal, Numbers};
use super::{Limits, Stop};
use crate::counters::Counters;
use crate::game::{Game, GameMove};

/// A child made at an expansion: its move, its numbers, and whether the expansion that made
/// it already expanded it too (PN²'s second level: expanding it again is a re-expansion).
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
        goal: Goal,
        held: usize,
        counters: &mut Counters,
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
        goal: Goal,
        _held: usize,
        counters: &mut Counters,
        out: &mut Vec<Child<G::Move>>,
    ) -> Result<(), Stop> {
        make_children(pos, goal, counters, out);
        Ok(())
    }
}

/// Expands `pos`: its moves, each child made and evaluated (one interior node, a leaf a child).
#[inline]
pub fn make_children<G: Game>(
    pos: &G,
    goal: Goal,
    counters: &mut Counters,
    out: &mut Vec<Child<G::Move>>,
) {
    counters.interior += 1;
    for &mv in pos.generate_moves().iter() {
        counters.leaf += 1;
        out.push(Child {
            mv,
            numbers: goal.evaluate(&pos.play(mv)),
            expanded: false,
        });
    }
}

/// A node of the tree: its numbers, where its children are (none yet: `count` 0), and the
/// move that reached it (the game's move code).
#[derive(Clone, Copy, Debug)]
struct Node {
    numbers: Numbers,
    first: u32,
    count: u16,
    mv: u16,
    /// Expanded already by a search that made it (PN²'s second level).
    expanded_before: bool,
}

/// The bytes a node of the tree takes.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// A proof-number tree over positions of `G`, from one root.
pub struct Tree<G: Game> {
    root: G,
    goal: Goal,
    nodes: Vec<Node>,
    path: Vec<u32>,
    children: Vec<Child<G::Move>>,
    /// The deepest leaf expanded (plies from the root).
    max_ply: usize,
}

impl<G: Game> Tree<G> {
    /// A tree of the root alone, evaluated (one leaf).
    pub fn new(root: &G, goal: Goal, counters: &mut Counters) -> Tree<G> {
        counters.leaf += 1;
        let numbers = goal.evaluate(root);
        Tree {
            root: root.clone(),
            goal,
            nodes: vec![Node {
                numbers,
                first: 0,
                count: 0,
                mv: 0,
                expanded_before: false,
            }],
            path: Vec::new(),
            children: Vec::new(),
            max_ply: 0,
        }
    }

    /// The deepest leaf expanded (plies from the root).
    pub fn max_ply(&self) -> usize {
        self.max_ply
    }

    /// The root's numbers.
    pub fn root_numbers(&self) -> Numbers {
        self.nodes[0].numbers
    }

    /// Expands most-proving leaves until the root is solved, or the tree holds `most`
    /// nodes (Ok: the root may be unsolved), or a limit stops it.
    pub fn grow(
        &mut self,
        most: usize,
        expand: &mut impl Expand<G>,
        limits: &Limits,
        counters: &mut Counters,
    ) -> Result<(), Stop> {
        let mut steps = 0u32;
        while !self.nodes[0].numbers.is_solved() && self.nodes.len() < most {
            steps = steps.wrapping_add(1);
            if steps % 1024 == 0 {
                limits.check_time()?;
            }
            let (leaf, pos) = self.most_proving();
            self.max_ply = self.max_ply.max(self.path.len());
            if self.path.len() >= crate::search::MAX_PLY {
                return Err(Stop::TooDeep);
            }
            self.expand(leaf, &pos, expand, counters)?;
            self.update_path();
        }
        Ok(())
    }

    /// Down from the root by the children of least disproof number (the first of equals) to
    /// a leaf: its index and position (the path is kept for the update).
    fn most_proving(&mut self) -> (u32, G) {
        self.path.clear();
        let mut index = 0u32;
        let mut pos = self.root.clone();
        loop {
            let node = self.nodes[index as usize];
            if node.count == 0 {
                return (index, pos);
            }
            self.path.push(index);
            let range = node.first as usize..node.first as usize + node.count as usize;
            let best = (range.start..range.end)
                .min_by_key(|&c| self.nodes[c].numbers.disproof)
                .expect("an expanded node has children");
            pos = pos.play(G::Move::from_code(self.nodes[best].mv));
            index = best as u32;
        }
    }

    /// Expands leaf `index` at `pos`: its children appended, its numbers from theirs.
    fn expand(
        &mut self,
        index: u32,
        pos: &G,
        expand: &mut impl Expand<G>,
        counters: &mut Counters,
    ) -> Result<(), Stop> {
        if self.nodes[index as usize].expanded_before {
            counters.research += 1;
        }
        self.children.clear();
        expand.expand(
            pos,
            self.goal,
            self.nodes.len(),
            counters,
            &mut self.children,
        )?;
        let first = self.nodes.len() as u32;
        for child in &self.children {
            self.nodes.push(Node {
                numbers: child.numbers,
                first: 0,
                count: 0,
                mv: child.mv.to_code(),
                expanded_before: child.expanded,
            });
        }
        let node = &mut self.nodes[index as usize];
        node.first = first;
        node.count = self.children.len() as u16;
        node.numbers = Numbers::of_children(self.children.iter().map(|c| c.numbers));
        Ok(())
    }

    /// The numbers of the path's nodes again from their children, up from the expanded leaf
    /// (stopping where they no longer change: nothing above changes either).
    fn update_path(&mut self) {
        while let Some(index) = self.path.pop() {
            let node = self.nodes[index as usize];
            let range = node.first as usize..node.first as usize + node.count as usize;
            let numbers = Numbers::of_children(self.nodes[range].iter().map(|c| c.numbers));
            if numbers == node.numbers {
                break;
            }
            self.nodes[index as usize].numbers = numbers;
        }
    }

    /// The root's children as they stand: their moves, numbers, and whether each was
    /// expanded in this tree.
    pub fn root_children(&self) -> impl Iterator<Item = Child<G::Move>> + '_ {
        let root = self.nodes[0];
        self.nodes[root.first as usize..(root.first + root.count as u32) as usize]
            .iter()
            .map(|n| Child {
                mv: G::Move::from_code(n.mv),
                numbers: n.numbers,
                expanded: n.count > 0,
            })
    }
}
