//! The report's outputs behind one trait, as hyperfine's exporters are: each turns the tables
//! into its files. Adding an output format is a file with an [`Exporter`] and a line in
//! `write.rs`.

use std::path::{Path, PathBuf};

use super::options::ReportOptions;
use super::tables::Tables;
use crate::error::ReportError;

/// What every exporter draws on.
pub struct ReportContext<'a> {
    pub tables: &'a Tables,
    /// The options, the baseline resolved to a variant of the tables.
    pub options: &'a ReportOptions,
    /// The same sweep with nodeprof's defaults, when a profile sweep made one.
    pub defaults: Option<&'a Tables>,
    /// The files the exporters before this one wrote.
    pub written: &'a [PathBuf],
}

/// One output of a report.
pub trait Exporter {
    /// Writes its files into `dir`; returns them.
    fn export(&self, report: &ReportContext<'_>, dir: &Path) -> Result<Vec<PathBuf>, ReportError>;
}

pub(super) fn io_error(path: &Path, source: std::io::Error) -> ReportError {
    ReportError::Io {
        path: path.to_path_buf(),
        source,
    }
}
