//! `nodeprof sprt`: the test's LLR, its verdict and the Elo estimate of given counts, as
//! fastchess's calculator prints them.

use std::io::Write;

use super::outcome::Outcome;
use crate::cli::SprtArgs;
use crate::error::Error;
use crate::stats::{elo_estimate, Model, Sprt, Tally, Verdict, MAX_GAMES};

/// Prints the test; an error when its LLR cannot be computed for these counts.
pub fn run(sprt: &Sprt, tally: &Tally, out: &mut impl Write) -> Result<(), Error> {
    let Some(llr) = sprt.llr(tally) else {
        return Err(crate::error::PlayError::Setup(format!(
            "sprt: the LLR of {} games ({}) cannot be computed in double precision under the {} model",
            tally.games(),
            sprt.counts_text(tally),
            sprt.model.name()
        ))
        .into());
    };
    let (lo, hi) = sprt.bounds();
    writeln!(out, "Test: {}", sprt.describe())?;
    writeln!(out, "Games: {}, {}", tally.games(), sprt.counts_text(tally))?;
    writeln!(out, "LLR: {llr:.3} [{lo:.3}, {hi:.3}]")?;
    let verdict = match sprt.verdict(llr) {
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
    run(&sprt, &tally, out)?;
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
