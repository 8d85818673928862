//! PN² (Allis 1994; Breuker, Uiterwijk and van den Herik 2001): proof-number search whose
//! leaves are expanded by a second proof-number search, limited to as many nodes as the
//! first-level tree holds. The second tree is thrown away; its root's children, with the
//! numbers it gave them, join the first tree. Memory: at most twice the first level.
//!
//! The second-level trees merge a child with a leaf of its position as it is made
//! ([`Merge::OnMaking`]): their root's children's numbers are all the first level learns of
//! them, and on Ataxx, where jumps reach a position by many orders, trees that left their
//! leaves apart gave numbers that cost the first level 25 times the nodes.

use super::limits::Stop;
use super::pn::{Child, Context, Evaluate, Expand, Merge, Tree};
use crate::game::Game;

/// The smallest second-level tree: the leaf and its children at least.
const LEAST_SECOND_LEVEL: usize = 2;

/// PN²'s expansion: a second-level PN search from the leaf.
pub struct SecondLevel {
    /// The most nodes both levels may hold together.
    pub most: usize,
    /// The bytes of the largest second-level tree grown.
    pub peak_bytes: usize,
}

impl<G: Game> Expand<G> for SecondLevel {
    fn expand(
        &mut self,
        pos: &G,
        held: usize,
        context: &mut Context,
        out: &mut Vec<Child<G>>,
    ) -> Result<(), Stop> {
        let room = self.most.saturating_sub(held);
        let size = held.min(room).max(LEAST_SECOND_LEVEL);
        let mut tree = Tree::new(pos, self.most, Merge::OnMaking, context)?;
        tree.grow(size, &mut Evaluate, context)?;
        self.peak_bytes = self.peak_bytes.max(tree.bytes());
        out.extend(tree.root_children());
        Ok(())
    }
}
