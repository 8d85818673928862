//! Writing a whole report: the tables from `runs.csv`, then every exporter in turn.

use std::path::{Path, PathBuf};

use super::charts::Charts;
use super::export::{Exporter, ReportContext};
use super::load::load;
use super::markdown::Summary;
use super::options::ReportOptions;
use super::tables::Tables;
use super::xtabs::{XtabsCsv, XtabsText};
use crate::error::ReportError;
use crate::store::{DEFAULTS_DIR, RUNS_FILE};

/// The outputs, in the order they are written (the summary lists the charts before it).
const EXPORTERS: [&dyn Exporter; 4] = [&XtabsCsv, &XtabsText, &Charts, &Summary];

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
    Ok(ReportOutput { tables, files })
}
