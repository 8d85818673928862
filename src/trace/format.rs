//! The search trace's format, version 1 (docs/probe.md): a text file of lines, read one at a
//! time. The first line is `nodeprof-trace 1`; then header lines (`key value`) that describe
//! the searches after them, and node records: `( MOVE ALPHA BETA DEPTH` where a node is
//! entered and `) VALUE FLAGS...` where it is left, nested as the search nests them.

use std::io::BufRead;

/// The first line's word, and the version this reader reads.
pub const MAGIC: &str = "nodeprof-trace";
pub const VERSION: u32 = 1;

/// A window bound beyond any value (`inf`): far past any score a search returns, and safe to
/// negate.
pub const INFINITE: i64 = 1 << 60;
/// The largest finite value or bound a trace may carry.
pub const MAX_VALUE: i64 = 1 << 40;

/// A node's remaining depth: plies, or to the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    Plies(u32),
    End,
}

/// A node's entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enter<'a> {
    /// The move that led to the node (`-` at the root).
    pub mv: &'a str,
    pub alpha: i64,
    pub beta: i64,
    pub depth: Depth,
}

/// A node's exit: its value and what it did before its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exit {
    pub value: i64,
    /// The move (1 for the first tried) whose value reached beta and ended the loop.
    pub cut: Option<u32>,
    /// Table probes and hits made by the node (ETC's probes of its children included).
    pub probes: u64,
    pub hits: u64,
    /// A table entry ended the node.
    pub table_cut: bool,
    /// A node without children that is not a leaf (settled by a rule other than its
    /// evaluation or the table: a stability bound, a threat).
    pub interior: bool,
}

/// One line of a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record<'a> {
    Header { key: &'a str, value: &'a str },
    Enter(Enter<'a>),
    Exit(Exit),
}

/// Reads a trace line by line, counting lines and bytes.
pub struct Reader<R> {
    input: R,
    buffer: String,
    /// The line last read (1 for the first).
    pub line: u64,
    /// Bytes read so far.
    pub bytes: u64,
}

impl<R: BufRead> Reader<R> {
    /// A reader whose first line must be the magic word and a version this reader knows.
    pub fn new(input: R) -> Result<Reader<R>, TraceError> {
        let mut reader = Reader {
            input,
            buffer: String::new(),
            line: 0,
            bytes: 0,
        };
        if !reader.advance()? {
            reader.line = 1;
            return Err(reader.error("an empty file, not a trace (it begins `nodeprof-trace 1`)"));
        }
        let mut words = reader.buffer.split_whitespace();
        let version = match (words.next(), words.next(), words.next()) {
            (Some(MAGIC), Some(v), None) => v.parse::<u32>().ok(),
            _ => {
                let first = reader
                    .buffer
                    .trim_end()
                    .chars()
                    .take(40)
                    .collect::<String>();
                return Err(reader.error(&format!(
                    "'{first}' is not a trace's first line (`{MAGIC} {VERSION}`)"
                )));
            }
        };
        if version != Some(VERSION) {
            return Err(reader.error(&format!(
                "a trace of a version this nodeprof does not read (it reads {VERSION})"
            )));
        }
        Ok(reader)
    }

    /// An error at the line last read.
    pub fn error(&self, message: &str) -> TraceError {
        TraceError::at(self.line, message)
    }

    fn advance(&mut self) -> Result<bool, TraceError> {
        self.buffer.clear();
        let read = self
            .input
            .read_line(&mut self.buffer)
            .map_err(|e| TraceError::at(self.line + 1, &format!("cannot be read: {e}")))?;
        if read > 0 {
            self.line += 1;
            self.bytes += read as u64;
        }
        Ok(read > 0)
    }

    /// The next record and its line (`None` at the end of the file); blank lines and `#`
    /// comments are skipped.
    pub fn next_record(&mut self) -> Result<Option<(u64, Record<'_>)>, TraceError> {
        loop {
            if !self.advance()? {
                return Ok(None);
            }
            let text = self.buffer.trim();
            if !text.is_empty() && !text.starts_with('#') {
                break;
            }
        }
        let line = self.line;
        parse_record(self.buffer.trim())
            .map(|record| Some((line, record)))
            .map_err(|m| TraceError::at(line, &m))
    }
}

/// One non-blank line's record.
pub fn parse_record(text: &str) -> Result<Record<'_>, String> {
    let mut words = text.split_ascii_whitespace();
    let first = words.next().unwrap_or_default();
    match first {
        "(" => {
            let mv = words.next().ok_or("a node's entry without its move")?;
            let alpha = bound(words.next(), "alpha")?;
            let beta = bound(words.next(), "beta")?;
            let depth = match words.next() {
                Some("end") => Depth::End,
                Some(d) => Depth::Plies(
                    d.parse()
                        .map_err(|_| format!("depth '{d}' is not a number of plies or 'end'"))?,
                ),
                None => return Err("a node's entry without its depth".into()),
            };
            if let Some(extra) = words.next() {
                return Err(format!("'{extra}' after a node's entry's four fields"));
            }
            Ok(Record::Enter(Enter {
                mv,
                alpha,
                beta,
                depth,
            }))
        }
        ")" => {
            let mut exit = Exit {
                value: bound(words.next(), "value")?,
                ..Exit::default()
            };
            for flag in words {
                read_flag(&mut exit, flag)?;
            }
            Ok(Record::Exit(exit))
        }
        key if key.starts_with(|c: char| c.is_ascii_alphabetic()) => {
            let value = text[key.len()..].trim();
            Ok(Record::Header { key, value })
        }
        other => Err(format!(
            "'{}' begins no record: `(` enters a node, `)` leaves one, a word begins a header",
            other.chars().take(20).collect::<String>()
        )),
    }
}

fn read_flag(exit: &mut Exit, flag: &str) -> Result<(), String> {
    let (letter, number) = flag.split_at(1.min(flag.len()));
    let count = || -> Result<u64, String> {
        number
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= MAX_VALUE as u64)
            .ok_or_else(|| format!("flag '{flag}' without its count"))
    };
    match letter {
        "c" => {
            let index = count()?;
            if index == 0 || index > u32::MAX as u64 {
                return Err(format!("cut-off by move '{number}': moves count from 1"));
            }
            exit.cut = Some(index as u32);
        }
        "p" => exit.probes = count()?,
        "h" => exit.hits = count()?,
        "t" if number.is_empty() => exit.table_cut = true,
        "i" if number.is_empty() => exit.interior = true,
        _ => {
            return Err(format!(
                "unknown flag '{flag}' (c<move>, p<probes>, h<hits>, t, i)"
            ))
        }
    }
    Ok(())
}

/// A value or window bound: an integer within ±2^40, or `inf` / `-inf`.
fn bound(word: Option<&str>, what: &str) -> Result<i64, String> {
    let word = word.ok_or_else(|| format!("{what} missing"))?;
    match word {
        "inf" | "+inf" => Ok(INFINITE),
        "-inf" => Ok(-INFINITE),
        _ => word
            .parse::<i64>()
            .ok()
            .filter(|v| v.abs() <= MAX_VALUE)
            .ok_or_else(|| format!("{what} '{word}' is not an integer within ±2^40, inf or -inf")),
    }
}

/// A trace that cannot be read: the line where it goes wrong and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TraceError {
    pub line: u64,
    pub message: String,
}

impl TraceError {
    pub fn at(line: u64, message: &str) -> TraceError {
        TraceError {
            line,
            message: message.to_string(),
        }
    }
}
