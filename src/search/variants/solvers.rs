//! The default exact solvers: what `solve`, the exact ladders and play's exact adjudication
//! use when no variant is named, as each game declares it (`Endgame::SOLVING`).

use super::variant::Variant;
use crate::game::GameKind;
use crate::search::endgame;

/// The default endgame variant for positions of `kind`.
pub fn default_solver(kind: GameKind) -> Variant {
    endgame::solving(kind)
        .solver
        .parse()
        .expect("the default endgame variants parse")
}
