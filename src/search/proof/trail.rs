//! The root's proof and disproof numbers kept over a proof search, for `solve --where`: a
//! point at each doubling of the nodes where the search looks at its root, and one at the end
//! of each proof. Keeping them changes no count.

use super::numbers::{Numbers, INF};
use crate::search::root_report::{ProofPoint, TableUsage};

/// The points kept so far.
#[derive(Clone, Debug)]
pub struct Recorder {
    pub points: Vec<ProofPoint>,
    /// The nodes at which the next point is kept.
    next: u64,
    /// The goal of the proof under way.
    pub at_least: i32,
    /// df-pn's table's use at the end.
    pub table: Option<TableUsage>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder {
            points: Vec::new(),
            next: 1,
            at_least: 0,
            table: None,
        }
    }

    /// Keeps the root's `numbers` if the search's `nodes` reached the next doubling.
    #[inline]
    pub fn note(&mut self, nodes: u64, numbers: Numbers) {
        if nodes >= self.next {
            self.keep(nodes, numbers);
            while self.next <= nodes {
                self.next = self.next.saturating_mul(2);
            }
        }
    }

    /// Keeps the root's `numbers` at `nodes` (in place of a point of the same proof at the
    /// same nodes).
    pub fn keep(&mut self, nodes: u64, numbers: Numbers) {
        let finite = |n: u32| (n != INF).then_some(n);
        let point = ProofPoint {
            at_least: self.at_least,
            nodes,
            proof: finite(numbers.proof),
            disproof: finite(numbers.disproof),
        };
        match self.points.last_mut() {
            Some(last) if (last.at_least, last.nodes) == (point.at_least, nodes) => *last = point,
            _ => self.points.push(point),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_kept_at_each_doubling_and_when_asked() {
        let mut recorder = Recorder::new();
        let numbers = Numbers {
            proof: 3,
            disproof: INF,
        };
        for nodes in [1, 2, 3, 5, 6, 9, 100, 101] {
            recorder.note(nodes, numbers);
        }
        recorder.keep(100, numbers);
        recorder.keep(101, numbers);
        let at: Vec<u64> = recorder.points.iter().map(|p| p.nodes).collect();
        assert_eq!(at, [1, 2, 5, 9, 100, 101]);
        assert_eq!(
            (recorder.points[0].proof, recorder.points[0].disproof),
            (Some(3), None)
        );
    }
}
