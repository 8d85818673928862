//! Several searches of one position and depth measured in turns, as `ab` times base and
//! dev: run by run, in ABBA order (the first round in the given order, the next reversed,
//! and so on), so that a change of the machine's load falls on all of them alike and their
//! time ratios (a variant's over another's, one thread's over several: the speedup) are
//! paired rather than taken from blocks timed one after the other.

use super::{Measuring, Repeat, SearchReport};
use crate::error::SearchError;
use crate::position::AnyPosition;
use crate::search::SearchConfig;

/// Measures each of `configs` on `position` to `depth` with `repeat`, their runs taking
/// turns: every round runs once each search that [`Measuring::wants_more`], forwards in
/// even rounds and backwards in odd ones. A search that fails ends with its error; the others
/// go on. One config is measured exactly as [`super::measure`] does.
pub fn measure_paired(
    position: &AnyPosition,
    depth: u32,
    configs: &[&SearchConfig],
    repeat: Repeat,
) -> Vec<Result<SearchReport, SearchError>> {
    let mut states: Vec<Result<Measuring<'_>, SearchError>> = configs
        .iter()
        .map(|config| Measuring::start(position, depth, config, repeat))
        .collect();
    let mut round = 1;
    loop {
        let order: Vec<usize> = match round % 2 {
            0 => (0..states.len()).collect(),
            _ => (0..states.len()).rev().collect(),
        };
        let mut ran = false;
        for i in order {
            let Ok(measuring) = &mut states[i] else {
                continue;
            };
            if !measuring.wants_more() {
                continue;
            }
            ran = true;
            if let Err(e) = measuring.again() {
                states[i] = Err(e);
            }
        }
        if !ran {
            break;
        }
        round += 1;
    }
    states
        .into_iter()
        .map(|state| state.map(Measuring::finish))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::measure;
    use crate::position::load;
    use crate::search::Variant;

    fn config(spec: &str, threads: u32) -> SearchConfig {
        SearchConfig {
            threads,
            ..SearchConfig::new(spec.parse::<Variant>().unwrap())
        }
    }

    #[test]
    fn paired_searches_count_as_when_measured_alone() {
        let position = load(&["ffo:40".to_string()], None).unwrap()[0].position;
        let configs = [config("alphabeta", 1), config("pvs+tt+id", 1)];
        let refs: Vec<&SearchConfig> = configs.iter().collect();
        let repeat = Repeat {
            runs: 3,
            warmup: 1,
            adaptive: false,
        };
        let paired = measure_paired(&position, 4, &refs, repeat);
        assert_eq!(paired.len(), 2);
        for (config, report) in configs.iter().zip(paired) {
            let report = report.unwrap();
            let alone = measure(&position, 4, config, repeat).unwrap();
            assert_eq!(report.counters, alone.counters);
            assert_eq!((report.score, &report.pv), (alone.score, &alone.pv));
            assert_eq!(report.runs, 3);
            assert_eq!(report.times_ns.len(), 3);
        }
    }
}
