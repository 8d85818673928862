//! `nodeprof engine`: nodeprof's searches behind an engine protocol on standard input and
//! output; and the engines the other commands are given (`--engine`, `--engines`).

use std::io::Write;

use crate::cli::{EngineArgs, EngineServeArgs};
use crate::engine::EngineSpec;
use crate::error::Error;
use crate::search::SearchConfig;

use super::outcome::Outcome;

pub fn command(args: EngineServeArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let kind = args
        .game
        .game
        .unwrap_or_else(|| args.protocol.default_game());
    if let Some(own) = args.protocol.game().filter(|&own| own != kind) {
        return Err(Error::Usage(format!(
            "--protocol {} is {}'s protocol, not {}'s",
            args.protocol.name(),
            own.title(),
            kind.title()
        )));
    }
    let config = SearchConfig {
        eval: args.eval.eval.unwrap_or_else(|| kind.default_eval()),
        ..SearchConfig::new(args.variant)
    };
    crate::search::check_memory(&config.variant).map_err(|source| Error::Search {
        case: config.variant.to_string(),
        source,
    })?;
    let stdin = std::io::stdin();
    if args.as_agent && !args.protocol.reports_iterations() {
        return Err(Error::Usage(format!(
            "--as-agent is for uci, uai and ugi, not {}",
            args.protocol.name()
        )));
    }
    // This process serves one protocol: a `stop`, `quit` or the end of its input stops a search.
    crate::engine::serve::enable_stop();
    let mut input = std::io::BufReader::new(stdin);
    args.protocol
        .serve(kind, &config, args.as_agent, &mut input, out)?;
    Ok(Outcome::Success)
}

/// The engines named on the command line: each `--engine`, or, without one, every engine of
/// the `--engines` file. Names must differ.
pub fn engines(args: &EngineArgs) -> Result<Vec<EngineSpec>, Error> {
    let file = match &args.engines_file {
        Some(path) => Some(EngineSpec::parse_file(path)?),
        None => None,
    };
    let mut engines = Vec::new();
    for words in &args.engines {
        engines.push(EngineSpec::parse(words, file.as_deref())?);
    }
    if engines.is_empty() {
        engines = file.unwrap_or_default();
    }
    for (i, engine) in engines.iter().enumerate() {
        if engines[..i].iter().any(|e| e.name() == engine.name()) {
            return Err(Error::Usage(format!(
                "two engines are named '{}': give each its own name=",
                engine.name()
            )));
        }
    }
    Ok(engines)
}
