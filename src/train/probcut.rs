//! Buro's regression for ProbCut ("ProbCut: an effective selective extension of the
//! alpha-beta algorithm", 1995), on the training data: at each number of empties, how well a
//! shallow search scored by the trained evaluation predicts the exact final margin. The fit
//! `exact ≈ a · shallow + b` and the spread of its residuals (σ) are what a cut-off's margin
//! would be fitted from (`nodeprof-train --probcut`, docs/evaluation.md).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rayon::prelude::*;

use super::error::TrainError;
use super::fit::line;
use super::games::Sample;
use crate::game::reversi::pattern::{with_weights, Weights};
use crate::game::{Eval, Reversi};
use crate::search::{game_result, search, SearchConfig};

/// The shallow searches' variant (a plain alpha-beta with a small table: the value is the
/// depth-limited minimax value whatever the ordering).
const SHALLOW: &str = "pvs+tt:16+id+mobility";

/// The regression at one number of empties.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub empties: u32,
    /// The shallow search's depth.
    pub depth: u32,
    pub positions: usize,
    /// `exact ≈ a · shallow + b`.
    pub a: f64,
    pub b: f64,
    /// The residuals' root mean square, in discs.
    pub sigma: f64,
    /// The root mean square of `exact - shallow` (the prediction ProbCut makes, `a` = 1 and
    /// `b` = 0), in discs.
    pub error: f64,
}

/// The fits at each number of empties among `exact` (positions with their exact final
/// margins) where `depth_of(empties)` gives a shallow search, that deep and scored by
/// `weights` (ProbCut's: `search::shallow_depth`). Deterministic: each position's search is
/// its own, and the sums run in order.
pub fn fits(
    exact: &[(Sample, i8)],
    weights: &'static Weights,
    depth_of: impl Fn(u32) -> Option<u32> + Sync,
) -> Result<Vec<Fit>, TrainError> {
    let mut config = SearchConfig::new(SHALLOW.parse::<crate::search::Variant>()?);
    config.eval = Eval::Pattern;
    // (position, exact margin, shallow depth) where ProbCut would search.
    let chosen: Vec<(Sample, i8, u32)> = exact
        .iter()
        .filter_map(|&(x, label)| depth_of(x.empties()).map(|depth| (x, label, depth)))
        .collect();
    let shallow: Result<Vec<i32>, TrainError> = chosen
        .par_iter()
        .map(|(x, _, depth)| {
            let pos: Reversi = x.position();
            let score = with_weights(weights, || search(&pos, *depth, &config))?.score;
            Ok(game_result::<Reversi>(score).unwrap_or(score))
        })
        .collect();
    // (shallow depth, (shallow, exact) pairs) by empties, fewest first.
    let mut by_empties: BTreeMap<u32, (u32, Vec<(f64, f64)>)> = BTreeMap::new();
    for ((x, label, depth), value) in chosen.iter().zip(shallow?) {
        let (_, points) = by_empties
            .entry(x.empties())
            .or_insert((*depth, Vec::new()));
        points.push((value as f64, *label as f64));
    }
    Ok(by_empties
        .into_iter()
        .map(|(empties, (depth, points))| fit_at(empties, depth, &points))
        .collect())
}

/// The regression through (shallow, exact) pairs.
fn fit_at(empties: u32, depth: u32, points: &[(f64, f64)]) -> Fit {
    let (a, b) = line(points);
    let n = points.len() as f64;
    // The spread of the labels about the line `slope · x + intercept`.
    let rms = |slope: f64, intercept: f64| {
        let squares: f64 = points
            .iter()
            .map(|&(x, y)| (y - slope * x - intercept).powi(2))
            .sum();
        (squares / n).sqrt()
    };
    Fit {
        empties,
        depth,
        positions: points.len(),
        a,
        b,
        sigma: rms(a, b),
        error: rms(1.0, 0.0),
    }
}

/// The fits as a Markdown table.
pub fn fit_table(fits: &[Fit]) -> String {
    let mut out = String::from(
        "| empties | shallow depth | positions | a | b | σ | exact - shallow |\n|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    for f in fits {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.3} | {:.2} | {:.2} | {:.2} |",
            f.empties, f.depth, f.positions, f.a, f.b, f.sigma, f.error
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::reversi::pattern::active;
    use crate::train::games::{play_game, Play};
    use crate::train::label::{label, Labelling};

    /// Positions of a few seeded games with at most `most` empties, exactly labelled.
    fn labelled(most: u32) -> Vec<(Sample, i8)> {
        let samples: Vec<Sample> = (0..6)
            .flat_map(|game| play_game(7, game, &Play::default()).unwrap())
            .filter(|x| x.empties() <= most)
            .collect();
        let labels = label(&samples, &Labelling::default()).unwrap();
        samples.into_iter().zip(labels).collect()
    }

    #[test]
    fn a_search_to_the_end_fits_the_exact_margins_exactly() {
        // Deep enough to reach the end whatever the passes (two a move at most), the
        // "shallow" search is exact: no error, and no residual.
        let deep = |empties: u32| (empties >= 4).then_some(2 * empties + 2);
        let fits = fits(&labelled(9), active(), deep).unwrap();
        let empties: Vec<u32> = fits.iter().map(|f| f.empties).collect();
        assert_eq!(empties, (4..=9).collect::<Vec<_>>());
        for f in &fits {
            assert!(f.positions > 0, "{f:?}");
            assert_eq!((f.sigma, f.error), (0.0, 0.0), "{f:?}");
        }
    }

    #[test]
    fn a_shallower_search_leaves_an_error_the_fit_measures() {
        let fits = fits(&labelled(9), active(), |empties| {
            (empties >= 3).then_some(empties / 3)
        })
        .unwrap();
        assert!(fits.iter().all(|f| f.depth == f.empties / 3));
        // The evaluation is not the truth: somewhere the prediction misses...
        assert!(fits.iter().any(|f| f.error > 0.0), "{fits:?}");
        // ...and the fitted line is never further from the labels than the identity.
        assert!(fits.iter().all(|f| f.sigma <= f.error + 1e-9), "{fits:?}");
        let table = fit_table(&fits);
        assert_eq!(table.lines().count(), 2 + fits.len(), "{table}");
    }
}
