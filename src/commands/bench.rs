//! `nodeprof bench`: the bench's searches and its signature line.

use std::io::{self, Write};

use crate::cli::BenchArgs;
use crate::engine::{EngineCase, EngineSpec, NewGame};
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

/// `nodeprof bench`: runs nodeprof's bench and prints it; with engines, benches them.
pub fn command(args: BenchArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let engines = super::engine::engines(&args.engines)?;
    if engines.is_empty() {
        if !args.positions.is_empty() || args.depth.is_some() {
            return Err(Error::Usage(
                "nodeprof's bench is fixed (it is the build's signature): positions and -d are for benching engines (--engine)".into(),
            ));
        }
        let bench = crate::measure::bench::run(None)?;
        print(&bench, out)?;
        return Ok(Outcome::Success);
    }
    if args.positions.is_empty() {
        return Err(Error::Usage(
            "bench --engine needs the positions to bench the engines on".into(),
        ));
    }
    let depth = args.depth.unwrap_or(DEFAULT_ENGINE_DEPTH);
    let (_, cases) = crate::sweep::load_cases(&args.positions, None)?;
    for spec in &engines {
        let spec = EngineSpec {
            new_game: NewGame::Once,
            ..spec.clone()
        };
        crate::engine::greet(&spec, &cases, &[depth])?.1.quit();
        bench_engine(&spec, &cases, depth, out)?;
    }
    Ok(Outcome::Success)
}

/// An engine bench's default depth.
const DEFAULT_ENGINE_DEPTH: u32 = 12;

/// One engine's bench: a line a position, then `<total> nodes <nps> nps` (the speed by the
/// engine's own times when it gives them all, else by nodeprof's clock).
fn bench_engine(
    spec: &EngineSpec,
    cases: &[EngineCase],
    depth: u32,
    out: &mut impl Write,
) -> Result<(), Error> {
    writeln!(
        out,
        "{}: depth {depth}, one new game, the table kept",
        spec.name()
    )?;
    writeln!(
        out,
        "{:<32} {:>12} {:>10} {:>10}",
        "position", "nodes", "time_ms", "wall_ms"
    )?;
    let mut slot = None;
    let (mut nodes, mut time_ns, mut wall_ns, mut timed) = (0u64, 0u64, 0u64, true);
    for case in cases {
        let (_, result) = crate::engine::run_group(&mut slot, spec, case, &[depth])
            .pop()
            .expect("one depth, one result");
        let it = result?.iteration;
        let n = it
            .nodes
            .ok_or_else(|| Error::Usage(format!("engine {} reports no node count", spec.name())))?;
        nodes += n;
        time_ns += it.time_ns.unwrap_or(0);
        timed &= it.time_ns.is_some();
        wall_ns += it.wall_ns;
        writeln!(
            out,
            "{:<32} {:>12} {:>10} {:>10.1}",
            case.name,
            thousands(n),
            it.time_ns
                .map_or("-".into(), |t| format!("{:.1}", t as f64 / 1e6)),
            it.wall_ns as f64 / 1e6
        )?;
        out.flush()?;
    }
    if let Some(engine) = slot {
        engine.quit();
    }
    let seconds = match timed && time_ns > 0 {
        true => time_ns,
        false => wall_ns,
    } as f64
        / 1e9;
    writeln!(
        out,
        "{nodes} nodes {} nps",
        (nodes as f64 / seconds.max(1e-9)) as u64
    )?;
    Ok(())
}
