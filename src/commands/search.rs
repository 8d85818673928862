//! `nodeprof search`: search positions with variants at one or more depths and print the
//! score, best move, every counter and the principal variation.

use std::io::Write;

use crate::counters::COUNTERS;
use crate::error::Error;
use crate::measure::{measure, Repeat, SearchReport};
use crate::position::Case;
use crate::search::{depth_label, SearchConfig};

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
