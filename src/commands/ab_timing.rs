//! `ab`'s paired timing: one timing worker a side (`nodeprof time-worker`, of that side's
//! build), asked in turn for the same unit, so that every base sample has a dev sample taken
//! right beside it. The order alternates (ABBA: base first in even rounds of even units, dev
//! first in the others), each sample repeats its search until it lasts `--sample-time`, and
//! every sample is appended to `pairs.csv` and flushed as it is taken.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::cli::TimeMetric;
use crate::engine::process::{Launch, Process};
use crate::error::Error;
use crate::measure::load::{own_cpu_ns, LoadProbe, MachineLoad};
use crate::stats::paired::{judge, outlier_share, Judged};
use crate::sweep::worker::{Hello, Request, Sample, UnitInfo, MAX_ITERATIONS, WORKER_VERSION};

/// The file of every sample.
pub const PAIRS_FILE: &str = "pairs.csv";

/// How long a worker may take to load its plan and say hello.
const HELLO_WAIT: Duration = Duration::from_secs(120);
/// How long one sample may take (a search to the end can be long).
const SAMPLE_WAIT: Duration = Duration::from_secs(24 * 3600);

/// A sample's measure in `metric`, per search.
pub fn measure(metric: TimeMetric, s: &Sample) -> Option<f64> {
    let total = match metric {
        TimeMetric::Cpu => Some(s.cpu_user_ns + s.cpu_sys_ns),
        TimeMetric::Wall => Some(s.wall_ns),
        TimeMetric::Instructions => s.instructions,
    };
    total.map(|t| t as f64 / s.iterations.max(1) as f64)
}

/// One side: the build that times it and its sweep options (`-v VARIANT` and the plan's).
#[derive(Clone, Debug)]
pub struct SideProgram {
    pub name: &'static str,
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// A running worker.
struct Worker {
    process: Process,
    hello: Hello,
}

impl Worker {
    fn start(side: &SideProgram) -> Result<Worker, Error> {
        let mut args = vec!["time-worker".to_string()];
        args.extend(side.args.iter().cloned());
        let launch = Launch {
            name: format!("the {} worker ({})", side.name, side.program.display()),
            command: side.program.display().to_string(),
            args,
            dir: None,
        };
        let mut process = Process::start(&launch)?;
        let line = process.read_line(Instant::now() + HELLO_WAIT, "its plan")?;
        let hello: Hello = serde_json::from_str(&line).map_err(|_| {
            Error::Usage(format!(
                "{} does not speak the timing worker's protocol (it said {line:?}): build it from a revision that has `nodeprof time-worker`",
                side.program.display()
            ))
        })?;
        if hello.worker != WORKER_VERSION {
            return Err(Error::Usage(format!(
                "{}: timing worker protocol {} (this build speaks {WORKER_VERSION})",
                side.program.display(),
                hello.worker
            )));
        }
        Ok(Worker { process, hello })
    }

    fn sample(&mut self, unit: usize, iterations: u32) -> Result<Sample, Error> {
        let request =
            serde_json::to_string(&Request { unit, iterations }).map_err(std::io::Error::from)?;
        self.process.send(&request)?;
        let line = self
            .process
            .read_line(Instant::now() + SAMPLE_WAIT, "a sample")?;
        let sample: Sample = serde_json::from_str(&line)
            .map_err(|e| Error::Usage(format!("a worker's answer {line:?}: {e}")))?;
        match &sample.error {
            Some(e) => Err(Error::Usage(format!("{} failed: {e}", self.process.name()))),
            None => Ok(sample),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.process.stop(Some("quit"), Duration::from_secs(2));
    }
}

/// How to time: rounds a batch, the least time a sample lasts.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub rounds: u32,
    pub sample_time: Duration,
}

/// One round's pair of samples of a unit.
#[derive(Clone, Debug)]
pub struct Pair {
    pub batch: u32,
    pub round: u32,
    pub unit: usize,
    pub base_first: bool,
    pub base: Sample,
    pub dev: Sample,
}

/// What the paired timing measured.
pub struct Timing {
    pub units: Vec<UnitInfo>,
    /// The dev side's variant of each unit (the base's is in `units`).
    pub dev_variants: Vec<String>,
    /// Searches a sample, per unit.
    pub iterations: Vec<u32>,
    pub pairs: Vec<Pair>,
    /// Why instructions are not counted, per side (`None`: counted).
    pub counters: [Option<String>; 2],
    pub load: MachineLoad,
}

/// A row of `pairs.csv`: one sample.
#[derive(Serialize)]
struct PairRow<'a> {
    batch: u32,
    round: u32,
    unit: usize,
    case: &'a str,
    depth: &'a str,
    threads: u32,
    side: &'a str,
    variant: &'a str,
    order: u8,
    iterations: u32,
    nodes: u64,
    wall_ns: u64,
    cpu_user_ns: u64,
    cpu_sys_ns: u64,
    instructions: Option<u64>,
    cycles: Option<u64>,
}

/// The workers of both sides, checked to plan the same cases.
pub struct Session {
    sides: [SideProgram; 2],
    workers: [Worker; 2],
    csv: csv::Writer<std::fs::File>,
    probe: LoadProbe,
    own_cpu: u64,
    worker_cpu: u64,
    timing: Timing,
}

impl Session {
    /// Starts both workers, checks their plans pair up, and chooses each unit's iterations
    /// from a warm-up sample of each side (untimed for the verdict).
    pub fn start(sides: [&SideProgram; 2], dir: &Path, plan: Plan) -> Result<Session, Error> {
        let workers = [Worker::start(sides[0])?, Worker::start(sides[1])?];
        let (base, dev) = (&workers[0].hello, &workers[1].hello);
        let key = |u: &UnitInfo| (u.case.clone(), u.depth.clone(), u.threads);
        if base.units.iter().map(key).ne(dev.units.iter().map(key)) {
            return Err(Error::Usage(format!(
                "base and dev plan different cases ({} and {} units): the same positions must load in both builds",
                base.units.len(),
                dev.units.len()
            )));
        }
        let file = crate::store::create_table(&dir.join(PAIRS_FILE))?;
        let timing = Timing {
            units: base.units.clone(),
            dev_variants: dev.units.iter().map(|u| u.variant.clone()).collect(),
            iterations: Vec::new(),
            pairs: Vec::new(),
            counters: [base.counters.clone(), dev.counters.clone()],
            load: MachineLoad::default(),
        };
        let mut session = Session {
            sides: [sides[0].clone(), sides[1].clone()],
            workers,
            csv: csv::Writer::from_writer(file),
            probe: LoadProbe::start(),
            own_cpu: own_cpu_ns(),
            worker_cpu: 0,
            timing,
        };
        session.warm_up(plan)?;
        Ok(session)
    }

    /// One untimed sample of each unit on each side: the iterations that make a sample last
    /// `plan.sample_time` on the slower side.
    fn warm_up(&mut self, plan: Plan) -> Result<(), Error> {
        let want = plan.sample_time.as_nanos() as u64;
        for unit in 0..self.timing.units.len() {
            let base = self.workers[0].sample(unit, 1)?;
            let dev = self.workers[1].sample(unit, 1)?;
            self.worker_cpu +=
                base.cpu_user_ns + base.cpu_sys_ns + dev.cpu_user_ns + dev.cpu_sys_ns;
            let slower = base.wall_ns.max(dev.wall_ns).max(1);
            let iterations = want.div_ceil(slower).clamp(1, MAX_ITERATIONS as u64) as u32;
            self.timing.iterations.push(iterations);
        }
        Ok(())
    }

    /// A batch of `rounds` rounds, each unit's pair in ABBA order. Each round has workers
    /// of its own, started anew: one process can run the same code a few percent faster
    /// or slower than another for the whole of its life (where its memory happens to lie),
    /// and fresh processes each round turn that bias into the rounds' spread, which the
    /// interval sees, instead of a constant that two batches of the same processes would
    /// both report.
    pub fn batch(&mut self, batch: u32, rounds: u32) -> Result<(), Error> {
        for round in 1..=rounds {
            self.restart(round)?;
            for unit in 0..self.timing.units.len() {
                let base_first = (round as usize + unit).is_multiple_of(2);
                let iterations = self.timing.iterations[unit];
                let order: [usize; 2] = if base_first { [0, 1] } else { [1, 0] };
                let mut samples: [Sample; 2] = Default::default();
                for side in order {
                    samples[side] = self.workers[side].sample(unit, iterations)?;
                }
                let [base, dev] = samples;
                let pair = Pair {
                    batch,
                    round,
                    unit,
                    base_first,
                    base,
                    dev,
                };
                self.record(&pair)?;
                self.timing.pairs.push(pair);
            }
        }
        Ok(())
    }

    /// New workers for both sides (the old ones stopped first), started in turn, dev first
    /// in odd rounds.
    fn restart(&mut self, round: u32) -> Result<(), Error> {
        let order: [usize; 2] = if round % 2 == 1 { [1, 0] } else { [0, 1] };
        for side in order {
            let fresh = Worker::start(&self.sides[side])?;
            if fresh.hello.units != self.workers[side].hello.units {
                return Err(Error::Usage(format!(
                    "{} planned other cases when started again",
                    self.sides[side].program.display()
                )));
            }
            // The old worker is stopped (and reaped) as it is dropped.
            self.workers[side] = fresh;
        }
        Ok(())
    }

    /// Appends a pair's two samples to `pairs.csv`, flushed.
    fn record(&mut self, pair: &Pair) -> Result<(), Error> {
        let info = &self.timing.units[pair.unit];
        for (side, sample) in [("base", &pair.base), ("dev", &pair.dev)] {
            self.worker_cpu += sample.cpu_user_ns + sample.cpu_sys_ns;
            let first = (side == "base") == pair.base_first;
            let variant = match side {
                "base" => &info.variant,
                _ => &self.timing.dev_variants[pair.unit],
            };
            self.csv
                .serialize(PairRow {
                    batch: pair.batch,
                    round: pair.round,
                    unit: pair.unit,
                    case: &info.case,
                    depth: &info.depth,
                    threads: info.threads,
                    side,
                    variant,
                    order: if first { 1 } else { 2 },
                    iterations: sample.iterations,
                    nodes: sample.nodes,
                    wall_ns: sample.wall_ns,
                    cpu_user_ns: sample.cpu_user_ns,
                    cpu_sys_ns: sample.cpu_sys_ns,
                    instructions: sample.instructions,
                    cycles: sample.cycles,
                })
                .map_err(std::io::Error::other)?;
        }
        self.csv.flush()?;
        Ok(())
    }

    /// The workers stopped and the load measured: what was timed.
    pub fn finish(self) -> Timing {
        let Session {
            workers,
            probe,
            own_cpu,
            worker_cpu,
            mut timing,
            ..
        } = self;
        drop(workers);
        timing.load = probe.finish(own_cpu_ns().saturating_sub(own_cpu) + worker_cpu);
        timing
    }

    pub fn timing(&self) -> &Timing {
        &self.timing
    }
}

/// The verdict on one group of units (a depth, or all).
#[derive(Clone, Debug)]
pub struct GroupVerdict {
    pub group: String,
    pub judged: Judged,
    /// The same on wall time and, where counted, on instructions (beside the verdict's
    /// measure).
    pub wall: Judged,
    pub instructions: Option<Judged>,
    /// The median per search of the verdict's measure, base and dev (ns or instructions).
    pub base_median: f64,
    pub dev_median: f64,
    /// Instructions per node, base and dev (medians), where counted.
    pub instructions_per_node: Option<(f64, f64)>,
    pub outliers: f64,
}

/// Outliers: pair ratios more than this share from their case's median.
pub const OUTLIER_DISTANCE: f64 = 0.25;

impl Timing {
    /// The groups' verdicts (each depth, then `all` where there are several) over the pairs
    /// of `batch`.
    pub fn judge(
        &self,
        batch: u32,
        metric: TimeMetric,
        confidence: f64,
        noise_threshold: f64,
    ) -> Vec<GroupVerdict> {
        let mut depths: Vec<&str> = Vec::new();
        for u in &self.units {
            if !depths.contains(&u.depth.as_str()) {
                depths.push(&u.depth);
            }
        }
        let mut groups: Vec<(String, Vec<usize>)> = depths
            .iter()
            .map(|d| {
                let units = (0..self.units.len()).filter(|&i| self.units[i].depth == *d);
                (d.to_string(), units.collect())
            })
            .collect();
        if groups.len() > 1 {
            groups.push(("all".into(), (0..self.units.len()).collect()));
        }
        groups
            .into_iter()
            .map(|(group, units)| {
                self.group(group, &units, batch, metric, confidence, noise_threshold)
            })
            .collect()
    }

    /// Each unit's pairs of `batch` in `metric` (per search).
    fn cases(&self, units: &[usize], batch: u32, metric: TimeMetric) -> Vec<Vec<(f64, f64)>> {
        units
            .iter()
            .map(|&u| {
                self.pairs
                    .iter()
                    .filter(|p| p.unit == u && p.batch == batch)
                    .filter_map(|p| Some((measure(metric, &p.base)?, measure(metric, &p.dev)?)))
                    .collect()
            })
            .collect()
    }

    fn group(
        &self,
        group: String,
        units: &[usize],
        batch: u32,
        metric: TimeMetric,
        confidence: f64,
        noise_threshold: f64,
    ) -> GroupVerdict {
        let cases = self.cases(units, batch, metric);
        let medians = |side: usize| -> f64 {
            let mut per_case: Vec<f64> = cases
                .iter()
                .filter(|c| !c.is_empty())
                .map(|c| {
                    let mut v: Vec<f64> = c
                        .iter()
                        .map(|p| if side == 0 { p.0 } else { p.1 })
                        .collect();
                    v.sort_by(f64::total_cmp);
                    v[v.len() / 2]
                })
                .collect();
            per_case.sort_by(f64::total_cmp);
            per_case.iter().sum::<f64>()
        };
        let per_node = |s: &Sample| {
            Some(s.instructions? as f64 / (s.nodes.max(1) as f64 * s.iterations.max(1) as f64))
        };
        let ipn = |side: usize| -> Option<f64> {
            let mut values: Vec<f64> = self
                .pairs
                .iter()
                .filter(|p| p.batch == batch && units.contains(&p.unit))
                .map(|p| per_node(if side == 0 { &p.base } else { &p.dev }))
                .collect::<Option<Vec<f64>>>()?;
            values.sort_by(f64::total_cmp);
            values.get(values.len() / 2).copied()
        };
        let instructions = self.cases(units, batch, TimeMetric::Instructions);
        GroupVerdict {
            group,
            judged: judge(&cases, confidence, noise_threshold),
            wall: judge(
                &self.cases(units, batch, TimeMetric::Wall),
                confidence,
                noise_threshold,
            ),
            instructions: instructions
                .iter()
                .all(|c| !c.is_empty())
                .then(|| judge(&instructions, confidence, noise_threshold)),
            base_median: medians(0),
            dev_median: medians(1),
            instructions_per_node: ipn(0).zip(ipn(1)),
            outliers: outlier_share(&cases, OUTLIER_DISTANCE),
        }
    }
}
