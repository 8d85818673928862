//! `nodeprof bench`: a fixed, quick set of searches (a few seconds on one core) over every
//! game and the main kinds of search, whose total node count is the build's signature, as
//! chess engines' `bench` is for Fishtest and OpenBench: a build that counts differently
//! (another move order, a changed rule) gives another total, and the shards of a sweep
//! refuse to run on such a build.

use super::{measure, Repeat};
use crate::error::{Error, StoreError};
use crate::position::load;
use crate::search::{depth_label, SearchConfig, Variant, END};

/// The searches: positions, variant spec, depth.
const SEARCHES: &[(&str, &str, u32)] = &[
    ("ffo:40..44", "pvs+tt+killer+id", 10),
    (
        "ffo:40",
        "mtdf+tt:64+mobility+id+etc+parity+stab+last:7",
        END,
    ),
    ("ataxx:start", "alphabeta+tt+killer+id", 6),
    (
        "connect4:begin-easy",
        "bisect+tt:64+nolose+clamp+threats+etc",
        END,
    ),
];

/// One line of the bench: a variant over a set of positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchSearch {
    /// The positions as written (`ffo:40..44`) and how many there are.
    pub positions: String,
    pub count: usize,
    pub variant: String,
    pub depth: String,
    pub nodes: u64,
    pub time_ns: u64,
}

/// The bench's searches and their totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bench {
    pub searches: Vec<BenchSearch>,
    /// The signature: every search's nodes added up.
    pub nodes: u64,
    pub time_ns: u64,
}

impl Bench {
    /// Nodes per second over the whole bench.
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000_000 / self.time_ns.max(1) as u128) as u64
    }

    /// The line OpenBench reads from an engine's bench: `<total> nodes <n> nps`.
    pub fn last_line(&self) -> String {
        format!("{} nodes {} nps", self.nodes, self.nps())
    }
}

/// Runs the bench on one thread (the signature). `shuffle` shuffles every search's move
/// order (a stand-in, for tests, for a build that orders moves differently).
pub fn run(shuffle: Option<u64>) -> Result<Bench, Error> {
    run_on(shuffle, 1)
}

/// Runs the bench with `threads` threads a search (`bench -t`, as Stockfish's bench takes
/// threads): past one, the nodes vary from run to run and are no signature, and the speed
/// is the threads' together. The helpers start at once (`helpers_after` 0), so that the
/// bench's short searches are shared.
pub fn run_on(shuffle: Option<u64>, threads: u32) -> Result<Bench, Error> {
    let mut searches = Vec::new();
    for &(positions, spec, depth) in SEARCHES {
        let variant: Variant = spec.parse()?;
        let cases = load(&[positions.to_string()], None)?;
        let (mut nodes, mut time_ns) = (0, 0);
        for case in &cases {
            let config = SearchConfig {
                shuffle,
                threads,
                helpers_after: 0,
                ..SearchConfig::new(variant.clone())
            }
            .for_game(case.position.kind());
            let report =
                measure(&case.position, depth, &config, Repeat::default()).map_err(|source| {
                    Error::Search {
                        case: case.name.clone(),
                        source,
                    }
                })?;
            nodes += report.counters.leaf + report.counters.interior;
            time_ns += report.time_ns;
        }
        searches.push(BenchSearch {
            positions: positions.to_string(),
            count: cases.len(),
            variant: variant.to_string(),
            depth: depth_label(depth),
            nodes,
            time_ns,
        });
    }
    Ok(Bench {
        nodes: searches.iter().map(|s| s.nodes).sum(),
        time_ns: searches.iter().map(|s| s.time_ns).sum(),
        searches,
    })
}

/// The signature gate of shards: this build's bench total, refused when `expected` is given
/// and differs (`shuffle` as in [`run`]).
pub fn signature(expected: Option<u64>, shuffle: Option<u64>) -> Result<u64, Error> {
    let got = run(shuffle)?.nodes;
    match expected {
        Some(expected) if expected != got => Err(StoreError::Signature { expected, got }.into()),
        _ => Ok(got),
    }
}
