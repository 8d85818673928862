//! Running a sweep: the plan (cases x variants x depths) checked against an existing
//! `runs.csv`, the cases run in parallel, each row appended and flushed as it finishes.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::engine::{Engine, EngineCase, EngineSpec, NewGame};
use crate::error::{Error, PositionError, StoreError, SweepError};
use crate::game::GameKind;
use crate::measure::{bench, measure};
use crate::position::{load, Case};
use crate::search::{depth_label, SearchConfig};
use crate::store::cuts::{keep_cuts, CutRow, CutsAppender, CUTS_FILE};
use crate::store::plan::{plan_difference, write_cases, PLAN_FILE};
use crate::store::runs::{drop_failed, RunsAppender};
use crate::store::{finished_cases, keep_finished, shard, CaseKey, Record, Status, RUNS_FILE};

use super::engines::{self, EngineMeta, Pool};
use super::meta;
use super::minimal::{minimal_of, MinimalTrees};
use super::plan;
use super::row::{engine_key, engine_row, key_of, row};
use super::settings::{SweepSettings, SweepSummary};

/// Who searches a unit: one of nodeprof's variants (its configuration, the evaluation
/// adapted to the position's game), or an external engine (an index into the engines).
#[derive(Clone, Debug)]
enum Producer {
    Search(SearchConfig),
    Engine(usize),
}

/// One case of the plan: its place, an index into the cases (for an engine, into the
/// engines' cases), who searches it, the depth, and its key in `runs.csv`.
struct Unit {
    seq: usize,
    case: usize,
    producer: Producer,
    depth: u32,
    key: CaseKey,
}

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
                    producer: Producer::Search(config.clone()),
                    depth,
                });
            }
        }
    }
    for (ei, engine) in settings.engines.iter().enumerate() {
        for (ci, case) in engine_cases.iter().enumerate() {
            for &depth in &depths {
                planned.push(Unit {
                    seq: planned.len(),
                    case: ci,
                    key: engine_key(case, engine, depth),
                    producer: Producer::Engine(ei),
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
    // Every engine is greeted once (and its plan checked) before any file is touched.
    // The sweep's --time-limit bounds an engine's searches too.
    let limited = time_limited(settings);
    let greeted: Vec<(EngineMeta, Engine)> = limited
        .iter()
        .map(|e| engines::greet(e, &engine_cases, &depths))
        .collect::<Result<_, _>>()?;
    let (engine_metas, greeted): (Vec<EngineMeta>, Vec<Engine>) = greeted.into_iter().unzip();
    // Each greeted engine searches the plan (a sweep that stops before quits them on drop).
    let mut greeted: Vec<Option<Engine>> = greeted.into_iter().map(Some).collect();
    let planned_keys: Vec<CaseKey> = planned.iter().map(|u| u.key.clone()).collect();
    // The folder's lock is taken before anything in it is read or cut: a second sweep, play
    // or merge into the same folder stops here instead of mixing its rows with this one's.
    let _guard = crate::store::lock(&settings.out_dir)?;
    let finished = finished_cases(&runs_path)?;
    refuse_other_rows(settings, &engine_metas, !finished.is_empty())?;
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
        // Cases that ended in an error are tried again (the engine may have been mended).
        for key in drop_failed(&runs_path, |k| in_plan.contains(k))? {
            done.remove(&key);
        }
    }
    let total = planned.len();
    let units: Vec<Unit> = planned
        .into_iter()
        .filter(|u| !done.contains(&u.key))
        .collect();
    let skipped = total - units.len();
    let cuts_path = settings.out_dir.join(CUTS_FILE);
    if !appending {
        crate::store::replace(&runs_path, b"")?;
        crate::store::replace(&cuts_path, b"")?;
    } else {
        // A case's cut rows go before its runs row: those of unfinished cases are dropped.
        keep_cuts(&cuts_path, |k| done.contains(k))?;
    }
    let writer = Mutex::new((
        RunsAppender::open(&runs_path, !appending)?,
        CutsAppender::open(&cuts_path)?,
    ));
    if let Some(s) = &sharding {
        write_plan(&settings.out_dir, &s.plan)?;
    }
    meta::write(
        &settings.out_dir,
        settings,
        &engine_cases,
        &variants,
        &engine_metas,
        &depths,
        sharding.as_ref().map(|s| s.meta.clone()),
    )?;

    let progress = progress_bar(units.len() as u64, settings.quiet);
    let jobs = settings.jobs.max(1) as u32;
    let write_error: Mutex<Option<Error>> = Mutex::new(None);
    // Appends a finished row at once; the status for the summary (an error with its case).
    let save = |record: Record, cuts: &[CutRow]| {
        let flushed = {
            let mut files = writer.lock().unwrap_or_else(|e| e.into_inner());
            files.1.append(cuts).and_then(|()| files.0.append(&record))
        };
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
    let (searches, engine_units): (Vec<&Unit>, Vec<&Unit>) = units
        .iter()
        .partition(|u| matches!(u.producer, Producer::Search(_)));
    let trees = MinimalTrees::default();
    let run_unit = |unit: &&Unit| {
        let Producer::Search(config) = &unit.producer else {
            unreachable!("partitioned")
        };
        let case = &cases[unit.case];
        progress.set_message(format!(
            "{} {} depth {}",
            case.name,
            config.variant.display_name(),
            depth_label(unit.depth)
        ));
        let result = measure(&case.position, unit.depth, config, settings.repeat);
        let cuts = match &result {
            Ok(report) => CutRow::of_case(&unit.key, report.cuts.cells()),
            Err(_) => Vec::new(),
        };
        let depth = unit.depth;
        let minimal = settings.minimal.map(|cap| {
            let case = (unit.case, case);
            minimal_of(&trees, case, config, depth, &result, cap)
        });
        let mut record = row(unit.seq as u64, case, config, depth, jobs, result);
        if let Some(minimal) = minimal {
            minimal.fill(&mut record);
        }
        save(record, &cuts)
    };
    let pool = || {
        rayon::ThreadPoolBuilder::new()
            .num_threads(jobs as usize)
            .build()
            .map_err(|e| SweepError::Threads(e.to_string()))
    };
    let mut statuses: Vec<Result<Status, String>> = if jobs <= 1 {
        searches.iter().map(run_unit).collect()
    } else {
        pool()?.install(|| searches.par_iter().map(run_unit).collect())
    };
    // An engine's units, grouped by position: one group is one `go` (or one search a depth).
    for (ei, spec) in limited.iter().enumerate() {
        let mut groups: Vec<(usize, Vec<&Unit>)> = Vec::new();
        for unit in engine_units
            .iter()
            .filter(|u| matches!(u.producer, Producer::Engine(e) if e == ei))
        {
            match groups.last_mut() {
                Some((case, group)) if *case == unit.case => group.push(unit),
                _ => groups.push((unit.case, vec![unit])),
            }
        }
        let engines = Pool::with(greeted[ei].take());
        let run_group = |(case, group): &(usize, Vec<&Unit>)| {
            let case = &engine_cases[*case];
            progress.set_message(format!("{} {}", case.name, spec.name()));
            let depths: Vec<u32> = group.iter().map(|u| u.depth).collect();
            let mut slot = engines.take();
            let measured = engines::run_group(&mut slot, spec, case, &depths);
            if let Some(engine) = slot {
                engines.put(engine);
            }
            group
                .iter()
                .zip(measured)
                .map(|(unit, (_, result))| {
                    let no_cuts: &[CutRow] = &[];
                    save(
                        engine_row(
                            unit.seq as u64,
                            case,
                            &engine_metas[ei],
                            unit.depth,
                            jobs,
                            settings.time_limit,
                            result,
                        ),
                        no_cuts,
                    )
                })
                .collect::<Vec<_>>()
        };
        // `newgame=once` keeps the table from position to position: one engine, in order.
        let together = jobs > 1 && spec.new_game == NewGame::Each;
        let done: Vec<Vec<Result<Status, String>>> = match together {
            false => groups.iter().map(run_group).collect(),
            true => pool()?.install(|| groups.par_iter().map(run_group).collect()),
        };
        engines.close();
        statuses.extend(done.into_iter().flatten());
    }
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
