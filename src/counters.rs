//! What a search counts: the one definition of every counter. The `Counters` struct, its
//! names and summing, the `runs.csv` columns, the `search` table's columns, the report's
//! metrics and the help texts all come from the list in `counter_list!`. Adding a counter
//! means a line there and the code that counts it.

use std::ops::AddAssign;

/// The counters, in the order of the CSV columns: name, title (charts, help), meaning
/// (README, help), and `detail` for those the `search` table leaves out (they are in
/// `runs.csv` and the reports). Hands the list to `$then!`, which builds what it needs from it.
#[macro_export]
macro_rules! counter_list {
    ($then:ident) => {
        $then! {
            leaf, "leaves",
                "positions scored without searching their moves: the search horizon, a finished game, a win at the next move (winfirst), a position whose safe moves settle it (nolose: lost, or drawn for lack of stones), or (token) a position whose budget is one evaluation";
            interior, "interior nodes",
                "every other visited position, including a forced pass, a position that returns from a table cut-off (counted in tt_cut too) and one whose window the bounds close (clamp, nolose); leaf + interior = calls of the main search function (nodes adds qnode)";
            tt_probe, "table probes",
                "transposition-table look-ups (ETC's look-ups of children included)";
            tt_hit, "table hits",
                "look-ups that found an entry for the position";
            tt_cut, "table cut-offs",
                "hits that ended the node";
            beta_cut, "beta cut-offs",
                "a move's value reached beta and the move loop stopped";
            first_cut, "first-move cut-offs",
                "beta cut-offs on the first move tried (first_cut / beta_cut measures move ordering)";
            second_cut, "second-move cut-offs",
                "beta cut-offs on the second move tried", detail;
            third_cut, "third-move cut-offs",
                "beta cut-offs on the third move tried (those on later moves: beta_cut - first_cut - second_cut - third_cut)", detail;
            cut_index_sq, "squared cut positions",
                "the sum over beta cut-offs of the squared position of the cutting move (1 for the first): sqrt(cut_index_sq / beta_cut) is the weighted cut index of the move ordering tests", detail;
            qnode, "quiescence nodes",
                "positions quiescence search visits below the horizon (the horizon position itself is a leaf): leaf + interior + qnode = nodes = every position visited, as chess engines count", detail;
            drawn, "drawn by rule",
                "positions scored as draws by `+draws` (a repetition on the search path or of the game before the root, the fifty-move rule, no mating material), counted in leaf too", detail;
            null_try, "null-move searches",
                "nodes where `+nullmove` passed and searched the reduced null window", detail;
            null_cut, "null-move cut-offs",
                "null-move searches that reached beta and ended the node", detail;
            reduced, "reduced moves",
                "moves `+lmr` searched a ply shallower first (those that beat alpha are searched again in full, counted in research)", detail;
            futile, "futile moves",
                "quiet moves `+futility` skipped at depth 1", detail;
            research, "re-searches",
                "searches of the same node again with another window (PVS re-searches, late-move reductions' full searches, aspiration failures, MTD(f) passes after the first)";
            fail_high, "fail-high nodes",
                "nodes of a windowed search (alpha-beta, PVS, MTD(f), bisection) whose move loop ended at or above beta (a lower bound)", detail;
            fail_low, "fail-low nodes",
                "nodes of a windowed search whose move loop ended at or below alpha (an upper bound)", detail;
            exact_node, "exact nodes",
                "nodes of a windowed search whose move loop ended inside the window (an exact value)", detail;
            iteration, "iterations",
                "searches of the root to a depth: 1, or one each depth of iterative deepening (and the final solve)", detail;
            tokens, "tokens granted",
                "token and flow searches: the tokens granted to the root, B^depth (the tokens they used are their leaves: an evaluated position uses one)", detail;
            pass, "root passes",
                "times the root was searched: one an iteration, and one more for each aspiration re-search, MTD(f) pass or bisection probe (pass / iteration: passes per iteration)", detail;
        }
    };
}

/// One counter's description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    /// The field, CSV column and metric name (`tt_hit`).
    pub name: &'static str,
    /// For chart titles and help (`table hits`).
    pub title: &'static str,
    /// Exactly what is counted (README's counters table).
    pub meaning: &'static str,
    /// Whether the `search` table shows it (the others are in `runs.csv` and the reports).
    pub in_table: bool,
}

macro_rules! in_table {
    () => {
        true
    };
    (detail) => {
        false
    };
}

macro_rules! define_counters {
    ($($name:ident, $title:literal, $meaning:literal $(, $detail:ident)?;)*) => {
        /// The counts of one search (see [`COUNTERS`] for their meanings).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct Counters {
            $(#[doc = $meaning] pub $name: u64,)*
        }

        /// Every counter, in CSV column order.
        pub const COUNTERS: &[Counter] = &[$(Counter { name: stringify!($name), title: $title, meaning: $meaning, in_table: in_table!($($detail)?) },)*];

        impl Counters {
            /// The values, in [`COUNTERS`] order.
            pub fn values(&self) -> [u64; COUNT] {
                [$(self.$name,)*]
            }

            pub fn from_values(values: [u64; COUNT]) -> Counters {
                let [$($name,)*] = values;
                Counters { $($name,)* }
            }
        }
    };
}

counter_list!(define_counters);

/// How many counters there are.
pub const COUNT: usize = COUNTERS.len();

impl Counters {
    /// Every visited position: the main tree's (`leaf + interior`) and quiescence's, as
    /// chess engines count them.
    pub fn nodes(&self) -> u64 {
        self.main_tree() + self.qnode
    }

    /// The positions of the main tree, above the horizon: `leaf + interior`, the calls of
    /// the search function.
    pub fn main_tree(&self) -> u64 {
        self.leaf + self.interior
    }

    /// The share of beta cut-offs made by the first move tried (see [`first_cut_rate`]).
    pub fn first_cut_rate(&self) -> Option<f64> {
        first_cut_rate(self.first_cut, self.beta_cut)
    }

    /// The counters by name, in the order of the CSV columns.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, u64)> {
        COUNTERS.iter().map(|c| c.name).zip(self.values())
    }
}

impl AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        let mut sum = self.values();
        for (total, value) in sum.iter_mut().zip(other.values()) {
            *total += value;
        }
        *self = Counters::from_values(sum);
    }
}

/// The weighted cut index of the move ordering tests: the root mean square position of the
/// cutting move (1 when every cut-off is made by the first move tried). Squaring weighs late
/// cut-offs more, as Robert Hyatt proposed in Ed Schröder's "Move Ordering Test (2)"
/// (talkchess.com, 2013).
pub fn weighted_cut_index(cut_index_sq: u64, beta_cut: u64) -> Option<f64> {
    (beta_cut > 0).then(|| (cut_index_sq as f64 / beta_cut as f64).sqrt())
}

/// Positions of the cutting move the histogram tells apart: first, second, third, later.
pub const CUT_POSITIONS: usize = 4;
/// Remaining depths the histogram tells apart (plies to the horizon, or empties when
/// solving): 0 to `CUT_DEPTHS - 1`, deeper ones in the last.
pub const CUT_DEPTHS: usize = 128;

/// Where beta cut-offs happened: by the remaining depth of the node and the position of the
/// cutting move (first, second, third, later). Written to a sweep's `cuts.csv`.
#[derive(Clone, PartialEq, Eq)]
pub struct CutHistogram {
    counts: Box<[[u64; CUT_POSITIONS]; CUT_DEPTHS]>,
}

impl Default for CutHistogram {
    fn default() -> CutHistogram {
        CutHistogram {
            counts: Box::new([[0; CUT_POSITIONS]; CUT_DEPTHS]),
        }
    }
}

impl std::fmt::Debug for CutHistogram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.cells()).finish()
    }
}

impl CutHistogram {
    /// A cut-off by the move at `index` (0 first) at a node `depth` from the horizon.
    #[inline(always)]
    pub fn record(&mut self, depth: u32, index: usize) {
        let depth = (depth as usize).min(CUT_DEPTHS - 1);
        self.counts[depth][index.min(CUT_POSITIONS - 1)] += 1;
    }

    /// The cells that counted something: (remaining depth, position from 1, where 4 is
    /// "4th or later", cut-offs), shallowest first.
    pub fn cells(&self) -> impl Iterator<Item = (u32, u32, u64)> + '_ {
        self.counts.iter().enumerate().flat_map(|(depth, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(move |(i, &n)| (depth as u32, i as u32 + 1, n))
        })
    }

    /// Every cut-off counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }
}

impl std::ops::AddAssign<&CutHistogram> for CutHistogram {
    fn add_assign(&mut self, other: &CutHistogram) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts.iter()) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m += t;
            }
        }
    }
}

/// The counter called `name`, if there is one.
pub fn counter_index(name: &str) -> Option<usize> {
    COUNTERS.iter().position(|c| c.name == name)
}

/// The share of beta cut-offs made by the first move tried: the move-ordering quality the
/// tables, the summary and the charts show (none without a cut-off). Derived metrics are
/// defined here once.
pub fn first_cut_rate(first_cut: u64, beta_cut: u64) -> Option<f64> {
    (beta_cut > 0).then(|| first_cut as f64 / beta_cut as f64)
}

/// A search's work and span, in nodes: its available parallelism (`search::span` measures
/// them under YBWC's rules; Blumofe and Leiserson's work and span, Brent's bound).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// T1: every node of the one-thread search.
    pub work: u64,
    /// T∞: the nodes on the longest chain of nodes that must follow one another.
    pub span: u64,
}

impl Span {
    /// T1/T∞: the most threads that could be kept busy on average.
    pub fn parallelism(&self) -> Option<f64> {
        (self.span > 0).then(|| self.work as f64 / self.span as f64)
    }

    /// Brent's bound on a greedy scheduler's time at `threads` threads,
    /// (T1 − T∞)/P + T∞, as a speedup over one thread: what the tree promises at P.
    pub fn predicted_speedup(&self, threads: u32) -> Option<f64> {
        if self.span == 0 || threads == 0 {
            return None;
        }
        Some(self.work as f64 / self.brent_time(threads))
    }

    /// Brent's bound on the time at `threads` threads, in nodes: (T1 − T∞)/P + T∞.
    pub fn brent_time(&self, threads: u32) -> f64 {
        let (work, span) = (self.work as f64, self.span as f64);
        (work - span) / threads.max(1) as f64 + span
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_sum_field_by_field() {
        let a = Counters::from_values(std::array::from_fn(|i| i as u64 + 1));
        assert_eq!(a.values()[0], a.leaf);
        assert_eq!(a.values()[COUNT - 1], a.pass);
        assert_eq!(Counters::from_values(a.values()), a);
        let mut b = a;
        b += a;
        assert!(b.values().iter().zip(a.values()).all(|(s, v)| *s == 2 * v));
        assert_eq!(counter_index("tt_probe"), Some(2));
        assert_eq!(a.named().count(), COUNT);
    }
}

/// The counters an engine reported for one iteration: nodeprof's that it sent, and its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reported {
    /// nodeprof's counters, in [`COUNTERS`] order (`None`: not reported).
    pub values: [Option<u64>; COUNT],
    /// The engine's own counters (`x_<name>`), in the order sent.
    pub extra: Vec<(String, u64)>,
}

impl Reported {
    /// Every counter of `counters` (nodeprof's own engine reports them all).
    pub fn all(counters: &Counters) -> Reported {
        Reported {
            values: counters.values().map(Some),
            extra: Vec::new(),
        }
    }

    /// The counters when every one was reported.
    pub fn complete(&self) -> Option<Counters> {
        let mut values = [0; COUNT];
        for (value, reported) in values.iter_mut().zip(self.values) {
            *value = reported?;
        }
        Some(Counters::from_values(values))
    }

    /// A counter by name, if reported.
    pub fn get(&self, name: &str) -> Option<u64> {
        counter_index(name).and_then(|i| self.values[i])
    }

    /// The extra counters as one cell: `x_a=1 x_b=2` (`None` when there are none).
    pub fn extra_cell(&self) -> Option<String> {
        (!self.extra.is_empty()).then(|| {
            self.extra
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }
}
