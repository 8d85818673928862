//! What an engine reports of a search: its iterations, read from UCI's `info` lines (UAI and
//! UGI write the same), and the result of one `go`.

pub use crate::counters::Reported;

/// A score as engines report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for chess; nodeprof's own games report their score in their units.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Mate scores in the `score` column: ±(MATE_SCORE − moves), beyond any centipawn score.
pub const MATE_SCORE: i32 = 100_000;

impl Score {
    /// The `score` column's value.
    pub fn value(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(moves) if moves >= 0 => MATE_SCORE - moves,
            Score::Mate(moves) => -MATE_SCORE - moves,
        }
    }
}

/// One iteration of a search (one depth), as the engine reported it last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: Option<u32>,
    /// Nodes from the `go` to the end of this iteration (NA when the engine does not say).
    pub nodes: Option<u64>,
    /// The engine's own time from the `go` (UCI reports milliseconds).
    pub time_ns: Option<u64>,
    /// nodeprof's clock: from sending `go` to reading this iteration's line.
    pub wall_ns: u64,
    pub score: Option<Score>,
    pub pv: Vec<String>,
    pub hashfull: Option<u32>,
    /// The counters the engine reported for this iteration in the counter protocol
    /// (`info string nodeprof depth D leaf N ...`: nodeprof's own engine, or an engine with
    /// a probe; docs/probe.md).
    pub counters: Option<Reported>,
}

/// The result of one search: its iterations by depth, its move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    pub iterations: Vec<Iteration>,
    pub best_move: Option<String>,
    /// From `go` to the answer, by nodeprof's clock.
    pub wall_ns: u64,
    /// The search ran past its limit and was stopped (`stop`): its iterations are those
    /// finished before.
    pub stopped: bool,
    /// What the engine sent that could not be read and was dropped (bad counters).
    pub warnings: Vec<String>,
}

impl SearchResult {
    /// The iteration at `depth`, if the engine reported it.
    pub fn at(&self, depth: u32) -> Option<&Iteration> {
        self.iterations.iter().find(|i| i.depth == depth)
    }
}

/// A parsed `info` line: the fields nodeprof uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub time_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    /// A `lowerbound` / `upperbound` score: an aspiration failure, not the iteration's value.
    pub bound: bool,
    pub hashfull: Option<u32>,
    pub pv: Vec<String>,
    /// A `currmove` line: progress inside an iteration.
    pub currmove: bool,
    pub string: Option<String>,
}

/// The largest node count an info line may report (10^15).
pub const MAX_NODES: u64 = 1_000_000_000_000_000;
/// The longest time (10^12 ms, about 31 years).
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// The largest centipawn score and mate distance.
pub const MAX_CP: i32 = 1_000_000;
const MAX_MATE: i32 = 10_000;

impl Info {
    /// Parses the words after `info`. Unknown tokens are skipped, as the UCI specification
    /// asks of GUIs; a known field with a bad number is an error.
    pub fn parse(rest: &str) -> Result<Info, String> {
        let mut info = Info::default();
        let mut words = rest.split_whitespace().peekable();
        fn number<T: std::str::FromStr>(field: &str, word: Option<&str>) -> Result<T, String> {
            let word = word.ok_or_else(|| format!("'{field}' without a value"))?;
            word.parse()
                .map_err(|_| format!("'{field} {word}': expected a number"))
        }
        // Numbers no search reaches are refused, not stored to wrap later in a sum or a
        // conversion: a petanode, thirty years of milliseconds, a mate in 10,000 moves.
        fn bounded<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
            field: &str,
            word: Option<&str>,
            low: T,
            high: T,
        ) -> Result<T, String> {
            let value: T = number(field, word)?;
            match value >= low && value <= high {
                true => Ok(value),
                false => Err(format!("'{field} {value}': out of range ({low} to {high})")),
            }
        }
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = Some(number(word, words.next())?),
                "seldepth" => info.seldepth = Some(number(word, words.next())?),
                "time" => info.time_ms = Some(bounded(word, words.next(), 0, MAX_TIME_MS)?),
                "nodes" => info.nodes = Some(bounded(word, words.next(), 0, MAX_NODES)?),
                "multipv" => info.multipv = Some(number(word, words.next())?),
                "hashfull" => info.hashfull = Some(number(word, words.next())?),
                "nps" | "tbhits" | "sbhits" | "cpuload" | "currmovenumber" => {
                    words.next();
                }
                "currmove" => {
                    info.currmove = true;
                    words.next();
                }
                "score" => {
                    let kind = words.next();
                    let limit = match kind {
                        Some("mate") => MAX_MATE,
                        _ => MAX_CP,
                    };
                    let value: i32 = bounded("score", words.next(), -limit, limit)?;
                    info.score = Some(match kind {
                        Some("cp") => Score::Cp(value),
                        Some("mate") => Score::Mate(value),
                        other => {
                            return Err(format!(
                                "'score {}': expected cp or mate",
                                other.unwrap_or("")
                            ))
                        }
                    });
                    while let Some(&next) = words.peek() {
                        match next {
                            "lowerbound" | "upperbound" => {
                                info.bound = true;
                                words.next();
                            }
                            _ => break,
                        }
                    }
                }
                "pv" => {
                    info.pv = words.by_ref().map(str::to_string).collect();
                }
                "string" => {
                    info.string = Some(words.by_ref().collect::<Vec<_>>().join(" "));
                }
                // `refutation` and `currline` take the rest of the line.
                "refutation" | "currline" => break,
                _ => {}
            }
        }
        Ok(info)
    }

    /// Whether this line reports an iteration (not progress, a bound or a second line).
    pub fn is_iteration(&self) -> bool {
        self.depth.is_some() && !self.currmove && self.multipv.is_none_or(|m| m == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_no_search_reaches_are_refused() {
        for line in [
            "depth 3 time 18446744073709552 nodes 5",
            "depth 3 score mate -2147483648",
            "depth 3 score cp 2147483647",
            "depth 3 nodes 18446744073709551615",
        ] {
            let error = Info::parse(line).unwrap_err();
            assert!(error.contains("out of range"), "{line}: {error}");
        }
        let edge =
            Info::parse("depth 3 time 1000000000000 nodes 1000000000000000 score mate -10000");
        assert_eq!(edge.unwrap().nodes, Some(MAX_NODES));
    }

    #[test]
    fn stockfish_lines_parse() {
        let line = "depth 8 seldepth 10 multipv 1 score cp 39 nodes 5791 nps 643444 hashfull 2 tbhits 0 time 9 pv e2e4 e7e5 g1f3";
        let info = Info::parse(line).unwrap();
        assert_eq!(info.depth, Some(8));
        assert_eq!(info.seldepth, Some(10));
        assert_eq!(info.nodes, Some(5791));
        assert_eq!(info.time_ms, Some(9));
        assert_eq!(info.hashfull, Some(2));
        assert_eq!(info.score, Some(Score::Cp(39)));
        assert_eq!(info.pv, ["e2e4", "e7e5", "g1f3"]);
        assert!(info.is_iteration() && !info.bound);
        let bound = Info::parse("depth 12 score cp -20 upperbound nodes 5 time 1 pv d2d4").unwrap();
        assert!(bound.bound);
        assert_eq!(bound.pv, ["d2d4"]);
        let progress = Info::parse("depth 12 currmove e2e4 currmovenumber 1").unwrap();
        assert!(!progress.is_iteration());
        assert!(!Info::parse("depth 3 multipv 2 score cp 1")
            .unwrap()
            .is_iteration());
        assert_eq!(
            Info::parse("depth 3 score mate -2").unwrap().score,
            Some(Score::Mate(-2))
        );
        assert!(Info::parse("depth x").is_err());
        assert!(Info::parse("score wdl 1").is_err());
        assert_eq!(Score::Mate(3).value(), MATE_SCORE - 3);
        assert_eq!(Score::Mate(-3).value(), -MATE_SCORE + 3);
    }
}
