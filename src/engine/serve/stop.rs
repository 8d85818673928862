//! Stopping a served search midway: the protocol's input is read on its own thread while a
//! search runs, and a `stop`, a `quit` or the end of the input stops the search within a few
//! thousand nodes, through the search's own deadline check: the search is given a clock
//! ([`stoppable_clock`]) that jumps past every deadline once the search is asked to stop.
//! The search code is unchanged, and so are its counts.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use crate::search::{Clock, SearchConfig};

/// Whether searches are stoppable: the state below is the process's, so only the process
/// that serves one protocol on its standard input (`nodeprof engine`) turns it on; served in
/// process (tests, several at once), searches run to their limits.
static ENABLED: AtomicBool = AtomicBool::new(false);

/// Makes the searches of this process's `go`s stoppable (see `ENABLED`).
pub fn enable() {
    ENABLED.store(true, Ordering::Release);
}

/// The input line number of the latest `stop`, `quit` or end of input (0: none yet).
static STOP_LINE: AtomicU64 = AtomicU64::new(0);
/// The input line number of the `go` being searched.
static GO_LINE: AtomicU64 = AtomicU64::new(0);

/// How far the clock jumps once stopped, and the deadline a search without one is given:
/// ten years, past any real deadline.
const FAR: Duration = Duration::from_secs(10 * 365 * 24 * 3600);

/// The time, or ten years on once the search of the current `go` was asked to stop.
fn stoppable_clock() -> Instant {
    let now = Instant::now();
    match STOP_LINE.load(Ordering::Acquire) > GO_LINE.load(Ordering::Acquire) {
        true => now + FAR * 2,
        false => now,
    }
}

/// One line of input and its number (1-based); `None` at the end of the input.
pub type Line = (u64, Option<String>);

/// Whether the end of the input stops the search under way: for the protocols of a
/// conversation (UCI, NBoard) it does, for a batch of lines (Pons' solver: a file piped in)
/// the lines read before it are all answered.
#[derive(Clone, Copy, PartialEq)]
pub enum AtEnd {
    Stop,
    Finish,
}

/// Serves `input` with `answer`, which takes its lines from the reader thread
/// ([`read_input`]) until it returns.
pub fn serve_lines<T>(
    input: impl BufRead + Send,
    at_end: AtEnd,
    answer: impl FnOnce(&Receiver<Line>) -> T,
) -> T {
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || read_input(input, sender, at_end));
        let answered = answer(&lines);
        // The reader may still wait for a line: it ends at the next one or the input's end,
        // and its sends fail once `lines` is gone.
        drop(lines);
        answered
    })
}

/// Reads `input` on this thread into `lines` until `quit` or its end; `stop`, `quit` and
/// (under [`AtEnd::Stop`]) the end mark the searches before them stopped. Bytes that are not
/// UTF-8 are replaced, not fatal; a line is cut at 64 KiB.
pub fn read_input(mut input: impl BufRead, lines: Sender<Line>, at_end: AtEnd) {
    let mut number = 0;
    loop {
        number += 1;
        let mut bytes = Vec::new();
        let read = std::io::Read::take(&mut input, 64 << 10).read_until(b'\n', &mut bytes);
        if !bytes.ends_with(b"\n") {
            // The rest of an overlong line is dropped.
            let mut rest = Vec::new();
            let _ = input.read_until(b'\n', &mut rest);
        }
        let line = match read {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(String::from_utf8_lossy(&bytes).trim_end().to_string()),
        };
        let command = line.as_deref().and_then(|l| l.split_whitespace().next());
        let last = line.is_none() || command == Some("quit");
        let stops = match line {
            None => at_end == AtEnd::Stop,
            Some(_) => matches!(command, Some("quit" | "stop")),
        };
        if stops {
            STOP_LINE.fetch_max(number, Ordering::AcqRel);
        }
        if lines.send((number, line)).is_err() || last {
            break;
        }
    }
}

/// The next line from the reader; `None` at the end of the input.
pub fn next_line(lines: &Receiver<Line>) -> Option<(u64, String)> {
    match lines.recv() {
        Ok((number, Some(line))) => Some((number, line)),
        _ => None,
    }
}

/// `config` for the search of the `go` on input line `go_line`: stopped by a later `stop`,
/// `quit` or end of input. A search without a time limit gets a far one, so that the search
/// looks at its clock.
pub fn stoppable(config: &SearchConfig, go_line: u64) -> SearchConfig {
    if !ENABLED.load(Ordering::Acquire) {
        return config.clone();
    }
    GO_LINE.store(go_line, Ordering::Release);
    SearchConfig {
        time_limit: Some(config.time_limit.unwrap_or(FAR)),
        clock: Clock(stoppable_clock),
        ..config.clone()
    }
}

/// Whether the search of the `go` on line `go_line` was asked to stop.
pub fn stopped(go_line: u64) -> bool {
    ENABLED.load(Ordering::Acquire) && STOP_LINE.load(Ordering::Acquire) > go_line
}
