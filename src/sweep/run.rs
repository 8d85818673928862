//! Running a sweep: the plan (cases x variants x depths) checked against an existing
//! `runs.csv`, the cases run in parallel, each row appended and flushed as it finishes.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::error::{Error, PositionError, StoreError, SweepError};
use crate::game::GameKind;
use crate::measure::{bench, measure};
use crate::position::load;
use crate::search::{depth_label, SearchConfig};
use crate::store::plan::{plan_difference, write_cases, PLAN_FILE};
use crate::store::runs::RunsAppender;
use crate::store::{finished_cases, keep_finished, shard, CaseKey, Status, RUNS_FILE};

use super::meta;
use super::plan;
use super::row::{key_of, row};
use super::settings::{SweepSettings, SweepSummary};

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
            eval: settings.eval,
            shuffle: settings.shuffle,
            time_limit: settings.time_limit,
            clock: settings.clock,
            ..SearchConfig::new(variant.clone())
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
                    key: key_of(case, &config, depth),
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
                bench::signature(settings.signature, settings.bench_shuffle)?;
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
    let finished = finished_cases(&runs_path)?;
    let in_plan: HashSet<&CaseKey> = planned_keys.iter().collect();
    let appending = keep_finished(
        &finished,
        |k| in_plan.contains(k),
        settings.resume,
        settings.force,
    )
    .map_err(|_| StoreError::OtherPlan {
        path: runs_path.to_path_buf(),
        difference: plan_difference(&finished, &planned_keys),
    })?;
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
    }
    let writer = Mutex::new(RunsAppender::open(&runs_path, !appending)?);
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
        let record = row(unit.seq as u64, case, config, unit.depth, jobs, result);
        let flushed = writer
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .append(&record);
        if let Err(e) = flushed {
            write_error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e.into());
        }
        progress.inc(1);
        match &record.status {
            Status::Error(_) => Err(format!(
                "{} {} depth {}: {}",
                record.position, record.variant, record.depth, record.status
            )),
            status => Ok(status.clone()),
        }
    };
    let statuses: Vec<Result<Status, String>> = if jobs <= 1 {
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
    let count = |status: Status| {
        statuses
            .iter()
            .filter(|s| s.as_ref() == Ok(&status))
            .count()
    };
    let failures: Vec<&String> = statuses.iter().filter_map(|s| s.as_ref().err()).collect();
    Ok(SweepSummary {
        planned: units.len() + skipped,
        skipped,
        ok: count(Status::Ok),
        timed_out: count(Status::Timeout),
        failed: failures.len(),
        first_failure: failures.first().map(|f| f.to_string()),
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
    meta: crate::store::Sharding,
}

fn shard_plan(
    settings: &SweepSettings,
    spec: shard::ShardSpec,
    planned: &[Unit],
) -> Result<Sharding, Error> {
    let shard = spec
        .resolve(|name| std::env::var(name).ok())
        .map_err(StoreError::Shard)?;
    let signature = bench::signature(settings.signature, settings.bench_shuffle)?;
    let plan: Vec<(u32, CaseKey)> = planned
        .iter()
        .map(|u| (shard::shard_of(&u.key, shard.count), u.key.clone()))
        .collect();
    let keys: Vec<CaseKey> = plan.iter().map(|(_, k)| k.clone()).collect();
    Ok(Sharding {
        shard,
        meta: crate::store::Sharding {
            shard,
            plan_fingerprint: shard::plan_fingerprint(&keys),
            plan_cases: plan.len(),
            shard_cases: plan.iter().filter(|(s, _)| *s == shard.index).count(),
            signature,
        },
        plan,
    })
}

fn write_plan(dir: &std::path::Path, plan: &[(u32, CaseKey)]) -> Result<(), StoreError> {
    write_cases(&dir.join(PLAN_FILE), plan, None)
}
