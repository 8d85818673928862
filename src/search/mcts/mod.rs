//! Monte Carlo tree search, the third family of game-tree search beside alpha-beta and
//! proof-number search: UCT with random or evaluation-guided playouts (`uct.rs`,
//! `playout.rs`), PUCT with the game's evaluation as prior and value (`puct.rs`), RAVE
//! (`rave.rs`) and MCTS-Solver with score bounds (`solver.rs`), over one graph of positions
//! (`graph.rs`) grown one iteration at a time (`iterate.rs`).
//!
//! Deterministic: every draw comes from one generator seeded by `--shuffle`'s seed (0 when
//! none is given), so the same seed gives the same counts. Counted so that `nodes` is every
//! position made, as alpha-beta's are: `interior` the descents' steps, `leaf` PUCT's
//! children evaluated for their priors, `qnode` the playouts' plies; besides, `iteration`
//! the iterations, `research` the expansions, `tt_probe` and `tt_hit` the look-ups of an
//! edge's child by key on its first taking and those that found it (a transposition: the
//! misses are the nodes added to the graph), `exact_node` the nodes the solver proved,
//! `seldepth` the deepest node.

mod graph;
mod iterate;
mod playout;
mod puct;
mod rave;
mod settings;
mod solver;
mod uct;

use std::time::Instant;

use super::config::{SearchConfig, END};
use super::outcome::SearchOutcome;
use super::parallel::report::TeamReport;
use super::variants::{Base, Variant};
use crate::counters::CutHistogram;
use crate::error::SearchError;
use crate::game::{margin_score, Game};
use crate::search::proof::{Stop, TREE_DEFAULT_MIB};
use crate::search::root_report::{RootReport, RootVisit};
use settings::{Rule, Settings};

/// The seed when `--shuffle` gives none.
pub const DEFAULT_SEED: u64 = 0;

/// Checks that a Monte Carlo tree search can run as `config` asks, with a budget of its own
/// or a solver to end it.
pub fn check(
    variant: &Variant,
    depth: u32,
    threads: u32,
    draw_rules: bool,
) -> Result<(), SearchError> {
    check_rules(variant, depth, threads, draw_rules)?;
    if variant.base.budget().is_none() && variant.nodes.is_none() && !variant.solver {
        return Err(SearchError::NotForSearch {
            variant: variant.to_string(),
            message: "without +solver nothing ends the search: give it a budget of iterations (uct:N, puct:N) or of nodes (+nodes:N)".into(),
        });
    }
    Ok(())
}

/// Checks the rest: what a play agent, whose limits can end it, must meet too.
pub fn check_rules(
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
    plain.nodes = variant.nodes;
    if &plain != variant {
        return refuse("a Monte Carlo tree search takes +tt:MiB (its tree's memory), +solver, +rave, +guided, +explore, +nodes and +wld, no other enhancement");
    }
    Ok(())
}

/// When a search stops, besides a proved root (with the solver).
#[derive(Clone, Copy, Debug)]
pub struct Until {
    /// The most iterations (the variant's budget).
    pub iterations: Option<u64>,
    /// The most nodes (every position made): a play agent's `nodes=N`.
    pub nodes: Option<u64>,
    /// The time it may not pass, by the configuration's clock.
    pub deadline: Option<Instant>,
    /// Whether passing the deadline answers with what was found (a play agent's move time)
    /// rather than failing (a sweep's `--time-limit`).
    pub deadline_answers: bool,
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
    run_search(pos, config, window, searched_until(config)?)
}

/// Where a search (not a play agent's) stops: the variant's budgets, the configuration's time
/// limit (an error when passed).
fn searched_until(config: &SearchConfig) -> Result<Until, SearchError> {
    Ok(Until {
        iterations: config.variant.base.budget().map(u64::from),
        nodes: config.variant.nodes,
        deadline: config.deadline_after((config.clock.0)())?,
        deadline_answers: false,
    })
}

/// A play agent's move: the search within its variant's budget and the agent's node and
/// time limits, answering with what it found when time runs out (at least two iterations:
/// a move).
pub fn think<G: Game>(
    pos: &G,
    config: &SearchConfig,
    nodes: Option<u64>,
    deadline: Option<Instant>,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    let until = Until {
        iterations: config.variant.base.budget().map(u64::from),
        nodes,
        deadline,
        deadline_answers: true,
    };
    if until.iterations.is_none() && nodes.is_none() && deadline.is_none() && !config.variant.solver
    {
        return Err(SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: "a Monte Carlo agent needs a budget: uct:N, or nodes= or a time limit".into(),
        });
    }
    run_search(pos, config, None, until)
}

/// The settings of `config`'s variant.
fn settings_of(config: &SearchConfig, window: Option<(i32, i32)>) -> Settings {
    let variant = &config.variant;
    let rule = match variant.base {
        Base::Puct { .. } => Rule::Puct,
        _ => Rule::Uct,
    };
    let explore = variant.explore.unwrap_or(match rule {
        Rule::Uct => uct::C,
        Rule::Puct => puct::C,
    });
    Settings {
        rule,
        explore: explore as f64 / 100.0,
        solver: variant.solver,
        rave: variant.rave,
        playout: playout::Policy {
            guide: variant.guided.then_some(config.eval),
        },
        eval: config.eval,
        wld: config.wld || variant.wld || window == Some((-1, 1)),
    }
}

fn run_search<G: Game>(
    pos: &G,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
    until: Until,
) -> Result<SearchOutcome<G::Move>, SearchError> {
    let meter = crate::cost::Meter::start(crate::cost::Scope::Thread);
    let started = Instant::now();
    let search = grown(pos, config, window, until)?;
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

/// The search of `pos` grown until the root's proof or `until`.
fn grown<'a, G: Game>(
    pos: &'a G,
    config: &SearchConfig,
    window: Option<(i32, i32)>,
    until: Until,
) -> Result<iterate::Search<'a, G>, SearchError> {
    G::prepare_eval(config.eval);
    let mib = config.variant.table.map_or(TREE_DEFAULT_MIB, |t| t.mib);
    let graph = graph::Graph::new(*pos, mib as usize * 1024 * 1024);
    let seed = config.shuffle.unwrap_or(DEFAULT_SEED);
    let mut search = iterate::Search::new(pos, settings_of(config, window), graph, seed);
    run(&mut search, &until, config.clock).map_err(|stop| stop_error(stop, config, mib))?;
    Ok(search)
}

/// The root's moves after the search `config` names (checked already), for `solve
/// --where`: the same search, the same counts; most visited first, and the search's nodes.
pub fn root_visits<G: Game>(
    pos: &G,
    config: &SearchConfig,
) -> Result<RootReport<G::Move>, SearchError> {
    let search = grown(pos, config, None, searched_until(config)?)?;
    let graph = &search.graph;
    let mut visits: Vec<RootVisit<G::Move>> = graph
        .edges_of(0)
        .map(|e| {
            let edge = &graph.edges[e];
            RootVisit {
                mv: edge.mv,
                visits: edge.visits as u64,
                mean: (edge.visits > 0).then(|| edge.mean(0.5)),
                proven: graph
                    .child(e)
                    .filter(|c| c.solved())
                    .map(|c| -(c.lo as i32)),
            }
        })
        .collect();
    visits.sort_by_key(|v| std::cmp::Reverse(v.visits));
    Ok(RootReport::Visits(visits, search.counters.nodes()))
}

/// Iterates until the root's proof or `until`.
fn run<G: Game>(
    search: &mut iterate::Search<G>,
    until: &Until,
    clock: crate::search::config::Clock,
) -> Result<(), Stop> {
    let iterations = until.iterations.unwrap_or(u64::MAX);
    let nodes = until.nodes.unwrap_or(u64::MAX);
    let solver = search.settings.solver;
    while search.counters.iteration < iterations && search.counters.nodes() < nodes {
        if solver && search.graph.nodes[0].solved() {
            break;
        }
        let late = || until.deadline.is_some_and(|d| (clock.0)() > d);
        if search.counters.iteration.is_multiple_of(64) && search.counters.iteration >= 2 && late()
        {
            match until.deadline_answers {
                true => break,
                false => return Err(Stop::Time),
            }
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
fn most_visited<G: Game>(graph: &graph::Graph<G>, node: usize) -> Option<usize> {
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
fn line<G: Game>(graph: &graph::Graph<G>, next: impl Fn(usize) -> Option<usize>) -> Vec<G::Move> {
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
        Stop::Budget => SearchError::NotForSearch {
            variant: config.variant.to_string(),
            message: "its node budget ran out before a proof".into(),
        },
        Stop::TooDeep => SearchError::TooDeep {
            max: super::searcher::MAX_PLY,
            hint: "",
        },
        Stop::Memory => SearchError::OutOfMemory {
            variant: config.variant.to_string(),
            message: format!(
                "the graph filled its {mib} MiB before the budget was spent or the root proved: give it more (+tt:MiB) or a smaller budget"
            ),
        },
    }
}
