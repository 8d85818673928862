//! `nodeprof perft`: leaves of the game tree at each depth, with time and speed.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::outcome::Outcome;
use crate::cli::PerftArgs;
use crate::error::Error;
use crate::game::{perft, perft_divide, Game};
use crate::output::{Output, Row};
use crate::position::Case;
use crate::report::text::thousands;
use crate::with_position;

/// What to count.
#[derive(Clone, Copy, Debug)]
pub struct PerftConfig {
    /// The deepest depth; depths 1..=depth are counted (only `depth` with `only_last`).
    pub depth: u32,
    pub only_last: bool,
    /// Split the deepest count by root move.
    pub divide: bool,
}

/// One measured depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftRow {
    pub depth: u32,
    pub leaves: u64,
    pub time: Duration,
}

/// A count as `--format csv` writes it and the JSON document's `rows` hold (schema
/// `nodeprof-perft`): a depth's leaves, or with `--divide` a root move's at the deepest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftLine {
    pub game: String,
    pub suite: String,
    pub position: String,
    pub depth: u32,
    /// The root move whose subtree this counts (`--divide`); null for the whole depth.
    #[serde(rename = "move")]
    pub root_move: Option<String>,
    pub leaves: u64,
    /// The count's time (null for a divide line: the split is not timed).
    pub time_ns: Option<u64>,
    /// The suite's count for this depth (an EPD's `D5 4865609`), and whether it agrees.
    pub expected_leaves: Option<u64>,
    pub ok: Option<bool>,
}

impl Row for PerftLine {}

impl PerftLine {
    fn new(case: &Case, depth: u32, root_move: Option<String>, leaves: u64) -> PerftLine {
        let expected_leaves = root_move
            .is_none()
            .then(|| expected_leaves(case, depth))
            .flatten();
        PerftLine {
            game: case.position.kind().name().to_string(),
            suite: case.suite.clone(),
            position: case.name.clone(),
            depth,
            root_move,
            leaves,
            time_ns: None,
            expected_leaves,
            ok: expected_leaves.map(|n| n == leaves),
        }
    }
}

impl PerftRow {
    pub fn leaves_per_second(&self) -> f64 {
        self.leaves as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Prints the perft table of one case (and the divide list if asked), a line each to
/// `output`.
pub fn run(case: &Case, config: &PerftConfig, output: &mut Output) -> io::Result<Vec<PerftRow>> {
    with_position!(&case.position, p => run_game(case, p, config, output))
}

fn run_game<G: Game>(
    case: &Case,
    pos: &G,
    config: &PerftConfig,
    output: &mut Output,
) -> io::Result<Vec<PerftRow>> {
    writeln!(output.text(), "{}: {}", case.name, case.position.summary())?;
    writeln!(
        output.text(),
        "{:>5}  {:>16}  {:>10}  {:>12}",
        "depth",
        "leaves",
        "time (s)",
        "leaves/s"
    )?;
    let first = if config.only_last { config.depth } else { 1 };
    let mut rows = Vec::new();
    for depth in first..=config.depth {
        let started = Instant::now();
        let leaves = perft(pos, depth);
        let row = PerftRow {
            depth,
            leaves,
            time: started.elapsed(),
        };
        // A suite's published count for this depth (EPD's `D5 4865609`) is checked.
        let check = match expected_leaves(case, depth) {
            Some(n) if n == leaves => "  ok".to_string(),
            Some(n) => format!("  WRONG: the suite says {}", thousands(n)),
            None => String::new(),
        };
        writeln!(
            output.text(),
            "{:>5}  {:>16}  {:>10.3}  {:>12}{check}",
            depth,
            thousands(leaves),
            row.time.as_secs_f64(),
            thousands(row.leaves_per_second() as u64)
        )?;
        output.text().flush()?;
        output.row(&PerftLine {
            time_ns: Some(row.time.as_nanos() as u64),
            ..PerftLine::new(case, depth, None, leaves)
        })?;
        rows.push(row);
    }
    if config.divide && config.depth > 0 {
        writeln!(output.text(), "\ndivide at depth {}:", config.depth)?;
        let split = perft_divide(pos, config.depth);
        for (mv, leaves) in &split {
            writeln!(
                output.text(),
                "{:>6}  {:>16}",
                mv.to_string(),
                thousands(*leaves)
            )?;
            output.row(&PerftLine::new(
                case,
                config.depth,
                Some(mv.to_string()),
                *leaves,
            ))?;
        }
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        writeln!(
            output.text(),
            "{:>6}  {:>16}  ({} moves)",
            "total",
            thousands(total),
            split.len()
        )?;
    }
    Ok(rows)
}

impl From<&PerftArgs> for PerftConfig {
    fn from(args: &PerftArgs) -> PerftConfig {
        PerftConfig {
            depth: args.depth,
            only_last: args.only,
            divide: args.divide,
        }
    }
}

/// The suite's count of leaves at `depth` for `case`, if it gives one.
fn expected_leaves(case: &Case, depth: u32) -> Option<u64> {
    let expected = case.expected.as_ref()?;
    expected
        .perft
        .iter()
        .find(|&&(d, _)| d == depth)
        .map(|&(_, n)| n)
}

/// `nodeprof perft`: each position's counts in turn; a failure (exit code 1) when a count
/// differs from the suite's.
pub fn command(args: PerftArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let config = PerftConfig::from(&args);
    let mut output = Output::new(args.format.format, out);
    let mut wrong = 0;
    for case in crate::position::load(&args.positions, args.game.game)? {
        let rows = run(&case, &config, &mut output)?;
        wrong += rows
            .iter()
            .filter(|r| expected_leaves(&case, r.depth).is_some_and(|n| n != r.leaves))
            .count();
    }
    if wrong > 0 {
        writeln!(output.text(), "{wrong} counts differ from the suite's")?;
    }
    output.finish("perft", ())?;
    Ok(match wrong {
        0 => Outcome::Success,
        _ => Outcome::Failure,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;
    use crate::output::Format;
    use crate::position::load;

    #[test]
    fn table_and_divide_report_the_counts() {
        let cases = load(&["startpos".into()], Some(GameKind::Reversi)).unwrap();
        let config = PerftConfig {
            depth: 4,
            only_last: false,
            divide: true,
        };
        let mut out = Vec::new();
        let rows = run(&cases[0], &config, &mut Output::new(Format::Text, &mut out)).unwrap();
        let leaves: Vec<u64> = rows.iter().map(|r| r.leaves).collect();
        assert_eq!(leaves, [4, 12, 56, 244]);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "startpos: reversi, Black to move, 60 empties");
        assert!(lines[1].starts_with("depth") && lines[1].ends_with("leaves/s"));
        assert!(
            lines[5].trim_start().starts_with("4               244"),
            "{}",
            lines[5]
        );
        assert_eq!(lines[7], "divide at depth 4:");
        assert_eq!(
            lines[8].split_whitespace().collect::<Vec<_>>(),
            ["d3", "61"]
        );
        assert_eq!(
            lines.last().unwrap().split_whitespace().collect::<Vec<_>>(),
            ["total", "244", "(4", "moves)"]
        );
    }

    #[test]
    fn the_wiki_perft_suite_is_checked_against_its_published_counts() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/chess/perft.epd");
        let cases = load(&[path.into()], None).unwrap();
        // The file is the wiki's table, as the game's own copy of it says.
        let published: Vec<Vec<(u32, u64)>> = crate::game::chess::CPW_PERFT
            .iter()
            .map(|(_, _, counts)| (1..).zip(counts.iter().copied()).collect())
            .collect();
        let read: Vec<Vec<(u32, u64)>> = cases
            .iter()
            .map(|c| c.expected.as_ref().unwrap().perft.clone())
            .collect();
        assert_eq!(read, published);
        let config = PerftConfig {
            depth: 3,
            only_last: false,
            divide: false,
        };
        for case in &cases {
            let mut out = Vec::new();
            run(case, &config, &mut Output::new(Format::Text, &mut out)).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.matches("  ok\n").count(), 3, "{text}");
        }
        // A wrong count is reported.
        let mut case = cases[0].clone();
        case.expected.as_mut().unwrap().perft[1].1 += 1;
        let mut out = Vec::new();
        run(&case, &config, &mut Output::new(Format::Text, &mut out)).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("WRONG: the suite says 401"), "{text}");
    }

    #[test]
    fn only_counts_the_last_depth() {
        let cases = load(&["startpos".into()], Some(GameKind::Ataxx)).unwrap();
        let config = PerftConfig {
            depth: 3,
            only_last: true,
            divide: false,
        };
        let rows = run(
            &cases[0],
            &config,
            &mut Output::new(Format::Text, &mut Vec::new()),
        )
        .unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].depth, rows[0].leaves), (3, 6460));
    }
}
