//! The available parallelism of a case, for a position of any game: the work and span of a
//! variant's one-thread search under YBWC's rules (see `search::span`).

use super::on_deep_stack;
use crate::error::SearchError;
use crate::position::AnyPosition;
use crate::search::span::{measurable, Span};
use crate::search::span_of;
use crate::search::SearchConfig;
use crate::with_position;

/// The work and span of `config`'s search of `position` to `depth` on one thread (`None`
/// for a search YBWC does not split: another family, a move loop without a window, a node
/// budget).
pub fn available_parallelism(
    position: &AnyPosition,
    depth: u32,
    config: &SearchConfig,
) -> Result<Option<Span>, SearchError> {
    if !measurable(config) {
        return Ok(None);
    }
    let one = SearchConfig {
        threads: 1,
        ..config.clone()
    };
    on_deep_stack(
        depth,
        || with_position!(position, p => span_of(p, depth, &one).map(|(span, _)| Some(span))),
    )
}
