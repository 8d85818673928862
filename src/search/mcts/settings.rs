//! What one Monte Carlo tree search does: its selection rule and its options, read from its
//! variant and configuration.

use super::playout;
use crate::game::Eval;

/// The selection rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Uct,
    Puct,
}

/// What one search does, from its variant and configuration.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub rule: Rule,
    /// The exploration constant.
    pub explore: f64,
    pub solver: bool,
    /// RAVE's equivalence parameter, if on.
    pub rave: Option<u32>,
    pub playout: playout::Policy,
    /// PUCT's evaluation.
    pub eval: Eval,
    /// The solver proves only win, draw or loss.
    pub wld: bool,
}
