//! PUCT, the selection rule of AlphaZero (Silver et al. 2018), with the game's evaluation in
//! place of a network: a new node's children get priors, a softmax of the evaluation of each
//! child for the side choosing it; the node's own value is the evaluation squashed to [0, 1]
//! by a logistic, and no playout is played. A child scores its mean reward plus
//! `C P sqrt(N) / (1 + n)` (`+explore:C`, by default 1); a child not yet visited counts its mean as 1/2.

use super::graph::Edge;
use crate::game::{Eval, Game};

/// The exploration constant by default (hundredths), for rewards in [0, 1].
pub const C: u32 = 100;

/// The mean of a child not yet visited.
const UNVISITED: f64 = 0.5;

/// The child's score for its parent, whose visits' square root is `sqrt_parent`, with
/// exploration constant `c`.
#[inline]
pub fn score<M>(child: &Edge<M>, sqrt_parent: f64, c: f64) -> f64 {
    let explore = c * child.prior as f64 * sqrt_parent / (1.0 + child.visits as f64);
    child.mean(UNVISITED) + explore
}

/// The evaluation's units that make one step of the logistic: a position this much ahead
/// counts as won 73% of the time.
pub fn scale(eval: Eval) -> f64 {
    match eval {
        Eval::Material | Eval::Pattern => 8.0,
        Eval::SquareWeights => 40.0,
        Eval::Mobility => 10.0,
        Eval::Threats => 2.0,
        Eval::Pesto => 200.0,
    }
}

/// The value of `pos` (not finished) for its side to move, in [0, 1].
pub fn value<G: Game>(pos: &G, eval: Eval) -> f64 {
    logistic(pos.evaluate(eval) as f64 / scale(eval))
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of `child` (reached by a move of the side choosing), for that side, in
/// steps of the logistic: a finished game counts as far past any evaluation.
pub fn logit<G: Game>(child: &G, eval: Eval) -> f64 {
    let score = match child.is_over() {
        true => child.terminal_score(),
        false => child.evaluate(eval),
    };
    -score as f64 / scale(eval)
}

/// Turns the children's logits into priors (a softmax), in place.
pub fn softmax(logits: &mut [f64]) {
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for l in logits.iter_mut() {
        *l = (*l - top).exp();
        sum += *l;
    }
    for l in logits.iter_mut() {
        *l /= sum;
    }
}
