//! `compare`'s time verdict, as criterion gives one: a confidence interval of the time ratio
//! NEW/OLD, and a change only where the whole interval lies beyond a noise threshold.
//!
//! The interval is a percentile bootstrap of the ratio of medians. For a variant at a
//! depth, the statistic is the sum over the cases of NEW's median time over the same sum for
//! OLD (one case: the ratio of its medians). Each resample draws every case's runs again
//! with replacement, on both sides, from the times `runs.csv` keeps (`times_ns`), and
//! computes the statistic. The interval is the resamples' middle `confidence` share. The
//! generator's seed is fixed, so the same tables give the same interval.

use crate::random::splitmix64;

/// How `compare` tests times: the interval's confidence and the noise threshold (criterion's
/// `--confidence-level` and `--noise-threshold`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeTest {
    pub confidence: f64,
    /// A change smaller than this share of the time is noise, however sure.
    pub noise_threshold: f64,
    /// What the machine's drift between two runs made at different times may move a time
    /// ratio by (a share), added to the noise threshold: unpaired times are judged beyond
    /// both (0 for times taken side by side).
    pub drift: f64,
}

/// `compare`'s default drift allowance (docs/speed.md, "Unpaired times"): the same build's
/// main sweep on this project's 2-core machines, timed minutes apart, quiet and busy, gave
/// intervals reaching 0.945 and 1.049; timed a week apart on another machine of the same
/// kind, 1.08 to 1.34 on 43 of 45 rows. An unpaired ratio within ±35% says nothing.
pub const DEFAULT_DRIFT: f64 = 0.35;

impl Default for TimeTest {
    fn default() -> TimeTest {
        TimeTest {
            confidence: 0.95,
            noise_threshold: 0.02,
            drift: 0.0,
        }
    }
}

/// The bootstrap's resamples.
pub const RESAMPLES: usize = 2000;
/// The bootstrap generator's seed (fixed: the same tables give the same interval).
pub const SEED: u64 = 0x6e6f_6465_7072_6f66;

/// The median of `times` (the mean of the middle two for an even count), reordering them.
fn median(times: &mut [u64]) -> f64 {
    let n = times.len();
    let (_, &mut upper, _) = times.select_nth_unstable(n / 2);
    match n % 2 {
        1 => upper as f64,
        _ => {
            let lower = *times[..n / 2].iter().max().expect("an even count above 0");
            (lower as f64 + upper as f64) / 2.0
        }
    }
}

/// The percentile bootstrap interval of `sum(median(new)) / sum(median(old))` over `cases`
/// (each a case's OLD and NEW run times, at least one each).
pub fn bootstrap_interval(cases: &[(Vec<u64>, Vec<u64>)], confidence: f64) -> (f64, f64) {
    let mut state = SEED;
    let mut draw = Vec::new();
    let mut resample = |times: &[u64], state: &mut u64| -> f64 {
        draw.clear();
        draw.extend((0..times.len()).map(|_| {
            let r = splitmix64(state);
            times[((r as u128 * times.len() as u128) >> 64) as usize]
        }));
        median(&mut draw)
    };
    let mut ratios: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let (mut old, mut new) = (0.0, 0.0);
            for (a, b) in cases {
                old += resample(a, &mut state);
                new += resample(b, &mut state);
            }
            new / old.max(1.0)
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let tail = (1.0 - confidence) / 2.0;
    let at = |q: f64| ratios[((q * RESAMPLES as f64) as usize).min(RESAMPLES - 1)];
    (at(tail), at(1.0 - tail))
}

/// Whether an interval of the time ratio lies beyond the noise: `faster` or `slower` when
/// the whole interval is below `1 - threshold` or above `1 + threshold`, else `noise`.
pub fn verdict(interval: (f64, f64), noise_threshold: f64) -> &'static str {
    match interval {
        (_, high) if high < 1.0 - noise_threshold => "faster",
        (low, _) if low > 1.0 + noise_threshold => "slower",
        _ => "noise",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut [5, 1, 3]), 3.0);
        assert_eq!(median(&mut [4, 1, 3, 2]), 2.5);
        assert_eq!(median(&mut [7]), 7.0);
    }

    /// Times around `centre` with a spread of a few percent, as a quiet machine gives.
    fn runs(centre: u64, seed: u64) -> Vec<u64> {
        let mut state = seed;
        (0..10)
            .map(|_| centre + splitmix64(&mut state) % (centre / 20))
            .collect()
    }

    #[test]
    fn the_interval_holds_the_ratio_and_finds_a_planted_slowdown() {
        let same: Vec<(Vec<u64>, Vec<u64>)> = (0..5)
            .map(|i| {
                (
                    runs(1_000_000 * (i + 1), i),
                    runs(1_000_000 * (i + 1), i + 100),
                )
            })
            .collect();
        let (low, high) = bootstrap_interval(&same, 0.95);
        assert!(low < 1.0 && 1.0 < high && high - low < 0.1, "{low}..{high}");
        assert_eq!(verdict((low, high), 0.02), "noise");
        let slower: Vec<(Vec<u64>, Vec<u64>)> = same
            .iter()
            .map(|(a, b)| (a.clone(), b.iter().map(|t| t * 6 / 5).collect()))
            .collect();
        let (low, high) = bootstrap_interval(&slower, 0.95);
        assert!(1.1 < low && high < 1.3, "{low}..{high}");
        assert_eq!(verdict((low, high), 0.02), "slower");
        // The same tables give the same interval.
        assert_eq!(bootstrap_interval(&slower, 0.95), (low, high));
    }

    #[test]
    fn a_sure_change_within_the_threshold_is_noise() {
        assert_eq!(verdict((1.005, 1.015), 0.02), "noise");
        assert_eq!(verdict((1.005, 1.015), 0.0), "slower");
        assert_eq!(verdict((0.5, 0.9), 0.02), "faster");
        assert_eq!(verdict((0.9, 1.2), 0.02), "noise");
    }
}
