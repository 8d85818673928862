//! What a search counts: the one definition of every counter. The `Counters` struct, its
//! names and summing, the `runs.csv` columns, the `search` table's columns, the report's
//! metrics and the help texts all come from the list in [`counter_list`]. Adding a counter
//! means a line there and the code that counts it.

use std::ops::AddAssign;

/// The counters, in the order of the CSV columns: name, title (charts, help), meaning
/// (README, help). Hands the list to `$then!`, which builds what it needs from it.
#[macro_export]
macro_rules! counter_list {
    ($then:ident) => {
        $then! {
            leaf, "leaves",
                "positions scored without searching their moves: the search horizon, a finished game, a win at the next move (winfirst), a position whose safe moves settle it (nolose: lost, or drawn for lack of stones), or (token) a position whose budget is one evaluation";
            interior, "interior nodes",
                "every other visited position, including a forced pass, a position that returns from a table cut-off (counted in tt_cut too) and one whose window the bounds close (clamp, nolose); leaf + interior = nodes = calls of the search function";
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
            research, "re-searches",
                "searches of the same node again with another window (PVS re-searches, aspiration failures, MTD(f) passes after the first)";
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
}

macro_rules! define_counters {
    ($($name:ident, $title:literal, $meaning:literal;)*) => {
        /// The counts of one search (see [`COUNTERS`] for their meanings).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct Counters {
            $(#[doc = $meaning] pub $name: u64,)*
        }

        /// Every counter, in CSV column order.
        pub const COUNTERS: &[Counter] = &[$(Counter { name: stringify!($name), title: $title, meaning: $meaning },)*];

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
    /// Every visited position.
    pub fn nodes(&self) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_sum_field_by_field() {
        let a = Counters::from_values(std::array::from_fn(|i| i as u64 + 1));
        assert_eq!(a.values()[0], a.leaf);
        assert_eq!(a.values()[COUNT - 1], a.research);
        assert_eq!(Counters::from_values(a.values()), a);
        let mut b = a;
        b += a;
        assert!(b.values().iter().zip(a.values()).all(|(s, v)| *s == 2 * v));
        assert_eq!(counter_index("tt_probe"), Some(2));
        assert_eq!(a.named().count(), COUNT);
    }
}
