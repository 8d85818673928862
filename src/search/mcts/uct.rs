//! UCT (Kocsis and Szepesvári 2006): each child scored by UCB1, its mean reward plus
//! `C sqrt(ln N / n)` (`+explore:C`, by default 0.7, half of Auer et al.'s sqrt(2) for
//! rewards in [0, 1], which spreads a proof's iterations over too many moves); a child not
//! yet visited first. With RAVE, the mean is blended with the all-moves-as-first
//! mean (`rave.rs`).

use super::graph::Edge;
use super::rave;

/// UCB1's exploration constant by default (hundredths).
pub const C: u32 = 70;

/// The child's score for its parent, whose visits' logarithm is `ln_parent`, with
/// exploration constant `c`; `rave_k`: RAVE's equivalence parameter, if on.
#[inline]
pub fn score<M>(child: &Edge<M>, ln_parent: f64, c: f64, rave_k: Option<f64>) -> f64 {
    if child.visits == 0 {
        return f64::INFINITY;
    }
    let n = child.visits as f64;
    let mean = match rave_k {
        Some(k) => rave::blend(child, k),
        None => child.value / n,
    };
    mean + c * (ln_parent / n).sqrt()
}
