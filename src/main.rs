//! The `nodeprof` command: parse the arguments, run the job, report one error line.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use cli::{By, Cli, Job, PlotX};
use nodeprof::search::{Clock, SearchConfig};
use nodeprof::{commands, position, report, sweep};

fn main() -> ExitCode {
    let job = Cli::parse().into_job();
    match run(job) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Not `{err:#}`: our errors already name their cause in their message, and the
            // chain would print it twice.
            eprintln!("nodeprof: error: {err}");
            ExitCode::from(2)
        }
    }
}

fn run(job: Job) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match job {
        Job::Perft {
            positions,
            game,
            config,
        } => {
            for case in position::load(&positions, game)? {
                commands::perft::run(&case, &config, &mut out)?;
            }
        }
        Job::Search {
            positions,
            game,
            job,
        } => {
            for case in position::load(&positions, game)? {
                commands::search::run(&case, &job, &mut out)?;
            }
        }
        Job::Solve {
            positions,
            game,
            variant,
            eval,
            time_limit,
            wld,
        } => {
            let cases = position::load(&positions, game)?;
            let totals = commands::solve::run(
                &cases,
                |case| SearchConfig {
                    variant: variant
                        .clone()
                        .unwrap_or_else(|| commands::solve::default_variant(case.position.kind())),
                    eval: eval.usable_for(case.position.kind()),
                    shuffle: None,
                    time_limit,
                    clock: Clock::SYSTEM,
                    wld,
                },
                &mut out,
            )?;
            out.flush()?;
            if !totals.all_ok() {
                return Ok(ExitCode::from(1));
            }
        }
        Job::Variants => commands::variants::run(&mut out)?,
        Job::Sweep {
            settings,
            report,
            defaults,
        } => {
            if let Some(defaults) = &defaults {
                sweep::run(defaults)?;
                report::run(&defaults.out_dir, &report)?;
            }
            let summary = sweep::run(&settings)?;
            let output = report::run(&settings.out_dir, &report)?;
            if !settings.quiet {
                commands::report::describe_sweep(&settings, &summary, &output, &mut out)?;
            }
        }
        Job::Report {
            dir,
            options,
            print,
            by,
        } => {
            let output = report::run(&dir, &options)?;
            commands::report::describe(
                &dir,
                &output,
                &print,
                by == By::Depth,
                options.width,
                &mut out,
            )?;
        }
        Job::Plot { dir, metric, x } => {
            let tables = report::load(&dir)?;
            let plots = dir.join("plots");
            let files = match x {
                PlotX::Depth => {
                    let stem = format!("{metric}_by_depth");
                    report::plot::metric_by_depth(&tables, metric, &plots, &stem)?
                }
                PlotX::Nodes => {
                    let stem = format!("{metric}_vs_nodes");
                    report::plot::metric_vs_nodes(&tables, metric, &plots, &stem)?
                }
            };
            for f in files {
                writeln!(out, "{}", f.display())?;
            }
        }
        Job::Show { positions, game } => {
            for case in position::load(&positions, game)? {
                commands::show::run(&case, &mut out)?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Output cut short by a closed pipe (`nodeprof show ... | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    let io = err
        .downcast_ref::<io::Error>()
        .or(match err.downcast_ref() {
            Some(nodeprof::error::Error::Io(e)) => Some(e),
            _ => None,
        });
    io.is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
