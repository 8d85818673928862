//! The `nodeprof` command: parse the arguments, run the job, report one error line.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use cli::{By, Cli, CompareFormat, Job, PlotX};
use nodeprof::search::{Clock, SearchConfig, END};
use nodeprof::{commands, play, position, report, sweep};

fn main() -> ExitCode {
    if let Some(missing) = missing_cpu_feature() {
        eprintln!(
            "nodeprof: error: this binary was built for CPUs with {missing} (x86-64-v3, see .cargo/config.toml) and this CPU lacks it: build nodeprof on this machine with RUSTFLAGS=\"-C target-cpu=x86-64-v2\""
        );
        return ExitCode::from(2);
    }
    let job = Cli::parse().into_job();
    match run(job) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Not `{err:#}`: our errors already name their cause in their message, and the
            // chain would print it twice.
            eprintln!("nodeprof: error: {}", clip(&err.to_string()));
            ExitCode::from(2)
        }
    }
}

/// A CPU feature the build assumes and this CPU lacks (one clear error, not SIGILL later).
fn missing_cpu_feature() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        if cfg!(target_feature = "avx2") && !std::arch::is_x86_feature_detected!("avx2") {
            return Some("AVX2");
        }
        if cfg!(target_feature = "bmi2") && !std::arch::is_x86_feature_detected!("bmi2") {
            return Some("BMI2");
        }
        if cfg!(target_feature = "lzcnt") && !std::arch::is_x86_feature_detected!("lzcnt") {
            return Some("LZCNT");
        }
    }
    None
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
                if job.depths.contains(&END) {
                    // Solving can take long: say what is going on before the first row.
                    out.flush()?;
                    eprintln!(
                        "nodeprof: solving {} ({} empties) to the end of the game with {} variant(s); each row is printed when its search ends",
                        case.name,
                        case.position.empties(),
                        job.configs.len()
                    );
                }
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
            repeat,
        } => {
            let cases = position::load(&positions, game)?;
            let totals = commands::solve::run(
                &cases,
                |case| SearchConfig {
                    variant: variant
                        .clone()
                        .unwrap_or_else(|| sweep::plan::default_solver(case.position.kind())),
                    eval,
                    shuffle: None,
                    time_limit,
                    clock: Clock::SYSTEM,
                    wld,
                },
                repeat,
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
            if !settings.quiet {
                commands::report::describe_sweep(&summary, &mut out)?;
                out.flush()?;
            }
            if summary.ok == 0 && summary.skipped == 0 {
                eprintln!(
                    "nodeprof: no report: no case of the sweep finished (see the status column of {})",
                    settings.out_dir.join(nodeprof::store::RUNS_FILE).display()
                );
                return Ok(ExitCode::from(1));
            }
            let output = report::run(&settings.out_dir, &report)?;
            if !settings.quiet {
                commands::report::describe(&settings.out_dir, &output, &[], false, 80, &mut out)?;
            }
        }
        Job::Report { dir, .. } if nodeprof::store::games::is_play_folder(&dir) => {
            for file in report::play::run(&dir)? {
                writeln!(out, "{}", file.display())?;
            }
        }
        Job::Report {
            dir,
            options,
            print,
            by,
            no_write: true,
        } => {
            let tables = report::load(&dir, &options.filter)?;
            commands::report::print_tables(
                &tables,
                &print,
                by == By::Depth,
                options.width,
                &mut out,
            )?;
        }
        Job::Report {
            dir,
            options,
            print,
            by,
            no_write: false,
        } => {
            let output = report::run(&dir, &options)?;
            commands::report::describe(
                options.out.as_deref().unwrap_or(&dir),
                &output,
                &print,
                by == By::Depth,
                options.width,
                &mut out,
            )?;
        }
        Job::Plot {
            dir,
            metric,
            x,
            filter,
        } => {
            let tables = report::load(&dir, &filter)?;
            let plots = dir.join("plots");
            let files = match x {
                PlotX::Depth => {
                    let stem = format!("{metric}_by_depth");
                    report::charts::metric_by_depth(&tables, metric, &plots, &stem)?
                }
                PlotX::Nodes => {
                    let stem = format!("{metric}_vs_nodes");
                    report::charts::metric_vs_nodes(&tables, metric, &plots, &stem)?
                }
            };
            for f in files {
                writeln!(out, "{}", f.display())?;
            }
        }
        Job::Compare {
            old,
            new,
            format,
            fail_on_change,
        } => {
            let comparison = report::compare::compare_files(&old, &new)?;
            let format = match format {
                CompareFormat::Text => report::compare::Format::Text,
                CompareFormat::Markdown => report::compare::Format::Markdown,
            };
            let names = |p: &std::path::Path| report::compare::runs_path(p).display().to_string();
            out.write_all(
                report::compare::render(&comparison, &names(&old), &names(&new), format).as_bytes(),
            )?;
            out.flush()?;
            if fail_on_change && comparison.counts_changed() {
                return Ok(ExitCode::from(1));
            }
        }
        Job::Play {
            mut settings,
            openings,
            game_given,
            quiet,
        } => {
            if !game_given {
                // The game of opening positions, as every other command detects it.
                if let Some(kind) = play::openings_game(&openings)? {
                    let default_out =
                        |game| std::path::PathBuf::from(format!("reports/play-{game}"));
                    if settings.out_dir == default_out(settings.game) {
                        settings.out_dir = default_out(kind);
                    }
                    settings.game = kind;
                }
            }
            settings.openings = play::openings_from(&openings, settings.game)?;
            // Lines as games end go to stderr (as a sweep's progress does): stdout is held
            // by `out` for the summary.
            let print = |line: &str| {
                if !quiet {
                    eprintln!("{line}");
                }
            };
            let summary = play::run(&settings, &print)?;
            for m in &summary.matches {
                for line in play::summary_lines(m, settings.sprt.as_ref()) {
                    writeln!(out, "{line}")?;
                }
            }
            if summary.matches.iter().all(|m| m.tally.games() == 0) {
                // A shard given no game pairs: its empty tables are kept for the merge.
                writeln!(
                    out,
                    "no games to play in {} (no game pair falls in this shard); the folder is ready for the merge",
                    settings.out_dir.display()
                )?;
            } else {
                for file in report::play::run(&settings.out_dir)? {
                    writeln!(out, "{}", file.display())?;
                }
            }
        }
        Job::Bench => {
            let bench = nodeprof::measure::bench::run(None)?;
            commands::bench::print(&bench, &mut out)?;
        }
        Job::Merge {
            dirs,
            out: dir,
            force,
        } => {
            let command: Vec<String> = std::env::args().collect();
            if !commands::merge::run(&dirs, &dir, force, &command, &mut out)? {
                out.flush()?;
                return Ok(ExitCode::from(1));
            }
        }
        Job::Sprt { sprt, tally } => commands::sprt::run(&sprt, &tally, &mut out)?,
        Job::Invalid(message) => {
            out.flush()?;
            eprintln!("nodeprof: error: {message}");
            return Ok(ExitCode::from(2));
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

/// An error line cut to a readable length: a message can quote a whole line of input, and
/// that line can be megabytes long.
fn clip(message: &str) -> String {
    const KEEP: usize = 300;
    if message.len() <= 2 * KEEP {
        return message.to_string();
    }
    let head = message.floor_char_boundary(KEEP);
    let tail = message.ceil_char_boundary(message.len() - KEEP);
    format!(
        "{} [... {} bytes cut ...] {}",
        &message[..head],
        tail - head,
        &message[tail..]
    )
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

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn long_error_lines_are_cut_in_the_middle() {
        let line = format!("bad.pos:2: unexpected line '{}'", "é".repeat(50_000_000));
        let cut = clip(&line);
        assert!(cut.len() < 700, "{}", cut.len());
        assert!(cut.starts_with("bad.pos:2: unexpected line 'é"));
        assert!(cut.contains("bytes cut ...]") && cut.ends_with("é'"));
        assert_eq!(clip("short"), "short");
    }
}
