//! `nodeprof perft`: leaves of the game tree at each depth, with time and speed.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use super::thousands;
use crate::game::{perft, perft_divide, Game};
use crate::position::{AnyPosition, Case};

/// What to count.
#[derive(Clone, Copy, Debug)]
pub struct PerftConfig {
    /// The deepest depth; depths 1..=depth are counted (only `depth` with `only_last`).
    pub depth: u32,
    pub only_last: bool,
    /// Split the deepest count by root move.
    pub divide: bool,
}

/// One measured depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftRow {
    pub depth: u32,
    pub leaves: u64,
    pub time: Duration,
}

impl PerftRow {
    pub fn leaves_per_second(&self) -> f64 {
        self.leaves as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Prints the perft table of one case (and the divide list if asked).
pub fn run(case: &Case, config: &PerftConfig, out: &mut impl Write) -> io::Result<Vec<PerftRow>> {
    match &case.position {
        AnyPosition::Reversi(p) => run_game(case, p, config, out),
        AnyPosition::Ataxx(p) => run_game(case, p, config, out),
    }
}

fn run_game<G: Game>(
    case: &Case,
    pos: &G,
    config: &PerftConfig,
    out: &mut impl Write,
) -> io::Result<Vec<PerftRow>> {
    writeln!(
        out,
        "{}: {}, {} to move, {} empties",
        case.name,
        G::NAME,
        pos.side_to_move().name(),
        pos.empties()
    )?;
    writeln!(
        out,
        "{:>5}  {:>16}  {:>10}  {:>12}",
        "depth", "leaves", "time (s)", "leaves/s"
    )?;
    let first = if config.only_last { config.depth } else { 1 };
    let mut rows = Vec::new();
    for depth in first..=config.depth {
        let started = Instant::now();
        let leaves = perft(pos, depth);
        let row = PerftRow {
            depth,
            leaves,
            time: started.elapsed(),
        };
        writeln!(
            out,
            "{:>5}  {:>16}  {:>10.3}  {:>12}",
            depth,
            thousands(leaves),
            row.time.as_secs_f64(),
            thousands(row.leaves_per_second() as u64)
        )?;
        out.flush()?;
        rows.push(row);
    }
    if config.divide && config.depth > 0 {
        writeln!(out, "\ndivide at depth {}:", config.depth)?;
        let split = perft_divide(pos, config.depth);
        for (mv, leaves) in &split {
            writeln!(out, "{:>6}  {:>16}", mv.to_string(), thousands(*leaves))?;
        }
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        writeln!(
            out,
            "{:>6}  {:>16}  ({} moves)",
            "total",
            thousands(total),
            split.len()
        )?;
    }
    Ok(rows)
}
