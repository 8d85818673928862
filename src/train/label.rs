//! Labels: the final margin of a position for the side to move, proved by the exact solver up
//! to a number of empties, and above that estimated by a depth-limited search whose horizon
//! is scored by the pattern weights of the phases trained so far (those nearer the end).

use crate::game::{Eval, Reversi};
use crate::search::{game_result, search, Limit, SearchConfig, Thinker, END};

use super::games::Sample;

/// How positions are labelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labelling {
    /// Positions with at most this many empties are solved exactly.
    pub exact_empties: u32,
    /// The depth of the search that labels the others.
    pub depth: u32,
    /// That search's variant.
    pub variant: String,
}

impl Default for Labelling {
    fn default() -> Labelling {
        Labelling {
            exact_empties: 18,
            depth: 4,
            variant: "pvs+tt:1+id+mobility".into(),
        }
    }
}

/// The exact solver of the labels: the default solver's techniques on a small table
/// (positions of 18 empties need no more), its first guesses by the pattern weights trained
/// so far (the phases nearer the end). Its values are exact whatever guides it; this guide
/// is the quickest measured (docs/evaluation.md, "Training").
const LABEL_SOLVER: &str = "mtdf+tt:8+mobility+id+etc+parity+stab+last:11";

/// Labels `samples` (one chunk, in order; the weights the searches read are set before).
pub fn label(samples: &[Sample], how: &Labelling) -> Result<Vec<i8>, super::error::TrainError> {
    let mut solve = SearchConfig::new(LABEL_SOLVER.parse::<crate::search::Variant>()?);
    solve.eval = Eval::Pattern;
    let mut estimate = SearchConfig::new(how.variant.parse::<crate::search::Variant>()?);
    estimate.eval = Eval::Pattern;
    let mut thinker = Thinker::<Reversi>::new(&estimate)?;
    let limit = Limit {
        depth: Some(how.depth),
        ..Limit::default()
    };
    samples
        .iter()
        .map(|sample| {
            let pos: Reversi = sample.position();
            let score = if sample.empties() <= how.exact_empties {
                search(&pos, END, &solve)?.score
            } else {
                thinker.think(&pos, limit)?.score
            };
            let margin = game_result::<Reversi>(score).unwrap_or(score);
            Ok(margin.clamp(-64, 64) as i8)
        })
        .collect()
}
