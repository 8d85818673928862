//! The cross-tables: `xtabs/<metric>.csv` (R's `xtabs(<metric> ~ name + test)`, NA for no
//! value) and `xtabs/<metric>.txt` (the same as R prints it), by position and by depth.

use crate::store::cell::escape;
use std::fs;
use std::path::{Path, PathBuf};

use super::export::{io_error, Exporter, ReportContext};
use super::tables::{Grid, Tables};
use super::text;
use crate::error::ReportError;

/// The grids of a report with their file stems: `<metric>`, `<metric>_by_depth` and
/// `<metric>_by_suite`.
fn grids(tables: &Tables) -> impl Iterator<Item = (String, &Grid)> {
    let by_position = tables
        .by_position
        .iter()
        .map(|(metric, grid)| (metric.column().to_string(), grid));
    let by_depth = tables
        .by_depth
        .iter()
        .map(|(metric, grid)| (format!("{}_by_depth", metric.column()), grid));
    let by_suite = tables
        .by_suite
        .iter()
        .map(|(stem, grid)| (format!("{stem}_by_suite"), grid));
    let efficiency = tables
        .efficiency
        .iter()
        .chain(&tables.scaling)
        .map(|(stem, grid)| (stem.clone(), grid));
    by_position
        .chain(by_depth)
        .chain(by_suite)
        .chain(efficiency)
}

/// `xtabs/*.csv`.
pub struct XtabsCsv;

impl Exporter for XtabsCsv {
    fn export(&self, report: &ReportContext<'_>, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let dir = dir.join("xtabs");
        fs::create_dir_all(&dir).map_err(|source| io_error(&dir, source))?;
        grids(report.tables)
            .map(|(stem, grid)| write_csv(&dir.join(format!("{stem}.csv")), grid))
            .collect()
    }
}

/// `xtabs/*.txt`.
pub struct XtabsText;

impl Exporter for XtabsText {
    fn export(&self, report: &ReportContext<'_>, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
        let dir = dir.join("xtabs");
        fs::create_dir_all(&dir).map_err(|source| io_error(&dir, source))?;
        grids(report.tables)
            .map(|(stem, grid)| {
                let path = dir.join(format!("{stem}.txt"));
                fs::write(&path, text::render(grid, report.options.width))
                    .map_err(|source| io_error(&path, source))?;
                Ok(path)
            })
            .collect()
    }
}

/// A cross-table as CSV, the first column the row labels.
fn write_csv(path: &Path, grid: &Grid) -> Result<PathBuf, ReportError> {
    let csv_error = |e: csv::Error| ReportError::Csv {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut w = csv::Writer::from_path(path).map_err(csv_error)?;
    // Positions and names are user text: a spreadsheet must not read them as formulas.
    let header: Vec<String> = std::iter::once(grid.row_var.as_str())
        .chain(grid.cols.iter().map(String::as_str))
        .map(|t| escape(t).into_owned())
        .collect();
    w.write_record(&header).map_err(csv_error)?;
    for (label, row) in grid.rows.iter().zip(&grid.cells) {
        let cells = row.iter().map(|&v| text::cell_text(v, grid.integer));
        w.write_record(std::iter::once(escape(label).into_owned()).chain(cells))
            .map_err(csv_error)?;
    }
    w.flush().map_err(|source| io_error(path, source))?;
    Ok(path.to_path_buf())
}
