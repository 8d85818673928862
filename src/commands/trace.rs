//! `nodeprof trace`: each trace file analysed, streamed (a progress bar on a terminal), a
//! table of its searches printed, and all of them written as CSV when asked.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::outcome::Outcome;
use crate::cli::TraceArgs;
use crate::error::Error;
use crate::trace::{analyse, table, Search, Settings};

/// Read in blocks this large: a trace is read once, front to back.
const READ_BUFFER: usize = 1 << 20;

pub fn command(args: TraceArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let settings = Settings {
        game: args.game.game,
        minimal_cap: args.minimal,
    };
    let mut analysed = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let searches = analyse_file(path, settings).map_err(|e| match e {
            Failure::Io(e) => Error::Usage(format!("{name}: {e}")),
            Failure::Trace(e) => Error::Trace {
                file: name.clone(),
                line: e.line,
                message: e.message,
            },
        })?;
        if args.files.len() > 1 {
            writeln!(out, "## {name}\n")?;
        }
        writeln!(out, "{}", table::markdown(&searches))?;
        analysed.push((name, searches));
    }
    if let Some(csv) = &args.csv {
        crate::store::replace(csv, &table::csv(&analysed)?)?;
    }
    Ok(Outcome::Success)
}

enum Failure {
    Io(std::io::Error),
    Trace(crate::trace::TraceError),
}

/// One file's searches (`-`: standard input), with a progress bar of its bytes.
fn analyse_file(path: &Path, settings: Settings) -> Result<Vec<Search>, Failure> {
    let (input, size): (Box<dyn BufRead>, Option<u64>) = match path.to_str() {
        Some("-") => (
            Box::new(BufReader::with_capacity(READ_BUFFER, std::io::stdin())),
            None,
        ),
        _ => {
            let file = File::open(path).map_err(Failure::Io)?;
            let size = file.metadata().ok().map(|m| m.len());
            (Box::new(BufReader::with_capacity(READ_BUFFER, file)), size)
        }
    };
    let bar = ProgressBar::with_draw_target(size, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let searches = analyse(input, settings, |bytes| bar.set_position(bytes));
    bar.finish_and_clear();
    searches.map_err(Failure::Trace)
}
