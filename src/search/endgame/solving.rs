//! How a game's positions are solved when no variant is named: its default exact solver and
//! its exact ladder (`sweep --exact`: one technique added a step, ending with the solver's).
//! Each game declares its own on its `Endgame` implementation (`SOLVING`); a game
//! that declares none is solved by the generic ones below, which need nothing of a game but
//! its rules.

/// A game's solving policy: variant specs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solving {
    /// The default solver (`solve`, `search -d end`, play's exact adjudication).
    pub solver: &'static str,
    /// The default variants of exact sweeps, the solver's techniques last.
    pub ladder: &'static [&'static str],
}

/// The solver of games without exact-solving hooks: MTD(f) on a large table, fastest-first,
/// enhanced transposition cut-offs.
pub const GENERIC_SOLVER: &str = "mtdf+tt:256+mobility+etc";

/// The ladder of games without exact-solving hooks.
pub const GENERIC_LADDER: [&str; 4] = [
    "pvs+tt:64",
    "mtdf+tt:64",
    "mtdf+tt:64+mobility",
    "mtdf+tt:64+mobility+etc",
];

/// The generic policy: what a game solves with unless it declares better.
pub const GENERIC: Solving = Solving {
    solver: GENERIC_SOLVER,
    ladder: &GENERIC_LADDER,
};
