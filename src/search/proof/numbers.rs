//! Proof and disproof numbers in negamax form, and the goal a proof search proves.
//!
//! Every node holds the numbers of its side to move reaching its goal: `proof` (φ) is the
//! fewest leaves that must be proved to show the side to move reaches it, `disproof` (δ) the
//! fewest to show it does not. In negamax form a node's φ is the least δ of its children (one
//! child whose goal fails is enough) and its δ the sum of its children's φ (every child's goal
//! must hold). A proved node has φ = 0 and δ = ∞, a disproved one φ = ∞ and δ = 0.

use crate::game::{Game, Side};

/// Infinity: a number no search reaches (sums stop below it).
pub const INF: u32 = u32::MAX;

/// A node's proof and disproof numbers, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

impl Numbers {
    /// Proved: the side to move reaches its goal.
    pub const PROVED: Numbers = Numbers {
        proof: 0,
        disproof: INF,
    };
    /// Disproved: it does not.
    pub const DISPROVED: Numbers = Numbers {
        proof: INF,
        disproof: 0,
    };
    /// An unknown leaf (Allis' initialisation: one leaf to prove or disprove it).
    pub const UNKNOWN: Numbers = Numbers {
        proof: 1,
        disproof: 1,
    };

    /// Whether the value is known (proved or disproved).
    #[inline(always)]
    pub fn is_solved(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }

    /// The numbers of a node whose children have `children`'s numbers (see `Summary`).
    #[inline]
    pub fn of_children(children: impl Iterator<Item = Numbers>, weak: bool) -> Numbers {
        Summary::of(children, weak).numbers
    }
}

/// A node's children read in one pass: the node's numbers, its most-proving child and the
/// runner-up's disproof number, and its open children.
///
/// In negamax form the node's proof number is the least disproof number of a child; its
/// disproof number the sum of theirs (Allis), or (`weak`, Ueda et al. 2008) the largest plus
/// one for each other child still open, so that a position below many lines is not counted
/// once a line.
#[derive(Clone, Copy, Debug)]
pub struct Summary {
    pub numbers: Numbers,
    /// The child of least disproof number (the first of equals; 0 without children).
    pub best: usize,
    /// The second least disproof number (∞ for an only child).
    pub second: u32,
    /// The children not proved.
    pub open: u32,
}

impl Summary {
    #[inline]
    pub fn of(children: impl Iterator<Item = Numbers>, weak: bool) -> Summary {
        let (mut proof, mut second, mut best) = (INF, INF, 0);
        let (mut sum, mut largest, mut open) = (0, 0, 0u32);
        for (i, child) in children.enumerate() {
            if child.disproof < proof || i == 0 {
                second = proof;
                (proof, best) = (child.disproof, i);
            } else if child.disproof < second {
                second = child.disproof;
            }
            sum = add(sum, child.proof);
            largest = largest.max(child.proof);
            open += (child.proof != 0) as u32;
        }
        let disproof = match weak && largest != INF && largest != 0 {
            true => add(largest, open - 1),
            false => sum,
        };
        Summary {
            numbers: Numbers { proof, disproof },
            best,
            second,
            open,
        }
    }
}

/// The proof number at which a child's search hands back to its parent (numbers `parent`,
/// `open` children unproved, disproof limit `limit`): where the parent's disproof number
/// would reach its limit. Always above the child's proof number while the parent's disproof
/// number is below its limit.
#[inline]
pub fn child_proof_limit(
    limit: u32,
    parent: Numbers,
    child: Numbers,
    open: u32,
    weak: bool,
) -> u32 {
    match (limit, weak) {
        (INF, _) => INF,
        // The child the largest: the parent's disproof number is its plus the other open.
        (_, true) => limit - (open - 1),
        (_, false) => limit - (parent.disproof - child.proof),
    }
}

/// `a + b`, ∞ if either is, else at most ∞ - 1 (a sum of finite numbers stays finite).
#[inline(always)]
pub fn add(a: u32, b: u32) -> u32 {
    match a == INF || b == INF {
        true => INF,
        false => a.saturating_add(b).min(INF - 1),
    }
}

/// What a proof search proves: that the root's side to move ends the game with a final
/// margin of at least `at_least` (1: a win; 0: at least a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    pub root_side: Side,
    pub at_least: i32,
}

impl Goal {
    /// The least margin the side to move of `pos` must reach for the root's goal to hold
    /// from its own point of view: the root's own bound for the root's side, and for the
    /// other side the bound that makes the root's fail (margin > -k, that is >= 1 - k).
    #[inline(always)]
    pub fn bound_for<G: Game>(self, pos: &G) -> i32 {
        match pos.side_to_move() == self.root_side {
            true => self.at_least,
            false => 1 - self.at_least,
        }
    }

    /// The numbers of a position reached by a move: a finished game is proved or disproved
    /// for its side to move, any other is an unknown leaf.
    #[inline(always)]
    pub fn evaluate<G: Game>(self, pos: &G) -> Numbers {
        match pos.is_over() {
            false => Numbers::UNKNOWN,
            true if pos.final_margin() >= self.bound_for(pos) => Numbers::PROVED,
            true => Numbers::DISPROVED,
        }
    }
}
