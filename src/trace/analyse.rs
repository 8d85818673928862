//! Analysing a search trace as nodeprof analyses its own searches, streamed: the memory held
//! is the path from the root to the node being read (one frame and, for a game nodeprof
//! knows, one position a ply), whatever the trace's length.

use std::io::BufRead;

use super::format::{Depth, Enter, Exit, Reader, Record, TraceError};
use crate::game::{Eval, Game, GameKind};
use crate::measure::minimal::minimal_tree_of;
use crate::position::AnyPosition;
use crate::search::minimal_tree::MinimalTree;
use crate::search::{Base, SearchConfig, Variant, END};
use crate::with_position;

/// Cut-offs by a move past this one share the histogram's last bucket.
pub const CUT_BUCKETS: usize = 32;

/// What one search's nodes add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub nodes: u64,
    pub leaves: u64,
    pub interior: u64,
    /// Nodes that searched moves, by their value against their window: exact (PV), at or
    /// above beta (CUT: failed high), at or below alpha (ALL: failed low).
    pub pv: u64,
    pub cut: u64,
    pub all: u64,
    /// Beta cut-offs, by the move that made them (`cut_by[0]`: the first move tried).
    pub beta_cut: u64,
    pub cut_by: [u64; CUT_BUCKETS],
    /// The sum over cut-offs of the cutting move's squared position (1 for the first).
    pub cut_index_sq: u64,
    pub probes: u64,
    pub hits: u64,
    pub table_cuts: u64,
    /// Root nodes: one a root pass (iterations, aspiration re-searches, MTD(f) passes).
    pub passes: u64,
    /// The deepest ply entered (the root is ply 0).
    pub max_ply: u32,
    /// The root passes' deepest remaining depth.
    pub depth: Option<Depth>,
}

/// One search of the trace (the nodes between two header blocks) and what its headers say.
#[derive(Clone, Debug, Default)]
pub struct Search {
    pub name: String,
    pub game: Option<String>,
    pub position: Option<String>,
    pub variant: Option<String>,
    pub eval: Option<String>,
    pub engine: Option<String>,
    pub tally: Tally,
    /// The minimal tree of the root to the search's depth, when nodeprof knows the game
    /// and the full tree is within the cap.
    pub minimal: Option<MinimalTree>,
}

/// How to analyse.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The game the trace must be of (`--game`), if the user says.
    pub game: Option<GameKind>,
    /// The full tree's most nodes walked for a minimal tree (0: none).
    pub minimal_cap: u64,
}

/// A node on the path being read.
struct Frame {
    alpha: i64,
    beta: i64,
    children: u64,
}

/// The analysis as it reads.
struct Analysis {
    settings: Settings,
    done: Vec<Search>,
    current: Search,
    /// The game nodeprof knows and the root, once the headers say them (moves replayed).
    root: Option<AnyPosition>,
    frames: Vec<Frame>,
    positions: Vec<AnyPosition>,
}

/// Analyses the trace `input`, calling `progress` with the bytes read now and then.
pub fn analyse<R: BufRead>(
    input: R,
    settings: Settings,
    mut progress: impl FnMut(u64),
) -> Result<Vec<Search>, TraceError> {
    let mut reader = Reader::new(input)?;
    let mut analysis = Analysis {
        settings,
        done: Vec::new(),
        current: Search::default(),
        root: None,
        frames: Vec::new(),
        positions: Vec::new(),
    };
    while let Some((line, record)) = reader.next_record()? {
        let result = match record {
            Record::Header { key, value } => analysis.header(key, value),
            Record::Enter(enter) => analysis.enter(&enter),
            Record::Exit(exit) => analysis.exit(&exit),
        };
        result.map_err(|message| TraceError::at(line, &message))?;
        if line % (1 << 20) == 0 {
            progress(reader.bytes);
        }
    }
    progress(reader.bytes);
    if !analysis.frames.is_empty() {
        return Err(reader.error(&format!(
            "the trace ends inside {} open nodes: it was cut short",
            analysis.frames.len()
        )));
    }
    analysis
        .close()
        .map_err(|message| TraceError::at(reader.line, &message))?;
    Ok(analysis.done)
}

impl Analysis {
    fn header(&mut self, key: &str, value: &str) -> Result<(), String> {
        if !self.frames.is_empty() {
            return Err(format!("header '{key}' inside a node"));
        }
        if self.current.tally.nodes > 0 {
            self.close()?;
        }
        let field = match key {
            "search" => &mut self.current.name,
            "variant" => self.current.variant.get_or_insert_default(),
            "eval" => self.current.eval.get_or_insert_default(),
            "engine" => self.current.engine.get_or_insert_default(),
            "game" => {
                self.current.game = Some(value.to_string());
                self.current.position = None;
                return self.set_root();
            }
            "position" => {
                self.current.position = Some(value.to_string());
                return self.set_root();
            }
            // Later versions' headers are read past.
            _ => return Ok(()),
        };
        *field = value.to_string();
        Ok(())
    }

    /// The root the moves are replayed from: the position header's, else the game's start.
    fn set_root(&mut self) -> Result<(), String> {
        let known = self.current.game.as_deref().map(str::parse::<GameKind>);
        let kind = match (known, self.settings.game) {
            (Some(Ok(kind)), Some(wanted)) if kind != wanted => {
                return Err(format!("the trace is of {kind}, not {wanted}"))
            }
            (Some(Ok(kind)), _) => kind,
            (None, Some(wanted)) => wanted,
            (Some(Err(_)), Some(wanted)) => {
                return Err(format!(
                    "the trace is of '{}', not {wanted}",
                    self.current.game.as_deref().unwrap_or_default()
                ))
            }
            (Some(Err(_)), None) | (None, None) => {
                self.root = None;
                return Ok(());
            }
        };
        self.root = Some(match &self.current.position {
            Some(text) => AnyPosition::parse_text(kind, text)
                .map_err(|e| format!("position '{text}' is not a {kind} position: {e}"))?,
            None => AnyPosition::start(kind),
        });
        Ok(())
    }

    /// Ends the current search: its minimal tree, then a new search with the same headers.
    fn close(&mut self) -> Result<(), String> {
        if self.current.tally.nodes == 0 {
            return Ok(());
        }
        if let (Some(root), Some(depth)) = (self.root, self.current.tally.depth) {
            self.current.minimal = self.minimal(&root, depth)?;
        }
        let next = Search {
            tally: Tally::default(),
            minimal: None,
            ..self.current.clone()
        };
        self.done.push(std::mem::replace(&mut self.current, next));
        Ok(())
    }

    fn minimal(&self, root: &AnyPosition, depth: Depth) -> Result<Option<MinimalTree>, String> {
        if self.settings.minimal_cap == 0 {
            return Ok(None);
        }
        let kind = root.kind();
        let eval = match self.current.eval.as_deref() {
            Some(name) => Eval::ALL
                .into_iter()
                .find(|e| e.name() == name && kind.evals().contains(e))
                .ok_or_else(|| format!("eval '{name}' is not one of {kind}'s evaluations"))?,
            None => kind.default_eval(),
        };
        let config = SearchConfig {
            eval,
            ..SearchConfig::new(Variant::new(Base::AlphaBeta))
        };
        let depth = match depth {
            Depth::Plies(d) => d,
            Depth::End => END,
        };
        minimal_tree_of(root, depth, &config, self.settings.minimal_cap).map_err(|e| e.to_string())
    }

    fn enter(&mut self, enter: &Enter) -> Result<(), String> {
        if enter.alpha >= enter.beta {
            return Err(format!("an empty window ({}, {})", enter.alpha, enter.beta));
        }
        let ply = self.frames.len();
        match self.frames.last_mut() {
            None => self.enter_root(enter)?,
            Some(parent) => {
                if enter.alpha < -parent.beta || enter.beta > -parent.alpha {
                    return Err(format!(
                        "the window ({}, {}) is not inside the parent's, negated: ({}, {})",
                        enter.alpha, enter.beta, -parent.beta, -parent.alpha
                    ));
                }
                parent.children += 1;
                if let Some(parent_pos) = self.positions.last() {
                    let child =
                        play(parent_pos, enter.mv).map_err(|e| format!("{e} (ply {ply})"))?;
                    self.positions.push(child);
                }
            }
        }
        self.frames.push(Frame {
            alpha: enter.alpha,
            beta: enter.beta,
            children: 0,
        });
        let tally = &mut self.current.tally;
        tally.nodes += 1;
        tally.max_ply = tally.max_ply.max(ply as u32);
        Ok(())
    }

    fn enter_root(&mut self, enter: &Enter) -> Result<(), String> {
        if enter.mv != "-" {
            return Err(format!("the root's move is '-', not '{}'", enter.mv));
        }
        let tally = &mut self.current.tally;
        tally.passes += 1;
        tally.depth = tally.depth.max(Some(enter.depth));
        self.positions.clear();
        self.positions.extend(self.root);
        Ok(())
    }

    fn exit(&mut self, exit: &Exit) -> Result<(), String> {
        let frame = self.frames.pop().ok_or("a node's exit with no node open")?;
        if self.positions.len() > self.frames.len() {
            self.positions.pop();
        }
        if exit.hits > exit.probes {
            return Err(format!(
                "{} table hits in {} probes",
                exit.hits, exit.probes
            ));
        }
        let tally = &mut self.current.tally;
        tally.probes += exit.probes;
        tally.hits += exit.hits;
        tally.table_cuts += exit.table_cut as u64;
        if frame.children == 0 {
            if exit.cut.is_some() {
                return Err("a cut-off in a node that entered no child".into());
            }
            match exit.interior || exit.table_cut {
                true => tally.interior += 1,
                false => tally.leaves += 1,
            }
            return Ok(());
        }
        tally.interior += 1;
        match exit.value {
            v if v >= frame.beta => tally.cut += 1,
            v if v <= frame.alpha => tally.all += 1,
            _ => tally.pv += 1,
        }
        if let Some(index) = exit.cut {
            if exit.value < frame.beta {
                return Err(format!(
                    "a cut-off with the value {} below beta {}",
                    exit.value, frame.beta
                ));
            }
            tally.beta_cut += 1;
            tally.cut_by[(index as usize - 1).min(CUT_BUCKETS - 1)] += 1;
            tally.cut_index_sq += index as u64 * index as u64;
        }
        Ok(())
    }
}

/// The position after the move written `text`, which must be legal.
fn play(pos: &AnyPosition, text: &str) -> Result<AnyPosition, String> {
    with_position!(pos, p => {
        if p.is_over() {
            return Err(format!("move '{text}' after the end of the game"));
        }
        match p.parse_legal_move(text) {
            Ok(mv) => Ok(AnyPosition::from(p.play(mv))),
            Err(e) => Err(format!("move '{text}' in {p}: {e}")),
        }
    })
}
