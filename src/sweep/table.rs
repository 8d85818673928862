//! Reading `runs.csv` back: for reports, and for resuming a sweep (its finished cases, a
//! half-written last row dropped, an older column set brought up to date).

use std::fs::{self, File, OpenOptions};
use std::io::BufReader;
use std::path::Path;

use super::record::{self, CaseKey, Record, COLUMNS};
use crate::counters::counter_index;
use crate::error::SweepError;

/// The cases already in a `runs.csv` (none for a missing, empty or header-only file, as a
/// sweep killed before its first row leaves it), its half-written last row dropped.
pub(super) fn finished_cases(path: &Path) -> Result<Vec<CaseKey>, SweepError> {
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

/// Rewrites a `runs.csv` of an earlier column set (before repeats) with today's columns, so
/// that the rows a resumed sweep appends match its header.
pub(super) fn upgrade_columns(path: &Path) -> Result<(), SweepError> {
    let io = |source| SweepError::Io {
        path: path.display().to_string(),
        source,
    };
    let text = fs::read_to_string(path).map_err(io)?;
    if text.lines().next() == Some(COLUMNS.join(",").as_str()) {
        return Ok(());
    }
    let records = read_runs(path)?;
    let mut w = csv::Writer::from_writer(Vec::new());
    for record in &records {
        w.serialize(record).map_err(|e| SweepError::Csv {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
    }
    let bytes = w.into_inner().map_err(|e| io(e.into_error()))?;
    Ok(crate::store::replace(path, &bytes)?)
}

/// A sweep killed while writing a row can leave it half written: cut the file back to its
/// last complete line before resuming.
fn drop_partial_last_row(path: &Path) -> Result<(), SweepError> {
    let io = |source| SweepError::Io {
        path: path.display().to_string(),
        source,
    };
    let bytes = fs::read(path).map_err(io)?;
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        return Ok(());
    }
    // Only the cut row's bytes go: every complete line stays where it is.
    let keep = crate::store::complete_lines(&bytes).len();
    let file = OpenOptions::new().write(true).open(path).map_err(io)?;
    file.set_len(keep as u64).map_err(io)
}

/// Reads a `runs.csv`, with the file and line of the first bad row in the error.
pub fn read_runs(path: &Path) -> Result<Vec<Record>, SweepError> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|source| SweepError::Io {
        path: name.clone(),
        source,
    })?;
    parse_runs(BufReader::new(file), &name)
}

/// Reads a runs table from `input`, named `name` in errors (with the line of the first bad
/// row).
pub fn parse_runs(input: impl std::io::Read, name: &str) -> Result<Vec<Record>, SweepError> {
    let name = name.to_string();
    let mut reader = csv::Reader::from_reader(input);
    let headers = reader
        .headers()
        .map_err(|e| SweepError::Csv {
            path: name.clone(),
            message: e.to_string(),
        })?
        .clone();
    let found: Vec<&str> = headers.iter().collect();
    // Columns are read by name, so any order will do; columns added later may be missing.
    let missing: Vec<&str> = COLUMNS
        .iter()
        .filter(|c| !found.contains(c) && !record::LATER_COLUMNS.contains(c))
        .filter(|c| counter_index(c).is_none())
        .copied()
        .collect();
    let mut distinct = found.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let known = found.iter().all(|c| COLUMNS.contains(c)) && distinct.len() == found.len();
    if !known || !missing.is_empty() {
        let message = if found.len() <= 1 && found.iter().all(|h| h.is_empty()) {
            "the file is empty, expected the header line of a nodeprof runs table".to_string()
        } else if missing.is_empty() {
            format!(
                "unexpected columns {}, expected: {}",
                found
                    .iter()
                    .filter(|c| !COLUMNS.contains(c))
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", "),
                COLUMNS.join(",")
            )
        } else {
            format!(
                "not a nodeprof runs table: missing columns {}",
                missing.join(", ")
            )
        };
        return Err(SweepError::Csv {
            path: name,
            message: format!("1: {message}"),
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
            SweepError::Csv {
                path: name.clone(),
                message: format!("{line}: {message}"),
            }
        })?;
        records.push(record);
    }
    for r in records.iter_mut().filter(|r| r.label.is_empty()) {
        r.label = record::label_of(&r.variant, &r.name, &r.depth);
    }
    Ok(records)
}
