//! `runs.csv` read back: for reports, merges and compares, and for resuming a sweep (its
//! finished cases, a half-written last row dropped).

use std::fs::{self, File, OpenOptions};
use std::io::BufReader;
use std::path::Path;
use std::path::PathBuf;

use super::record::{CaseKey, Record, Status, ADDED_COLUMNS, COLUMNS};
use crate::error::StoreError;

/// The file every sweep writes into its folder.
pub const RUNS_FILE: &str = "runs.csv";

/// The cases already in a `runs.csv` (none for a missing, empty or header-only file, as a
/// sweep killed before its first row leaves it), its half-written last row dropped.
pub fn finished_cases(path: &Path) -> Result<Vec<CaseKey>, StoreError> {
    let empty = || fs::metadata(path).map_or(true, |m| m.len() == 0);
    if empty() {
        return Ok(Vec::new());
    }
    drop_partial_last_row(path)?;
    if empty() {
        return Ok(Vec::new());
    }
    Ok(read_runs(path)?.iter().map(Record::key).collect())
}

/// A sweep killed while writing a row can leave it half written: cut the file back to its
/// last complete line before resuming.
fn drop_partial_last_row(path: &Path) -> Result<(), StoreError> {
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = fs::read(path).map_err(io)?;
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        return Ok(());
    }
    // Only the cut row's bytes go: every complete line stays where it is.
    let keep = super::folder::complete_lines(&bytes).len();
    let file = OpenOptions::new().write(true).open(path).map_err(io)?;
    file.set_len(keep as u64).map_err(io)
}

/// Reads a `runs.csv`, with the file and line of the first bad row in the error.
pub fn read_runs(path: &Path) -> Result<Vec<Record>, StoreError> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_runs(BufReader::new(file), &name)
}

/// Reads a runs table from `input`, named `name` in errors (with the line of the first bad
/// row).
pub fn parse_runs(input: impl std::io::Read, name: &str) -> Result<Vec<Record>, StoreError> {
    let name = name.to_string();
    let mut reader = csv::Reader::from_reader(input);
    let headers = reader
        .headers()
        .map_err(|e| StoreError::Csv {
            path: PathBuf::from(&name),
            line: Some(1),
            message: e.to_string(),
        })?
        .clone();
    let found: Vec<&str> = headers.iter().collect();
    // Columns are read by name, so any order will do; every one must be there, once (those
    // an earlier build did not write may be missing: see `ADDED_COLUMNS`).
    let missing: Vec<&str> = COLUMNS
        .iter()
        .filter(|c| !found.contains(c) && !ADDED_COLUMNS.contains(c))
        .copied()
        .collect();
    let unknown: Vec<&str> = found
        .iter()
        .filter(|c| !COLUMNS.contains(c))
        .copied()
        .collect();
    let mut distinct = found.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let mut problems = Vec::new();
    if !missing.is_empty() {
        problems.push(format!("missing columns {}", missing.join(", ")));
    }
    if !unknown.is_empty() {
        problems.push(format!("unknown columns {}", unknown.join(", ")));
    }
    if distinct.len() < found.len() {
        problems.push("a column appears twice".to_string());
    }
    if !problems.is_empty() {
        let message = match found.len() <= 1 && found.iter().all(|h| h.is_empty()) {
            true => "the file is empty, expected the header line of a nodeprof runs table".into(),
            false => format!(
                "not a runs table of this nodeprof ({}); expected: {} (a table of an earlier build: run its sweep again)",
                problems.join("; "),
                COLUMNS.join(",")
            ),
        };
        return Err(StoreError::Csv {
            path: PathBuf::from(name),
            line: Some(1),
            message,
        });
    }
    let mut records = Vec::new();
    for row in reader.deserialize::<Record>() {
        let record = row.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            let message = match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => match err.field() {
                    Some(i) => format!(
                        "column {}: {}",
                        headers.get(i as usize).unwrap_or("?"),
                        err.kind()
                    ),
                    None => err.kind().to_string(),
                },
                _ => e.to_string(),
            };
            StoreError::Csv {
                path: PathBuf::from(&name),
                line: Some(line),
                message,
            }
        })?;
        records.push(record);
    }
    Ok(records)
}

/// Drops the rows that ended in an error and that `retry` accepts, so that a resumed sweep
/// runs those cases again (an engine that crashed may not crash twice); the table is replaced
/// whole. Returns the keys dropped.
pub fn drop_failed(
    path: &Path,
    retry: impl Fn(&CaseKey) -> bool,
) -> Result<Vec<CaseKey>, StoreError> {
    if fs::metadata(path).map_or(true, |m| m.len() == 0) {
        return Ok(Vec::new());
    }
    let rows = read_runs(path)?;
    let (failed, kept): (Vec<Record>, Vec<Record>) = rows
        .into_iter()
        .partition(|r| matches!(r.status, Status::Error(_)) && retry(&r.key()));
    if !failed.is_empty() {
        write_runs(path, &kept)?;
    }
    Ok(failed.iter().map(Record::key).collect())
}

/// Replaces the table at `path` with the header and `rows`, whole (see [`super::folder::replace`]).
pub fn write_runs(path: &Path, rows: &[Record]) -> Result<(), StoreError> {
    let csv_error = |e: csv::Error| StoreError::Csv {
        path: path.to_path_buf(),
        line: None,
        message: e.to_string(),
    };
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(COLUMNS).map_err(csv_error)?;
    for row in rows {
        w.serialize(row).map_err(csv_error)?;
    }
    let bytes = w.into_inner().map_err(|e| StoreError::Io {
        path: path.to_path_buf(),
        source: e.into_error(),
    })?;
    super::folder::replace(path, &bytes)
}

/// Rewrites a table whose header is not today's (an earlier build's, without the added
/// columns) whole in today's columns, so that rows appended to it line up.
fn in_todays_columns(path: &Path) -> Result<(), StoreError> {
    let Ok(file) = File::open(path) else {
        return Ok(());
    };
    let mut first = String::new();
    std::io::BufRead::read_line(&mut BufReader::new(file), &mut first).map_err(|source| {
        StoreError::Io {
            path: path.to_path_buf(),
            source,
        }
    })?;
    match first.is_empty() || first.trim_end() == COLUMNS.join(",") {
        true => Ok(()),
        false => write_runs(path, &read_runs(path)?),
    }
}

/// A `runs.csv` open for appending: each row is written and flushed at once, so that a kill
/// loses no finished case.
pub struct RunsAppender {
    path: PathBuf,
    writer: csv::Writer<File>,
}

impl RunsAppender {
    /// Opens `path` to append rows (creating it); `header`: write the header first (a new
    /// table, not a resumed one). A resumed table of an earlier build is first rewritten
    /// whole in today's columns.
    pub fn open(path: &Path, header: bool) -> Result<RunsAppender, StoreError> {
        let io = |source| StoreError::Io {
            path: path.to_path_buf(),
            source,
        };
        if !header {
            in_todays_columns(path)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(file);
        if header {
            writer
                .write_record(COLUMNS)
                .and_then(|()| writer.flush().map_err(csv::Error::from))
                .map_err(|e| StoreError::Csv {
                    path: path.to_path_buf(),
                    line: None,
                    message: e.to_string(),
                })?;
        }
        Ok(RunsAppender {
            path: path.to_path_buf(),
            writer,
        })
    }

    /// Appends `row` and flushes it to the file.
    pub fn append(&mut self, row: &Record) -> Result<(), StoreError> {
        self.writer.serialize(row).map_err(|e| StoreError::Csv {
            path: self.path.to_path_buf(),
            line: None,
            message: e.to_string(),
        })?;
        self.writer.flush().map_err(|source| StoreError::Io {
            path: self.path.to_path_buf(),
            source,
        })
    }
}
