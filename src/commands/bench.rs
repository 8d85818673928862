//! `nodeprof bench`: the bench's searches and its signature line.

use std::io::{self, Write};

use crate::measure::bench::Bench;

use super::outcome::Outcome;
use crate::error::Error;
use crate::report::text::thousands;

pub fn print(bench: &Bench, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{:<26} {:<50} {:>5} {:>12} {:>9}",
        "positions", "variant", "depth", "nodes", "time_ms"
    )?;
    for s in &bench.searches {
        writeln!(
            out,
            "{:<26} {:<50} {:>5} {:>12} {:>9.1}",
            format!("{} ({})", s.positions, s.count),
            s.variant,
            s.depth,
            thousands(s.nodes),
            s.time_ns as f64 / 1e6
        )?;
    }
    writeln!(out, "{}", bench.last_line())
}

/// `nodeprof bench`: runs the bench and prints it.
pub fn command(out: &mut impl Write) -> Result<Outcome, Error> {
    let bench = crate::measure::bench::run(None)?;
    print(&bench, out)?;
    Ok(Outcome::Success)
}
