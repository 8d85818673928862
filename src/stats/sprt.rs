//! Match statistics: the sequential probability ratio test (SPRT) and the Elo estimate.
//!
//! Three models of the log-likelihood ratio (LLR) of H1 (elo = elo1) against H0 (elo = elo0):
//! - `binomial`: Wald's test on wins and losses (draws ignored), p0 and p1 the expected
//!   scores at elo0 and elo1 (the Ataxx agents writeup's test);
//! - `logistic` and `normalized`: the generalized SPRT of Fishtest and fastchess, on the
//!   pentanomial counts of game pairs (or, on request, the trinomial counts of games): the
//!   log-likelihood ratio of the maximum-likelihood distributions whose expected score
//!   (logistic) or normalized Elo (normalized) is elo0's and elo1's (M. Van den Bergh,
//!   "Comments on normalized Elo").

use crate::parse::{ParseError, TextKind};

use super::elo::expected_score;
use super::tally::Tally;

/// How the LLR is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    Binomial,
    Logistic,
    Normalized,
}

impl Model {
    pub fn name(self) -> &'static str {
        match self {
            Model::Binomial => "binomial",
            Model::Logistic => "logistic",
            Model::Normalized => "normalized",
        }
    }
}

/// What the test assumes and how sure it must be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: Model,
    /// Count game pairs (pentanomial) rather than games (trinomial); not for `binomial`.
    pub pentanomial: bool,
}

impl Default for Sprt {
    /// The writeup's test: elo0 = 0, elo1 = 50, alpha = beta = 0.05, binomial.
    fn default() -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Binomial,
            pentanomial: false,
        }
    }
}

/// The test's decision so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound: elo1 rather than elo0.
    H1,
    /// The LLR reached the lower bound: elo0 rather than elo1.
    H0,
    Continue,
}

impl Verdict {
    /// `H1`, `H0` or `continue`, as the JSON and CSV forms write it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::H1 => "H1",
            Verdict::H0 => "H0",
            Verdict::Continue => "continue",
        }
    }
}

/// `ln(1 + e^x)` without overflow or loss for large |x|.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// `ln` of the expected score at `elo`, and of its complement, computed in log space (at
/// 10,000 Elo the score itself rounds to 1 and its complement to 0).
fn ln_scores(elo: f64) -> (f64, f64) {
    let x = elo / 400.0 * std::f64::consts::LN_10;
    (-softplus(-x), -softplus(x))
}

/// The largest Elo difference the GSPRT models take: expected scores of 0.0032 to 0.9968,
/// whose maximum-likelihood distributions f64 still resolves.
pub const GSPRT_MAX_ELO: f64 = 1000.0;

/// The most games the counts may add up to: 2^53, the integers f64 holds exactly.
pub const MAX_GAMES: u64 = 1 << 53;

/// `800 / ln 10`: normalized Elo per unit of t = (score - 1/2) / sigma.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

impl Sprt {
    /// The bounds of the LLR: (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)), as
    /// differences of logarithms (finite for any alpha and beta in (0, 1)).
    pub fn bounds(&self) -> (f64, f64) {
        (
            self.beta.ln() - (-self.alpha).ln_1p(),
            (-self.beta).ln_1p() - self.alpha.ln(),
        )
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The log-likelihood ratio of the results, or none when f64 cannot compute it (counts
    /// so large that the maximum-likelihood distributions are not resolved).
    pub fn llr(&self, tally: &Tally) -> Option<f64> {
        let llr = match self.model {
            Model::Binomial => {
                let ((w0, l0), (w1, l1)) = (ln_scores(self.elo0), ln_scores(self.elo1));
                // No result of a kind, no term (0 times an infinite logarithm is no NaN).
                let term = |n: u64, d: f64| if n == 0 { 0.0 } else { n as f64 * d };
                term(tally.wins, w1 - w0) + term(tally.losses, l1 - l0)
            }
            model => {
                let (scores, counts): (&[f64], Vec<u64>) = match self.pentanomial {
                    true => (&[0.0, 0.25, 0.5, 0.75, 1.0], tally.penta.to_vec()),
                    false => (
                        &[0.0, 0.5, 1.0],
                        vec![tally.losses, tally.draws, tally.wins],
                    ),
                };
                gsprt_llr(
                    model,
                    self.elo0,
                    self.elo1,
                    scores,
                    &counts,
                    self.pentanomial,
                )?
            }
        };
        llr.is_finite().then_some(llr)
    }

    /// The verdict on `tally` (none decided while the LLR cannot be computed).
    pub fn decide(&self, tally: &Tally) -> Verdict {
        self.llr(tally)
            .map_or(Verdict::Continue, |llr| self.verdict(llr))
    }

    /// The counts the model uses, as written in the running line.
    pub fn counts_text(&self, tally: &Tally) -> String {
        match (self.model, self.pentanomial) {
            (Model::Binomial, _) | (_, false) => {
                format!("WLD: {}/{}/{}", tally.wins, tally.losses, tally.draws)
            }
            (_, true) => format!(
                "WLD: {}/{}/{}, Ptnml(0-2): [{}]",
                tally.wins,
                tally.losses,
                tally.draws,
                tally
                    .penta
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The writeup's running line: `Total: 434, WLD: 222/212/0, LLR: -3.040 [-2.944, 2.944]`.
    pub fn running_line(&self, tally: &Tally) -> String {
        let (lo, hi) = self.bounds();
        let llr = self
            .llr(tally)
            .map_or("cannot be computed".into(), |l| format!("{l:.3}"));
        format!(
            "Total: {}, {}, LLR: {llr} [{lo:.3}, {hi:.3}]",
            tally.games(),
            self.counts_text(tally),
        )
    }

    /// cutechess's SPRT line: `SPRT: llr 2.96 (100.5%), lbound -2.94, ubound 2.94 - H1 was
    /// accepted`.
    pub fn verdict_line(&self, tally: &Tally) -> String {
        let (lo, hi) = self.bounds();
        let Some(llr) = self.llr(tally) else {
            return format!("SPRT: llr cannot be computed, lbound {lo:.2}, ubound {hi:.2}");
        };
        let share = match llr >= 0.0 {
            true => llr / hi,
            false => llr / lo,
        } * 100.0;
        let end = match self.verdict(llr) {
            Verdict::H1 => " - H1 was accepted",
            Verdict::H0 => " - H0 was accepted",
            Verdict::Continue => "",
        };
        format!("SPRT: llr {llr:.3} ({share:.1}%), lbound {lo:.2}, ubound {hi:.2}{end}")
    }

    /// The test as `--sprt` writes it.
    pub fn describe(&self) -> String {
        // Tiny or huge numbers in exponent form (5e-324, not 324 digits).
        let short = |v: f64| match v != 0.0 && (v.abs() < 1e-4 || v.abs() >= 1e15) {
            true => format!("{v:e}"),
            false => format!("{v}"),
        };
        format!(
            "elo0={},elo1={},alpha={},beta={},model={}{}",
            short(self.elo0),
            short(self.elo1),
            short(self.alpha),
            short(self.beta),
            self.model.name(),
            match (self.model, self.pentanomial) {
                (Model::Binomial, _) => "",
                (_, true) => ",pentanomial",
                (_, false) => ",trinomial",
            }
        )
    }
}

/// A zero count is taken as 1e-3 (as fastchess does), so that the empirical distribution has
/// no empty cell and the likelihoods stay finite.
fn regularised(counts: &[u64]) -> (f64, Vec<f64>) {
    let c: Vec<f64> = counts
        .iter()
        .map(|&n| if n == 0 { 1e-3 } else { n as f64 })
        .collect();
    let total: f64 = c.iter().sum();
    (total, c.iter().map(|n| n / total).collect())
}

fn gsprt_llr(
    model: Model,
    elo0: f64,
    elo1: f64,
    scores: &[f64],
    counts: &[u64],
    pentanomial: bool,
) -> Option<f64> {
    if counts.iter().all(|&n| n == 0) {
        return Some(0.0);
    }
    let (total, phat) = regularised(counts);
    let (p0, p1) = match model {
        Model::Normalized => {
            // t is per game; a pair's score is the mean of two games.
            let per = if pentanomial { 2f64.sqrt() } else { 1.0 };
            (
                mle_normalized(scores, &phat, per * elo0 / NELO_SCALE),
                mle_normalized(scores, &phat, per * elo1 / NELO_SCALE),
            )
        }
        _ => (
            mle_mean(scores, &phat, expected_score(elo0)),
            mle_mean(scores, &phat, expected_score(elo1)),
        ),
    };
    // Each distribution must be one, and meet its constraint: with counts of 10^8 pairs or
    // more of one kind only, the tilt that moves mass to a nearly empty cell is past f64's resolution.
    let meets = |p: &[f64], elo: f64| -> bool {
        let sum: f64 = p.iter().sum();
        let mu: f64 = scores.iter().zip(p).map(|(a, q)| a * q).sum();
        let met = match model {
            Model::Normalized => {
                let var: f64 = scores
                    .iter()
                    .zip(p)
                    .map(|(a, q)| q * (a - mu).powi(2))
                    .sum();
                let per = if pentanomial { 2f64.sqrt() } else { 1.0 };
                ((mu - 0.5) / var.sqrt() - per * elo / NELO_SCALE).abs() < 1e-6
            }
            _ => (mu - expected_score(elo)).abs() < 1e-6,
        };
        p.iter().all(|&q| q > 0.0 && q.is_finite()) && (sum - 1.0).abs() < 1e-6 && met
    };
    if !meets(&p0, elo0) || !meets(&p1, elo1) {
        return None;
    }
    Some(
        total
            * phat
                .iter()
                .zip(p0.iter().zip(&p1))
                .map(|(ph, (a, b))| ph * (b.ln() - a.ln()))
                .sum::<f64>(),
    )
}

/// The root in (lo, hi) of a decreasing function, by bisection to machine precision.
fn decreasing_root(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution over `scores` nearest to `phat` (maximum likelihood) with `phi`'s
/// expectation zero: `p_i = phat_i / (1 + theta phi_i)`, theta solving
/// `sum phat_i phi_i / (1 + theta phi_i) = 0` (which also makes the p_i sum to one).
fn tilted(phat: &[f64], phi: &[f64]) -> Vec<f64> {
    let (u, v) = phi
        .iter()
        .fold((f64::MAX, f64::MIN), |(u, v), &x| (u.min(x), v.max(x)));
    // 1 + theta phi_i > 0 for every i: theta in (-1/v, -1/u).
    let theta = decreasing_root(
        |t| {
            phat.iter()
                .zip(phi)
                .map(|(p, x)| p * x / (1.0 + t * x))
                .sum()
        },
        -1.0 / v,
        -1.0 / u,
    );
    phat.iter()
        .zip(phi)
        .map(|(p, x)| p / (1.0 + theta * x))
        .collect()
}

/// The maximum-likelihood distribution with expected score `s`.
fn mle_mean(scores: &[f64], phat: &[f64], s: f64) -> Vec<f64> {
    let phi: Vec<f64> = scores.iter().map(|a| a - s).collect();
    tilted(phat, &phi)
}

/// The maximum-likelihood distribution with (mean - 1/2) / sigma = `t` (fixed-point
/// iteration from the uniform distribution, section 4.1 of Van den Bergh's note).
fn mle_normalized(scores: &[f64], phat: &[f64], t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..1000 {
        let mu: f64 = scores.iter().zip(&p).map(|(a, q)| a * q).sum();
        let var: f64 = scores
            .iter()
            .zip(&p)
            .map(|(a, q)| q * (a - mu) * (a - mu))
            .sum();
        let sigma = var.sqrt();
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let next = tilted(phat, &phi);
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p
}

impl std::str::FromStr for Sprt {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Sprt, ParseError> {
        parse_sprt(text).map_err(ParseError::of(TextKind::Sprt))
    }
}

/// `elo0=0,elo1=50,alpha=0.05,beta=0.05,model=binomial` (any subset; the rest default),
/// and `trinomial` or `pentanomial` for the GSPRT models (pentanomial by default).
fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let mut sprt = Sprt::default();
    let mut counting: Option<bool> = None;
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) = item.split_once('=').unwrap_or((item, ""));
        let number = || {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("sprt: {key} must be a number, got '{value}'"))
        };
        match key {
            "elo0" => sprt.elo0 = number()?,
            "elo1" => sprt.elo1 = number()?,
            "alpha" => sprt.alpha = number()?,
            "beta" => sprt.beta = number()?,
            "model" => sprt.model = value.parse()?,
            "pentanomial" | "penta" if value.is_empty() => counting = Some(true),
            "trinomial" if value.is_empty() => counting = Some(false),
            _ => {
                return Err(format!(
                    "sprt: unknown item '{item}'; expected elo0=, elo1=, alpha=, beta=, model=binomial|logistic|normalized, trinomial or pentanomial"
                ))
            }
        }
    }
    sprt.pentanomial = match (sprt.model, counting) {
        (Model::Binomial, Some(true)) => {
            return Err("sprt: the binomial model counts games, not pairs".into())
        }
        (Model::Binomial, _) => false,
        (_, counting) => counting.unwrap_or(true),
    };
    sprt.check()?;
    Ok(sprt)
}

impl Sprt {
    /// The parameters make a test: elo0 < elo1, 0 < alpha, beta and alpha + beta < 1; the
    /// GSPRT models' Elo within +-1000.
    pub fn check(&self) -> Result<(), String> {
        for (name, v) in [
            ("elo0", self.elo0),
            ("elo1", self.elo1),
            ("alpha", self.alpha),
            ("beta", self.beta),
        ] {
            if !v.is_finite() {
                return Err(format!("sprt: {name} must be a number, got '{v}'"));
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(format!(
                "sprt: elo0 ({}) must be below elo1 ({})",
                self.elo0, self.elo1
            ));
        }
        if self.model != Model::Binomial {
            for (name, v) in [("elo0", self.elo0), ("elo1", self.elo1)] {
                if v.abs() > GSPRT_MAX_ELO {
                    return Err(format!(
                        "sprt: the {} model takes {name} from -{GSPRT_MAX_ELO} to {GSPRT_MAX_ELO}, got {v} (its expected score is too near 0 or 1 to compute with)",
                        self.model.name()
                    ));
                }
            }
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 1.0) {
                return Err(format!("sprt: {name} must be between 0 and 1, got {v}"));
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err("sprt: alpha + beta must be below 1".into());
        }
        Ok(())
    }
}

impl std::str::FromStr for Model {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Model, ParseError> {
        parse_model(s).map_err(ParseError::of(TextKind::SprtModel))
    }
}

fn parse_model(s: &str) -> Result<Model, String> {
    match s {
        "binomial" => Ok(Model::Binomial),
        "logistic" => Ok(Model::Logistic),
        "normalized" | "normalised" => Ok(Model::Normalized),
        _ => Err(format!(
            "sprt: unknown model '{s}', expected binomial, logistic or normalized"
        )),
    }
}

#[cfg(test)]
mod tests;
