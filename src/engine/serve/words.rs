//! What nodeprof calls itself and how it writes its moves, under every protocol.

use crate::search::SearchConfig;

/// The name nodeprof gives itself: `nodeprof VARIANT`.
pub(super) fn engine_name(config: &SearchConfig) -> String {
    format!("nodeprof {}", config.variant)
}

/// A move as the protocols write it: no move (the game is over) is `(none)`.
pub(super) fn move_text(best: Option<&str>) -> String {
    best.map_or("(none)".into(), str::to_string)
}
