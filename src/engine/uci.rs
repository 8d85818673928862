//! The UCI client, with its two dialects: UAI (Ataxx) and UGI (cutegames' generic protocol)
//! differ from UCI only in the words of the handshake, the new game and the clocks (S.
//! Meyer-Kahlen's UCI specification; kz04px/cutegames `ugi.md`; the Ataxx skeleton's UAI).

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use super::counters_line::parse_counters_line;
use super::info::{Info, Iteration, SearchResult, MAX_NODES};
use super::process::{Process, MAX_WARNINGS};
use super::protocol::{to_a_depth, Definition, Dialogue, Identity, MoveRequest};
use crate::error::EngineError;
use crate::game::GameKind;
use crate::position::AnyPosition;
use crate::search::{MoveLimits, SearchConfig};

/// Chess engines (and nodeprof's games through `nodeprof engine`).
pub static UCI: Definition = Definition {
    name: "uci",
    game: None,
    open: || Box::new(Uci::dialect("uci")),
    ..FAMILY
};

/// Ataxx engines: UCI with `uai`/`uaiok`/`uainewgame`.
pub static UAI: Definition = Definition {
    name: "uai",
    game: Some(GameKind::Ataxx),
    open: || Box::new(Uci::dialect("uai")),
    ..FAMILY
};

/// cutegames' generic protocol: UCI with `ugi`/`ugiok`/`uginewgame`, `p1time`/`p2time`.
pub static UGI: Definition = Definition {
    name: "ugi",
    game: None,
    open: || Box::new(Uci::dialect("ugi")),
    ..FAMILY
};

/// What the dialects share.
const FAMILY: Definition = Definition {
    name: "uci",
    game: None,
    reports_iterations: true,
    reports_searches: true,
    solves_only: false,
    positions_by_moves: false,
    open: || Box::new(Uci::dialect("uci")),
    serve: Some(serve),
};

/// nodeprof's side of the family (the client's first word chooses the dialect).
fn serve(
    kind: GameKind,
    config: &SearchConfig,
    as_agent: bool,
    input: &mut (dyn BufRead + Send),
    mut out: &mut dyn Write,
) -> std::io::Result<()> {
    super::serve::serve_uci(kind, config, as_agent, input, &mut out)
}

/// One engine's UCI-family conversation: the dialect's word (`uci`, `uai` or `ugi`;
/// `uciok`, `ucinewgame`, ... follow from it).
pub struct Uci {
    word: &'static str,
}

impl Uci {
    fn dialect(word: &'static str) -> Uci {
        Uci { word }
    }
}

impl Dialogue for Uci {
    fn handshake(
        &mut self,
        process: &mut Process,
        options: &[(String, String)],
    ) -> Result<Identity, EngineError> {
        handshake(process, self.word, options)
    }

    fn new_game(&mut self, process: &mut Process) -> Result<(), EngineError> {
        process.send(&format!("{}newgame", self.word))?;
        ready(process)
    }

    fn search(
        &mut self,
        process: &mut Process,
        position: &AnyPosition,
        depth: u32,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        to_a_depth(process, self.word, depth)?;
        search(
            process,
            &position.to_string(),
            &format!("depth {depth}"),
            deadline,
        )
    }

    /// The game so far as `position fen START moves ...`, and a `go` with the limits and
    /// clocks.
    fn play(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        let mut position = request.start.to_string();
        if !request.moves.is_empty() {
            position = format!("{position} moves {}", request.moves.join(" "));
        }
        let mut go = self.go_arguments(request.limits, request.clocks);
        if let (Some(n), Some(_)) = (request.moves_to_go, request.clocks) {
            go.push_str(&format!(" movestogo {n}"));
        }
        search(process, &position, &go, deadline)
    }

    fn check_limits(&self, engine: &str, limits: &MoveLimits) -> Result<(), String> {
        match limits.is_empty() {
            true => Err(format!(
                "engine {engine} needs a limit: depth=N, nodes=N, movetime=T or clock=T[+I] (after @, or --depth, --nodes, --movetime, --clock, -each)"
            )),
            false => Ok(()),
        }
    }
}

impl Uci {
    /// `go`'s arguments for `limits` (UCI's `wtime`/`btime` are the first and second sides',
    /// UGI's `p1time`/`p2time`).
    fn go_arguments(&self, limits: &MoveLimits, clocks: Option<[Duration; 2]>) -> String {
        let mut words = Vec::new();
        if let Some(d) = limits.depth {
            words.push(format!("depth {d}"));
        }
        if let Some(n) = limits.nodes {
            words.push(format!("nodes {n}"));
        }
        if let Some(t) = limits.movetime {
            words.push(format!("movetime {}", t.as_millis().max(1)));
        }
        if let (Some(tc), Some(clocks)) = (limits.clock, clocks) {
            let names = match self.word {
                "ugi" => ["p1time", "p2time", "p1inc", "p2inc"],
                _ => ["wtime", "btime", "winc", "binc"],
            };
            let inc = tc.increment.as_millis();
            words.push(format!(
                "{} {} {} {} {} {inc} {} {inc}",
                names[0],
                clocks[0].as_millis(),
                names[1],
                clocks[1].as_millis(),
                names[2],
                names[3]
            ));
        }
        words.join(" ")
    }
}

/// `uci` until `uciok` (the `id` and `option` lines read on the way), the options sent,
/// then `isready` until `readyok`. Options the engine did not declare are refused.
fn handshake(
    process: &mut Process,
    w: &str,
    options: &[(String, String)],
) -> Result<Identity, EngineError> {
    process.send(w)?;
    let deadline = process.control_deadline();
    let mut identity = Identity::default();
    let mut declared: Vec<String> = Vec::new();
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
            declared.push(name.to_string());
        }
    }
    for (name, value) in options {
        if !declared.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            return Err(EngineError::Refused {
                engine: process.name().to_string(),
                message: format!(
                    "it has no option '{name}' (its options: {})",
                    declared.join(", ")
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

/// How long an engine told to `stop` has to answer before it counts as hung.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Takes an `info` line into the search's result: nodeprof's counters into their
/// iteration, and an iteration line kept as its depth's (`from_bound`: whether each kept
/// iteration came from a bound line, which any full line replaces); why the line is bad.
fn take_info(
    result: &mut SearchResult,
    from_bound: &mut Vec<bool>,
    line: &str,
    wall_ns: u64,
) -> Result<(), String> {
    let rest = line.trim_start().strip_prefix("info").unwrap_or("");
    let info = Info::parse(rest).map_err(|message| format!("a bad info line: {message}"))?;
    let counters = info
        .string
        .as_deref()
        .and_then(|text| parse_counters_line(text, MAX_NODES));
    if let Some(line) = counters {
        // Kept with a bound: an engine may send a bad line every iteration.
        let room = MAX_WARNINGS.saturating_sub(result.warnings.len());
        result.warnings.extend(line.warnings.into_iter().take(room));
        let found = line
            .depth
            .and_then(|depth| result.iterations.iter_mut().find(|i| i.depth == depth));
        match found {
            Some(it) => it.counters = Some(line.reported),
            None if result.warnings.len() < MAX_WARNINGS => result.warnings.push(format!(
                "counters for depth {} before its iteration's info line: dropped",
                line.depth.map_or("?".into(), |d| d.to_string())
            )),
            None => {}
        }
    }
    if !info.is_iteration() {
        return Ok(());
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
            // A later line of the same depth updates what it says and keeps the rest
            // (Toga II ends an iteration with `info depth D ... nodes N` and no score or
            // line).
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
                counters: before.counters.clone(),
                ..iteration
            };
            from_bound[at] = info.bound;
        }
        Some(_) => {}
    }
    Ok(())
}

/// One search: `position`, then `go ...` (`go_args`: `depth 12`, `nodes 1000`, ...), read
/// until `bestmove`; each depth's last iteration line kept (bound and progress lines only
/// when nothing better came). Past `deadline` the engine is told to stop: its answer is the
/// result, marked `stopped`; without one the search is an error (the caller restarts it).
fn search(
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
            // Hung after the stop: the first timeout says how long it was given.
            Err(e @ EngineError::Timeout { .. }) => return Err(timed_out.unwrap_or(e)),
            Err(e) => return Err(e),
        };
        let wall_ns = started.elapsed().as_nanos() as u64;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("bestmove") => {
                result.best_move = words.next().filter(|m| *m != "(none)").map(str::to_string);
                result.wall_ns = wall_ns;
                result.stopped = timed_out.is_some();
                for warning in &result.warnings {
                    process.warn_once(warning);
                }
                return Ok(result);
            }
            Some("info") => {
                let engine = process.name().to_string();
                take_info(&mut result, &mut from_bound, &line, wall_ns).map_err(|message| {
                    EngineError::Protocol {
                        engine,
                        line: line.clone(),
                        message,
                    }
                })?;
            }
            // Engines print other things (copyright lines, `readyok` late): the
            // specification asks GUIs to ignore what they do not know.
            _ => {}
        }
    }
}
