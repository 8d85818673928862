//! A sweep's `--minimal`: each case's row gains the case's minimal tree (computed once per
//! position, depth and leaf convention, shared by the variants) and its variant's left-first
//! minimal graph.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::counters::Counters;
use crate::error::SearchError;
use crate::measure::minimal::{minimal_graph_of, minimal_tree_of};
use crate::measure::SearchReport;
use crate::position::Case;
use crate::search::minimal_tree::MinimalTree;
use crate::search::SearchConfig;
use crate::store::{Record, Status};

/// What makes two cases' minimal trees the same: the position (its index), the depth, the
/// evaluation and the leaf convention.
type TreeKey = (usize, u32, &'static str, bool);

/// The minimal trees found so far in a sweep.
#[derive(Default)]
pub struct MinimalTrees {
    found: Mutex<HashMap<TreeKey, Option<MinimalTree>>>,
}

impl MinimalTrees {
    /// The minimal tree of case `index` to `depth` (within `cap` nodes of full tree), found
    /// once and shared by the variants that search it alike.
    fn of(
        &self,
        index: usize,
        case: &Case,
        depth: u32,
        config: &SearchConfig,
        cap: u64,
    ) -> Result<Option<MinimalTree>, SearchError> {
        if cap == 0 {
            return Ok(None);
        }
        let key = (index, depth, config.eval.name(), config.variant.white_view);
        if let Some(&tree) = self.lock().get(&key) {
            return Ok(tree);
        }
        let tree = minimal_tree_of(&case.position, depth, config, cap)?;
        self.lock().insert(key, tree);
        Ok(tree)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TreeKey, Option<MinimalTree>>> {
        self.found.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a case's row learns of the minimum: the minimal tree and graph (each `None` when
/// not computed), or why they could not be computed.
pub struct Minimal(Result<(Option<MinimalTree>, Option<Counters>), SearchError>);

/// The minimal tree and graph of a finished search of case `index` (NA when the search
/// failed, the full tree is over `cap` or the variant has no minimal graph).
pub fn minimal_of(
    trees: &MinimalTrees,
    (index, case): (usize, &Case),
    config: &SearchConfig,
    depth: u32,
    report: &Result<SearchReport, SearchError>,
    cap: u64,
) -> Minimal {
    let Ok(report) = report else {
        return Minimal(Ok((None, None)));
    };
    Minimal(trees.of(index, case, depth, config, cap).and_then(|tree| {
        let graph = minimal_graph_of(&case.position, depth, config, report.score)?;
        Ok((tree, graph))
    }))
}

impl Minimal {
    /// Fills `record`'s minimal columns; a failure to compute them makes the row an error.
    pub fn fill(self, record: &mut Record) {
        match self.0 {
            Ok((tree, graph)) => {
                record.minimal_tree = tree.map(|t| t.nodes);
                record.minimal_tree_leaves = tree.map(|t| t.leaves);
                record.minimal_graph = graph.map(|g| g.nodes());
                record.minimal_graph_leaves = graph.map(|g| g.leaf);
            }
            Err(e) if record.status.is_ok() => {
                record.status = Status::Error(format!("minimal tree or graph: {e}"))
            }
            Err(_) => {}
        }
    }
}
