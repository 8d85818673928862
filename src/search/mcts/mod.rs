//! Monte Carlo tree search, the third family of game-tree search beside alpha-beta and
//! proof-number search: UCT with random or evaluation-guided playouts (`uct.rs`,
//! `playout.rs`), PUCT with the game's evaluation as prior and value (`puct.rs`), RAVE
//! (`rave.rs`) and MCTS-Solver with score bounds (`solver.rs`), over one graph of positions
//! (`graph.rs`) grown one iteration at a time (`iterate.rs`).
//!
//! Deterministic: every draw comes from one generator seeded by `--shuffle`'s seed (0 when
//! none is given), so the same seed gives the same counts. Counted: `iteration` the
//! iterations, `interior` the expansions, `leaf` the nodes added to the graph (and PUCT's
//! children evaluated for their priors at an expansion), `tt_probe`
//! and `tt_hit` the look-ups of an edge's child by key and those that found it (a
//! transposition), `qnode` the playouts' plies, `exact_node` the nodes the solver proved;
//! `seldepth` the deepest node.

mod graph;
mod iterate;
mod playout;
mod puct;
mod rave;
mod solver;
mod uct;

use std::time::Instant;

use super::config::{SearchConfig, END};
use super::outcome::SearchOutcome;
use super::parallel::report::TeamReport;
use super::variants::{Base, Variant};
use crate::counters::CutHistogram;
use crate::error::SearchError;
use crate::game::{margin_score, Eval, Game, GameMove};
use crate::search::proof::{Limits, Stop, TREE_DEFAULT_MIB};

/// The seed when `--shuffle` gives none.
pub const DEFAULT_SEED: u64 = 0;

/// The selection rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Uct,
    Puct,
}

/// What one search does, from its variant and configuration.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub rule: Rule,
    /// The exploration constant.
    pub explore: f64,
    pub solver: bool,
    /// RAVE's equivalence parameter, if on.
    pub rave: Option<u32>,
    pub playout: playout::Policy,
    /// PUCT's evaluation.
    pub eval: Eval,
    /// The solver proves only win, draw or loss.
    pub wld: bool,
}

/// Checks that a Monte Carlo tree search can run as `config` asks.
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
        return refuse("a Monte Carlo tree search plays its iterations to the end of the game: run it at depth end (`nodeprof solve`), its budget in its name (uct:N)");
    }
    if draw_rules {
        return refuse("Monte Carlo tree search here plays games that end by play; one drawn by repetition (chess) would need the game's history in every playout");
    }
    if threads > 1 {
        return refuse("Monte Carlo tree searches run on one thread (-t 1)");
    }
    if variant.base.budget().is_none() && !variant.solver {
        return refuse("without +solver nothing ends the search: give it a budget of iterations (uct:N, puct:N)");
    }
    let puct = matches!(variant.base, Base::Puct { .. });
    if puct && (variant.rave.is_some() || variant.guided) {
        return refuse("puct values a new leaf by the evaluation and plays no playouts: +rave and +guided are for uct");
    }
    let mut plain = Variant::new(variant.base);
    plain.table = variant.table;
    plain.wld = variant.wld;
    plain.solver = variant.solver;
    plain.rave = variant.rave;
    plain.guided = variant.guided;
    plain.explore = variant.explore;
    if &plain != variant {
        return refuse("a Monte Carlo tree search takes +tt:MiB (its tree's memory), +solver, +rave, +guided, +explore and +wld, no other enhancement");
    }
    Ok(())
}

/// Searches `pos` by the Monte Carlo tree search `config` names (checked already): to its
/// budget, or until the solver proves the root. A proved root scores as a solve does
/// (win/loss/draw with `wld` or the window (-1, 1), else the exact margin), its proven move
/// first; otherwise the most visited move, scored by its mean reward r as
/// `round(1000 (2r - 1))`, within (-1000, 1000).
pub fn search<G: Game>(
    pos: &G,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    let variant = &config.variant;
    let rule = match variant.base {
        Base::Puct { .. } => Rule::Puct,
        _ => Rule::Uct,
    };
    let explore = variant.explore.unwrap_or(match rule {
        Rule::Uct => uct::C,
        Rule::Puct => puct::C,
    });
    let settings = Settings {
        rule,
        explore: explore as f64 / 100.0,
        solver: variant.solver,
        rave: variant.rave,
        playout: playout::Policy {
            guide: variant.guided.then_some(config.eval),
        },
        eval: config.eval,
        wld: config.wld || variant.wld || window == Some((-1, 1)),
    };
    G::prepare_eval(config.eval);
    let mib = variant.table.map_or(TREE_DEFAULT_MIB, |t| t.mib);
    let room = mib as usize * 1024 * 1024;
    let seed = config.shuffle.unwrap_or(DEFAULT_SEED);
    let graph = graph::Graph::new(pos.key(), room);
    let mut search = iterate::Search::new(pos, settings, graph, seed);
    let meter = crate::cost::Meter::start(crate::cost::Scope::Thread);
    let started = Instant::now();
    let limits = Limits {
        deadline: match config.time_limit {
            Some(limit) => Some(
                started
                    .checked_add(limit)
                    .ok_or(SearchError::TimeLimit { limit })?,
            ),
            None => None,
        },
    };
    run(&mut search, variant.base.budget(), &limits)
        .map_err(|stop| stop_error(stop, config, mib))?;
    let (score, line) = result(&search);
    let proven = search.settings.solver && search.graph.nodes[0].solved();
    let counters = search.counters;
    Ok(SearchOutcome {
        estimate: !proven,
        memory_bytes: search.graph.bytes() as u64,
        depth: END,
        score,
        best_move: line.first().copied(),
        pv: line,
        counters,
        cuts: CutHistogram::default(),
        time_ns: started.elapsed().as_nanos() as u64,
        cost: meter.stop(),
        seldepth: search.max_ply as u32,
        team: TeamReport {
            threads: 1,
            shares: Default::default(),
            idle_ns: vec![0],
            nodes: vec![counters.nodes()],
        },
    })
}

/// Iterates to the budget or the root's proof.
fn run<G: Game>(
    search: &mut iterate::Search<G>,
    budget: Option<u32>,
    limits: &Limits,
) -> Result<(), Stop> {
    let budget = budget.map_or(u64::MAX, u64::from);
    let solver = search.settings.solver;
    while search.counters.iteration < budget {
        if solver && search.graph.nodes[0].solved() {
            break;
        }
        if search.counters.iteration.is_multiple_of(256) {
            limits.check_time()?;
        }
        search.iterate()?;
    }
    Ok(())
}

/// The score and the line: proven, or by visits.
fn result<G: Game>(search: &iterate::Search<G>) -> (i32, Vec<G::Move>) {
    let graph = &search.graph;
    let root = &graph.nodes[0];
    if search.settings.solver && root.solved() {
        let line = line(graph, |node| solver::proving_edge(graph, node));
        return (margin_score(root.lo as i32, G::WIN_BONUS), line);
    }
    let line = line(graph, |node| most_visited(graph, node));
    let score = match most_visited(graph, 0) {
        Some(best) => {
            let mean = graph.edges[best].mean(0.5);
            (1000.0 * (2.0 * mean - 1.0)).round() as i32
        }
        None => 0,
    };
    (score.clamp(-999, 999), line)
}

/// The most visited edge of `node` (the first of equals), if it has a visited one.
fn most_visited<M: GameMove>(graph: &graph::Graph<M>, node: usize) -> Option<usize> {
    let mut best: Option<usize> = None;
    for e in graph.edges_of(node) {
        let visits = graph.edges[e].visits;
        if visits > 0 && best.is_none_or(|b| visits > graph.edges[b].visits) {
            best = Some(e);
        }
    }
    best
}

/// The line from the root along the edges `next` picks, while they lead to a node.
fn line<M: GameMove>(graph: &graph::Graph<M>, next: impl Fn(usize) -> Option<usize>) -> Vec<M> {
    let mut line = Vec::new();
    let mut node = 0;
    while let Some(e) = next(node) {
        line.push(graph.edges[e].mv);
        match graph.edges[e].child {
            graph::NONE => break,
            child => node = child as usize,
        }
        if line.len() >= super::searcher::MAX_PLY {
            break;
        }
    }
    line
}

/// The error of a search that stopped short.
fn stop_error(stop: Stop, config: &SearchConfig, mib: u32) -> SearchError {
    match stop {
        Stop::Time => SearchError::TimedOut {
            limit: config.time_limit.unwrap_or_default(),
        },
        Stop::TooDeep => SearchError::TooDeep {
            max: super::searcher::MAX_PLY,
            hint: "",
        },
        Stop::Memory => SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: format!(
                "the graph filled its {mib} MiB before the budget was spent or the root proved: give it more (+tt:MiB) or a smaller budget"
            ),
        },
    }
}
