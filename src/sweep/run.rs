//! Running a sweep: the plan (cases x variants x depths) checked against an existing
//! `runs.csv`, the cases run in parallel, each row appended and flushed as it finishes.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::sync::Mutex;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::error::{Error, PositionError, SweepError};
use crate::game::GameKind;
use crate::measure::measure;
use crate::position::load;
use crate::search::{depth_label, SearchConfig};

use super::meta;
use super::plan;
use super::record::{self, CaseKey, Record};
use super::settings::{SweepSettings, SweepSummary, RUNS_FILE};
use super::shard;
use super::table::{finished_cases, upgrade_columns};

/// One case of the plan: its place, an index into the cases, the configuration it is
/// searched with (the evaluation adapted to the position's game), the depth, and its key in
/// `runs.csv`.
struct Unit {
    seq: usize,
    case: usize,
    config: SearchConfig,
    depth: u32,
    key: CaseKey,
}

/// Runs the sweep. Input is checked (positions load, the folder can be written, an existing
/// `runs.csv` to resume reads) before any file is touched.
pub fn run(settings: &SweepSettings) -> Result<SweepSummary, Error> {
    let started = Instant::now();
    let cases = load(&settings.positions, settings.game)?;
    if cases.is_empty() {
        return Err(PositionError::NoPositions(settings.positions.join(" ")).into());
    }
    let mut kinds: Vec<GameKind> = Vec::new();
    for case in &cases {
        if !kinds.contains(&case.position.kind()) {
            kinds.push(case.position.kind());
        }
    }
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
    let mut planned: Vec<Unit> = Vec::new();
    for (ci, case) in cases.iter().enumerate() {
        for config in &configs {
            let config = config.for_game(case.position.kind());
            for &depth in &depths {
                planned.push(Unit {
                    seq: planned.len(),
                    case: ci,
                    key: record::key_of(case, &config, depth),
                    config: config.clone(),
                    depth,
                });
            }
        }
    }
    let sharding = match settings.shard {
        Some(spec) => Some(shard_plan(settings, spec, &planned)?),
        None => match settings.signature {
            Some(_) => {
                check_signature(settings)?;
                None
            }
            None => None,
        },
    };
    if let Some(s) = &sharding {
        planned.retain(|u| shard::shard_of(&u.key, s.shard.count) == s.shard.index);
    }
    let planned_keys: Vec<CaseKey> = planned.iter().map(|u| u.key.clone()).collect();
    // The folder's lock is taken before anything in it is read or cut: a second sweep, play
    // or merge into the same folder stops here instead of mixing its rows with this one's.
    let _guard = crate::store::lock(&settings.out_dir)?;
    let io_error = |source| SweepError::Io {
        path: runs_path.display().to_string(),
        source,
    };
    let finished = finished_cases(&runs_path)?;
    let in_plan: HashSet<&CaseKey> = planned_keys.iter().collect();
    let outside: Vec<&CaseKey> = finished.iter().filter(|k| !in_plan.contains(k)).collect();
    if !outside.is_empty() && !settings.force {
        return Err(SweepError::OtherPlan {
            path: runs_path.display().to_string(),
            difference: plan_difference(&finished, &planned_keys),
        }
        .into());
    }
    let appending = settings.resume && !finished.is_empty() && outside.is_empty();
    let done: HashSet<CaseKey> = match appending {
        true => finished.into_iter().collect(),
        false => HashSet::new(),
    };
    let total = planned.len();
    let units: Vec<Unit> = planned
        .into_iter()
        .filter(|u| !done.contains(&u.key))
        .collect();
    let skipped = total - units.len();
    if !appending {
        crate::store::replace(&runs_path, b"")?;
    } else {
        upgrade_columns(&runs_path)?;
    }
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&runs_path)
        .map_err(io_error)?;
    let writer = Mutex::new(
        csv::WriterBuilder::new()
            .has_headers(!appending)
            .from_writer(file),
    );
    if let Some(s) = &sharding {
        write_plan(&settings.out_dir, &s.plan)?;
    }
    meta::write(
        &settings.out_dir,
        settings,
        &cases,
        &variants,
        &depths,
        sharding.as_ref().map(|s| s.meta.clone()),
    )?;

    let progress = progress_bar(units.len() as u64, settings.quiet);
    let jobs = settings.jobs.max(1) as u32;
    let write_error: Mutex<Option<Error>> = Mutex::new(None);
    let run_unit = |unit: &Unit| {
        let (case, config) = (&cases[unit.case], &unit.config);
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

/// A shard's part of the plan: which shard, the whole plan (each case with its shard) for
/// `plan.csv`, and what `meta.json` records.
struct Sharding {
    shard: shard::Shard,
    plan: Vec<(u32, CaseKey)>,
    meta: meta::Sharding,
}

/// The bench's total, checked against `--signature` when given.
fn check_signature(settings: &SweepSettings) -> Result<u64, Error> {
    let got = super::bench::run(settings.bench_shuffle)?.nodes;
    match settings.signature {
        Some(expected) if expected != got => Err(SweepError::Signature { expected, got }.into()),
        _ => Ok(got),
    }
}

fn shard_plan(
    settings: &SweepSettings,
    spec: shard::ShardSpec,
    planned: &[Unit],
) -> Result<Sharding, Error> {
    let shard = spec
        .resolve(|name| std::env::var(name).ok())
        .map_err(SweepError::Shard)?;
    let signature = check_signature(settings)?;
    let plan: Vec<(u32, CaseKey)> = planned
        .iter()
        .map(|u| (shard::shard_of(&u.key, shard.count), u.key.clone()))
        .collect();
    let keys: Vec<CaseKey> = plan.iter().map(|(_, k)| k.clone()).collect();
    Ok(Sharding {
        shard,
        meta: meta::Sharding {
            shard: shard.to_string(),
            plan_fingerprint: shard::plan_fingerprint(&keys),
            plan_cases: plan.len(),
            shard_cases: plan.iter().filter(|(s, _)| *s == shard.index).count(),
            signature,
        },
        plan,
    })
}

/// `plan.csv`: every case of the whole plan with its shard, so that a merge can name the
/// cases a missing shard should have run.
pub const PLAN_FILE: &str = "plan.csv";

fn write_plan(dir: &std::path::Path, plan: &[(u32, CaseKey)]) -> Result<(), SweepError> {
    write_cases(&dir.join(PLAN_FILE), plan, None)
}

/// The cases of a plan, each with its shard (`plan.csv`), and with `hosts` (shard number to
/// host) the host that ran it too (a merge's `hosts.csv`).
pub(super) fn write_cases(
    path: &std::path::Path,
    plan: &[(u32, CaseKey)],
    hosts: Option<&dyn Fn(u32) -> String>,
) -> Result<(), SweepError> {
    let error = |e: csv::Error| SweepError::Csv {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "shard",
        "suite",
        "position",
        "variant",
        "eval",
        "depth",
        "shuffle_seed",
    ];
    if hosts.is_some() {
        header.push("host");
    }
    w.write_record(&header).map_err(error)?;
    for (shard, k) in plan {
        let seed = k.5.map_or(String::new(), |s| s.to_string());
        let mut row = vec![
            shard.to_string(),
            k.0.clone(),
            k.1.clone(),
            k.2.clone(),
            k.3.clone(),
            k.4.clone(),
            seed,
        ];
        if let Some(host) = hosts {
            row.push(host(*shard));
        }
        w.write_record(&row).map_err(error)?;
    }
    let bytes = w.into_inner().map_err(|e| SweepError::Io {
        path: path.display().to_string(),
        source: e.into_error(),
    })?;
    Ok(crate::store::replace(path, &bytes)?)
}

/// What differs between the cases of a `runs.csv` and a plan, one dimension at a time.
fn plan_difference(finished: &[CaseKey], plan: &[CaseKey]) -> String {
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
    // Every dimension that differs is named (the variants as their canonical specs).
    let mut differences = Vec::new();
    for (name, part) in parts {
        let there = values(finished.iter(), part);
        let here = values(plan.iter(), part);
        let mut sorted_there = there.clone();
        let mut sorted_here = here.clone();
        sorted_there.sort();
        sorted_here.sort();
        if sorted_there != sorted_here {
            differences.push(format!(
                "{name} {} there, {} here",
                show(&there),
                show(&here)
            ));
        }
    }
    match differences.is_empty() {
        true => format!("{} cases there, {} here", finished.len(), plan.len()),
        false => differences.join("; "),
    }
}
