//! `nodeprof search`: search positions with variants at one or more depths and print the
//! score, best move, every counter and the principal variation.

use std::io::Write;

use super::outcome::Outcome;
use crate::cli::{thread_counts, SearchArgs};
use crate::counters::COUNTERS;
use crate::error::Error;
use crate::measure::{check_position, measure, Repeat, SearchReport};
use crate::output::Output;
use crate::position::Case;
use crate::search::{depth_label, threads_suffix, SearchConfig, END};
use crate::sweep::plan;
use crate::sweep::row::{engine_row, row};

/// Width of a counter's column (every counter the table shows has one, in `COUNTERS` order).
const COUNTER_WIDTH: usize = 10;

/// Variants and depths to search each case with.
#[derive(Clone, Debug)]
pub struct SearchJob {
    pub configs: Vec<SearchConfig>,
    pub depths: Vec<u32>,
    pub repeat: Repeat,
    /// `--trace`: where each search's trace goes.
    pub trace: Option<crate::trace::TraceFile>,
}

/// With `--trace`: the case's search to `depth` with `config` once more, traced.
fn trace_case(
    job: &SearchJob,
    case: &Case,
    depth: u32,
    config: &SearchConfig,
) -> Result<(), Error> {
    let Some(trace) = &job.trace else {
        return Ok(());
    };
    trace
        .clone()
        .trace(&case.name, &case.position, depth, config)
        .map_err(|source| Error::Search {
            case: case.name.clone(),
            source,
        })
}

/// Searches one case with every config and depth, printing a table row per search (and
/// giving `output` its row of `runs.csv`, numbered from `seq`).
pub fn run(
    case: &Case,
    job: &SearchJob,
    output: &mut Output,
    seq: &mut u64,
) -> Result<Vec<SearchReport>, Error> {
    let pos = &case.position;
    refuse_early(case, &job.configs, &job.depths)?;
    writeln!(output.text(), "{}", case_header(case))?;
    // Quiescence's nodes get a column where a variant searches them (chess's `+quiesce`):
    // a chess engine's node count includes them, so they are shown beside `nodes`.
    let quiesce = job.configs.iter().any(|c| c.variant.quiesce);
    let shown = |c: &crate::counters::Counter| c.in_table || (quiesce && c.name == "qnode");
    let counter_header: String = COUNTERS
        .iter()
        .filter(|c| shown(c))
        .map(|c| format!(" {:>COUNTER_WIDTH$}", c.name))
        .collect();
    let spread = job.repeat.runs > 1;
    let spread_header = match spread {
        true => format!(" {:>8} {:>19}", "sd_ms", "min..max_ms"),
        false => String::new(),
    };
    writeln!(
        output.text(),
        "{:<22} {:>5} {:>7} {:>5}{counter_header} {:>11} {:>10}{spread_header}  pv",
        "variant",
        "depth",
        "score",
        "best",
        "nodes",
        "time_ms"
    )?;
    let mut reports = Vec::new();
    for config in &job.configs {
        for &depth in &job.depths {
            let config = config.for_game(pos.kind());
            trace_case(job, case, depth, &config)?;
            let report =
                measure(pos, depth, &config, job.repeat).map_err(|source| Error::Search {
                    case: case.name.clone(),
                    source,
                })?;
            let counters: String = report
                .counters
                .values()
                .iter()
                .zip(COUNTERS)
                .filter(|(_, c)| shown(c))
                .map(|(value, _)| value)
                .map(|value| format!(" {value:>COUNTER_WIDTH$}"))
                .collect();
            let ms = |ns: u64| ns as f64 / 1e6;
            let spread = match spread {
                true => format!(
                    " {:>8} {:>19}",
                    match report.runs {
                        1 => "-".to_string(),
                        _ => format!("{:.3}", ms(report.time_sd_ns)),
                    },
                    format!(
                        "{:.3}..{:.3}",
                        ms(report.time_min_ns),
                        ms(report.time_max_ns)
                    )
                ),
                false => String::new(),
            };
            writeln!(
                output.text(),
                "{:<22} {:>5} {:>7} {:>5}{counters} {:>11} {:>10.3}{spread}  {}",
                config.variant.display_name() + &threads_suffix(config.threads),
                depth_label(depth),
                score_text(&report),
                report.best_move.as_deref().unwrap_or("-"),
                report.counters.nodes(),
                ms(report.time_ns),
                report.pv.join(" ")
            )?;
            output.text().flush()?;
            let record = row(*seq, case, &config, depth, 1, Ok(report.clone()));
            output.row(&record)?;
            *seq += 1;
            reports.push(report);
        }
    }
    writeln!(output.text())?;
    Ok(reports)
}

/// Refuses, before a table's header is printed, what `case` cannot be searched with: a
/// table that cannot be had, a variant the game or a depth cannot take (`search` and `solve`).
pub(super) fn refuse_early(
    case: &Case,
    configs: &[SearchConfig],
    depths: &[u32],
) -> Result<(), Error> {
    for config in configs {
        // A table that cannot be had is the variant's, whatever the position: named so.
        crate::search::check_memory(&config.variant).map_err(|source| Error::Search {
            case: config.variant.to_string(),
            source,
        })?;
        let config = config.for_game(case.position.kind());
        for &depth in depths {
            check_position(&case.position, depth, &config).map_err(|source| Error::Search {
                case: case.name.clone(),
                source,
            })?;
        }
    }
    Ok(())
}

/// The case's line above its table: its name, the position, and what the suite expects.
fn case_header(case: &Case) -> String {
    let mut header = format!("{}: {}", case.name, case.position.summary());
    if let Some(expected) = &case.expected {
        let best = expected.best_moves().join(" or ");
        header.push_str(&match expected.score() {
            Some(score) if best.is_empty() => format!(", expected {score:+}"),
            Some(score) => format!(", expected {score:+} ({best})"),
            None => format!(", best {best}"),
        });
    }
    header
}

/// A heuristic score as `+16`; a proven game result as `=+38`.
pub fn score_text(report: &SearchReport) -> String {
    match report.game_result {
        Some(margin) => format!("={margin:+}"),
        None => format!("{:+}", report.score),
    }
}

impl TryFrom<&SearchArgs> for SearchJob {
    type Error = Error;
    fn try_from(args: &SearchArgs) -> Result<SearchJob, Error> {
        let solving = args.depth.to == END;
        let eval = args.eval.eval.unwrap_or(plan::default_eval(solving));
        let default = match args.engines.engines.is_empty() && args.engines.engines_file.is_none() {
            true => vec!["alphabeta".parse().expect("a variant")],
            false => Vec::new(),
        };
        let variants = match args.variants.is_empty() {
            true => &default,
            false => &args.variants,
        };
        let configs = variants
            .iter()
            .map(|v| match args.profile {
                Some(profile) => profile.apply(v),
                None => v.clone(),
            })
            .flat_map(|variant| {
                thread_counts(&args.threads)
                    .into_iter()
                    .map(move |threads| SearchConfig {
                        eval,
                        shuffle: args.shuffle,
                        threads,
                        ..SearchConfig::new(variant.clone())
                    })
            })
            .collect();
        let trace = match &args.trace {
            Some(path) => {
                for config in &configs {
                    crate::search::check_traceable(config)
                        .map_err(|e| Error::Usage(e.to_string()))?;
                }
                let file = crate::trace::TraceFile::create(path)
                    .map_err(|e| Error::Usage(format!("--trace {}: {e}", path.display())))?;
                Some(file)
            }
            None => None,
        };
        Ok(SearchJob {
            configs,
            depths: args.depth.list(),
            repeat: args.repeat.repeat(),
            trace,
        })
    }
}

/// `nodeprof search`: each position in turn, a row as each search ends.
pub fn command(args: SearchArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let job = SearchJob::try_from(&args)?;
    let engines = super::engine::engines(&args.engines)?;
    let (cases, engine_cases) = crate::sweep::load_cases(&args.positions, args.game.game)?;
    let mut output = Output::new(args.format.format, out);
    let mut seq = 0;
    for case in &cases {
        if job.depths.contains(&END) && !job.configs.is_empty() {
            output.text().flush()?;
            eprintln!(
                "nodeprof: solving {} ({} empties) to the end of the game with {} variant(s); each row is printed when its search ends",
                case.name,
                case.position.empties(),
                job.configs.len()
            );
        }
        if !job.configs.is_empty() {
            run(case, &job, &mut output, &mut seq)?;
        }
    }
    if !engines.is_empty() {
        // One process an engine for every position, the one greeted.
        let mut slots = Vec::new();
        for engine in &engines {
            let (meta, started) = crate::engine::greet(engine, &engine_cases, &job.depths)?;
            slots.push((meta, Some(started)));
        }
        for case in &engine_cases {
            run_engines(
                case,
                &engines,
                &mut slots,
                &job.depths,
                &mut output,
                &mut seq,
            )?;
        }
        for (_, engine) in slots {
            engine.into_iter().for_each(crate::engine::Engine::quit);
        }
    }
    if let Some(trace) = &job.trace {
        trace.finish()?;
    }
    output.finish("search", ())?;
    Ok(Outcome::Success)
}

/// The engines' rows of one position: as a sweep records them (nodes counted from the
/// `go`, the engine's own time), counters an engine does not report shown as `-`.
fn run_engines(
    case: &crate::engine::EngineCase,
    engines: &[crate::engine::EngineSpec],
    slots: &mut [(crate::engine::EngineMeta, Option<crate::engine::Engine>)],
    depths: &[u32],
    output: &mut Output,
    seq: &mut u64,
) -> Result<(), Error> {
    writeln!(
        output.text(),
        "{} ({}, {} empties)",
        case.name,
        case.position.kind(),
        case.empties
    )?;
    writeln!(
        output.text(),
        "{:<22} {:>5} {:>7} {:>7} {:>8} {:>11} {:>11} {:>10}  pv",
        "engine",
        "depth",
        "score",
        "best",
        "seldepth",
        "nodes",
        "iteration",
        "time_ms"
    )?;
    for (spec, (meta, slot)) in engines.iter().zip(slots.iter_mut()) {
        for (depth, result) in crate::engine::run_group(slot, spec, case, depths) {
            let measured = result.map_err(Error::from)?;
            let it = &measured.iteration;
            let text = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
            writeln!(
                output.text(),
                "{:<22} {:>5} {:>7} {:>7} {:>8} {:>11} {:>11} {:>10}  {}",
                spec.name(),
                depth_label(depth),
                it.score.map_or("-".into(), |s| format!("{:+}", s.value())),
                measured.best_move.as_deref().unwrap_or("-"),
                text(it.seldepth.map(u64::from)),
                text(it.nodes),
                text(measured.iteration_nodes),
                it.time_ns
                    .map_or("-".into(), |ns| format!("{:.3}", ns as f64 / 1e6)),
                it.pv.join(" ")
            )?;
            output.text().flush()?;
            output.row(&engine_row(*seq, case, meta, depth, 1, None, Ok(measured)))?;
            *seq += 1;
        }
    }
    writeln!(output.text())?;
    Ok(())
}
