//! The left-first minimal graph of a variant's search (Plaat, Schaeffer, Pijls and de Bruin,
//! "Exploiting graph properties of game trees", AAAI 1996): what the variant would visit with
//! perfect knowledge of the root's value. Alpha-beta with the window (V - 1, V + 1) around the
//! known value V, in the variant's own move order (its ordering enhancements, and for
//! iterative deepening the table, killers, history and root move its earlier iterations
//! leave), with its table: a position reached again through a transposition costs its table
//! cut-off, not its subtree. Each node proves just what the value needs, in the first way its
//! move order offers ("left-first"); the minimal tree, free to pick the cheapest proofs and
//! without transpositions, can be smaller or larger.

use super::config::{SearchConfig, END};
use super::endgame::Endgame;
use super::run::check;
use super::searcher::Searcher;
use crate::counters::Counters;
use crate::error::SearchError;

/// The left-first minimal graph of `pos` searched to `depth` by `config`'s variant, whose
/// value there is `value`: the counters of its search with the window around the value.
/// `None` for variants whose score is not the value at the depth (`token`'s budget, a
/// win/draw/loss solve).
pub fn left_first_minimal_graph<G: Endgame>(
    pos: &G,
    depth: u32,
    config: &SearchConfig,
    value: i32,
) -> Result<Option<Counters>, SearchError> {
    let variant = &config.variant;
    if !variant.base.depth_limited() || variant.wld || (depth == END && config.wld) {
        return Ok(None);
    }
    check::<G>(depth, config)?;
    let mut searcher = Searcher::<G, true>::for_config(config)?;
    // The earlier iterations only set the move order: they are not counted.
    searcher.deepen_before(pos, depth);
    searcher.counters = Counters::default();
    searcher.alphabeta(pos, depth, value - 1, value + 1, 0);
    if searcher.course.too_deep {
        return Err(searcher.too_deep());
    }
    Ok(Some(searcher.counters()))
}

#[cfg(test)]
mod tests;
