//! The minimum a case's search could have visited, for a position of any game: the case's
//! minimal tree and a variant's left-first minimal graph (see `search::minimal_tree` and
//! `search::minimal_graph`).

use super::on_deep_stack;
use crate::counters::Counters;
use crate::error::SearchError;
use crate::position::AnyPosition;
use crate::search::minimal_graph::left_first_minimal_graph;
use crate::search::minimal_tree::{minimal_tree, MinimalTree};
use crate::search::SearchConfig;
use crate::with_position;

/// The full tree's most nodes walked for a minimal tree unless told otherwise (about a
/// second a case on a laptop core).
pub const DEFAULT_TREE_CAP: u64 = 10_000_000;

/// The minimal tree of `position` to `depth` (with `config`'s evaluation), `None` when the
/// full tree has more than `cap` nodes.
pub fn minimal_tree_of(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
    cap: u64,
) -> Result<Option<MinimalTree>, SearchError> {
    on_deep_stack(
        depth,
        || with_position!(position, p => minimal_tree(p, depth, config, cap)),
    )
}

/// The left-first minimal graph of `config`'s search of `position` to `depth`, whose value
/// there is `value` (`None` for a variant whose score is not that value).
pub fn minimal_graph_of(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
    value: i32,
) -> Result<Option<Counters>, SearchError> {
    on_deep_stack(
        depth,
        || with_position!(position, p => left_first_minimal_graph(p, depth, config, value)),
    )
}
