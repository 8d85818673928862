//! `nodeprof sprt`: the test's LLR, its verdict and the Elo estimate of given counts, as
//! fastchess's calculator prints them.

use std::io::{self, Write};

use crate::play::sprt::{elo_estimate, Sprt, Tally, Verdict};

pub fn run(sprt: &Sprt, tally: &Tally, out: &mut impl Write) -> io::Result<()> {
    let llr = sprt.llr(tally);
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
