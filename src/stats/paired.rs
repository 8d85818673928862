//! Paired timing's verdict, as OpenBench and fishtest judge base against dev: each case timed
//! on both sides in the same round, one right after the other (the order swapped from round
//! to round and case to case), and only the pairs' ratios judged, so that a change of the
//! machine's load between rounds moves both sides of a pair and cancels.
//!
//! For a group of cases (a depth, or all of them) the statistic is the geometric mean over
//! the cases of each case's median pair ratio DEV/BASE (the median: a pair in which one side
//! was interrupted does not move it). Its interval is a percentile bootstrap that draws each
//! case's pairs again with replacement (the cases are the plan's, not a sample); the
//! generator's seed is fixed, so the same pairs give the same interval. The verdict is
//! `slower` or `faster` only where the whole interval lies beyond the noise threshold, else
//! `no difference`.

use crate::random::splitmix64;

/// The bootstrap's resamples.
pub const RESAMPLES: usize = 2000;
/// The bootstrap generator's seed (fixed: the same pairs give the same interval).
pub const SEED: u64 = 0x7061_6972_6564_2121;

/// The verdict words.
pub const SLOWER: &str = "slower";
pub const FASTER: &str = "faster";
pub const SAME: &str = "no difference";

/// What a group's pairs say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The geometric mean of the cases' median ratios DEV/BASE.
    pub ratio: f64,
    /// Its percentile bootstrap interval.
    pub low: f64,
    pub high: f64,
    pub verdict: &'static str,
    pub cases: usize,
    pub pairs: usize,
}

/// The median of `values` (the mean of the middle two of an even count), reordering them.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n % 2 {
        1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// The statistic over `cases`, each a list of log ratios ln(dev / base): the mean of the
/// cases' medians.
fn statistic(cases: &[Vec<f64>], scratch: &mut Vec<f64>) -> f64 {
    let mut sum = 0.0;
    for logs in cases {
        scratch.clear();
        scratch.extend_from_slice(logs);
        sum += median(scratch);
    }
    sum / cases.len().max(1) as f64
}

/// Judges `cases`, each a case's pairs `(base, dev)` of one measure (a time, a count); pairs
/// with a side at 0 are left out (nothing measured), and so is a case left with none.
pub fn judge(cases: &[Vec<(f64, f64)>], confidence: f64, noise_threshold: f64) -> Judged {
    let logs: Vec<Vec<f64>> = cases
        .iter()
        .map(|pairs| {
            pairs
                .iter()
                .filter(|(base, dev)| *base > 0.0 && *dev > 0.0)
                .map(|(base, dev)| (dev / base).ln())
                .collect::<Vec<f64>>()
        })
        .filter(|logs| !logs.is_empty())
        .collect();
    let pairs = logs.iter().map(Vec::len).sum();
    let mut scratch = Vec::new();
    let ratio = statistic(&logs, &mut scratch).exp();
    let mut state = SEED;
    let mut drawn: Vec<Vec<f64>> = logs.clone();
    let mut stats: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            for (case, draw) in logs.iter().zip(drawn.iter_mut()) {
                for slot in draw.iter_mut() {
                    let r = splitmix64(&mut state);
                    *slot = case[((r as u128 * case.len() as u128) >> 64) as usize];
                }
            }
            statistic(&drawn, &mut scratch)
        })
        .collect();
    stats.sort_by(f64::total_cmp);
    let tail = (1.0 - confidence) / 2.0;
    let at = |q: f64| stats[((q * RESAMPLES as f64) as usize).min(RESAMPLES - 1)].exp();
    let (low, high) = match logs.is_empty() {
        true => (f64::NAN, f64::NAN),
        false => (at(tail), at(1.0 - tail)),
    };
    Judged {
        ratio,
        low,
        high,
        verdict: verdict(low, high, noise_threshold),
        cases: logs.len(),
        pairs,
    }
}

/// `slower` or `faster` when the whole interval lies beyond `1 ± threshold`, else `no
/// difference` (an interval of nothing measured too).
pub fn verdict(low: f64, high: f64, noise_threshold: f64) -> &'static str {
    if low > 1.0 + noise_threshold {
        SLOWER
    } else if high < 1.0 - noise_threshold {
        FASTER
    } else {
        SAME
    }
}

/// The share of `cases`' pairs whose ratio lies more than `by` (a share) from its case's
/// median ratio: hyperfine's outliers, for its warning.
pub fn outlier_share(cases: &[Vec<(f64, f64)>], by: f64) -> f64 {
    let (mut outliers, mut all) = (0usize, 0usize);
    for pairs in cases {
        let mut ratios: Vec<f64> = pairs
            .iter()
            .filter(|(b, d)| *b > 0.0 && *d > 0.0)
            .map(|(b, d)| d / b)
            .collect();
        if ratios.is_empty() {
            continue;
        }
        let middle = median(&mut ratios.clone());
        all += ratios.len();
        ratios.retain(|r| (r / middle - 1.0).abs() > by);
        outliers += ratios.len();
    }
    outliers as f64 / all.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rounds` pairs of a case of `base` time, dev `factor` times it, each pair's common
    /// load (a drift both sides share) and a jitter of a percent on each side.
    fn case(base: f64, factor: f64, rounds: usize, seed: u64) -> Vec<(f64, f64)> {
        let mut state = seed;
        let mut unit = || (splitmix64(&mut state) >> 11) as f64 / (1u64 << 53) as f64;
        (0..rounds)
            .map(|r| {
                // Load drifts from 1x to 3x over the rounds: the same for both of a pair.
                let load = 1.0 + 2.0 * r as f64 / rounds as f64;
                let jitter = |u: f64| 1.0 + 0.01 * (u - 0.5);
                (
                    base * load * jitter(unit()),
                    base * factor * load * jitter(unit()),
                )
            })
            .collect()
    }

    #[test]
    fn drifting_load_shared_by_the_pairs_is_no_difference() {
        let cases: Vec<_> = (0..5)
            .map(|i| case(1e6 * (i + 1) as f64, 1.0, 7, i))
            .collect();
        let judged = judge(&cases, 0.95, 0.02);
        assert_eq!(judged.verdict, SAME, "{judged:?}");
        // The load tripled over the rounds, yet the ratio stays within the jitter.
        assert!((judged.ratio - 1.0).abs() < 0.005, "{judged:?}");
        assert!(judged.low > 0.99 && judged.high < 1.01, "{judged:?}");
        assert_eq!((judged.cases, judged.pairs), (5, 35));
    }

    #[test]
    fn a_planted_five_percent_is_found_both_ways() {
        let slower: Vec<_> = (0..5).map(|i| case(1e6, 1.05, 7, i)).collect();
        let judged = judge(&slower, 0.95, 0.02);
        assert_eq!(judged.verdict, SLOWER, "{judged:?}");
        assert!((judged.ratio - 1.05).abs() < 0.01, "{judged:?}");
        let faster: Vec<_> = (0..5).map(|i| case(1e6, 0.95, 7, i)).collect();
        assert_eq!(judge(&faster, 0.95, 0.02).verdict, FASTER);
        // The same pairs give the same interval.
        assert_eq!(judge(&slower, 0.95, 0.02), judged);
    }

    #[test]
    fn one_interrupted_side_does_not_move_the_median() {
        let mut cases: Vec<_> = (0..3).map(|i| case(1e6, 1.0, 5, i)).collect();
        // One dev run of each case took three times as long (a neighbour took its core).
        for pairs in &mut cases {
            pairs[2].1 *= 3.0;
        }
        assert_eq!(judge(&cases, 0.95, 0.02).verdict, SAME);
        assert!((outlier_share(&cases, 0.25) - 0.2).abs() < 1e-9);
    }

    #[test]
    fn nothing_measured_is_no_verdict() {
        let judged = judge(&[vec![(0.0, 5.0)], vec![]], 0.95, 0.02);
        assert_eq!((judged.verdict, judged.cases, judged.pairs), (SAME, 0, 0));
        assert_eq!(verdict(1.03, 1.05, 0.02), SLOWER);
        assert_eq!(verdict(1.01, 1.05, 0.02), SAME);
        assert_eq!(verdict(0.90, 0.97, 0.02), FASTER);
    }
}
