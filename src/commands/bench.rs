//! `nodeprof bench`: the bench's searches and its signature line.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use crate::cli::BenchArgs;
use crate::engine::{EngineCase, EngineSpec, NewGame};
use crate::measure::bench::Bench;

use super::outcome::Outcome;
use crate::error::Error;
use crate::output::{Output, Row};
use crate::report::text::thousands;

/// A bench search as `--format csv` writes it and the JSON document's `rows` hold (schema
/// `nodeprof-bench`): one of nodeprof's fixed searches, or an engine's search of a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchLine {
    /// `nodeprof` for nodeprof's own bench, else the engine's name.
    pub bench: String,
    /// nodeprof's: the positions as written (`ffo:40..44`); an engine's: the position.
    pub positions: String,
    /// How many positions the search covers.
    pub count: usize,
    /// nodeprof's variant (null for an engine).
    pub variant: Option<String>,
    pub depth: String,
    pub nodes: u64,
    /// The search's time (an engine's own figure; null when it gives none).
    pub time_ns: Option<u64>,
    /// nodeprof's clock around an engine's search (null for nodeprof's own).
    pub wall_ns: Option<u64>,
}

impl Row for BenchLine {}

/// A bench's last line, the build's (or the engine's) signature: the JSON document's
/// `signatures`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Signature {
    pub bench: String,
    pub nodes: u64,
    pub nps: u64,
}

/// The JSON document's fields besides `rows`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Signatures {
    pub signatures: Vec<Signature>,
}

/// nodeprof's own bench: its table, its rows to `output`, and its signature.
fn own_bench(bench: &Bench, output: &mut Output) -> io::Result<Signature> {
    print(bench, &mut output.text())?;
    for s in &bench.searches {
        output.row(&BenchLine {
            bench: "nodeprof".into(),
            positions: s.positions.clone(),
            count: s.count,
            variant: Some(s.variant.clone()),
            depth: s.depth.clone(),
            nodes: s.nodes,
            time_ns: Some(s.time_ns),
            wall_ns: None,
        })?;
    }
    Ok(Signature {
        bench: "nodeprof".into(),
        nodes: bench.nodes,
        nps: bench.nps(),
    })
}

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
    let mut output = Output::new(args.format.format, out);
    if engines.is_empty() {
        if !args.positions.is_empty() || args.depth.is_some() {
            return Err(Error::Usage(
                "nodeprof's bench is fixed (it is the build's signature): positions and -d are for benching engines (--engine)".into(),
            ));
        }
        if args.threads > 1 {
            writeln!(
                output.text(),
                "{} threads a search: the nodes vary from run to run (the signature is the one-thread bench's)",
                args.threads
            )?;
        }
        let bench = crate::measure::bench::run_on(None, args.threads)?;
        let signatures = vec![own_bench(&bench, &mut output)?];
        output.finish("bench", Signatures { signatures })?;
        return Ok(Outcome::Success);
    }
    if args.positions.is_empty() {
        return Err(Error::Usage(
            "bench --engine needs the positions to bench the engines on".into(),
        ));
    }
    if args.threads > 1 {
        return Err(Error::Usage(
            "-t is for nodeprof's own bench: give an engine its threads as an option (option.Threads=4)".into(),
        ));
    }
    let depth = args.depth.unwrap_or(DEFAULT_ENGINE_DEPTH);
    let (_, cases) = crate::sweep::load_cases(&args.positions, None)?;
    let mut signatures = Vec::new();
    for spec in &engines {
        let spec = EngineSpec {
            new_game: NewGame::Once,
            ..spec.clone()
        };
        crate::engine::greet(&spec, &cases, &[depth])?.1.quit();
        signatures.push(bench_engine(&spec, &cases, depth, &mut output)?);
    }
    output.finish("bench", Signatures { signatures })?;
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
    output: &mut Output,
) -> Result<Signature, Error> {
    writeln!(
        output.text(),
        "{}: depth {depth}, one new game, the table kept",
        spec.name()
    )?;
    writeln!(
        output.text(),
        "{:<32} {:>12} {:>10} {:>10}",
        "position",
        "nodes",
        "time_ms",
        "wall_ms"
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
            output.text(),
            "{:<32} {:>12} {:>10} {:>10.1}",
            case.name,
            thousands(n),
            it.time_ns
                .map_or("-".into(), |t| format!("{:.1}", t as f64 / 1e6)),
            it.wall_ns as f64 / 1e6
        )?;
        output.text().flush()?;
        output.row(&BenchLine {
            bench: spec.name().to_string(),
            positions: case.name.clone(),
            count: 1,
            variant: None,
            depth: depth.to_string(),
            nodes: n,
            time_ns: it.time_ns,
            wall_ns: Some(it.wall_ns),
        })?;
    }
    if let Some(engine) = slot {
        engine.quit();
    }
    let seconds = match timed && time_ns > 0 {
        true => time_ns,
        false => wall_ns,
    } as f64
        / 1e9;
    let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
    writeln!(output.text(), "{nodes} nodes {nps} nps")?;
    Ok(Signature {
        bench: spec.name().to_string(),
        nodes,
        nps,
    })
}
