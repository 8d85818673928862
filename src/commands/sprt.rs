//! `nodeprof sprt`: the test's LLR, its verdict and the Elo estimate of given counts, as
//! fastchess's calculator prints them.

use std::io::Write;

use crate::stats::{elo_estimate, Sprt, Tally, Verdict};

/// Prints the test; an error when its LLR cannot be computed for these counts.
pub fn run(sprt: &Sprt, tally: &Tally, out: &mut impl Write) -> Result<(), crate::error::Error> {
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
