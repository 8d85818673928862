//! The minimal tree of a case: the fewest leaves (and, among proofs with that many, the fewest
//! nodes) that any alpha-beta search, with any move order, must visit to prove the root's
//! value at the depth. Knuth and Moore ("An analysis of alpha-beta pruning", Artificial
//! Intelligence 6, 1975) give its size on uniform trees, W^ceil(D/2) + W^floor(D/2) - 1
//! leaves; here it is found for any tree by dynamic programming over the full tree.
//!
//! With the root's value V known, every bound a proof needs is V or -V: a node on a principal
//! path (value V for its side, "PV") proves its value with one best child proven exactly and
//! every other child bounded; a node that must reach V ("CUT") needs one child refuting the
//! other side's bound; a node that must stay at or below V ("ALL") needs every child bounded.
//! Each node's cheapest proof of each kind follows from its children's, so one walk of the
//! full tree (capped) gives the minimum.

use super::config::SearchConfig;
use super::endgame::Endgame;
use super::run::{check, search};
use super::searcher::Searcher;
use super::variants::{Base, Variant};
use crate::error::SearchError;

/// What a proof visits, compared by leaves first (Knuth and Moore's measure), then nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cost {
    pub leaves: u64,
    pub nodes: u64,
}

/// No proof of that kind exists (the node's value is on the wrong side of the bound).
pub const NO_PROOF: Cost = Cost {
    leaves: u64::MAX,
    nodes: u64::MAX,
};
const NOTHING: Cost = Cost {
    leaves: 0,
    nodes: 0,
};
const ONE_LEAF: Cost = Cost {
    leaves: 1,
    nodes: 1,
};
const ONE_NODE: Cost = Cost {
    leaves: 0,
    nodes: 1,
};

impl Cost {
    fn plus(self, other: Cost) -> Cost {
        Cost {
            leaves: self.leaves.saturating_add(other.leaves),
            nodes: self.nodes.saturating_add(other.nodes),
        }
    }

    /// A cost with `part` (one of its terms) taken out.
    fn less(self, part: Cost) -> Cost {
        Cost {
            leaves: self.leaves - part.leaves,
            nodes: self.nodes - part.nodes,
        }
    }

    pub fn exists(self) -> bool {
        self != NO_PROOF
    }
}

/// A node's value for its side to move and the cheapest proofs about it, against the bound
/// its side must reach in the root's proof (V at the root's side, -V at the other's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proofs {
    pub value: i32,
    /// Proving the value exactly (only where the value is the bound: a principal node).
    pub exact: Cost,
    /// Proving value >= bound.
    pub lower: Cost,
    /// Proving value <= bound.
    pub upper: Cost,
}

impl Proofs {
    /// A leaf: its value is known by visiting it.
    pub fn leaf(value: i32, bound: i32) -> Proofs {
        Proofs {
            value,
            exact: if value == bound { ONE_LEAF } else { NO_PROOF },
            lower: if value >= bound { ONE_LEAF } else { NO_PROOF },
            upper: if value <= bound { ONE_LEAF } else { NO_PROOF },
        }
    }

    /// An interior node from its children's proofs, which were made against `-bound`.
    pub fn node(children: &[Proofs], bound: i32) -> Proofs {
        let value = children.iter().map(|c| -c.value).max().unwrap_or(i32::MIN);
        // >= bound: one child worth at least the bound to us, proven at most -bound to it.
        let refutation = children
            .iter()
            .filter(|c| -c.value >= bound)
            .map(|c| c.upper)
            .min()
            .unwrap_or(NO_PROOF);
        // <= bound: every child proven at least -bound.
        let all_bounded = children.iter().fold(NOTHING, |sum, c| sum.plus(c.lower));
        let exact = match value == bound && all_bounded.exists() {
            // One best child proven exactly, the others bounded.
            true => children
                .iter()
                .filter(|c| -c.value == value)
                .map(|c| all_bounded.less(c.lower).plus(c.exact))
                .min()
                .unwrap_or(NO_PROOF),
            false => NO_PROOF,
        };
        let node = |cost: Cost| match cost.exists() {
            true => ONE_NODE.plus(cost),
            false => NO_PROOF,
        };
        Proofs {
            value,
            exact: node(exact),
            lower: node(refutation),
            upper: node(all_bounded),
        }
    }
}

/// The minimal tree of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinimalTree {
    /// The root's value (the plain game tree's, with the configuration's evaluation).
    pub value: i32,
    pub leaves: u64,
    /// Leaves and interior nodes of the proof with the fewest leaves.
    pub nodes: u64,
    /// Nodes of the full tree walked to find it.
    pub full_tree: u64,
}

/// The minimal tree of `pos` searched to `depth` with `config`'s evaluation (and leaf
/// convention, `whiteview`), or `None` when the full tree has more than `cap` nodes. The
/// tree is the game's: no table, no game knowledge beyond the rules (a Connect 4 `winfirst`
/// leaf, an endgame solver's last-move shortcut are the variants' own knowledge).
pub fn minimal_tree<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
    cap: u64,
) -> Result<Option<MinimalTree>, SearchError> {
    let plain = SearchConfig {
        variant: Variant {
            white_view: config.variant.white_view,
            ..Variant::new(Base::AlphaBeta)
        },
        time_limit: None,
        shuffle: None,
        ..config.clone()
    };
    check::<G>(depth, &plain)?;
    let value = search(pos, depth, &plain)?.score;
    let mut searcher = Searcher::<G, false>::for_config(&plain)?;
    let mut walk = Walk {
        stack: Vec::new(),
        left: cap,
    };
    let Some(root) = searcher.proofs(pos, depth, value, 0, &mut walk) else {
        return Ok(None);
    };
    debug_assert_eq!(root.value, value, "the walk and alpha-beta disagree");
    Ok(Some(MinimalTree {
        value: root.value,
        leaves: root.exact.leaves,
        nodes: root.exact.nodes,
        full_tree: cap - walk.left,
    }))
}

/// The walk's working room: its children's proofs, kept on one stack (no allocation a node),
/// and the nodes it may still visit.
struct Walk {
    stack: Vec<Proofs>,
    left: u64,
}

impl<G: Endgame> Searcher<G, false> {
    /// The proofs of the subtree of `pos` to `depth` against `bound`; `None` once the walk
    /// has visited more nodes than it may.
    fn proofs(
        &mut self,
        pos: &G,
        depth: u32,
        bound: i32,
        ply: usize,
        walk: &mut Walk,
    ) -> Option<Proofs> {
        walk.left = walk.left.checked_sub(1)?;
        if depth == 0 {
            return Some(Proofs::leaf(self.horizon(pos, ply), bound));
        }
        let moves = pos.generate_moves();
        if moves.is_empty() {
            return Some(Proofs::leaf(self.final_value(pos, ply), bound));
        }
        let start = walk.stack.len();
        for &mv in moves.iter() {
            let child = self.proofs(&pos.play(mv), depth - 1, -bound, ply + 1, walk)?;
            walk.stack.push(child);
        }
        let node = Proofs::node(&walk.stack[start..], bound);
        walk.stack.truncate(start);
        Some(node)
    }
}

#[cfg(test)]
mod tests;
