//! `nodeprof sprt`: the test's LLR, its verdict and the Elo estimate of given counts, as
//! fastchess's calculator prints them.

use std::io::Write;

use serde::{Deserialize, Serialize};

use super::outcome::Outcome;
use crate::cli::SprtArgs;
use crate::error::Error;
use crate::output::{write_json, Format, Output};
use crate::stats::{elo_estimate, EloEstimate, Model, Sprt, Tally, Verdict, MAX_GAMES};

/// The test of the counts, as `--format json` (schema `nodeprof-sprt`) and `csv` (one row)
/// write it. A bound or estimate that is not a finite number is null.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtResult {
    /// `binomial`, `logistic` or `normalized`.
    pub model: String,
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// Whether the test counted game pairs (`--penta` under a GSPRT model).
    pub pentanomial: bool,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The pairs by score, with `--penta` (LL, LD, DD, WD, WW).
    pub ll: Option<u64>,
    pub ld: Option<u64>,
    pub dd: Option<u64>,
    pub wd: Option<u64>,
    pub ww: Option<u64>,
    pub llr: f64,
    pub lower_bound: f64,
    pub upper_bound: f64,
    /// `H1`, `H0` or `continue`.
    pub verdict: String,
    /// cutechess's estimate: the Elo difference, half its 95% interval, the likelihood of
    /// superiority and the draw ratio (both in percent).
    pub elo: Option<f64>,
    pub elo_error: Option<f64>,
    pub los: Option<f64>,
    pub draw_ratio: Option<f64>,
}

impl crate::output::Row for SprtResult {}

/// The test of `tally`; an error when its LLR cannot be computed for these counts.
pub fn result(sprt: &Sprt, tally: &Tally, penta: bool) -> Result<SprtResult, Error> {
    let Some(llr) = sprt.llr(tally) else {
        return Err(crate::error::PlayError::Setup(format!(
            "sprt: the LLR of {} games ({}) cannot be computed in double precision under the {} model",
            tally.games(),
            sprt.counts_text(tally),
            sprt.model.name()
        ))
        .into());
    };
    let (lower_bound, upper_bound) = sprt.bounds();
    let estimate = elo_estimate(tally, sprt.pentanomial);
    let [elo, elo_error, los, draw_ratio] = EloEstimate::finite(estimate.as_ref());
    let pair = |i: usize| penta.then_some(tally.penta[i]);
    Ok(SprtResult {
        model: sprt.model.name().to_string(),
        elo0: sprt.elo0,
        elo1: sprt.elo1,
        alpha: sprt.alpha,
        beta: sprt.beta,
        pentanomial: sprt.pentanomial,
        games: tally.games(),
        wins: tally.wins,
        losses: tally.losses,
        draws: tally.draws,
        ll: pair(0),
        ld: pair(1),
        dd: pair(2),
        wd: pair(3),
        ww: pair(4),
        llr,
        lower_bound,
        upper_bound,
        verdict: sprt.verdict(llr).name().to_string(),
        elo,
        elo_error,
        los,
        draw_ratio,
    })
}

/// Prints the test as fastchess's calculator does.
pub fn print(
    sprt: &Sprt,
    tally: &Tally,
    result: &SprtResult,
    out: &mut impl Write,
) -> Result<(), Error> {
    writeln!(out, "Test: {}", sprt.describe())?;
    writeln!(out, "Games: {}, {}", tally.games(), sprt.counts_text(tally))?;
    writeln!(
        out,
        "LLR: {:.3} [{:.3}, {:.3}]",
        result.llr, result.lower_bound, result.upper_bound
    )?;
    let verdict = match sprt.verdict(result.llr) {
        Verdict::H1 => "H1 was accepted",
        Verdict::H0 => "H0 was accepted",
        Verdict::Continue => "no decision yet: continue",
    };
    writeln!(out, "{verdict}")?;
    if let Some(elo) = elo_estimate(tally, sprt.pentanomial) {
        writeln!(out, "{elo}")?;
    }
    Ok(())
}

impl TryFrom<&SprtArgs> for Sprt {
    type Error = Error;
    fn try_from(args: &SprtArgs) -> Result<Sprt, Error> {
        let model: Model = args.model.parse()?;
        let sprt = Sprt {
            elo0: args.elo0,
            elo1: args.elo1,
            alpha: args.alpha,
            beta: args.beta,
            model,
            // The GSPRT counts pairs when pairs are given, games otherwise.
            pentanomial: model != Model::Binomial && args.penta.is_some(),
        };
        sprt.check().map_err(Error::Usage)?;
        Ok(sprt)
    }
}

/// `nodeprof sprt`: the test of the counts given.
pub fn command(args: SprtArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let sprt = Sprt::try_from(&args)?;
    let tally = tally_of(args.wdl.as_deref(), args.penta.as_deref()).map_err(Error::Usage)?;
    let result = result(&sprt, &tally, args.penta.is_some())?;
    match args.format.format {
        Format::Text => print(&sprt, &tally, &result, out)?,
        Format::Csv => Output::new(Format::Csv, out).row(&result)?,
        Format::Json => write_json(out, "sprt", result)?,
    }
    Ok(Outcome::Success)
}

/// Counts as `--wdl W/L/D` or `--penta LL/LD/DD/WD/WW` write them.
fn tally_of(wdl: Option<&str>, penta: Option<&str>) -> Result<Tally, String> {
    let numbers = |text: &str, n: usize, what: &str| -> Result<Vec<u64>, String> {
        let v: Vec<u64> = text
            .split('/')
            .map(|t| t.trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("bad counts '{text}': expected {what}, whole numbers"))?;
        match v.len() == n {
            true => Ok(v),
            false => Err(format!("bad counts '{text}': expected {what}")),
        }
    };
    let mut tally = Tally::default();
    if let Some(text) = wdl {
        let v = numbers(text, 3, "W/L/D")?;
        (tally.wins, tally.losses, tally.draws) = (v[0], v[1], v[2]);
    }
    let too_many =
        || format!("too many games: the counts must add up to at most {MAX_GAMES} (2^53) games");
    if let Some(text) = penta {
        let v = numbers(text, 5, "LL/LD/DD/WD/WW")?;
        tally.penta.copy_from_slice(&v);
        // Games as the pairs give them (a WL pair counted in DD counts as two draws).
        let games = |a: u64, b: u64| a.checked_mul(2).and_then(|a| a.checked_add(b));
        tally.wins = games(v[4], v[3]).ok_or_else(too_many)?;
        tally.losses = games(v[0], v[1]).ok_or_else(too_many)?;
        tally.draws = games(v[2], v[1])
            .and_then(|d| d.checked_add(v[3]))
            .ok_or_else(too_many)?;
    }
    let total = tally
        .wins
        .checked_add(tally.losses)
        .and_then(|n| n.checked_add(tally.draws))
        .filter(|&n| n <= MAX_GAMES)
        .ok_or_else(too_many)?;
    if total == 0 {
        return Err("no games: the counts are all zero".into());
    }
    Ok(tally)
}
