//! Proof-number search, the second family of game-tree search beside alpha-beta: PN with
//! its tree in memory (`pn.rs`), PN² (`pn2.rs`) and df-pn with a bounded table (`dfpn.rs`).
//! Each proves that the root's side to move reaches a final margin of at least k ([`Goal`]);
//! win/loss/draw takes two proofs (k = 1, then k = 0), the exact value a gallop and a
//! bisection over k, as alpha-beta's null windows find it.
//!
//! Counted as alpha-beta's positions are: `leaf` counts each position made and given its
//! numbers without being expanded there (a finished game proved or disproved, another an
//! unknown leaf), `interior` each expansion (a position's moves generated and its children
//! made); `research` the re-expansions (df-pn: a position its table holds; PN²: a position
//! a second-level tree expanded before); `tt_probe` and `tt_hit` df-pn's table; `pass` the
//! proofs run.

mod dfpn;
mod index;
mod limits;
mod numbers;
mod pn;
mod pn2;
mod slab;
mod table;
mod trail;

use std::time::Instant;

use super::config::{SearchConfig, END};
use super::outcome::SearchOutcome;
use super::parallel::report::TeamReport;
use super::variants::{Base, Variant};
use crate::counters::{Counters, CutHistogram};
use crate::error::SearchError;
use crate::game::{margin_score, Game};
use crate::search::root_report::RootReport;
pub use limits::{Limits, Stop};
pub use numbers::{Goal, Numbers, INF};
pub use table::ENTRY_BYTES;

/// df-pn's table when the variant gives no size (MiB).
pub const DFPN_DEFAULT_MIB: u32 = 64;
/// The most memory PN's and PN²'s trees may take when the variant gives no size (MiB).
pub const TREE_DEFAULT_MIB: u32 = 1024;

/// Checks that a proof search can run as `config` asks (to the end, on one thread, with no
/// enhancement but its memory and win/loss/draw).
pub fn check(
    variant: &Variant,
    depth: u32,
    threads: u32,
    draw_rules: bool,
) -> Result<(), SearchError> {
    let refuse = |message: &str| {
        Err(SearchError::NotForSearch {
            variant: variant.to_string(),
            message: message.to_string(),
        })
    };
    if depth != END {
        return refuse("a proof-number search proves the result at the end of the game: solve it to the end (depth end, `nodeprof solve`)");
    }
    if draw_rules {
        return refuse("proof-number search here proves games that end by play; one drawn by repetition (chess) would need cycle handling it lacks");
    }
    if threads > 1 {
        return refuse("proof-number searches run on one thread (-t 1)");
    }
    if variant.nodes.is_some() {
        return refuse("a proof-number search has no move before its proof: +nodes is for alpha-beta and Monte Carlo tree search (prove under --time-limit instead)");
    }
    let mut plain = Variant::new(variant.base);
    plain.table = variant.table;
    plain.wld = variant.wld;
    plain.weak = variant.weak;
    if &plain != variant {
        return refuse("a proof-number search takes +tt:MiB (the memory of its tree or table), +wld and +weak, no other enhancement");
    }
    Ok(())
}

/// The memory the variant gives its tree or table (MiB).
fn memory_mib(variant: &Variant) -> u32 {
    match (variant.table, variant.base) {
        (Some(table), _) => table.mib,
        (None, Base::Dfpn) => DFPN_DEFAULT_MIB,
        (None, _) => TREE_DEFAULT_MIB,
    }
}

/// One proof's result: whether the goal holds, and the root's move toward it (the move that
/// proves it; else the child of least disproof number).
struct Proof<M> {
    holds: bool,
    best: Option<M>,
}

/// A proof-number search of one kind, proving goals one after another at the same root.
struct Prover<'a, G: Game> {
    root: &'a G,
    base: Base,
    /// Weak proof numbers (`+weak`).
    weak: bool,
    limits: Limits,
    /// PN's and PN²'s most nodes.
    most_nodes: usize,
    /// df-pn's table (kept across goals: each goal's keys are its own).
    table: Option<table::Table>,
    counters: Counters,
    max_ply: usize,
    /// The most bytes a tree held (PN², its two levels together).
    peak_bytes: usize,
    /// The root's numbers over the search, where asked (`solve --where`).
    recorder: Option<trail::Recorder>,
    /// The root's most-proving move of the last proof stopped short (a play agent's move
    /// when its budget runs out).
    guess: Option<G::Move>,
}

impl<G: Game> Prover<'_, G> {
    /// Whether the root's side reaches a margin of at least `at_least`.
    fn prove(&mut self, at_least: i32) -> Result<Proof<G::Move>, Stop> {
        let goal = Goal {
            root_side: self.root.side_to_move(),
            at_least,
        };
        self.counters.pass += 1;
        if let Some(recorder) = &mut self.recorder {
            recorder.at_least = at_least;
        }
        let (numbers, children) = match &mut self.table {
            Some(table) => {
                let mut dfpn = dfpn::Dfpn::new(table, goal, self.weak, &self.limits);
                dfpn.recorder = self.recorder.take();
                let found = dfpn.prove(self.root, &mut self.counters);
                self.recorder = dfpn.recorder.take();
                if found.is_err() {
                    self.guess = least_disproof(&dfpn.root_children()).or(self.guess);
                }
                self.max_ply = self.max_ply.max(dfpn.max_ply);
                found?
            }
            None => self.grow_tree(goal)?,
        };
        if let Some(recorder) = &mut self.recorder {
            recorder.keep(self.counters.nodes(), numbers);
        }
        Ok(Proof {
            holds: numbers.proof == 0,
            best: least_disproof(&children),
        })
    }

    /// PN's or PN²'s tree grown to a proof: the root's numbers and children.
    fn grow_tree(&mut self, goal: Goal) -> Result<(Numbers, dfpn::RootChildren<G>), Stop> {
        let mut context = pn::Context {
            goal,
            weak: self.weak,
            limits: &self.limits,
            counters: &mut self.counters,
        };
        let merge = pn::Merge::OnExpanding;
        let mut tree = pn::Tree::new(self.root, self.most_nodes, merge, &mut context)?;
        tree.recorder = self.recorder.take();
        let (grown, bytes) = grow_levels(self.base, self.most_nodes, &mut tree, &mut context);
        self.recorder = tree.recorder.take();
        let children: dfpn::RootChildren<G> =
            tree.root_children().map(|c| (c.mv, c.numbers)).collect();
        if grown.is_err() {
            self.guess = least_disproof(&children).or(self.guess);
        }
        self.peak_bytes = self.peak_bytes.max(bytes);
        grown?;
        self.max_ply = self.max_ply.max(tree.max_ply());
        if !tree.root_numbers().is_solved() {
            return Err(Stop::Memory);
        }
        Ok((tree.root_numbers(), children))
    }

    /// Win, draw or loss: the score of the least margin of each (±1 or 0) and its move.
    fn win_loss_draw(&mut self) -> Result<(i32, Option<G::Move>), Stop> {
        let win = self.prove(1)?;
        if win.holds {
            return Ok((margin_score(1, G::WIN_BONUS), win.best));
        }
        let draw = self.prove(0)?;
        match draw.holds {
            true => Ok((0, draw.best)),
            false => Ok((margin_score(-1, G::WIN_BONUS), draw.best)),
        }
    }

    /// The exact final margin: proofs of "at least k" galloping away from 0 until one fails
    /// (or holds, going down), then bisecting between the last that held and the first that
    /// failed. Its score and the move proving it.
    fn exact(&mut self) -> Result<(i32, Option<G::Move>), Stop> {
        let first = self.prove(1)?;
        let (mut low, mut high, mut best) = match first.holds {
            true => self.gallop_up(first.best)?,
            false => {
                let draw = self.prove(0)?;
                if draw.holds {
                    return Ok((0, draw.best));
                }
                self.gallop_down()?
            }
        };
        while low < high {
            let middle = low + (high - low + 1) / 2;
            let proof = self.prove(middle)?;
            match proof.holds {
                true => (low, best) = (middle, proof.best),
                false => high = middle - 1,
            }
        }
        Ok((margin_score(low, G::WIN_BONUS), best))
    }

    /// Known: at least 1. Proves 2, 4, 8, ... until one fails: (held, failed - 1, move).
    fn gallop_up(&mut self, best: Option<G::Move>) -> Result<(i32, i32, Option<G::Move>), Stop> {
        let (mut low, mut best) = (1, best);
        loop {
            let k = low * 2;
            let proof = self.prove(k)?;
            match proof.holds {
                true => (low, best) = (k, proof.best),
                false => return Ok((low, k - 1, best)),
            }
        }
    }

    /// Known: at most -1. Proves -2, -4, ... until one holds: (held, failed - 1, move).
    fn gallop_down(&mut self) -> Result<(i32, i32, Option<G::Move>), Stop> {
        let mut high = -1;
        loop {
            let k = high * 2;
            let proof = self.prove(k)?;
            match proof.holds {
                true => return Ok((k, high, proof.best)),
                false => high = k - 1,
            }
        }
    }
}

/// The root's move toward a proof: the child of least disproof number (the first of equals):
/// the proof's move once it holds, the most promising one while it is under way.
fn least_disproof<M: Copy>(children: &[(M, Numbers)]) -> Option<M> {
    children.iter().min_by_key(|c| c.1.disproof).map(|c| c.0)
}

/// Grows PN's tree (PN²'s first level, its leaves expanded by second-level trees) to a
/// proof or its most nodes: how it stopped, and the most bytes both levels held.
fn grow_levels<G: Game>(
    base: Base,
    most: usize,
    tree: &mut pn::Tree<G>,
    context: &mut pn::Context,
) -> (Result<(), Stop>, usize) {
    match base {
        Base::Pn2 => {
            let mut second = pn2::SecondLevel {
                most,
                peak_bytes: 0,
            };
            let grown = tree.grow(most, &mut second, context);
            (grown, tree.bytes() + second.peak_bytes)
        }
        _ => {
            let grown = tree.grow(most, &mut pn::Evaluate, context);
            (grown, tree.bytes())
        }
    }
}

/// Solves `pos` by the proof-number search `config` names: win/loss/draw (`wld`, or the
/// window (-1, 1)), else the exact value. `config` is checked already (`run::check`, which
/// calls [`check`]).
pub fn search<G: Game>(
    pos: &G,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    prove_all(pos, config, window, None, None).map(|(outcome, _)| outcome)
}

/// A play agent's move: the proof search within the agent's node budget and deadline. A
/// proof found in time answers as a solve does; otherwise the move is the root's child of
/// least disproof number in the proof under way (the most promising toward it), an estimate
/// with score 0 (a proof search has no value before its proof).
pub fn think<G: Game>(
    pos: &G,
    config: &SearchConfig,
    nodes: Option<u64>,
    deadline: Option<Instant>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    prove_all(pos, config, None, None, Some(Limits { deadline, nodes })).map(|(o, _)| o)
}

/// The root's proof and disproof numbers over the search `config` names (checked already),
/// for `solve --where`: the same search, the same counts.
pub fn root_trail<G: Game>(
    pos: &G,
    config: &SearchConfig,
) -> Result<RootReport<G::Move>, SearchError> {
    let recorder = Some(trail::Recorder::new());
    let (_, recorder) = prove_all(pos, config, None, recorder, None)?;
    let recorder = recorder.unwrap_or_else(trail::Recorder::new);
    Ok(RootReport::Proof(recorder.points, recorder.table))
}

/// [`search`], keeping the root's numbers in `recorder` where given; with an `agent`'s
/// limits, [`think`].
fn prove_all<G: Game>(
    pos: &G,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
    recorder: Option<trail::Recorder>,
    agent: Option<Limits>,
) -> Result<(SearchOutcome<G::Move>, Option<trail::Recorder>), SearchError> {
    let variant = &config.variant;
    let mib = memory_mib(variant);
    // df-pn's table is made and faulted in before the clock starts, as alpha-beta's are.
    let table = match variant.base == Base::Dfpn {
        true => Some(table::Table::new(mib).ok_or_else(|| stop_error(Stop::Memory, config, mib))?),
        false => None,
    };
    let meter = crate::cost::Meter::start(crate::cost::Scope::Thread);
    let started = Instant::now();
    let answers = agent.is_some();
    let limits = match agent {
        Some(limits) => limits,
        None => Limits {
            deadline: config.deadline_after(started)?,
            nodes: None,
        },
    };
    let mut prover = Prover {
        root: pos,
        base: variant.base,
        weak: variant.weak,
        limits,
        most_nodes: mib as usize * 1024 * 1024 / pn::node_bytes::<G>(),
        table,
        counters: Counters {
            iteration: 1,
            ..Counters::default()
        },
        max_ply: 0,
        peak_bytes: 0,
        recorder,
        guess: None,
    };
    let wld = config.wld || variant.wld || window == Some((-1, 1));
    let found = match wld {
        true => prover.win_loss_draw(),
        false => prover.exact(),
    };
    let (estimate, (score, best)) = match found {
        Ok(found) => (false, found),
        Err(Stop::Budget | Stop::Time) if answers => {
            let guess = prover
                .guess
                .or_else(|| pos.generate_moves().iter().next().copied());
            (true, (0, guess))
        }
        Err(stop) => return Err(stop_error(stop, config, mib)),
    };
    let counters = prover.counters;
    let memory_bytes = match &prover.table {
        Some(table) => table.bytes(),
        None => prover.peak_bytes,
    } as u64;
    let outcome = SearchOutcome {
        estimate,
        memory_bytes,
        depth: END,
        score,
        best_move: best,
        pv: best.into_iter().collect(),
        counters,
        cuts: CutHistogram::default(),
        time_ns: started.elapsed().as_nanos() as u64,
        cost: meter.stop(),
        seldepth: prover.max_ply as u32,
        team: TeamReport {
            threads: 1,
            shares: Default::default(),
            idle_ns: vec![0],
            nodes: vec![counters.nodes()],
        },
    };
    let mut recorder = prover.recorder;
    if let (Some(recorder), Some(table)) = (&mut recorder, &prover.table) {
        recorder.table = Some(table.usage());
    }
    Ok((outcome, recorder))
}

/// The error of a proof search that stopped short.
fn stop_error(stop: Stop, config: &SearchConfig, mib: u32) -> SearchError {
    match stop {
        Stop::Time => SearchError::TimedOut {
            limit: config.time_limit.unwrap_or_default(),
        },
        Stop::Budget => SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: "its node budget ran out before a proof".into(),
        },
        Stop::TooDeep => SearchError::TooDeep {
            max: super::searcher::MAX_PLY,
            hint: "",
        },
        Stop::Memory if config.variant.base == Base::Dfpn => SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: format!("the system refused df-pn's table of {mib} MiB: give it less (+tt:MiB)"),
        },
        Stop::Memory => SearchError::OutOfMemory {
            variant: config.variant.to_string(),
            message: format!(
                "the proof tree filled its {mib} MiB before a proof: give it more (+tt:MiB), or prove with pn2 or dfpn, whose memory is bounded"
            ),
        },
    }
}
