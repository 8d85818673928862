//! Writing a whole report: the tables from `runs.csv`, then every exporter in turn.

use std::path::{Path, PathBuf};

use super::charts::Charts;
use super::export::{io_error, Exporter, ReportContext};
use super::html::Html;
use super::load::load;
use super::markdown::Summary;
use super::options::ReportOptions;
use super::tables::Tables;
use super::xtabs::{XtabsCsv, XtabsText};
use crate::error::ReportError;
use crate::store::{DEFAULTS_DIR, RUNS_FILE};

/// The outputs, in the order they are written (the summary lists the charts before it, the
/// page shows the summary).
const EXPORTERS: [&dyn Exporter; 5] = [&XtabsCsv, &XtabsText, &Charts, &Summary, &Html];

/// What a report wrote.
pub struct ReportOutput {
    pub tables: Tables,
    pub files: Vec<PathBuf>,
}

/// Reads `<dir>/runs.csv` and writes the whole report into `dir` (or `options.out`).
/// Everything is computed before the first file is written, so bad input leaves the folder
/// as it was.
pub fn run(dir: &Path, options: &ReportOptions) -> Result<ReportOutput, ReportError> {
    let tables = load(dir, &options.filter)?;
    let defaults = match dir.join(DEFAULTS_DIR).join(RUNS_FILE).is_file() {
        true => Some(load(&dir.join(DEFAULTS_DIR), &options.filter)?),
        false => None,
    };
    // A baseline absent from the runs (exact sweeps have no negamax) falls back to the
    // first variant.
    let options = &ReportOptions {
        baseline: match tables.names.contains(&options.baseline) {
            true => options.baseline.clone(),
            false => tables.names.first().cloned().unwrap_or_default(),
        },
        ..options.clone()
    };
    let out = options.out.as_deref().unwrap_or(dir);
    let mut files = Vec::new();
    for exporter in EXPORTERS {
        let report = ReportContext {
            tables: &tables,
            options,
            defaults: defaults.as_ref(),
            written: &files,
        };
        let written = exporter.export(&report, out)?;
        files.extend(written);
    }
    remove_stale(out, &files)?;
    Ok(ReportOutput { tables, files })
}

/// The folders a report writes its tables and charts into, and the kinds of file it writes.
const REPORT_FOLDERS: [&str; 2] = ["xtabs", "plots"];
const REPORT_EXTENSIONS: [&str; 4] = ["csv", "txt", "svg", "png"];

/// Removes the tables and charts an earlier report left in `dir`'s `xtabs/` and `plots/` that
/// this one did not write (a metric no longer in the runs, a chart without data now), so
/// that the folder shows only what its data say. Only plain files of the report's kinds go.
pub(super) fn remove_stale(dir: &Path, written: &[PathBuf]) -> Result<(), ReportError> {
    for folder in REPORT_FOLDERS.map(|f| dir.join(f)) {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let ours = path
                .extension()
                .is_some_and(|e| REPORT_EXTENSIONS.iter().any(|x| e == *x));
            let plain = entry.file_type().is_ok_and(|t| t.is_file());
            let kept = written
                .iter()
                .any(|w| w.parent() == Some(&folder) && w.file_name() == path.file_name());
            if ours && plain && !kept {
                std::fs::remove_file(&path).map_err(|source| io_error(&path, source))?;
            }
        }
    }
    Ok(())
}
