//! Depth-first proof-number search (Nagai 2002): the most-proving node found depth first,
//! each node searched until its numbers reach thresholds its parent sets, the numbers kept
//! in a transposition table ([`Table`]) of bounded size: a small table still proves, with
//! more re-expansions.

use super::limits::{Limits, Stop};
use super::numbers::{add, child_proof_limit, Goal, Numbers, Summary, INF};
use super::table::Table;
use super::trail::Recorder;
use crate::counters::Counters;
use crate::game::Game;

/// The root's children with their numbers.
pub type RootChildren<G> = Vec<(<G as Game>::Move, Numbers)>;

/// The root's limits: none short of a proof or a disproof.
const ROOT_LIMIT: Numbers = Numbers {
    proof: INF,
    disproof: INF,
};

/// A df-pn search over positions of `G` toward one goal.
pub struct Dfpn<'a, G: Game> {
    pub table: &'a mut Table,
    pub goal: Goal,
    /// Weak proof numbers (`+weak`).
    weak: bool,
    pub limits: &'a Limits,
    /// Each ply's children: their moves, positions and numbers (reused: no allocation per
    /// node; a child is made once an expansion, however often it is searched).
    frames: Vec<Vec<(G::Move, G, Numbers)>>,
    /// The key salt of this goal: entries of other goals in the same table never match.
    salt: u64,
    /// Expansions since the clock was last read.
    steps: u32,
    /// The deepest ply expanded.
    pub max_ply: usize,
    /// The root's numbers over the search, at its root's iterations, where asked.
    pub recorder: Option<Recorder>,
}

impl<'a, G: Game> Dfpn<'a, G> {
    pub fn new(table: &'a mut Table, goal: Goal, weak: bool, limits: &'a Limits) -> Dfpn<'a, G> {
        Dfpn {
            table,
            goal,
            weak,
            limits,
            frames: Vec::new(),
            salt: (goal.at_least as i64 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            steps: 0,
            max_ply: 0,
            recorder: None,
        }
    }

    /// Proves or disproves the goal at `root`: its numbers, and the root's children with
    /// theirs (none when the root is a finished game).
    pub fn prove(
        &mut self,
        root: &G,
        counters: &mut Counters,
    ) -> Result<(Numbers, RootChildren<G>), Stop> {
        counters.leaf += 1;
        let numbers = self.goal.evaluate(root);
        if numbers.is_solved() {
            return Ok((numbers, Vec::new()));
        }
        let numbers = self.mid(root, 0, ROOT_LIMIT, counters)?;
        Ok((numbers, self.root_children()))
    }

    #[inline(always)]
    fn key(&self, pos: &G) -> u64 {
        pos.key() ^ self.salt
    }

    /// Searches `pos` (a game not over) until its proof number reaches `limit.proof` or its
    /// disproof number `limit.disproof`; stores and returns its numbers.
    fn mid(
        &mut self,
        pos: &G,
        ply: usize,
        limit: Numbers,
        counters: &mut Counters,
    ) -> Result<Numbers, Stop> {
        self.enter(ply, counters.nodes())?;
        let work_before = counters.interior;
        let key = self.key(pos);
        if let Some(stored) = self.table.get(key, counters) {
            if stored.proof >= limit.proof || stored.disproof >= limit.disproof {
                return Ok(stored);
            }
            // Stored: expanded before (entries are stored after an expansion).
            counters.research += 1;
        }
        counters.interior += 1;
        let mut children = std::mem::take(&mut self.frames[ply]);
        self.make_children(pos, &mut children, counters);
        let numbers = loop {
            let summary = Summary::of(children.iter().map(|c| c.2), self.weak);
            let numbers = summary.numbers;
            if let (0, Some(recorder)) = (ply, &mut self.recorder) {
                recorder.note(counters.nodes(), numbers);
            }
            if numbers.proof >= limit.proof || numbers.disproof >= limit.disproof {
                break numbers;
            }
            let (_, next, child) = children[summary.best];
            // The child may use what the node's disproof threshold leaves beside its
            // siblings' proofs, and no more disproof than it takes to fall behind the
            // second best (or than the node's proof threshold).
            let child_limit = Numbers {
                proof: child_proof_limit(limit.disproof, numbers, child, summary.open, self.weak),
                disproof: limit.proof.min(add(summary.second, 1)),
            };
            match self.mid(&next, ply + 1, child_limit, counters) {
                Ok(found) => children[summary.best].2 = found,
                Err(stop) => {
                    // Kept for `root_children`.
                    self.frames[ply] = children;
                    return Err(stop);
                }
            }
        };
        self.table
            .put(key, numbers, counters.interior - work_before);
        self.frames[ply] = children;
        Ok(numbers)
    }

    /// The root's children with their numbers as the search left them (none if the root was
    /// not expanded): after a proof, or a search stopped short of one.
    pub fn root_children(&self) -> RootChildren<G> {
        let children = self.frames.first().map_or(&[][..], |f| &f[..]);
        children.iter().map(|c| (c.0, c.2)).collect()
    }

    /// Entering ply `ply` (the search's `nodes` so far): its frame made, the clock read now
    /// and then, the deepest ply kept.
    fn enter(&mut self, ply: usize, nodes: u64) -> Result<(), Stop> {
        self.limits.check_nodes(nodes)?;
        if ply >= crate::search::searcher::MAX_PLY {
            return Err(Stop::TooDeep);
        }
        if self.frames.len() <= ply {
            self.frames.resize_with(ply + 1, Vec::new);
        }
        self.max_ply = self.max_ply.max(ply);
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(1024) {
            self.limits.check_time()?;
        }
        Ok(())
    }

    /// The children of `pos` with their numbers: the table's, else evaluated.
    fn make_children(
        &mut self,
        pos: &G,
        children: &mut Vec<(G::Move, G, Numbers)>,
        counters: &mut Counters,
    ) {
        children.clear();
        let moves: G::Moves = pos.generate_moves();
        for &mv in moves.iter() {
            let child = pos.play(mv);
            let numbers = match self.table.get(self.key(&child), counters) {
                Some(stored) => stored,
                None => {
                    counters.leaf += 1;
                    self.goal.evaluate(&child)
                }
            };
            children.push((mv, child, numbers));
        }
    }
}
