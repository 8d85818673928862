//! `nodeprof search`: search positions with variants at one or more depths and print the
//! score, best move, every counter and the principal variation.

use std::io::Write;

use super::outcome::Outcome;
use crate::cli::SearchArgs;
use crate::counters::COUNTERS;
use crate::error::Error;
use crate::measure::{measure, Repeat, SearchReport};
use crate::position::Case;
use crate::search::{depth_label, SearchConfig, END};
use crate::sweep::plan;

/// Width of a counter's column (every counter has one, in `COUNTERS` order).
const COUNTER_WIDTH: usize = 10;

/// Variants and depths to search each case with.
#[derive(Clone, Debug)]
pub struct SearchJob {
    pub configs: Vec<SearchConfig>,
    pub depths: Vec<u32>,
    pub repeat: Repeat,
}

/// Searches one case with every config and depth, printing a table row per search.
pub fn run(case: &Case, job: &SearchJob, out: &mut impl Write) -> Result<Vec<SearchReport>, Error> {
    // Tables that cannot be had are refused before the table's header is printed.
    for config in &job.configs {
        crate::search::check_memory(&config.variant).map_err(|source| Error::Search {
            case: config.variant.to_string(),
            source,
        })?;
    }
    let pos = &case.position;
    let mut header = format!("{}: {}", case.name, pos.summary());
    if let Some(expected) = &case.expected {
        header.push_str(&format!(
            ", expected {:+} ({})",
            expected.score(),
            expected.best_moves().join(" or ")
        ));
    }
    writeln!(out, "{header}")?;
    let counter_header: String = COUNTERS
        .iter()
        .map(|c| format!(" {:>COUNTER_WIDTH$}", c.name))
        .collect();
    let spread = job.repeat.runs > 1;
    let spread_header = match spread {
        true => format!(" {:>8} {:>19}", "sd_ms", "min..max_ms"),
        false => String::new(),
    };
    writeln!(
        out,
        "{:<22} {:>5} {:>7} {:>5}{counter_header} {:>11} {:>10}{spread_header}  pv",
        "variant", "depth", "score", "best", "nodes", "time_ms"
    )?;
    let mut reports = Vec::new();
    for config in &job.configs {
        for &depth in &job.depths {
            let report = measure(pos, depth, &config.for_game(pos.kind()), job.repeat).map_err(
                |source| Error::Search {
                    case: case.name.clone(),
                    source,
                },
            )?;
            let counters: String = report
                .counters
                .values()
                .iter()
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
                out,
                "{:<22} {:>5} {:>7} {:>5}{counters} {:>11} {:>10.3}{spread}  {}",
                config.variant.display_name(),
                depth_label(depth),
                score_text(&report),
                report.best_move.as_deref().unwrap_or("-"),
                report.counters.nodes(),
                ms(report.time_ns),
                report.pv.join(" ")
            )?;
            out.flush()?;
            reports.push(report);
        }
    }
    writeln!(out)?;
    Ok(reports)
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
        let configs = args
            .variants
            .iter()
            .map(|v| match args.profile {
                Some(profile) => profile.apply(v),
                None => v.clone(),
            })
            .map(|variant| SearchConfig {
                eval,
                shuffle: args.shuffle,
                ..SearchConfig::new(variant)
            })
            .collect();
        Ok(SearchJob {
            configs,
            depths: args.depth.list(),
            repeat: args.repeat.repeat(),
        })
    }
}

/// `nodeprof search`: each position in turn, a row as each search ends.
pub fn command(args: SearchArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let job = SearchJob::try_from(&args)?;
    for case in crate::position::load(&args.positions, args.game.game)? {
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
        run(&case, &job, out)?;
    }
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn search_job(words: &[&str]) -> Result<SearchJob, String> {
        let cli = Cli::try_parse_from(words).map_err(|e| e.to_string())?;
        let Command::Search(args) = cli.command else {
            panic!("a search")
        };
        SearchJob::try_from(&args).map_err(|e| e.to_string())
    }

    #[test]
    fn arguments_become_a_search_job() {
        let job = search_job(&[
            "nodeprof",
            "search",
            "a.pos",
            "-v",
            "pvs+tt+id,negaalpha",
            "-d",
            "2..4",
            "--shuffle",
            "7",
        ])
        .unwrap();
        assert_eq!(job.depths, [2, 3, 4]);
        let specs: Vec<String> = job.configs.iter().map(|c| c.variant.to_string()).collect();
        assert_eq!(specs, ["pvs+tt+id", "alphabeta"]);
        assert!(job.configs.iter().all(|c| c.shuffle == Some(7)));
        let err =
            search_job(&["nodeprof", "search", "a.pos", "-v", "mtdf", "-d", "3"]).unwrap_err();
        assert!(err.contains("mtdf needs a table"), "{err}");
        // Evaluations are the games' own, named as the registry names them.
        let job = search_job(&[
            "nodeprof", "search", "a.pos", "--eval", "threats", "-d", "3",
        ])
        .unwrap();
        assert!(job
            .configs
            .iter()
            .all(|c| c.eval == crate::game::Eval::Threats));
        let err = search_job(&[
            "nodeprof", "search", "a.pos", "--eval", "material", "-d", "3",
        ])
        .unwrap_err();
        assert!(
            err.contains("[possible values: disc, weights, mobility, threats]"),
            "{err}"
        );
    }
}
