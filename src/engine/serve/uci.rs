//! The UCI-family engine side (UCI, UAI, UGI: the client's first word chooses the
//! dialect), with UGI's `query` commands.

use std::io::{BufRead, Write};

use super::stop;
use std::time::{Duration, Instant};

use super::agent::ServedAgent;
use super::words::{engine_name, move_text, score_words, GoArgs};
use crate::engine::counters_line::counters_string;
use crate::error::SearchError;
use crate::game::GameKind;
use crate::measure::search_position;
use crate::position::AnyPosition;
use crate::search::{SearchConfig, MAX_DEPTH};
use crate::trace::TraceFile;
use crate::with_position;

/// How a `go` is limited.
#[derive(Clone, Copy, Debug, PartialEq)]
enum GoLimit {
    Depth(u32),
    Nodes(u64),
    Time(Duration),
}

/// Reads the words after `go`: `depth`, `nodes`, `movetime`, `infinite` (to the end of
/// the game: nodeprof's searches cannot be stopped midway), or a clock (`wtime`/`btime`/`winc`/`binc`, UGI's `p1time`/...; a thirtieth of
/// the time left plus the increment).
fn parse_go(words: &[&str], side_first: bool) -> Result<GoLimit, String> {
    let go = GoArgs::parse(words)?;
    let mine = usize::from(!side_first);
    // Alternatives here: infinite, then movetime, nodes, depth, whichever is given first.
    let limit = match (go.infinite, go.movetime, go.nodes, go.depth) {
        (true, ..) => Some(GoLimit::Nodes(u64::MAX)),
        (_, Some(t), ..) => Some(GoLimit::Time(t)),
        (_, _, Some(n), _) => Some(GoLimit::Nodes(n)),
        (_, _, _, Some(d)) => Some(GoLimit::Depth(d.clamp(1, MAX_DEPTH))),
        _ => None,
    };
    Ok(match (limit, go.time[mine]) {
        (Some(limit), _) => limit,
        (None, Some(left)) => GoLimit::Time(Duration::from_millis(left / 30 + go.inc[mine])),
        (None, None) => GoLimit::Nodes(u64::MAX),
    })
}

/// `position startpos|fen TEXT [moves ...]` for game `kind`: the position, and the keys
/// of the game's positions before it (for the search's draws by repetition).
fn parse_position(kind: GameKind, rest: &str) -> Result<(AnyPosition, Vec<u64>), String> {
    let (setup, moves) = match rest.split_once(" moves") {
        Some((setup, moves)) => (setup.trim(), moves.split_whitespace().collect::<Vec<_>>()),
        None => (rest.trim(), Vec::new()),
    };
    let start = match setup {
        "startpos" => AnyPosition::start(kind),
        _ => match setup.strip_prefix("fen") {
            Some(text) => AnyPosition::parse_text(kind, text.trim())?,
            None => {
                return Err(format!(
                    "expected 'startpos' or 'fen TEXT', found '{setup}'"
                ))
            }
        },
    };
    let mut keys = Vec::with_capacity(moves.len());
    let mut position = start;
    for (i, mv) in moves.iter().enumerate() {
        keys.push(with_position!(&position, p => crate::game::Game::key(p)));
        position = position
            .after_moves(&[mv])
            .map_err(|e| format!("move {}{}", i + 1, e.trim_start_matches("move 1")))?;
    }
    Ok((position, keys))
}

/// Serves until `quit` or the end of the input.
pub fn serve(
    kind: GameKind,
    config: &SearchConfig,
    as_agent: bool,
    input: impl BufRead + Send,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let config = config.for_game(kind);
    let mut agent = match as_agent {
        true => Some(ServedAgent::new(kind, &config).map_err(std::io::Error::other)?),
        false => None,
    };
    stop::serve_lines(input, stop::AtEnd::Stop, |lines| {
        answer(kind, &config, agent.as_mut(), lines, out)
    })
}

/// Answers the commands of `lines` until `quit` or the end of the input.
fn answer(
    kind: GameKind,
    config: &SearchConfig,
    mut agent: Option<&mut ServedAgent>,
    lines: &std::sync::mpsc::Receiver<stop::Line>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut position = AnyPosition::start(kind);
    let mut history: Vec<u64> = Vec::new();
    let mut trace: Option<TraceFile> = None;
    while let Some((number, line)) = stop::next_line(lines) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "uci" | "uai" | "ugi" => {
                writeln!(out, "id name {}", engine_name(config))?;
                writeln!(out, "id author the nodeprof developers")?;
                writeln!(out, "option name Trace type string default")?;
                writeln!(out, "{command}ok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" | "uainewgame" | "uginewgame" => {
                if let Some(agent) = agent.as_deref_mut() {
                    agent.new_game().map_err(std::io::Error::other)?;
                }
            }
            "setoption" => {
                if let Err(e) = set_trace(&line, config, agent.is_some(), &mut trace) {
                    writeln!(out, "info string error: {e}")?;
                }
            }
            "stop" | "ponderhit" => {}
            "position" => {
                match parse_position(kind, line.trim_start()["position".len()..].trim()) {
                    Ok((p, keys)) => (position, history) = (p, keys),
                    Err(e) => writeln!(out, "info string error: {e}")?,
                }
            }
            "go" if agent.is_some() => {
                if let Some(agent) = agent.as_deref_mut() {
                    agent.go(&position, &history, &words[1..], out)?;
                }
            }
            "go" => match parse_go(&words[1..], position.side_to_move() as usize == 0) {
                Ok(limit) => go(
                    &position,
                    &stop::stoppable(config, number),
                    (limit, number),
                    trace.as_mut(),
                    out,
                )?,
                Err(e) => {
                    writeln!(out, "info string error: {e}")?;
                    writeln!(out, "bestmove (none)")?;
                }
            },
            "query" => query(&position, words.get(1).copied().unwrap_or(""), out)?,
            "quit" => break,
            _ => writeln!(out, "info string unknown command '{command}'")?,
        }
        out.flush()?;
    }
    match trace.map(|t| t.finish()) {
        Some(Err(e)) => writeln!(out, "info string error: Trace: {e}"),
        _ => Ok(()),
    }
}

/// `setoption name Trace value FILE`: each search's trace written to FILE from now on (an
/// empty value: none). Other options are read past.
fn set_trace(
    line: &str,
    config: &SearchConfig,
    agent: bool,
    trace: &mut Option<TraceFile>,
) -> Result<(), String> {
    let Some(rest) = line.trim().strip_prefix("setoption name Trace") else {
        return Ok(());
    };
    let path = rest.trim().strip_prefix("value").unwrap_or("").trim();
    if let Some(done) = trace.take() {
        done.finish().map_err(|e| format!("Trace: {e}"))?;
    }
    if path.is_empty() {
        return Ok(());
    }
    if agent {
        return Err("Trace: an agent's searches are not traced".into());
    }
    crate::search::check_traceable(config).map_err(|e| e.to_string())?;
    let file =
        TraceFile::create(std::path::Path::new(path)).map_err(|e| format!("Trace: {path}: {e}"))?;
    *trace = Some(file);
    Ok(())
}

/// UGI's `query gameover|p1turn|result`.
fn query(position: &AnyPosition, what: &str, out: &mut impl Write) -> std::io::Result<()> {
    let over = with_position!(position, p => crate::game::Game::is_over(p));
    let answer = match what {
        "gameover" => over.to_string(),
        "p1turn" => (position.side_to_move() as usize == 0).to_string(),
        "result" if !over => "none".into(),
        "result" => {
            let margin = with_position!(position, p => crate::game::Game::final_margin(p));
            // The margin is the side to move's: the first player's is its sign flipped
            // when the second is to move.
            let first = match position.side_to_move() as usize {
                0 => margin,
                _ => -margin,
            };
            match first.signum() {
                1 => "p1win",
                -1 => "p2win",
                _ => "draw",
            }
            .into()
        }
        other => format!("unknown query '{other}'"),
    };
    writeln!(out, "response {answer}")
}

/// Runs the searches of one `go` (input line `go_line`) and reports them, until its limit or
/// a `stop`, `quit` or the end of the input. A move is always answered when there is one:
/// a search stopped or out of time before its first depth is answered by depth 1.
fn go(
    position: &AnyPosition,
    config: &SearchConfig,
    (limit, go_line): (GoLimit, u64),
    mut trace: Option<&mut TraceFile>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let started = Instant::now();
    let (max_depth, budget) = match limit {
        GoLimit::Depth(d) => (d, None),
        _ => (MAX_DEPTH, Some(limit)),
    };
    let mut nodes = 0u64;
    let mut time_ns = 0u64;
    let mut best: Option<String> = None;
    for depth in 1..=max_depth {
        let mut search = config.clone();
        if let Some(GoLimit::Time(t)) = budget {
            match t.checked_sub(started.elapsed()) {
                Some(left) if !left.is_zero() => search.time_limit = Some(left),
                _ => break,
            }
        }
        if stop::stopped(go_line) {
            break;
        }
        let report = match search_position(position, depth, &search) {
            Ok(report) => report,
            Err(SearchError::TimedOut { .. }) => break,
            Err(e) => {
                writeln!(out, "info string error: {e}")?;
                break;
            }
        };
        nodes += report.counters.nodes();
        time_ns += report.time_ns;
        let time_ms = time_ns / 1_000_000;
        writeln!(
            out,
            "info depth {depth} seldepth {} score {} nodes {nodes} nps {} time {time_ms} pv {}",
            report.seldepth,
            score_words(position, report.score),
            (nodes as f64 * 1e9 / time_ns.max(1) as f64) as u64,
            report.pv.join(" ")
        )?;
        writeln!(
            out,
            "info string {}",
            counters_string(depth, &report.counters)
        )?;
        if let Some(trace) = trace.as_deref_mut() {
            let name = format!("{position} depth {depth}");
            let untimed = SearchConfig {
                time_limit: None,
                ..search.clone()
            };
            if let Err(e) = trace.trace(&name, position, depth, &untimed) {
                writeln!(out, "info string error: {e}")?;
            }
        }
        out.flush()?;
        if report.best_move.is_some() {
            best = report.best_move;
        }
        // Without a depth, the searches go on to the last empty square at most.
        let enough = match budget {
            Some(GoLimit::Nodes(n)) => nodes >= n,
            _ => false,
        };
        if budget.is_some() && (enough || depth >= position.empties()) {
            break;
        }
    }
    if best.is_none() && !with_position!(position, p => crate::game::Game::is_over(p)) {
        let quick = SearchConfig {
            time_limit: None,
            clock: crate::search::Clock::SYSTEM,
            ..config.clone()
        };
        best = search_position(position, 1, &quick)
            .ok()
            .and_then(|r| r.best_move);
    }
    writeln!(out, "bestmove {}", move_text(best.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments_parse() {
        assert_eq!(parse_go(&["depth", "5"], true), Ok(GoLimit::Depth(5)));
        assert_eq!(parse_go(&["nodes", "900"], true), Ok(GoLimit::Nodes(900)));
        assert_eq!(
            parse_go(&["wtime", "3000", "btime", "6000", "winc", "100"], false),
            Ok(GoLimit::Time(Duration::from_millis(200)))
        );
        assert!(parse_go(&["depth"], true).is_err());
        assert!(parse_go(&["sideways", "1"], true).is_err());
    }

    #[test]
    fn ugi_queries_answer_for_the_position() {
        let config = SearchConfig::new("alphabeta".parse().unwrap());
        let input = "ugi\nisready\nposition startpos moves 1 2 1 2 1 2\nquery gameover\nquery p1turn\nquery result\nposition startpos moves 1 2 1 2 1 2 1\nquery gameover\nquery result\ngo depth 2\nquit\nisready\n";
        let mut out = Vec::new();
        serve(
            GameKind::Connect4,
            &config,
            false,
            input.as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let responses: Vec<&str> = text.lines().filter(|l| l.starts_with("response")).collect();
        // Six stones, the first player to move; then four in a row in column 1: the first
        // player has won.
        assert_eq!(
            responses,
            [
                "response false",
                "response true",
                "response none",
                "response true",
                "response p1win"
            ]
        );
        assert!(text.lines().any(|l| l == "ugiok"));
        // No move after the end of the game; nothing after `quit`.
        assert_eq!(text.lines().filter(|l| *l == "readyok").count(), 1);
        assert!(text.contains("bestmove (none)"), "{text}");
    }

    #[test]
    fn positions_parse_with_moves() {
        let (p, keys) = parse_position(GameKind::Connect4, "startpos moves 4 4 5").unwrap();
        assert_eq!(keys.len(), 3);
        assert_eq!(p.to_string(), "445");
        let (q, _) = parse_position(GameKind::Connect4, "fen 44 moves 5").unwrap();
        assert_eq!(q, p);
        assert!(parse_position(GameKind::Connect4, "startpos moves 9").is_err());
        assert!(parse_position(GameKind::Connect4, "somewhere").is_err());
    }
}
