//! One iteration of Monte Carlo tree search: down the graph by the selection rule to a node
//! not yet expanded, its expansion (UCT: on its second visit; PUCT: on its first, with
//! priors), a value for it (a playout, the evaluation, a finished game's or a proven
//! node's result), and the reward backed up the path, with MCTS-Solver's bounds and RAVE's
//! credits.

use super::graph::Graph;
use super::playout::below;
use super::settings::{Rule, Settings};
use super::{puct, rave, solver, uct};
use crate::counters::Counters;
use crate::game::{Game, GameMove, Side};
use crate::search::proof::Stop;
use crate::search::searcher::MAX_PLY;

/// A search's state across its iterations.
pub struct Search<'a, G: Game> {
    pub root: &'a G,
    pub settings: Settings,
    pub graph: Graph<G>,
    pub rng: u64,
    pub counters: Counters,
    /// The deepest node reached (plies below the root).
    pub max_ply: usize,
    /// The iteration's nodes from the root, and the edges between them.
    path: Vec<usize>,
    edges: Vec<usize>,
    played: rave::Played,
    logits: Vec<f64>,
}

impl<'a, G: Game> Search<'a, G> {
    pub fn new(root: &'a G, settings: Settings, graph: Graph<G>, seed: u64) -> Self {
        Search {
            root,
            settings,
            graph,
            rng: seed,
            counters: Counters::default(),
            max_ply: 0,
            path: Vec::with_capacity(MAX_PLY),
            edges: Vec::with_capacity(MAX_PLY),
            played: rave::Played::new(G::MOVE_INDEXES),
            logits: Vec::new(),
        }
    }

    /// One iteration.
    pub fn iterate(&mut self) -> Result<(), Stop> {
        self.counters.iteration += 1;
        self.path.clear();
        self.edges.clear();
        self.path.push(0);
        let (pos, reward) = self.descend()?;
        self.max_ply = self.max_ply.max(self.edges.len());
        self.back_up(&pos, reward);
        Ok(())
    }

    /// Down to a node to value: its position and its value for its side to move.
    fn descend(&mut self) -> Result<(G, f64), Stop> {
        let mut pos = *self.root;
        loop {
            let node = *self.path.last().expect("the path starts at the root");
            let here = self.graph.nodes[node];
            if self.settings.solver && here.solved() {
                return Ok((pos, solver::reward(here.lo)));
            }
            if !here.expanded() {
                if pos.is_over() {
                    return Ok((pos, self.finished(node, &pos)));
                }
                match self.settings.rule {
                    Rule::Uct if here.visits == 0 && node != 0 => {
                        let end = self.play_out(pos);
                        return Ok((pos, reward_for(&end, pos.side_to_move())));
                    }
                    Rule::Uct => self.expand(node, &pos)?,
                    Rule::Puct => {
                        self.expand(node, &pos)?;
                        return Ok((pos, puct::value(&pos, self.settings.eval)));
                    }
                }
            }
            let edge = self.select(node);
            let mv = self.graph.edges[edge].mv;
            self.record(&pos, mv);
            pos = pos.play(mv);
            self.counters.interior += 1;
            let child = self.take(edge, &pos)?;
            self.edges.push(edge);
            self.path.push(child);
            if self.path.len() > MAX_PLY {
                return Err(Stop::TooDeep);
            }
        }
    }

    /// The node `edge` leads to (position `pos`), found or made on its first taking.
    fn take(&mut self, edge: usize, pos: &G) -> Result<usize, Stop> {
        let child = self.graph.edges[edge].child;
        if child != super::graph::NONE {
            return Ok(child as usize);
        }
        self.counters.tt_probe += 1;
        let (node, found) = self.graph.take(edge, pos)?;
        self.counters.tt_hit += found as u64;
        Ok(node as usize)
    }

    /// A finished game at `node`: its reward for the side to move, and (solver) its bounds.
    fn finished(&mut self, node: usize, pos: &G) -> f64 {
        let margin = pos.final_margin();
        if self.settings.solver {
            let value = solver::result_value(margin, self.settings.wld);
            let n = &mut self.graph.nodes[node];
            (n.lo, n.hi) = (value, value);
            self.counters.exact_node += 1;
        }
        reward_of(margin)
    }

    fn play_out(&mut self, pos: G) -> G {
        let played = self
            .settings
            .rave
            .map(|_| (&mut self.played.moves, self.root.side_to_move()));
        let policy = self.settings.playout;
        policy.play_out(pos, &mut self.rng, played, &mut self.counters.qnode)
    }

    /// The move into the iteration's record (RAVE).
    fn record(&mut self, pos: &G, mv: G::Move) {
        if self.settings.rave.is_some() {
            let side = (pos.side_to_move() != self.root.side_to_move()) as usize;
            self.played.moves.push((side, mv.index()));
        }
    }

    /// Adds `node`'s edges in an order drawn from the generator (UCT tries edges not yet
    /// visited in that order); PUCT's with their priors.
    fn expand(&mut self, node: usize, pos: &G) -> Result<(), Stop> {
        let mut moves = pos.generate_moves();
        for i in (1..moves.len()).rev() {
            let j = below(&mut self.rng, i + 1);
            moves.swap(i, j);
        }
        self.graph.expand(node, &moves)?;
        self.counters.research += 1;
        if self.settings.rule == Rule::Puct {
            self.logits.clear();
            let eval = self.settings.eval;
            self.logits
                .extend(moves.iter().map(|&mv| puct::logit(&pos.play(mv), eval)));
            self.counters.leaf += moves.len() as u64;
            puct::softmax(&mut self.logits);
            for (e, &p) in self.graph.edges_of(node).zip(&self.logits) {
                self.graph.edges[e].prior = p as f32;
            }
        }
        Ok(())
    }

    /// The edge of `node` the rule picks (with the solver, among those still open).
    fn select(&self, node: usize) -> usize {
        let parent = &self.graph.nodes[node];
        let n = parent.visits.max(1) as f64;
        let (ln, sqrt) = (n.ln(), n.sqrt());
        let rave_k = self.settings.rave.map(|k| k as f64);
        let mut best = (f64::NEG_INFINITY, usize::MAX);
        for e in self.graph.edges_of(node) {
            if self.settings.solver && !solver::open(parent, self.graph.child(e)) {
                continue;
            }
            let edge = &self.graph.edges[e];
            let score = match self.settings.rule {
                Rule::Uct => uct::score(edge, ln, self.settings.explore, rave_k),
                Rule::Puct => puct::score(edge, sqrt, self.settings.explore),
            };
            if score > best.0 || best.1 == usize::MAX {
                best = (score, e);
            }
        }
        match best.1 {
            usize::MAX => self.graph.edges_of(node).start,
            e => e,
        }
    }

    /// The reward (for the side to move at the path's end) up the path, the solver's bounds
    /// after it, RAVE's credits last.
    fn back_up(&mut self, leaf: &G, reward: f64) {
        for &node in &self.path {
            self.graph.nodes[node].visits += 1;
        }
        let mut r = reward;
        for &e in self.edges.iter().rev() {
            r = 1.0 - r;
            let edge = &mut self.graph.edges[e];
            edge.visits += 1;
            edge.value += r;
        }
        if self.settings.solver {
            self.prove_up();
        }
        if self.settings.rave.is_some() {
            let root_reward = match leaf.side_to_move() == self.root.side_to_move() {
                true => reward,
                false => 1.0 - reward,
            };
            self.played.credit(&mut self.graph, &self.path, root_reward);
        }
    }

    /// The solver's bounds, recomputed up the path while they change.
    fn prove_up(&mut self) {
        for i in (0..self.path.len() - 1).rev() {
            let node = self.path[i];
            if !solver::update(&mut self.graph, node) {
                break;
            }
            if self.graph.nodes[node].solved() {
                self.counters.exact_node += 1;
            }
        }
    }
}

/// The reward of a final margin: 1 won, 1/2 drawn, 0 lost.
fn reward_of(margin: i32) -> f64 {
    solver::reward(margin.signum() as i16)
}

/// The reward of finished game `end` for `side`.
fn reward_for<G: Game>(end: &G, side: Side) -> f64 {
    let margin = end.final_margin();
    match end.side_to_move() == side {
        true => reward_of(margin),
        false => reward_of(-margin),
    }
}
