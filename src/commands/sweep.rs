//! `nodeprof sweep`: every position x variant x depth into a report folder, then its
//! report (and, for a profile that compares, the same sweep with nodeprof's defaults first).

use std::io::Write;

use super::outcome::Outcome;
use super::report::{describe, describe_sweep};
use crate::cli::{thread_counts, SweepArgs};
use crate::engine::EngineSpec;
use crate::error::Error;
use crate::report::{self, ReportOptions};
use crate::search::{Clock, Variant, END};
use crate::store::RUNS_FILE;
use crate::sweep::{self, plan, SweepSettings};

/// A sweep as the command line asks for it.
#[derive(Clone, Debug)]
pub struct SweepJob {
    pub settings: SweepSettings,
    pub report: ReportOptions,
    /// The same sweep with nodeprof's default conventions, to compare (profiles).
    pub defaults: Option<Box<SweepSettings>>,
}

impl TryFrom<SweepArgs> for SweepJob {
    type Error = Error;
    fn try_from(args: SweepArgs) -> Result<SweepJob, Error> {
        let exact = args.exact;
        let exact_default = args.positions.is_empty() && exact;
        let profile = args.profile;
        let positions = plan::sweep_positions(args.positions, exact, profile);
        let out_dir = args
            .folder
            .out
            .unwrap_or_else(|| plan::sweep_folder(profile, &positions, exact_default));
        let budgeted = !args.budget.is_empty();
        let solving = exact || budgeted || args.depth.is_some_and(|d| d.to == END);
        let threads = thread_counts(&args.threads);
        let settings = SweepSettings {
            positions,
            game: args.game.game,
            variants: with_budgets(args.variants, &args.budget)?,
            engines: on_threads(super::engine::engines(&args.engines)?, &threads)?,
            depths: match (exact, args.depth) {
                (true, _) => Some(vec![END]),
                (false, Some(d)) => Some(d.list()),
                (false, None) => budgeted.then(|| vec![END]),
            },
            eval: args.eval.eval.unwrap_or(plan::default_eval(solving)),
            shuffle: args.shuffle,
            jobs: args.jobs as usize,
            threads,
            time_limit: args.time_limit,
            clock: Clock::SYSTEM,
            out_dir,
            resume: args.folder.resume,
            force: args.folder.force,
            repeat: args.repeat.repeat(),
            quiet: args.quiet,
            minimal: args.minimal.then_some(args.minimal_tree_cap),
            parallelism: args.parallelism,
            command_line: crate::provenance::command_line(),
            shard: args.folder.shard,
            signature: args.folder.signature,
            bench_shuffle: None,
        };
        let (settings, defaults) = plan::with_profile(settings, profile);
        Ok(SweepJob {
            settings,
            report: ReportOptions {
                baseline: args.baseline,
                ..ReportOptions::default()
            },
            defaults,
        })
    }
}

/// Each variant under each node budget (`+nodes:N`), budget by budget; the variants as they
/// are without budgets. A budget needs variants named, none of them a proof search (which
/// has no move before its proof).
fn with_budgets(variants: Vec<Variant>, budgets: &[u64]) -> Result<Vec<Variant>, Error> {
    if budgets.is_empty() {
        return Ok(variants);
    }
    if variants.is_empty() {
        return Err(Error::Usage(
            "--budget needs the variants to search under it (-v alphabeta+tt+id,uct)".into(),
        ));
    }
    if let Some(proof) = variants.iter().find(|v| v.base.proves()) {
        return Err(Error::Usage(format!(
            "{proof} takes no --budget: a proof-number search has no move before its proof (sweep it apart, with --time-limit)"
        )));
    }
    let mut out = Vec::new();
    for &nodes in budgets {
        out.extend(variants.iter().map(|v| Variant {
            nodes: Some(nodes),
            ..v.clone()
        }));
    }
    Ok(out)
}

/// `nodeprof sweep`: `Failure` when no case of the sweep finished (and then no report).
pub fn command(args: SweepArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let SweepJob {
        settings,
        report,
        defaults,
    } = SweepJob::try_from(args)?;
    if let Some(defaults) = &defaults {
        sweep::run(defaults)?;
        report::run(&defaults.out_dir, &report)?;
    }
    let summary = sweep::run(&settings)?;
    if !settings.quiet {
        describe_sweep(&summary, out)?;
        out.flush()?;
    }
    if summary.ok == 0 && summary.skipped == 0 {
        eprintln!(
            "nodeprof: no report: no case of the sweep finished (see the status column of {})",
            settings.out_dir.join(RUNS_FILE).display()
        );
        return Ok(Outcome::Failure);
    }
    let output = report::run(&settings.out_dir, &report)?;
    if !settings.quiet {
        describe(&settings.out_dir, &output, &[], false, 80, out)?;
    }
    Ok(Outcome::Success)
}

/// `nodeprof time-worker SWEEP-OPTIONS`: the sweep's plan served to `ab`, unit by unit
/// (requests on standard input).
pub fn worker(args: SweepArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let job = SweepJob::try_from(args)?;
    sweep::worker::serve(&job.settings, std::io::stdin().lock(), out)?;
    Ok(Outcome::Success)
}

/// The engines of a sweep on `threads`: with counts beyond one thread, each engine once a
/// count, set to search on it (`option.Threads`).
fn on_threads(engines: Vec<EngineSpec>, threads: &[u32]) -> Result<Vec<EngineSpec>, Error> {
    if threads == [1] {
        return Ok(engines);
    }
    let mut all = Vec::new();
    for spec in &engines {
        for &t in threads {
            all.push(spec.on_threads(t)?);
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    #[test]
    fn a_profile_sweep_runs_its_variants_and_the_defaults_beside() {
        let cli =
            Cli::try_parse_from(["nodeprof", "sweep", "--profile", "classic2011", "-q"]).unwrap();
        let Command::Sweep(args) = cli.command else {
            panic!("a sweep")
        };
        let SweepJob {
            settings, defaults, ..
        } = SweepJob::try_from(args).unwrap();
        let names: Vec<String> = settings.variants.iter().map(|v| v.display_name()).collect();
        assert_eq!(
            names,
            [
                "negamax",
                "negaalpha",
                "killer",
                "transposition",
                "transposition_k"
            ]
        );
        assert!(settings.variants.iter().all(|v| v.is_classic2011()));
        assert_eq!(
            settings.out_dir,
            std::path::PathBuf::from("reports/classic2011")
        );
        let defaults = defaults.expect("the defaults to compare with");
        assert_eq!(
            defaults.out_dir,
            std::path::PathBuf::from("reports/classic2011/nodeprof-defaults")
        );
        assert!(defaults.variants.iter().all(|v| !v.is_classic2011()));
    }
}
