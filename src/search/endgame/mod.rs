//! Exact solving's game-specific code, owned by the search: the hooks a game may provide
//! ([`Endgame`]) and Reversi's implementation of them (the shortcuts a node searched to the
//! end tries first, which call them, are the searcher's step: `search/shortcut.rs`).

pub mod connect4;
mod hooks;
mod line;
pub mod reversi;
pub mod solving;

pub use hooks::{Endgame, Safe};
pub use line::finish_line;
pub use solving::Solving;

use crate::game::GameKind;

#[doc(hidden)]
#[macro_export]
macro_rules! define_solving {
    (; $($kind:ident => $game:ty,)*) => {
        /// How positions of `kind` are solved when no variant is named: its declared policy.
        pub fn solving(kind: GameKind) -> Solving {
            match kind {
                $(GameKind::$kind => <$game as Endgame>::SOLVING,)*
            }
        }
    };
}

crate::game_list!(define_solving);
