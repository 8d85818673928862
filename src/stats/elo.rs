//! Elo differences: the expected score at a difference, the difference of a score, and
//! cutechess's estimate of a match (Elo with its 95% interval, LOS and draw ratio).

use std::fmt;

use super::tally::Tally;

/// `1 / (1 + 10^(-elo/400))`: the expected score at a logistic Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// An Elo difference as text with its sign, to `decimals` places: one that rounds to nothing
/// is `+0.0`, not `-0.0`; an infinite one (every game won or lost: no finite difference fits
/// a score of 1 or 0) says so.
pub fn elo_text(elo: f64, decimals: usize) -> String {
    match elo {
        e if e == f64::INFINITY => "+inf (every game won)".into(),
        e if e == f64::NEG_INFINITY => "-inf (every game lost)".into(),
        e if e.is_nan() => "NA".into(),
        e => format!("{:+.decimals$}", without_negative_zero(e, decimals)),
    }
}

/// `x`, or 0 where it rounds to zero at `decimals` places (so that it prints without a `-`).
fn without_negative_zero(x: f64, decimals: usize) -> f64 {
    let unit = 0.5 * 10f64.powi(-(decimals as i32));
    match x.abs() < unit {
        true => 0.0,
        false => x,
    }
}

/// The Elo difference with its 95% interval and the likelihood of superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Half the width of the 95% interval (cutechess's `+/-`).
    pub error: f64,
    /// The probability that the first agent is the stronger, in percent.
    pub los: f64,
    pub draw_ratio: f64,
}

impl EloEstimate {
    /// The Elo difference, its error, the LOS and the draw ratio, each none where it is not
    /// a finite number (as JSON and CSV write them: JSON has no NaN or infinity).
    pub fn finite(estimate: Option<&EloEstimate>) -> [Option<f64>; 4] {
        let finite = |v: f64| v.is_finite().then_some(v);
        estimate.map_or([None; 4], |e| {
            [e.elo, e.error, e.los, e.draw_ratio].map(finite)
        })
    }
}

/// cutechess's estimate from games (`pentanomial`: from pairs, as fastchess does).
pub fn elo_estimate(tally: &Tally, pentanomial: bool) -> Option<EloEstimate> {
    let (scores, counts): (&[f64], Vec<f64>) = match pentanomial {
        true => (
            &[0.0, 0.25, 0.5, 0.75, 1.0],
            tally.penta.iter().map(|&c| c as f64).collect(),
        ),
        false => (
            &[0.0, 0.5, 1.0],
            vec![tally.losses as f64, tally.draws as f64, tally.wins as f64],
        ),
    };
    let n: f64 = counts.iter().sum();
    if n == 0.0 {
        return None;
    }
    let mean: f64 = scores.iter().zip(&counts).map(|(a, c)| a * c).sum::<f64>() / n;
    let var: f64 = scores
        .iter()
        .zip(&counts)
        .map(|(a, c)| c * (a - mean).powi(2))
        .sum::<f64>()
        / n;
    let stderr = (var / n).sqrt();
    const Z95: f64 = 1.959_963_984_540_054;
    // An interval reaching a score of 0 or 1 has no finite Elo bound (cutechess: `nan`).
    let (lo, hi) = (mean - Z95 * stderr, mean + Z95 * stderr);
    let (lo, hi) = match lo > 0.0 && hi < 1.0 {
        true => (elo_of_score(lo), elo_of_score(hi)),
        false => (f64::NAN, f64::NAN),
    };
    let (w, l) = (tally.wins as f64, tally.losses as f64);
    let los = match w + l > 0.0 {
        true => 50.0 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt())),
        false => 50.0,
    };
    // All won or all lost: no finite estimate (cutechess prints `inf +/- nan`).
    let (elo, error) = match mean > 0.0 && mean < 1.0 {
        true => (elo_of_score(mean), (hi - lo) / 2.0),
        false => ((mean - 0.5).signum() * f64::INFINITY, f64::NAN),
    };
    Some(EloEstimate {
        elo,
        error,
        los,
        draw_ratio: 100.0 * tally.draws as f64 / tally.games().max(1) as f64,
    })
}

impl fmt::Display for EloEstimate {
    /// cutechess's line: `Elo difference: 31.4 +/- 20.3, LOS: 99.9 %, DrawRatio: 20.0 %`,
    /// its fields as cutechess prints them (`inf`, `nan`), with what a `nan` or an infinity
    /// means after them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.elo.is_finite() {
            true => write!(
                f,
                "Elo difference: {:.1} +/- ",
                without_negative_zero(self.elo, 1)
            )?,
            false => write!(f, "Elo difference: {} +/- ", self.elo)?,
        }
        match self.error.is_finite() {
            true => write!(f, "{:.1}", self.error)?,
            false => write!(f, "nan")?,
        }
        write!(
            f,
            ", LOS: {:.1} %, DrawRatio: {:.1} %",
            self.los, self.draw_ratio
        )?;
        match (self.elo.is_finite(), self.error.is_finite()) {
            (false, _) if self.elo > 0.0 => write!(f, " (every game won: no finite estimate)"),
            (false, _) => write!(f, " (every game lost: no finite estimate)"),
            (true, false) => write!(
                f,
                " (the 95% interval reaches a score of 0 or 1: too few games to bound it)"
            ),
            (true, true) => Ok(()),
        }
    }
}

/// The error function: Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7, far
/// below the one decimal LOS is printed with).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    y.copysign(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_text_has_no_negative_zero_and_names_an_infinite_difference() {
        // Theory: a score of one half is no difference; 0.49999 is -0.007 Elo, which rounds
        // to nothing, and 0.4999 is -0.07, which does not.
        assert_eq!(elo_text(elo_of_score(0.49999), 1), "+0.0");
        assert_eq!(elo_text(elo_of_score(0.4999), 1), "-0.1");
        assert_eq!(elo_text(-0.04, 1), "+0.0");
        assert_eq!(elo_text(-0.4, 0), "+0");
        assert_eq!(elo_text(-0.06, 1), "-0.1");
        assert_eq!(elo_text(elo_of_score(1.0), 1), "+inf (every game won)");
        assert_eq!(elo_text(elo_of_score(0.0), 1), "-inf (every game lost)");
    }

    fn tally(wins: u64, losses: u64) -> Tally {
        Tally {
            wins,
            losses,
            draws: 0,
            penta: [0; 5],
        }
    }

    #[test]
    fn cutechesss_line_says_what_its_infinities_and_nans_mean() {
        // All lost: score 0, no finite Elo; 1-3: score 0.25 +/- 1.96 * sqrt(0.1875 / 4)
        // = 0.25 +/- 0.42, an interval below 0, so no finite error (cutechess: nan).
        let lost = elo_estimate(&tally(0, 4), false).unwrap().to_string();
        assert!(
            lost.starts_with("Elo difference: -inf +/- nan, LOS: "),
            "{lost}"
        );
        assert!(
            lost.ends_with(" (every game lost: no finite estimate)"),
            "{lost}"
        );
        let won = elo_estimate(&tally(4, 0), false).unwrap().to_string();
        assert!(
            won.ends_with(" (every game won: no finite estimate)"),
            "{won}"
        );
        let few = elo_estimate(&tally(1, 3), false).unwrap().to_string();
        assert!(few.starts_with("Elo difference: -190.8 +/- nan, "), "{few}");
        assert!(few.ends_with("too few games to bound it)"), "{few}");
        let enough = elo_estimate(&tally(60, 40), false).unwrap().to_string();
        assert!(enough.ends_with("DrawRatio: 0.0 %"), "{enough}");
    }
}
