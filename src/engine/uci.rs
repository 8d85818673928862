//! The UCI client, with its two dialects: UAI (Ataxx) and UGI (cutegames' generic protocol)
//! differ from UCI only in the words of the handshake and of the new game (S. Meyer-Kahlen's
//! UCI specification; kz04px/cutegames `ugi.md`; the Ataxx skeleton's UAI).

use std::time::Instant;

use super::info::{parse_counters_string, Info, Iteration, SearchResult};
use super::process::Process;
use super::spec::Protocol;
use crate::error::EngineError;

/// The dialect's word: `uci`, `uai` or `ugi` (`uciok`, `ucinewgame`, ... follow from it).
fn word(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Uai => "uai",
        Protocol::Ugi => "ugi",
        _ => "uci",
    }
}

/// What the handshake told of the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    pub name: Option<String>,
    pub author: Option<String>,
    /// The options it declared, by name.
    pub options: Vec<String>,
}

/// `uci` until `uciok` (the `id` and `option` lines read on the way), the options sent,
/// then `isready` until `readyok`. Options the engine did not declare are refused.
pub fn handshake(
    process: &mut Process,
    protocol: Protocol,
    options: &[(String, String)],
) -> Result<Identity, EngineError> {
    let w = word(protocol);
    process.send(w)?;
    let deadline = process.control_deadline();
    let mut identity = Identity::default();
    loop {
        let line = process.read_line(deadline, &format!("'{w}ok' after '{w}'"))?;
        let line = line.trim();
        if line == format!("{w}ok") {
            break;
        }
        if let Some(rest) = line.strip_prefix("id name ") {
            identity.name = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("id author ") {
            identity.author = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("option name ") {
            let name = rest.split(" type ").next().unwrap_or(rest).trim();
            identity.options.push(name.to_string());
        }
    }
    for (name, value) in options {
        if !identity
            .options
            .iter()
            .any(|o| o.eq_ignore_ascii_case(name))
        {
            return Err(EngineError::Refused {
                engine: process.name().to_string(),
                message: format!(
                    "it has no option '{name}' (its options: {})",
                    identity.options.join(", ")
                ),
            });
        }
        process.send(&format!("setoption name {name} value {value}"))?;
    }
    ready(process)?;
    Ok(identity)
}

/// `isready` until `readyok` (lines before it are what the engine still had to say).
fn ready(process: &mut Process) -> Result<(), EngineError> {
    process.send("isready")?;
    let deadline = process.control_deadline();
    while process
        .read_line(deadline, "'readyok' after 'isready'")?
        .trim()
        != "readyok"
    {}
    Ok(())
}

/// Tells the engine a new game starts (its table cleared), and waits until it is ready.
pub fn new_game(process: &mut Process, protocol: Protocol) -> Result<(), EngineError> {
    process.send(&format!("{}newgame", word(protocol)))?;
    ready(process)
}

/// How long an engine told to `stop` has to answer before it counts as hung.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// One search: `position`, then `go ...` (`go_args`: `depth 12`, `nodes 1000`, ...), read
/// until `bestmove`; each depth's last iteration line kept (bound and progress lines only
/// when nothing better came). Past `deadline` the engine is told to stop: its answer is the
/// result, marked `stopped`; without one the search is an error (the caller restarts it).
pub fn search(
    process: &mut Process,
    position: &str,
    go_args: &str,
    deadline: Instant,
) -> Result<SearchResult, EngineError> {
    let position = match position {
        "startpos" => "position startpos".to_string(),
        fen => format!("position fen {fen}"),
    };
    process.send(&position)?;
    process.send(&format!("go {go_args}"))?;
    let started = Instant::now();
    let mut result = SearchResult::default();
    // Whether each kept iteration came from a bound line (replaced by any full line).
    let mut from_bound: Vec<bool> = Vec::new();
    let mut deadline = deadline;
    let mut timed_out: Option<EngineError> = None;
    loop {
        let line = match process.read_line(deadline, "'bestmove'") {
            Ok(line) => line,
            // Past the limit: told to stop, an engine answers at once with its best move so
            // far, and its finished iterations stand. One that does not is hung.
            Err(e @ EngineError::Timeout { .. }) if timed_out.is_none() => {
                process.send("stop")?;
                deadline = Instant::now() + STOP_GRACE;
                timed_out = Some(e);
                continue;
            }
            Err(EngineError::Timeout { .. }) => {
                return Err(timed_out.expect("the first timeout was kept"))
            }
            Err(e) => return Err(e),
        };
        let wall_ns = started.elapsed().as_nanos() as u64;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("bestmove") => {
                result.best_move = words.next().filter(|m| *m != "(none)").map(str::to_string);
                result.wall_ns = wall_ns;
                result.stopped = timed_out.is_some();
                return Ok(result);
            }
            Some("info") => {
                let rest = line.trim_start().strip_prefix("info").unwrap_or("");
                let info = Info::parse(rest).map_err(|message| EngineError::Protocol {
                    engine: process.name().to_string(),
                    line: line.clone(),
                    message: format!("a bad info line: {message}"),
                })?;
                if let Some(text) = &info.string {
                    if let Some(parsed) = parse_counters_string(text) {
                        let (depth, counters) =
                            parsed.map_err(|message| EngineError::Protocol {
                                engine: process.name().to_string(),
                                line: line.clone(),
                                message,
                            })?;
                        if let Some(it) = result.iterations.iter_mut().find(|i| i.depth == depth) {
                            it.counters = Some(counters);
                        }
                    }
                }
                if !info.is_iteration() {
                    continue;
                }
                let depth = info.depth.unwrap_or(0);
                let iteration = Iteration {
                    depth,
                    seldepth: info.seldepth,
                    nodes: info.nodes,
                    time_ns: info.time_ms.map(|ms| ms * 1_000_000),
                    wall_ns,
                    score: info.score,
                    pv: info.pv,
                    hashfull: info.hashfull,
                    counters: None,
                };
                match result.iterations.iter().position(|i| i.depth == depth) {
                    None => {
                        result.iterations.push(iteration);
                        from_bound.push(info.bound);
                    }
                    Some(at) if !info.bound || from_bound[at] => {
                        // A later line of the same depth updates what it says and keeps the
                        // rest (Toga II ends an iteration with `info depth D ... nodes N`
                        // and no score or line).
                        let before = &result.iterations[at];
                        result.iterations[at] = Iteration {
                            seldepth: iteration.seldepth.or(before.seldepth),
                            nodes: iteration.nodes.or(before.nodes),
                            time_ns: iteration.time_ns.or(before.time_ns),
                            score: iteration.score.or(before.score),
                            pv: match iteration.pv.is_empty() {
                                true => before.pv.clone(),
                                false => iteration.pv,
                            },
                            hashfull: iteration.hashfull.or(before.hashfull),
                            counters: before.counters,
                            ..iteration
                        };
                        from_bound[at] = info.bound;
                    }
                    Some(_) => {}
                }
            }
            // Engines print other things (copyright lines, `readyok` late): the
            // specification asks GUIs to ignore what they do not know.
            _ => {}
        }
    }
}
