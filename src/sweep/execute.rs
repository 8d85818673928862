//! The sweep's units run: the searches in parallel (`--jobs`), then each engine's, grouped
//! by position; each finished row appended and flushed at once, with the progress bar.

use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::engine::{EngineCase, EngineMeta, EngineSpec, NewGame, Pool};
use crate::error::SearchError;
use crate::error::{Error, SweepError};
use crate::measure::paired::measure_paired;
use crate::measure::SearchReport;
use crate::position::Case;
use crate::search::{depth_label, SearchConfig, Variant};
use crate::store::cuts::{CutRow, CutsAppender};
use crate::store::runs::RunsAppender;
use crate::store::CaseKey;
use crate::store::{Record, Status};

use super::minimal::{minimal_of, MinimalTrees};
use super::move_loss::MoveValues;
use super::row::{engine_row, row};
use super::settings::SweepSettings;
use super::span::Spans;

/// Who searches a unit: one of nodeprof's variants (its configuration, the evaluation
/// adapted to the position's game), or an external engine (an index into the engines).
#[derive(Clone, Debug)]
pub(super) enum Producer {
    Search(Box<SearchConfig>),
    Engine(usize),
}

/// One case of the plan: its place, an index into the cases (for an engine, into the
/// engines' cases), who searches it, the depth, and its key in `runs.csv`.
pub(super) struct Unit {
    pub(super) seq: usize,
    pub(super) case: usize,
    pub(super) producer: Producer,
    pub(super) depth: u32,
    pub(super) key: CaseKey,
}

/// What a sweep will search: its positions (as searches and as engines take them), depths,
/// variants, and every unit of the plan in order.
pub(super) struct Planned {
    pub(super) cases: Vec<Case>,
    pub(super) engine_cases: Vec<EngineCase>,
    pub(super) depths: Vec<u32>,
    pub(super) variants: Vec<Variant>,
    pub(super) units: Vec<Unit>,
}

/// The files rows go to: `runs.csv` and `cuts.csv`.
pub(super) type Files = (RunsAppender, CutsAppender);

/// A unit's outcome for the summary: its status, or its error with its case.
pub(super) type Outcome = Result<Status, String>;

/// What running units needs: the plan, the files (one writer at a time), the first write
/// error, the progress bar, and the minimal trees and moves' values found so far.
pub(super) struct Runner<'a> {
    settings: &'a SweepSettings,
    planned: &'a Planned,
    engine_metas: &'a [EngineMeta],
    files: Mutex<Files>,
    write_error: Mutex<Option<Error>>,
    progress: ProgressBar,
    jobs: u32,
    trees: MinimalTrees,
    spans: Spans,
    move_values: MoveValues,
}

impl<'a> Runner<'a> {
    pub(super) fn new(
        settings: &'a SweepSettings,
        planned: &'a Planned,
        engine_metas: &'a [EngineMeta],
        files: Files,
        units: usize,
    ) -> Runner<'a> {
        Runner {
            settings,
            planned,
            engine_metas,
            files: Mutex::new(files),
            write_error: Mutex::new(None),
            progress: progress_bar(units as u64, settings.quiet),
            jobs: settings.jobs.max(1) as u32,
            trees: MinimalTrees::default(),
            spans: Spans::default(),
            move_values: MoveValues::default(),
        }
    }

    /// Runs `units` (the searches, then each engine's in `engines`' order); the first error
    /// writing a row ends the sweep once the running units finish.
    pub(super) fn run_all(
        self,
        units: &[Unit],
        engines: &[EngineSpec],
        pool: &Pool,
    ) -> Result<Vec<Outcome>, Error> {
        let groups = paired_groups(units);
        let run = |group: &Vec<&Unit>| self.run_searches(group);
        let done: Vec<Vec<Outcome>> = match self.jobs <= 1 {
            true => groups.iter().map(run).collect(),
            false => thread_pool(self.jobs)?.install(|| groups.par_iter().map(run).collect()),
        };
        let mut statuses: Vec<Outcome> = done.into_iter().flatten().collect();
        for (ei, spec) in engines.iter().enumerate() {
            statuses.extend(self.run_engine(ei, spec, units, pool)?);
            // Its work done, the engine leaves (its memory freed for the next one's).
            pool.close_named(&spec.pool_key());
        }
        self.progress.finish_and_clear();
        match self
            .write_error
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
        {
            Some(e) => Err(e),
            None => Ok(statuses),
        }
    }

    /// Appends a finished row (its cut rows first) at once.
    fn save(&self, record: Record, cuts: &[CutRow]) -> Outcome {
        let flushed = {
            let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
            files.1.append(cuts).and_then(|()| files.0.append(&record))
        };
        if let Err(e) = flushed {
            self.write_error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e.into());
        }
        self.progress.inc(1);
        match &record.status {
            Status::Error(_) => Err(format!(
                "{} {} depth {}: {}",
                record.position, record.variant, record.depth, record.status
            )),
            status => Ok(status.clone()),
        }
    }

    /// One case and depth's search units (variants and thread counts), measured in turns
    /// ([`measure_paired`]); then each one's minimal tree added when asked and its row saved,
    /// in the plan's order.
    fn run_searches(&self, group: &[&Unit]) -> Vec<Outcome> {
        let configs: Vec<&SearchConfig> = group.iter().map(|u| search_config(u)).collect();
        let (first, depth) = (group[0], group[0].depth);
        let case = &self.planned.cases[first.case];
        let names: Vec<String> = configs.iter().map(|c| c.variant.display_name()).collect();
        self.progress.set_message(format!(
            "{} {} depth {}",
            case.name,
            names.join(", "),
            depth_label(depth)
        ));
        let settings = self.settings;
        let results = measure_paired(&case.position, depth, &configs, settings.repeat);
        group
            .iter()
            .zip(results)
            .map(|(unit, result)| self.save_search(unit, result))
            .collect()
    }

    /// A measured search unit: its minimal tree added when asked, its row saved.
    fn save_search(&self, unit: &Unit, result: Result<SearchReport, SearchError>) -> Outcome {
        let config = search_config(unit);
        let case = &self.planned.cases[unit.case];
        let cuts = match &result {
            Ok(report) => CutRow::of_case(&unit.key, report.cuts.cells()),
            Err(_) => Vec::new(),
        };
        let minimal = self.settings.minimal.map(|cap| {
            let case = (unit.case, case);
            minimal_of(&self.trees, case, config, unit.depth, &result, cap)
        });
        let mut record = row(unit.seq as u64, case, config, unit.depth, self.jobs, result);
        if self.settings.parallelism {
            let at = (unit.case, case);
            self.spans.fill(at, config, unit.depth, &mut record);
        }
        if let Some(minimal) = minimal {
            minimal.fill(&mut record);
        }
        let limit = self.settings.time_limit;
        self.move_values.fill(unit.case, case, &mut record, limit);
        self.save(record, &cuts)
    }

    /// An engine's units, grouped by position: one group is one `go` (or one search a
    /// depth). With `newgame=once` the table is kept from position to position: one engine,
    /// in order; else the groups run on `--jobs` engines.
    fn run_engine(
        &self,
        ei: usize,
        spec: &EngineSpec,
        units: &[Unit],
        pool: &Pool,
    ) -> Result<Vec<Outcome>, Error> {
        let mut groups: Vec<(usize, Vec<&Unit>)> = Vec::new();
        for unit in units
            .iter()
            .filter(|u| matches!(u.producer, Producer::Engine(e) if e == ei))
        {
            match groups.last_mut() {
                Some((case, group)) if *case == unit.case => group.push(unit),
                _ => groups.push((unit.case, vec![unit])),
            }
        }
        let run =
            |(case, group): &(usize, Vec<&Unit>)| self.run_group(ei, spec, *case, group, pool);
        let together = self.jobs > 1 && spec.new_game == NewGame::Each;
        let done: Vec<Vec<Outcome>> = match together {
            false => groups.iter().map(run).collect(),
            true => thread_pool(self.jobs)?.install(|| groups.par_iter().map(run).collect()),
        };
        Ok(done.into_iter().flatten().collect())
    }

    /// One position's depths searched by an engine of the pool (started if none is idle;
    /// one left broken is not given back), each depth's row saved.
    fn run_group(
        &self,
        ei: usize,
        spec: &EngineSpec,
        case: usize,
        group: &[&Unit],
        pool: &Pool,
    ) -> Vec<Outcome> {
        let case = &self.planned.engine_cases[case];
        self.progress
            .set_message(format!("{} {}", case.name, spec.name()));
        let depths: Vec<u32> = group.iter().map(|u| u.depth).collect();
        let mut slot = pool.take(&spec.pool_key());
        let measured = crate::engine::run_group(&mut slot, spec, case, &depths);
        if let Some(engine) = slot {
            pool.give_back(engine);
        }
        let settings = self.settings;
        group
            .iter()
            .zip(measured)
            .map(|(unit, (_, result))| {
                let meta = &self.engine_metas[ei];
                let record = engine_row(
                    unit.seq as u64,
                    case,
                    meta,
                    unit.depth,
                    self.jobs,
                    settings.time_limit,
                    result,
                );
                self.save(record, &[])
            })
            .collect()
    }
}

/// A search unit's configuration.
fn search_config(unit: &Unit) -> &SearchConfig {
    match &unit.producer {
        Producer::Search(config) => config,
        Producer::Engine(_) => unreachable!("only search units"),
    }
}

/// The search units grouped by case and depth, in the order each group first appears in the
/// plan, each in the plan's order: a group's variants and thread counts are timed in turns,
/// so that their time ratios (a speedup among them) are paired.
fn paired_groups(units: &[Unit]) -> Vec<Vec<&Unit>> {
    let mut groups: Vec<Vec<&Unit>> = Vec::new();
    let mut index: std::collections::HashMap<(usize, u32), usize> = Default::default();
    for unit in units
        .iter()
        .filter(|u| matches!(u.producer, Producer::Search(_)))
    {
        let at = *index.entry((unit.case, unit.depth)).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(unit);
    }
    groups
}

fn thread_pool(jobs: u32) -> Result<rayon::ThreadPool, Error> {
    crate::measure::deep_pool(jobs as usize).map_err(|e| SweepError::Threads(e.to_string()).into())
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
