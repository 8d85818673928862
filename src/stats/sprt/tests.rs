//! The LLR against values worked out here by other means: the binomial formula written out,
//! a direct maximisation of the constrained likelihood for trinomial counts, and the
//! pentanomial values a Fishtest statistics page publishes.

use super::*;
use crate::stats::{elo_estimate, elo_of_score, expected_score, Tally};

/// The log-likelihood ratio of two distributions for counts.
fn llr_of(counts: &[f64], p0: &[f64], p1: &[f64]) -> f64 {
    counts
        .iter()
        .zip(p0.iter().zip(p1))
        .map(|(n, (a, b))| n * (b / a).ln())
        .sum()
}

/// The maximum of a unimodal function on (lo, hi), by golden-section search.
fn argmax(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..300 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if f(a) < f(b) {
            lo = a;
        } else {
            hi = b;
        }
    }
    0.5 * (lo + hi)
}

fn log_likelihood(counts: &[f64], p: &[f64]) -> f64 {
    match p.iter().all(|&q| q > 0.0) {
        true => counts.iter().zip(p).map(|(n, q)| n * q.ln()).sum(),
        false => f64::NEG_INFINITY,
    }
}

/// Trinomial (loss, draw, win) with expected score s, as a function of the win share.
fn trinomial_with_mean(s: f64, w: f64) -> Vec<f64> {
    let d = 2.0 * (s - w);
    vec![1.0 - w - d, d, w]
}

/// The constrained maximum likelihood, found by searching the one free parameter.
fn brute_mle_mean(counts: &[f64], s: f64) -> Vec<f64> {
    let lo = (2.0 * s - 1.0).max(0.0);
    let w = argmax(
        |w| log_likelihood(counts, &trinomial_with_mean(s, w)),
        lo + 1e-12,
        s - 1e-12,
    );
    trinomial_with_mean(s, w)
}

/// Trinomial with mean mu and standard deviation (mu - 1/2) / t.
fn trinomial_with_t(t: f64, mu: f64) -> Vec<f64> {
    let sigma = (mu - 0.5) / t;
    if sigma <= 0.0 {
        return vec![-1.0; 3];
    }
    let m2 = sigma * sigma + mu * mu;
    let d = 4.0 * (mu - m2);
    let w = 2.0 * m2 - mu;
    vec![1.0 - d - w, d, w]
}

fn brute_mle_t(counts: &[f64], t: f64) -> Vec<f64> {
    // The valid means lie on one side of 1/2; find the best on a grid, then refine.
    let f = |mu: f64| log_likelihood(counts, &trinomial_with_t(t, mu));
    let grid: Vec<f64> = (1..10_000).map(|i| i as f64 / 10_000.0).collect();
    let best = grid
        .iter()
        .copied()
        .max_by(|a, b| f(*a).partial_cmp(&f(*b)).unwrap())
        .unwrap();
    let mu = argmax(f, best - 1e-4, best + 1e-4);
    trinomial_with_t(t, mu)
}

#[test]
fn the_binomial_llr_is_walds_and_gives_the_writeups_line() {
    let sprt = Sprt::default();
    let tally = Tally {
        wins: 222,
        losses: 212,
        draws: 0,
        penta: [0; 5],
    };
    let p1 = 1.0 / (1.0 + 10f64.powf(-50.0 / 400.0));
    let by_hand = 222.0 * (p1 / 0.5).ln() + 212.0 * ((1.0 - p1) / 0.5).ln();
    assert!((sprt.llr(&tally).unwrap() - by_hand).abs() < 1e-12);
    assert_eq!(
        sprt.running_line(&tally),
        "Total: 434, WLD: 222/212/0, LLR: -3.040 [-2.944, 2.944]"
    );
    assert_eq!(sprt.verdict(sprt.llr(&tally).unwrap()), Verdict::H0);
    // Draws do not move the binomial LLR.
    let drawn = Tally { draws: 50, ..tally };
    assert_eq!(sprt.llr(&drawn).unwrap(), sprt.llr(&tally).unwrap());
}

#[test]
fn trinomial_gsprt_llrs_match_a_direct_maximisation() {
    for (w, l, d) in [(30, 20, 50), (120, 80, 3), (7, 15, 40), (0, 4, 9)] {
        let tally = Tally {
            wins: w,
            losses: l,
            draws: d,
            penta: [0; 5],
        };
        // Zero counts are regularised the same way on both sides.
        let counts: Vec<f64> = [l, d, w]
            .iter()
            .map(|&n| if n == 0 { 1e-3 } else { n as f64 })
            .collect();
        for (elo0, elo1) in [(0.0, 5.0), (0.0, 50.0), (-10.0, 10.0)] {
            let logistic = Sprt {
                elo0,
                elo1,
                model: Model::Logistic,
                pentanomial: false,
                ..Sprt::default()
            };
            let expected = llr_of(
                &counts,
                &brute_mle_mean(&counts, expected_score(elo0)),
                &brute_mle_mean(&counts, expected_score(elo1)),
            );
            let got = logistic.llr(&tally).unwrap();
            assert!(
                (got - expected).abs() < 1e-6,
                "logistic {w}/{l}/{d} [{elo0}, {elo1}]: {got} vs {expected}"
            );
            let normalized = Sprt {
                model: Model::Normalized,
                ..logistic
            };
            let t = |elo: f64| elo / (800.0 / 10f64.ln());
            let mle0 = match elo0 == 0.0 {
                true => brute_mle_mean(&counts, 0.5),
                false => brute_mle_t(&counts, t(elo0)),
            };
            let expected = llr_of(&counts, &mle0, &brute_mle_t(&counts, t(elo1)));
            let got = normalized.llr(&tally).unwrap();
            assert!(
                (got - expected).abs() < 1e-5,
                "normalized {w}/{l}/{d} [{elo0}, {elo1}]: {got} vs {expected}"
            );
        }
    }
}

#[test]
fn pentanomial_gsprt_llrs_match_published_fishtest_values() {
    // montytest.muzhen.org, test 69d3c8dc7c5b3724e29d2712 (Fishtest's statistics code):
    // pairs [0-2] = [13, 37, 50, 25, 3], normalized Elo bounds [0, 4] (logistic [0, 2.716]):
    // "Normalized (exact) -0.54912", "Logistic (exact) -0.53772", "Elo -43.6578".
    let tally = Tally {
        wins: 3 * 2 + 25,
        losses: 13 * 2 + 37,
        draws: 50 * 2 + 25 + 37,
        penta: [13, 37, 50, 25, 3],
    };
    let normalized = Sprt {
        elo0: 0.0,
        elo1: 4.0,
        model: Model::Normalized,
        pentanomial: true,
        ..Sprt::default()
    };
    assert!((normalized.llr(&tally).unwrap() - -0.54912).abs() < 2e-5);
    let logistic = Sprt {
        elo1: 2.716,
        model: Model::Logistic,
        ..normalized
    };
    assert!((logistic.llr(&tally).unwrap() - -0.53772).abs() < 5e-4);
    let estimate = elo_estimate(&tally, true).unwrap();
    assert!((estimate.elo - -43.6578).abs() < 1e-3);
}

#[test]
fn the_elo_estimate_is_cutechesss() {
    // 60 wins, 40 losses, 0 draws: score 0.6, Elo 70.4; LOS = Phi((60-40)/sqrt(100)) = 97.7 %.
    let tally = Tally {
        wins: 60,
        losses: 40,
        draws: 0,
        penta: [0; 5],
    };
    let e = elo_estimate(&tally, false).unwrap();
    assert!((e.elo - 70.437).abs() < 1e-3);
    assert!((e.los - 97.725).abs() < 1e-2);
    // The interval: score 0.6 +/- 1.96 * sqrt(0.24 / 100).
    let half = 1.959964 * (0.24f64 / 100.0).sqrt();
    let width = (elo_of_score(0.6 + half) - elo_of_score(0.6 - half)) / 2.0;
    assert!((e.error - width).abs() < 1e-3);
    assert_eq!(
        e.to_string(),
        format!(
            "Elo difference: 70.4 +/- {:.1}, LOS: 97.7 %, DrawRatio: 0.0 %",
            width
        )
    );
}

#[test]
fn sprt_specs_parse_and_bad_ones_are_refused() {
    let s: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.1,model=normalized"
        .parse()
        .unwrap();
    assert_eq!(
        (s.elo1, s.beta, s.model, s.pentanomial),
        (5.0, 0.1, Model::Normalized, true)
    );
    let s: Sprt = "model=logistic,trinomial".parse().unwrap();
    assert!(!s.pentanomial);
    assert_eq!(s.describe().parse::<Sprt>().unwrap(), s);
    let (lo, hi) = Sprt::default().bounds();
    assert!((lo - -2.944439).abs() < 1e-6 && (hi - 2.944439).abs() < 1e-6);
    for bad in [
        "elo0=5,elo1=0",
        "alpha=0",
        "alpha=0.6,beta=0.5",
        "model=bayes",
        "elo1=x",
        "model=binomial,pentanomial",
        "speed=3",
    ] {
        assert!(bad.parse::<Sprt>().is_err(), "{bad}");
    }
}

/// Whatever a spec the parser accepts and whatever counts, the bounds are finite and the LLR
/// finite or refused, never NaN; the verdicts the reproducers got wrong are right.
#[test]
fn llrs_are_finite_or_refused_for_every_accepted_spec() {
    let elos = [
        -1e300, -1e6, -1000.0, -50.0, -1e-300, 0.0, 5e-324, 1.0, 50.0, 1000.0, 1e4, 1e300,
    ];
    let rates = [5e-324, 1e-300, 0.05, 0.5, 0.999_999];
    let counts = [0u64, 1, 3, 1000, 1 << 40, MAX_GAMES / 4];
    let mut tallies = Vec::new();
    for &a in &counts {
        for &b in &counts {
            let mut t = Tally {
                wins: a,
                losses: b,
                draws: a / 3,
                penta: [b, a / 7, a / 3, b / 5, a],
            };
            t.draws = t.draws.min(MAX_GAMES - a.max(b));
            tallies.push(t);
        }
    }
    let mut computed = 0;
    for model in ["binomial", "logistic", "normalized"] {
        for &elo0 in &elos {
            for &elo1 in &elos {
                for &alpha in &rates {
                    for &beta in &rates {
                        let spec = format!(
                            "elo0={elo0:e},elo1={elo1:e},alpha={alpha:e},beta={beta:e},model={model}"
                        );
                        let Ok(sprt) = spec.parse::<Sprt>() else {
                            continue;
                        };
                        let (lo, hi) = sprt.bounds();
                        assert!(
                            lo.is_finite() && hi.is_finite() && lo < 0.0 && hi > 0.0,
                            "{spec}"
                        );
                        // The GSPRT's cost grows with the counts, not the spec: a few specs do.
                        if model != "binomial" && (alpha, beta) != (0.05, 0.05) {
                            continue;
                        }
                        for t in &tallies {
                            if let Some(llr) = sprt.llr(t) {
                                assert!(llr.is_finite(), "{spec} {t:?}");
                                computed += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(computed > 1000, "{computed}");
    // All won: H1 (the logistic model accepted H0 from 6e18 pairs); with elo1 = 10000 the
    // binomial LLR is 5 ln 2 (it was NaN).
    let all_won = Tally {
        wins: 2_000_000,
        penta: [0, 0, 0, 0, 1_000_000],
        ..Tally::default()
    };
    for model in ["logistic", "normalized"] {
        let sprt: Sprt = format!("model={model}").parse().unwrap();
        assert_eq!(sprt.decide(&all_won), Verdict::H1, "{model}");
    }
    let sprt: Sprt = "elo1=10000".parse().unwrap();
    let five = Tally {
        wins: 5,
        ..Tally::default()
    };
    let llr = sprt.llr(&five).unwrap();
    assert!((llr - 5.0 * 2f64.ln()).abs() < 1e-12, "{llr}");
    assert_eq!(sprt.decide(&five), Verdict::H1);
    // Bounds of a tiny alpha: ln(0.95) - ln(5e-324), finite.
    let tiny: Sprt = "alpha=5e-324".parse().unwrap();
    assert!((tiny.bounds().1 - (0.95f64.ln() - 5e-324f64.ln())).abs() < 1e-9);
}
