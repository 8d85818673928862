//! `cuts.csv`: where each case's beta cut-offs happened, one tidy row per remaining depth and
//! position of the cutting move (1, 2, 3, `4+`) that counted any. Written beside `runs.csv`,
//! each case's rows before its runs row, so that a case in `runs.csv` has all of its rows.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::folder::{complete_lines, replace};
use super::record::CaseKey;
use crate::error::StoreError;

/// The file every sweep writes beside `runs.csv`.
pub const CUTS_FILE: &str = "cuts.csv";

/// One cell of a case's cut-off histogram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutRow {
    #[serde(with = "super::cell")]
    pub suite: String,
    #[serde(with = "super::cell")]
    pub position: String,
    #[serde(with = "super::cell")]
    pub variant: String,
    pub eval: String,
    pub depth: String,
    pub shuffle_seed: Option<u64>,
    /// The threads searched with (a table of an earlier build has no such column: one).
    #[serde(default = "super::record::one_thread")]
    pub threads: u32,
    /// Plies from the node to the horizon (empties when solving; 127 and more as 127).
    pub remaining: u32,
    /// Which move tried cut the node off: `1`, `2`, `3` or `4+`.
    pub cut_move: String,
    pub cuts: u64,
}

const HEADER: &str =
    "suite,position,variant,eval,depth,shuffle_seed,threads,remaining,cut_move,cuts\n";

impl CutRow {
    /// The rows of a case's histogram cells (remaining depth, position from 1, cut-offs).
    pub fn of_case(key: &CaseKey, cells: impl Iterator<Item = (u32, u32, u64)>) -> Vec<CutRow> {
        cells
            .map(|(remaining, position, cuts)| CutRow {
                suite: key.suite.clone(),
                position: key.position.clone(),
                variant: key.variant.clone(),
                eval: key.eval.clone(),
                depth: key.depth.clone(),
                shuffle_seed: key.shuffle_seed,
                threads: key.threads,
                remaining,
                cut_move: match position {
                    1..=3 => position.to_string(),
                    _ => "4+".into(),
                },
                cuts,
            })
            .collect()
    }

    pub fn key(&self) -> CaseKey {
        CaseKey {
            suite: self.suite.clone(),
            position: self.position.clone(),
            variant: self.variant.clone(),
            eval: self.eval.clone(),
            depth: self.depth.clone(),
            shuffle_seed: self.shuffle_seed,
            threads: self.threads,
        }
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn csv_error(path: &Path, line: Option<u64>, e: impl ToString) -> StoreError {
    StoreError::Csv {
        path: path.to_path_buf(),
        line,
        message: e.to_string(),
    }
}

/// Reads a `cuts.csv` (none for a missing file), a row cut by a kill dropped.
pub fn read_cuts(path: &Path) -> Result<Vec<CutRow>, StoreError> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(path)(e)),
    };
    let mut reader = csv::Reader::from_reader(complete_lines(&bytes));
    let mut rows = Vec::new();
    for row in reader.deserialize::<CutRow>() {
        let line = |e: &csv::Error| e.position().map(|p| p.line());
        rows.push(row.map_err(|e| csv_error(path, line(&e), e))?);
    }
    Ok(rows)
}

/// Refuses a run folder `dir` whose `rows` (its finished cases) counted beta cut-offs when
/// its `cuts.csv` is missing: a report, a merge or a resumed sweep would go on without their
/// cut-off tables and give other cut rates. A folder of a build from before `cuts.csv`, or
/// whose searches cut nothing, passes.
pub fn check_present(dir: &Path, rows: &[super::Record]) -> Result<(), StoreError> {
    let path = dir.join(CUTS_FILE);
    if path.exists() {
        return Ok(());
    }
    let beta_cut = crate::counters::counter_index("beta_cut");
    let cut: Vec<&super::Record> = rows
        .iter()
        .filter(|r| r.status.is_ok() && beta_cut.and_then(|i| r.counter(i)).unwrap_or(0) > 0)
        .collect();
    match cut.first() {
        None => Ok(()),
        Some(first) => Err(StoreError::MissingCuts {
            path,
            cases: cut.len(),
            first: format!("{} {} depth {}", first.position, first.name, first.depth),
        }),
    }
}

/// Writes `rows` as a whole `cuts.csv` (replacing what was there).
pub fn write_cuts(path: &Path, rows: &[CutRow]) -> Result<(), StoreError> {
    replace(path, &to_bytes(path, rows)?)
}

/// Keeps only the rows of cases `keep` accepts (a resumed sweep's finished cases), the file
/// replaced whole; a missing file becomes an empty table.
pub fn keep_cuts(path: &Path, keep: impl Fn(&CaseKey) -> bool) -> Result<(), StoreError> {
    let rows: Vec<CutRow> = read_cuts(path)?
        .into_iter()
        .filter(|r| keep(&r.key()))
        .collect();
    replace(path, &to_bytes(path, &rows)?)
}

fn to_bytes(path: &Path, rows: &[CutRow]) -> Result<Vec<u8>, StoreError> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(HEADER.as_bytes().to_vec());
    for row in rows {
        w.serialize(row).map_err(|e| csv_error(path, None, e))?;
    }
    w.into_inner().map_err(|e| csv_error(path, None, e.error()))
}

/// A `cuts.csv` open for appending each case's rows, flushed at once.
pub struct CutsAppender {
    path: PathBuf,
    file: fs::File,
}

impl CutsAppender {
    /// Opens `path` (created with its header if missing or empty; a table of an earlier
    /// build rewritten whole in today's columns first).
    pub fn open(path: &Path) -> Result<CutsAppender, StoreError> {
        let old = fs::read(path).is_ok_and(|b| !b.is_empty() && !b.starts_with(HEADER.as_bytes()));
        if old {
            keep_cuts(path, |_| true)?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io(path))?;
        if file.metadata().map_err(io(path))?.len() == 0 {
            file.write_all(HEADER.as_bytes()).map_err(io(path))?;
        }
        Ok(CutsAppender {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Appends a case's rows (all in one write) and flushes them.
    pub fn append(&mut self, rows: &[CutRow]) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        let bytes = to_bytes(&self.path, rows)?;
        self.file
            .write_all(&bytes[HEADER.len()..])
            .and_then(|()| self.file.flush())
            .map_err(io(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_append_read_back_and_a_resume_keeps_only_finished_cases() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(CUTS_FILE);
        let key = |position: &str| CaseKey {
            suite: "s".into(),
            position: position.into(),
            variant: "alphabeta".into(),
            eval: "material".into(),
            depth: "3".into(),
            shuffle_seed: None,
            threads: 1,
        };
        let a = CutRow::of_case(&key("a"), [(1, 1, 10), (1, 4, 2), (2, 2, 3)].into_iter());
        let b = CutRow::of_case(&key("b"), [(0, 3, 1)].into_iter());
        assert_eq!(a[1].cut_move, "4+");
        let mut out = CutsAppender::open(&path).unwrap();
        out.append(&a).unwrap();
        out.append(&b).unwrap();
        drop(out);
        // A kill in the middle of a row.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"s,c,alphabeta,mat").unwrap();
        drop(file);
        let read = read_cuts(&path).unwrap();
        assert_eq!(read, [a.clone(), b.clone()].concat());
        keep_cuts(&path, |k| k.position == "a").unwrap();
        assert_eq!(read_cuts(&path).unwrap(), a);
        let mut out = CutsAppender::open(&path).unwrap();
        out.append(&b).unwrap();
        assert_eq!(read_cuts(&path).unwrap(), [a, b].concat());
    }
}
