//! Exact solving's game-specific code, owned by the search: the hooks a game may provide
//! ([`Endgame`]), Reversi's implementation of them, and the shortcuts a node searched to the
//! end tries first.

pub mod connect4;
mod hooks;
pub mod reversi;
mod shortcut;

pub use hooks::{Endgame, Safe};

use crate::game::GameKind;

#[doc(hidden)]
#[macro_export]
macro_rules! define_has_hooks {
    (; $($kind:ident => $game:ty,)*) => {
        /// Whether a game has exact-solving hooks of its own (a specialised solver for the
        /// last empties, stability or parity), so that the endgame techniques apply.
        pub fn has_hooks(kind: GameKind) -> bool {
            match kind {
                $(GameKind::$kind => {
                    <$game as Endgame>::SMALL_SOLVER_EMPTIES > 0
                        || <$game as Endgame>::HAS_STABILITY
                        || <$game as Endgame>::HAS_PARITY
                })*
            }
        }

        /// Whether a game knows immediate threats (Connect 4), so that the tutorial's
        /// techniques (winfirst, clamp, nolose, threats) apply.
        pub fn has_threats(kind: GameKind) -> bool {
            match kind {
                $(GameKind::$kind => <$game as Endgame>::HAS_THREATS,)*
            }
        }
    };
}

crate::game_list!(define_has_hooks);
