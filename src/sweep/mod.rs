//! Sweeps: every position x variant x depth, each finished case appended to `runs.csv` and
//! flushed at once, so an interrupted sweep keeps every finished row and `--resume` completes
//! it without repeating any.

pub mod meta;
pub mod plan;
pub mod record;

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::error::{Error, PositionError, SweepError};
use crate::game::{Eval, GameKind};
use crate::measure::{measure, Repeat};
use crate::position::load;
use crate::search::{depth_label, Clock, SearchConfig, Variant};
pub use record::{CaseKey, Record, COLUMNS};

/// The file every sweep writes into its folder.
pub const RUNS_FILE: &str = "runs.csv";

/// Everything a sweep needs, in plain types.
#[derive(Clone, Debug)]
pub struct SweepSettings {
    pub positions: Vec<String>,
    pub game: Option<GameKind>,
    pub variants: Vec<Variant>,
    /// The depths; `None` for the default of the positions' game (see [`plan::default_depths`]).
    pub depths: Option<Vec<u32>>,
    pub eval: Eval,
    pub shuffle: Option<u64>,
    pub jobs: usize,
    pub time_limit: Option<Duration>,
    /// What time limits are checked against (tests stand in for the system's clock).
    pub clock: Clock,
    pub out_dir: PathBuf,
    pub resume: bool,
    /// Replace a `runs.csv` of another plan.
    pub force: bool,
    /// Runs of each case (the median time is recorded).
    pub repeat: Repeat,
    pub quiet: bool,
    /// The command line, for `meta.json`.
    pub command_line: Vec<String>,
}

/// What a sweep did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SweepSummary {
    /// The first failed case and its error.
    pub first_failure: Option<String>,
    pub planned: usize,
    pub skipped: usize,
    pub ok: usize,
    pub timed_out: usize,
    pub failed: usize,
    pub wall: Duration,
}

/// One case of the plan: indexes into the cases and variants, and a depth.
struct Unit {
    seq: usize,
    case: usize,
    variant: usize,
    depth: u32,
}

/// Runs the sweep. Input is checked (positions load, the folder can be written, an existing
/// `runs.csv` to resume reads) before any file is touched.
pub fn run(settings: &SweepSettings) -> Result<SweepSummary, Error> {
    let started = Instant::now();
    let cases = load(&settings.positions, settings.game)?;
    if cases.is_empty() {
        return Err(PositionError::NoPositions(settings.positions.join(" ")).into());
    }
    let mut kinds: Vec<GameKind> = cases.iter().map(|c| c.position.kind()).collect();
    kinds.dedup();
    let depths = settings
        .depths
        .clone()
        .unwrap_or_else(|| plan::default_depths(&kinds));
    let variants = match settings.variants.is_empty() {
        true => plan::default_variants(&kinds, &depths),
        false => settings.variants.clone(),
    };
    let configs: Vec<SearchConfig> = variants
        .iter()
        .map(|variant| SearchConfig {
            variant: variant.clone(),
            eval: settings.eval,
            shuffle: settings.shuffle,
            time_limit: settings.time_limit,
            clock: settings.clock,
            wld: false,
        })
        .collect();
    for config in &configs {
        crate::search::check_memory(&config.variant).map_err(|source| Error::Search {
            case: config.variant.to_string(),
            source,
        })?;
    }
    let runs_path = settings.out_dir.join(RUNS_FILE);
    let mut plan: Vec<(CaseKey, usize, usize, u32)> = Vec::new();
    for (ci, case) in cases.iter().enumerate() {
        for (vi, config) in configs.iter().enumerate() {
            for &depth in &depths {
                plan.push((record::key_of(case, config, depth), ci, vi, depth));
            }
        }
    }
    fs::create_dir_all(&settings.out_dir).map_err(|source| SweepError::Io {
        path: settings.out_dir.display().to_string(),
        source,
    })?;
    // Opened without truncating and locked before anything is read or cut: a second sweep
    // into the same folder stops here instead of mixing its rows with this one's.
    let io_error = |source| SweepError::Io {
        path: runs_path.display().to_string(),
        source,
    };
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .read(true)
        .open(&runs_path)
        .map_err(io_error)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            return Err(SweepError::Busy(runs_path.display().to_string()).into())
        }
        Err(fs::TryLockError::Error(e)) => return Err(io_error(e).into()),
    }
    let finished = finished_cases(&runs_path)?;
    let planned: HashSet<&CaseKey> = plan.iter().map(|(key, ..)| key).collect();
    let outside: Vec<&CaseKey> = finished.iter().filter(|k| !planned.contains(k)).collect();
    if !outside.is_empty() && !settings.force {
        return Err(SweepError::OtherPlan {
            path: runs_path.display().to_string(),
            difference: plan_difference(&finished, &plan),
        }
        .into());
    }
    let appending = settings.resume && !finished.is_empty() && outside.is_empty();
    let done: HashSet<CaseKey> = match appending {
        true => finished.into_iter().collect(),
        false => HashSet::new(),
    };
    let mut units = Vec::new();
    let mut skipped = 0;
    for (seq, (key, case, variant, depth)) in plan.iter().enumerate() {
        if done.contains(key) {
            skipped += 1;
        } else {
            units.push(Unit {
                seq,
                case: *case,
                variant: *variant,
                depth: *depth,
            });
        }
    }
    if !appending {
        file.set_len(0).map_err(io_error)?;
    } else {
        upgrade_columns(&runs_path)?;
    }
    let writer = Mutex::new(
        csv::WriterBuilder::new()
            .has_headers(!appending)
            .from_writer(file),
    );
    meta::write(&settings.out_dir, settings, &cases, &variants, &depths)?;

    let progress = progress_bar(units.len() as u64, settings.quiet);
    let jobs = settings.jobs.max(1) as u32;
    let write_error: Mutex<Option<Error>> = Mutex::new(None);
    let run_unit = |unit: &Unit| {
        let (case, config) = (&cases[unit.case], &configs[unit.variant]);
        progress.set_message(format!(
            "{} {} depth {}",
            case.name,
            config.variant.display_name(),
            depth_label(unit.depth)
        ));
        let result = measure(&case.position, unit.depth, config, settings.repeat);
        let record = Record::new(unit.seq as u64, case, config, unit.depth, jobs, result);
        let mut w = writer.lock().unwrap_or_else(|e| e.into_inner());
        let written = w.serialize(&record).map_err(|e| SweepError::Csv {
            path: runs_path.display().to_string(),
            message: e.to_string(),
        });
        let flushed = written.and_then(|_| {
            w.flush().map_err(|source| SweepError::Io {
                path: runs_path.display().to_string(),
                source,
            })
        });
        if let Err(e) = flushed {
            write_error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e.into());
        }
        progress.inc(1);
        match record.status.starts_with("error") {
            true => format!(
                "{} {} depth {}: {}",
                record.position, record.variant, record.depth, record.status
            ),
            false => record.status,
        }
    };
    let statuses: Vec<String> = if jobs <= 1 {
        units.iter().map(run_unit).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs as usize)
            .build()
            .map_err(|e| SweepError::Threads(e.to_string()))?;
        pool.install(|| units.par_iter().map(run_unit).collect())
    };
    progress.finish_and_clear();
    if let Some(e) = write_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let count = |pred: &dyn Fn(&str) -> bool| statuses.iter().filter(|s| pred(s)).count();
    Ok(SweepSummary {
        planned: units.len() + skipped,
        skipped,
        ok: count(&|s| s == record::STATUS_OK),
        timed_out: count(&|s| s == record::STATUS_TIMEOUT),
        failed: count(&|s| !matches!(s, record::STATUS_OK | record::STATUS_TIMEOUT)),
        first_failure: statuses
            .iter()
            .find(|s| !matches!(s.as_str(), record::STATUS_OK | record::STATUS_TIMEOUT))
            .cloned(),
        wall: started.elapsed(),
    })
}

fn progress_bar(len: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} ETA {eta} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The cases already in a `runs.csv` (none for a missing, empty or header-only file, as a
/// sweep killed before its first row leaves it), its half-written last row dropped.
fn finished_cases(path: &Path) -> Result<Vec<CaseKey>, SweepError> {
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
fn upgrade_columns(path: &Path) -> Result<(), SweepError> {
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
    fs::write(path, bytes).map_err(io)
}

/// What differs between the cases of a `runs.csv` and a plan, one dimension at a time.
fn plan_difference(finished: &[CaseKey], plan: &[(CaseKey, usize, usize, u32)]) -> String {
    fn values<'a>(
        keys: impl Iterator<Item = &'a CaseKey>,
        part: fn(&CaseKey) -> String,
    ) -> Vec<String> {
        let mut seen = Vec::new();
        for key in keys {
            let value = part(key);
            if !seen.contains(&value) {
                seen.push(value);
            }
        }
        seen
    }
    type Part = fn(&CaseKey) -> String;
    let parts: [(&str, Part); 5] = [
        ("positions", |k| format!("{}/{}", k.0, k.1)),
        ("variants", |k| k.2.clone()),
        ("evaluations", |k| k.3.clone()),
        ("depths", |k| k.4.clone()),
        ("shuffle seeds", |k| {
            k.5.map_or("none".into(), |s| s.to_string())
        }),
    ];
    let show = |list: &[String]| {
        let shown: Vec<&str> = list.iter().take(6).map(String::as_str).collect();
        match list.len() > 6 {
            true => format!("{} ... ({} in all)", shown.join(", "), list.len()),
            false => shown.join(", "),
        }
    };
    for (name, part) in parts {
        let there = values(finished.iter(), part);
        let here = values(plan.iter().map(|(k, ..)| k), part);
        let mut sorted_there = there.clone();
        let mut sorted_here = here.clone();
        sorted_there.sort();
        sorted_here.sort();
        if sorted_there != sorted_here {
            return format!("{name} {} there, {} here", show(&there), show(&here));
        }
    }
    format!("{} cases there, {} here", finished.len(), plan.len())
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
    let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
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
    let mut reader = csv::Reader::from_reader(BufReader::new(file));
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

#[cfg(test)]
mod tests;
