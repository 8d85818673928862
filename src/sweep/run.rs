//! Running a sweep: the plan (cases x variants x depths) checked against an existing
//! `runs.csv`, the cases run in parallel, each row appended and flushed as it finishes.

use std::collections::HashSet;
use std::time::Instant;

use crate::engine::{EngineCase, EngineMeta, EngineSpec, Pool};
use crate::error::{Error, PositionError, StoreError};
use crate::game::GameKind;
use crate::measure::bench;
use crate::measure::load::{own_and_children_cpu_ns, LoadProbe};
use crate::position::{load, Case};
use crate::search::{SearchConfig, Variant};
use crate::store::cuts::{check_present, keep_cuts, CutsAppender, CUTS_FILE};
use crate::store::plan::{plan_difference, write_cases, PLAN_FILE};
use crate::store::runs::{drop_failed, RunsAppender};
use crate::store::{finished_cases, keep_finished, read_runs, shard, CaseKey, Status, RUNS_FILE};

use super::execute::{Files, Planned, Producer, Runner, Unit};
use super::meta;
use super::plan;
use super::row::{engine_key, key_of};
use super::settings::{SweepSettings, SweepSummary};

/// The positions of a sweep (or a search): as nodeprof's searches take them (`cases`), and as
/// engines are given them (`engine_cases`: the same, in order).
pub fn load_cases(
    positions: &[String],
    game: Option<GameKind>,
) -> Result<(Vec<Case>, Vec<EngineCase>), Error> {
    let cases = load(positions, game)?;
    let engine_cases: Vec<EngineCase> = cases.iter().map(EngineCase::from).collect();
    if engine_cases.is_empty() {
        return Err(PositionError::NoPositions(positions.join(" ")).into());
    }
    Ok((cases, engine_cases))
}

/// Runs the sweep. Input is checked (positions load, the folder can be written, an existing
/// `runs.csv` to resume reads, engines start) before any file is touched.
pub fn run(settings: &SweepSettings) -> Result<SweepSummary, Error> {
    let started = Instant::now();
    let mut planned = plan_of(settings)?;
    let sharding = shard_units(settings, &mut planned.units)?;
    // Every engine is greeted once (and its plan checked) before any file is touched. The
    // sweep's --time-limit bounds an engine's searches too.
    let engines = time_limited(settings);
    let (engine_metas, pool) = greet_all(&engines, &planned)?;
    // The folder's lock is taken before anything in it is read or cut: a second sweep, play
    // or merge into the same folder stops here instead of mixing its rows with this one's.
    let _guard = crate::store::lock(&settings.out_dir)?;
    let resumed = resume_point(settings, &planned.units, &engine_metas)?;
    let files = open_files(settings, &resumed)?;
    if let Some(s) = &sharding {
        write_plan(&settings.out_dir, &s.plan)?;
    }
    meta::write(
        &settings.out_dir,
        settings,
        &planned.engine_cases,
        &planned.variants,
        &engine_metas,
        &planned.depths,
        sharding.as_ref().map(|s| s.meta.clone()),
    )?;
    let skipped = planned.units.len() - resumed.todo.len();
    let units: Vec<Unit> = std::mem::take(&mut planned.units)
        .into_iter()
        .filter(|u| resumed.todo.contains(&u.seq))
        .collect();
    let runner = Runner::new(settings, &planned, &engine_metas, files, units.len());
    let (probe, cpu) = (LoadProbe::start(), own_and_children_cpu_ns());
    let statuses = runner.run_all(&units, &engines, &pool);
    pool.close();
    let load = probe.finish(own_and_children_cpu_ns().saturating_sub(cpu));
    let recorded = meta::record_load(&settings.out_dir, &load);
    let statuses = statuses?;
    recorded?;
    Ok(summary(&statuses, units.len(), skipped, started))
}

/// The plan: the positions loaded, the depths and variants (the game's defaults where none
/// are given), each variant's configuration checked, and the units in order (the searches',
/// then each engine's).
pub(super) fn plan_of(settings: &SweepSettings) -> Result<Planned, Error> {
    let (cases, engine_cases) = load_cases(&settings.positions, settings.game)?;
    let mut kinds: Vec<GameKind> = Vec::new();
    for case in &cases {
        if !kinds.contains(&case.position.kind()) {
            kinds.push(case.position.kind());
        }
    }
    let depths = settings
        .depths
        .clone()
        .unwrap_or_else(|| match kinds.is_empty() {
            true => plan::ENGINE_DEPTHS.collect(),
            false => plan::default_depths(&kinds),
        });
    let variants = match (settings.variants.is_empty(), settings.engines.is_empty()) {
        (true, true) => plan::default_variants(&kinds, &depths),
        _ => settings.variants.clone(),
    };
    let configs = configs_of(settings, &variants)?;
    let mut planned = Planned {
        cases,
        engine_cases,
        depths,
        variants,
        units: Vec::new(),
    };
    planned.units = units_of(settings, &planned, &configs);
    Ok(planned)
}

/// Each variant's search configuration (the sweep's evaluation, shuffle and limits), its
/// memory checked; an engine named like a variant is refused.
fn configs_of(settings: &SweepSettings, variants: &[Variant]) -> Result<Vec<SearchConfig>, Error> {
    for engine in &settings.engines {
        if variants.iter().any(|v| v.to_string() == engine.name()) {
            return Err(Error::Usage(format!(
                "the engine name '{}' is also a variant of the sweep: give the engine another name=",
                engine.name()
            )));
        }
    }
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
        let check = |threads: u32| {
            crate::search::check_memory(&config.variant)
                .and_then(|()| crate::search::check_threads(&config.variant, threads))
        };
        for &threads in &settings.threads {
            check(threads).map_err(|source| Error::Search {
                case: config.variant.to_string(),
                source,
            })?;
        }
    }
    Ok(configs)
}

/// Every unit of the plan: position x variant x depth, then engine x position x depth.
fn units_of(settings: &SweepSettings, planned: &Planned, configs: &[SearchConfig]) -> Vec<Unit> {
    let mut units: Vec<Unit> = Vec::new();
    for (ci, case) in planned.cases.iter().enumerate() {
        for config in configs {
            for &threads in &settings.threads {
                let config = SearchConfig {
                    threads,
                    ..config.for_game(case.position.kind())
                };
                for &depth in &planned.depths {
                    units.push(Unit {
                        seq: units.len(),
                        case: ci,
                        key: key_of(case, &config, depth),
                        producer: Producer::Search(Box::new(config.clone())),
                        depth,
                    });
                }
            }
        }
    }
    for (ei, engine) in settings.engines.iter().enumerate() {
        for (ci, case) in planned.engine_cases.iter().enumerate() {
            for &depth in &planned.depths {
                units.push(Unit {
                    seq: units.len(),
                    case: ci,
                    key: engine_key(case, engine, depth),
                    producer: Producer::Engine(ei),
                    depth,
                });
            }
        }
    }
    units
}

/// With `--shard`, keeps this shard's units (the build's bench signature checked first);
/// with `--signature` alone, checks the signature.
fn shard_units(settings: &SweepSettings, units: &mut Vec<Unit>) -> Result<Option<Sharding>, Error> {
    let Some(spec) = settings.shard else {
        if settings.signature.is_some() {
            bench::signature(settings.signature, settings.bench_shuffle)?;
        }
        return Ok(None);
    };
    let sharding = shard_plan(settings, spec, units)?;
    units.retain(|u| shard::shard_of(&u.key, sharding.shard.count) == sharding.shard.index);
    Ok(Some(sharding))
}

/// Greets every engine (its plan checked): what each said of itself, and the engines kept
/// for the plan's searches (a sweep that stops before quits them on drop).
fn greet_all(engines: &[EngineSpec], planned: &Planned) -> Result<(Vec<EngineMeta>, Pool), Error> {
    let pool = Pool::default();
    let mut metas = Vec::new();
    for spec in engines {
        let (meta, engine) = crate::engine::greet(spec, &planned.engine_cases, &planned.depths)?;
        metas.push(meta);
        pool.give_back(engine);
    }
    Ok((metas, pool))
}

/// Where a sweep starts: the units still to run (by `seq`), whether rows are appended to an
/// existing `runs.csv`, and the finished cases kept.
struct Resumed {
    todo: HashSet<usize>,
    appending: bool,
    done: HashSet<CaseKey>,
}

/// Reads an existing `runs.csv`: with `--resume`, its finished cases of this plan are kept
/// (its failed ones tried again); rows of another plan stop the sweep unless `--force`.
fn resume_point(
    settings: &SweepSettings,
    units: &[Unit],
    engine_metas: &[EngineMeta],
) -> Result<Resumed, Error> {
    let runs_path = settings.out_dir.join(RUNS_FILE);
    let planned_keys: Vec<CaseKey> = units.iter().map(|u| u.key.clone()).collect();
    let finished = finished_cases(&runs_path)?;
    refuse_other_rows(settings, engine_metas, !finished.is_empty())?;
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
    let mut done: HashSet<CaseKey> = match appending {
        true => finished.into_iter().collect(),
        false => HashSet::new(),
    };
    if appending {
        check_present(&settings.out_dir, &read_runs(&runs_path)?)?;
        // Cases that ended in an error are tried again (the engine may have been mended).
        for key in drop_failed(&runs_path, |k| in_plan.contains(k))? {
            done.remove(&key);
        }
    }
    let todo = units
        .iter()
        .filter(|u| !done.contains(&u.key))
        .map(|u| u.seq)
        .collect();
    Ok(Resumed {
        todo,
        appending,
        done,
    })
}

/// `runs.csv` and `cuts.csv` opened for appending: emptied for a new sweep; on resuming, the
/// cut rows of unfinished cases dropped (a case's cut rows go before its runs row).
fn open_files(settings: &SweepSettings, resumed: &Resumed) -> Result<Files, Error> {
    let runs_path = settings.out_dir.join(RUNS_FILE);
    let cuts_path = settings.out_dir.join(CUTS_FILE);
    if !resumed.appending {
        crate::store::replace(&runs_path, b"")?;
        crate::store::replace(&cuts_path, b"")?;
    } else {
        keep_cuts(&cuts_path, |k| resumed.done.contains(k))?;
    }
    Ok((
        RunsAppender::open(&runs_path, !resumed.appending)?,
        CutsAppender::open(&cuts_path)?,
    ))
}

/// What the sweep did, from each run unit's status (an error with its case).
fn summary(
    statuses: &[Result<Status, String>],
    run: usize,
    skipped: usize,
    started: Instant,
) -> SweepSummary {
    let count = |status: Status| {
        statuses
            .iter()
            .filter(|s| s.as_ref() == Ok(&status))
            .count()
    };
    let failures: Vec<&String> = statuses.iter().filter_map(|s| s.as_ref().err()).collect();
    SweepSummary {
        planned: run + skipped,
        skipped,
        ok: count(Status::Ok),
        timed_out: count(Status::Timeout),
        failed: failures.len(),
        first_failure: failures.first().map(|f| f.to_string()),
        wall: started.elapsed(),
    }
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

/// The sweep's engines, each search bounded by the sweep's `--time-limit` too.
fn time_limited(settings: &SweepSettings) -> Vec<EngineSpec> {
    let bound = |spec: &EngineSpec| {
        settings
            .time_limit
            .map_or(spec.timeout, |t| t.min(spec.timeout))
    };
    settings
        .engines
        .iter()
        .map(|spec| EngineSpec {
            timeout: bound(spec),
            ..spec.clone()
        })
        .collect()
}

/// Without `--force`, refuses a folder of another kind of run (a match's games), and rows
/// (`has_rows`) made with another `--minimal` or other engine programs: another plan's.
fn refuse_other_rows(
    settings: &SweepSettings,
    engines: &[EngineMeta],
    has_rows: bool,
) -> Result<(), Error> {
    if settings.force {
        return Ok(());
    }
    let dir = &settings.out_dir;
    crate::store::refuse_other_kind(dir, RUNS_FILE, false)?;
    match has_rows {
        true => match super::meta::row_settings_difference(dir, settings, engines) {
            Some(difference) => Err(StoreError::OtherPlan {
                path: dir.join(RUNS_FILE),
                difference,
            }
            .into()),
            None => Ok(()),
        },
        false => Ok(()),
    }
}
