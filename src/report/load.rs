//! A runs table read back for a report: the cases the filter keeps, duplicates refused, made
//! into tables.

use std::path::Path;

use super::options::Filter;
use super::tables::{self, Tables};
use crate::error::ReportError;
use crate::measure::load::MachineLoad;
use crate::store::cuts::{read_cuts, CUTS_FILE};
use crate::store::meta::META_FILE;
use crate::store::{read_runs, Record, RUNS_FILE};

/// The tables of `<dir>/runs.csv`, of the cases `filter` keeps.
pub fn load(dir: &Path, filter: &Filter) -> Result<Tables, ReportError> {
    let path = dir.join(RUNS_FILE);
    if !path.is_file() {
        return Err(ReportError::NoRuns(path.to_path_buf()));
    }
    let records = read_runs(&path)?;
    if records.is_empty() {
        return Err(ReportError::Empty(path.to_path_buf()));
    }
    let all = records.len();
    let records: Vec<Record> = records.into_iter().filter(|r| filter.keeps(r)).collect();
    if records.is_empty() {
        return Err(ReportError::Filtered {
            path: path.to_path_buf(),
            cases: all,
            filter: filter.to_string(),
        });
    }
    check_unique(&path, &records)?;
    let mut tables = tables::build(&records)?;
    let cuts = read_cuts(&dir.join(CUTS_FILE))?;
    tables.cuts = super::efficiency::finished_cuts(cuts, &tables.finished);
    tables.efficiency = super::efficiency::grids(&tables);
    tables.scaling = super::scaling::grids(&tables);
    tables.load = machine_load(dir);
    Ok(tables)
}

/// The machine's load while the sweep searched, from `dir/meta.json` (none where it is not
/// recorded: a sweep of an earlier build, a merge).
fn machine_load(dir: &Path) -> Option<MachineLoad> {
    let text = std::fs::read_to_string(dir.join(META_FILE)).ok()?;
    let meta: serde_json::Value = serde_json::from_str(&text).ok()?;
    serde_json::from_value(meta.get("load")?.clone()).ok()
}

/// Refuses a table that holds a case more than once.
pub(super) fn check_unique(path: &Path, records: &[Record]) -> Result<(), ReportError> {
    let mut seen = std::collections::HashSet::new();
    let duplicated: Vec<&Record> = records.iter().filter(|r| !seen.insert(r.key())).collect();
    match duplicated.first() {
        Some(first) => Err(ReportError::Duplicated {
            path: path.to_path_buf(),
            count: duplicated.len(),
            first: format!("{} {} depth {}", first.position, first.variant, first.depth),
        }),
        None => Ok(()),
    }
}
