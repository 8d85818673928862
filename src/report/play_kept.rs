//! What a play report keeps of its moves. `moves.csv` is the largest file of a play folder
//! and may be left out (the repository's examples leave it out); the report made with it
//! writes what it said into files of their own (`xtabs/agents.csv`,
//! `xtabs/nodes_per_move.csv`, `xtabs/depth_reached.csv`, and the charts in `plots/`), and a
//! report made without it reads them back, so that the summary loses nothing.

use std::path::{Path, PathBuf};

use super::export::io_error;
use super::play_sections::AGENT_COLUMNS;
use super::tables::Grid;
use super::text::render;
use crate::error::ReportError;
use crate::store::cell::{escape, unescape};

/// The Agents table's file in `xtabs/`.
const AGENTS_FILE: &str = "agents.csv";

/// The per-move charts, by name.
pub(super) const MOVE_CHARTS: [&str; 2] = ["depth_reached", "nodes_per_ply"];

/// Writes the Agents table's rows (cells as the summary shows them; names escaped where a
/// spreadsheet would read a formula) into `xtabs/agents.csv`.
pub(super) fn write_agents(xtabs: &Path, rows: &[Vec<String>]) -> Result<PathBuf, ReportError> {
    let path = xtabs.join(AGENTS_FILE);
    let mut csv = csv::Writer::from_writer(Vec::new());
    let cells = std::iter::once(AGENT_COLUMNS.map(String::from).to_vec()).chain(rows.to_vec());
    for row in cells {
        let row: Vec<String> = row.iter().map(|c| escape(c).into_owned()).collect();
        csv.write_record(&row)
            .map_err(|e| bad(&path, 0, &e.to_string()))?;
    }
    let bytes = csv
        .into_inner()
        .map_err(|e| io_error(&path, e.into_error()))?;
    crate::store::replace(&path, &bytes)?;
    Ok(path)
}

/// The Agents table's rows kept in `xtabs/agents.csv` (none where there is no such file).
pub(super) fn read_agents(xtabs: &Path) -> Result<Vec<Vec<String>>, ReportError> {
    let path = xtabs.join(AGENTS_FILE);
    let Some(mut reader) = open(&path)? else {
        return Ok(Vec::new());
    };
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| bad(&path, i + 2, &e.to_string()))?;
        if record.len() != AGENT_COLUMNS.len() {
            let why = format!("{} cells, not {}", record.len(), AGENT_COLUMNS.len());
            return Err(bad(&path, i + 2, &why));
        }
        rows.push(record.iter().map(|c| unescape(c).to_string()).collect());
    }
    Ok(rows)
}

/// The values of `xtabs/STEM.csv` (as `write_grid` wrote them) where `like` has a row and a
/// column of the same names: `like`'s shape with the kept values; `like` itself where the
/// file is not there.
pub(super) fn read_grid(xtabs: &Path, stem: &str, like: Grid) -> Result<Grid, ReportError> {
    let path = xtabs.join(format!("{stem}.csv"));
    let Some(mut reader) = open(&path)? else {
        return Ok(like);
    };
    let header = reader
        .headers()
        .map_err(|e| bad(&path, 1, &e.to_string()))?
        .clone();
    let cols: Vec<&str> = header.iter().skip(1).map(unescape).collect();
    let mut grid = like;
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| bad(&path, i + 2, &e.to_string()))?;
        let name = unescape(record.get(0).unwrap_or_default());
        let Some(r) = grid.rows.iter().position(|row| row == name) else {
            continue;
        };
        for (col, cell) in cols.iter().zip(record.iter().skip(1)) {
            if let Some(c) = grid.cols.iter().position(|c| c == col) {
                grid.cells[r][c] = cell.parse().ok();
            }
        }
    }
    Ok(grid)
}

/// The per-move charts an earlier report left in `plots/`.
pub(super) fn kept_charts(plots: &Path) -> Vec<&'static str> {
    MOVE_CHARTS
        .into_iter()
        .filter(|chart| plots.join(format!("{chart}.png")).is_file())
        .collect()
}

/// A CSV file's reader, none where it is not there.
fn open(path: &Path) -> Result<Option<csv::Reader<std::fs::File>>, ReportError> {
    match std::fs::File::open(path) {
        Ok(file) => Ok(Some(csv::Reader::from_reader(file))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_error(path, e)),
    }
}

/// A kept table that cannot be read, named with its line.
fn bad(path: &Path, line: usize, why: &str) -> ReportError {
    ReportError::Csv {
        path: path.to_path_buf(),
        message: format!("line {line}: {why}"),
    }
}

pub(super) fn write_grid(dir: &Path, stem: &str, grid: &Grid) -> Result<Vec<PathBuf>, ReportError> {
    let csv_path = dir.join(format!("{stem}.csv"));
    // Agents' names are user text: quoted as CSV needs, and never read as formulas.
    let mut csv = csv::Writer::from_writer(Vec::new());
    let header = std::iter::once(&grid.row_var).chain(&grid.cols);
    let mut rows = vec![header.map(|t| escape(t).into_owned()).collect::<Vec<_>>()];
    for (row, cells) in grid.rows.iter().zip(&grid.cells) {
        let cells = cells
            .iter()
            .map(|v| v.map_or("NA".into(), |x| format!("{x}")));
        rows.push(
            std::iter::once(escape(row).into_owned())
                .chain(cells)
                .collect(),
        );
    }
    for row in rows {
        let _ = csv.write_record(&row);
    }
    let bytes = csv
        .into_inner()
        .map_err(|e| io_error(&csv_path, e.into_error()))?;
    crate::store::replace(&csv_path, &bytes)?;
    let txt_path = dir.join(format!("{stem}.txt"));
    crate::store::replace(&txt_path, render(grid, 100).as_bytes())?;
    Ok(vec![csv_path, txt_path])
}
