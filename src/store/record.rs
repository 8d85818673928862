//! A row of `runs.csv`: one tidy row per case (position x variant x depth). This struct is
//! the CSV schema, written and read with serde; its key and its status are typed.

use serde::{Deserialize, Serialize};

use std::fmt;

use crate::counters::Counters;

macro_rules! define_record {
    ($($counter:ident, $title:literal, $meaning:literal $(, $detail:ident)?;)*) => {
        /// One row of `runs.csv`. Counters, score and moves are empty (NA) unless `status` is
        /// `ok`.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub struct Record {
            /// The case's place in the sweep plan (orders rows, variants and positions in
            /// reports).
            pub seq: u64,
            pub game: String,
            /// The folder of a `.pos` file, the file stem of a list, or `inline`.
            #[serde(with = "crate::store::cell")]
            pub suite: String,
            /// The case name: file name (`end40.pos`), `list.obf:3` for lists, or the inline
            /// text.
            #[serde(with = "crate::store::cell")]
            pub position: String,
            pub empties: u32,
            /// The canonical variant spec (re-runs the case exactly).
            #[serde(with = "crate::store::cell")]
            pub variant: String,
            /// The variant's display name (the literature's name where there is one).
            #[serde(with = "crate::store::cell")]
            pub name: String,
            /// The cross-table row: the name and the depth as the literature prints them
            /// (`negamax2`, `killer6_32`, `mtdf+tt_end`).
            #[serde(with = "crate::store::cell")]
            pub label: String,
            pub eval: String,
            /// The depth searched to (`end` for exact solving).
            pub depth: String,
            pub status: Status,
            pub score: Option<i32>,
            /// The final margin the score proves, when it is a game result.
            pub game_result: Option<i32>,
            pub best_move: Option<String>,
            pub pv: Option<String>,
            pub expected_score: Option<i32>,
            /// Every best move the suite lists, space-separated.
            pub expected_best: Option<String>,
            /// `leaf + interior + qnode`: every visited position.
            pub nodes: Option<u64>,
            $(#[doc = $meaning] pub $counter: Option<u64>,)*
            /// The search's time; with `--repeat`, the median of the runs.
            pub time_ns: Option<u64>,
            /// The fastest and the slowest run, and how many timed runs there were.
            pub time_min_ns: Option<u64>,
            pub time_max_ns: Option<u64>,
            /// The runs' sample standard deviation (NA for one run).
            pub time_sd_ns: Option<u64>,
            pub runs: Option<u32>,
            /// Cases run at once (parallel runs distort time).
            pub jobs: u32,
            /// The threads the search was given (part of the case; a table of an earlier
            /// build, which has no such column, was searched on one).
            #[serde(default = "one_thread")]
            pub threads: u32,
            pub shuffle_seed: Option<u64>,
            /// An external engine's own name (its `id name`); NA for nodeprof's variants.
            #[serde(
                serialize_with = "crate::store::cell::serialize_option",
                deserialize_with = "crate::store::cell::deserialize_option"
            )]
            pub engine: Option<String>,
            /// The deepest ply the engine reached (its `seldepth`).
            pub seldepth: Option<u32>,
            /// An engine's nodes of this iteration alone (`nodes` counts from the `go`, the
            /// earlier iterations included).
            pub iteration_nodes: Option<u64>,
            /// nodeprof's clock for an engine: from sending `go` to reading this depth's
            /// report (`time_ns` is the engine's own figure).
            pub wall_ns: Option<u64>,
            /// Nodes of the case's minimal tree (the proof with the fewest leaves; NA when
            /// not computed: no `--minimal`, or the full tree over its cap).
            pub minimal_tree: Option<u64>,
            /// Leaves of the case's minimal tree (Knuth and Moore's count).
            pub minimal_tree_leaves: Option<u64>,
            /// Nodes of the variant's left-first minimal graph of the case.
            pub minimal_graph: Option<u64>,
            /// Leaves of the variant's left-first minimal graph.
            pub minimal_graph_leaves: Option<u64>,
            /// The fewest and most nodes of the repeats (a parallel search's vary from run to
            /// run; with more than one thread the counters are the run of the median nodes).
            #[serde(default)]
            pub nodes_min: Option<u64>,
            #[serde(default)]
            pub nodes_max: Option<u64>,
            /// YBWC: nodes far enough from the leaves to split once their two eldest were
            /// searched (`split_tried`), and those split because a thread was idle (`split`).
            #[serde(default)]
            pub split_tried: Option<u64>,
            #[serde(default)]
            pub split: Option<u64>,
            /// Moves dropped unfinished when a cut-off elsewhere (or the end of the main
            /// thread's search) made them useless, and the nodes they had visited.
            #[serde(default)]
            pub abandoned: Option<u64>,
            #[serde(default)]
            pub wasted: Option<u64>,
            /// The nodes of the threads other than the main one (counted in `nodes` too).
            #[serde(default)]
            pub helper_nodes: Option<u64>,
            /// The time the threads waited for work, summed, and the longest of one thread
            /// (busy time: `threads * time_ns - idle_ns`).
            #[serde(default)]
            pub idle_ns: Option<u64>,
            #[serde(default)]
            pub idle_max_ns: Option<u64>,
            /// Each timed run's time, in the order run, space-separated (what `compare`
            /// resamples for its confidence interval).
            #[serde(default)]
            pub times_ns: Option<String>,
            /// The search's CPU time, user and system (with `--repeat`, the run of the
            /// median CPU time), and the instructions and cycles it retired (the medians;
            /// NA where the kernel exposes no counters, and for engines).
            #[serde(default)]
            pub cpu_user_ns: Option<u64>,
            #[serde(default)]
            pub cpu_sys_ns: Option<u64>,
            #[serde(default)]
            pub instructions: Option<u64>,
            #[serde(default)]
            pub cycles: Option<u64>,
            /// A Monte Carlo tree search's budget of iterations (`uct:N`); NA for searches
            /// without one.
            #[serde(default)]
            pub budget: Option<u64>,
            /// The memory the search's tables, tree or graph held at their largest, in bytes
            /// (alpha-beta: its table as sized; NA for engines).
            #[serde(default)]
            pub memory_bytes: Option<u64>,
            /// What a budgeted search's move gives away of the position's proven value: the
            /// suite's score less the move's proven value (0 for a best move; NA without a
            /// budget or a proven score).
            #[serde(default)]
            pub move_loss: Option<i32>,
            /// An engine's own counters for the iteration, as its counters line sent them
            /// (`x_name=value`, space-separated; docs/probe.md): NA when it sent none.
            #[serde(
                default,
                serialize_with = "crate::store::cell::serialize_option",
                deserialize_with = "crate::store::cell::deserialize_option"
            )]
            pub extra: Option<String>,
            /// The case's available parallelism (`--parallelism`; NA without it, and for
            /// searches YBWC does not split): the work T1 and the span T∞, in nodes, of the
            /// variant's one-thread search of the case under YBWC's rules (docs/parallel.md).
            #[serde(default)]
            pub work: Option<u64>,
            #[serde(default)]
            pub span: Option<u64>,
        }

        impl Default for Record {
            fn default() -> Record {
                Record {
                    seq: 0,
                    game: String::new(),
                    suite: String::new(),
                    position: String::new(),
                    empties: 0,
                    variant: String::new(),
                    name: String::new(),
                    label: String::new(),
                    eval: String::new(),
                    depth: String::new(),
                    status: Status::Ok,
                    score: None,
                    game_result: None,
                    best_move: None,
                    pv: None,
                    expected_score: None,
                    expected_best: None,
                    nodes: None,
                    $($counter: None,)*
                    time_ns: None,
                    time_min_ns: None,
                    time_max_ns: None,
                    time_sd_ns: None,
                    runs: None,
                    jobs: 0,
                    threads: 1,
                    shuffle_seed: None,
                    engine: None,
                    seldepth: None,
                    iteration_nodes: None,
                    wall_ns: None,
                    minimal_tree: None,
                    minimal_tree_leaves: None,
                    minimal_graph: None,
                    minimal_graph_leaves: None,
                    nodes_min: None,
                    nodes_max: None,
                    split_tried: None,
                    split: None,
                    abandoned: None,
                    wasted: None,
                    helper_nodes: None,
                    idle_ns: None,
                    idle_max_ns: None,
                    times_ns: None,
                    cpu_user_ns: None,
                    cpu_sys_ns: None,
                    instructions: None,
                    cycles: None,
                    budget: None,
                    memory_bytes: None,
                    move_loss: None,
                    extra: None,
                    work: None,
                    span: None,
                }
            }
        }

        /// The column names, in order (the struct's fields; a test checks it).
        pub const COLUMNS: &[&str] = &[
            "seq", "game", "suite", "position", "empties", "variant", "name", "label", "eval",
            "depth", "status", "score", "game_result", "best_move", "pv", "expected_score",
            "expected_best", "nodes", $(stringify!($counter),)* "time_ns", "time_min_ns",
            "time_max_ns", "time_sd_ns", "runs", "jobs", "threads", "shuffle_seed", "engine",
            "seldepth", "iteration_nodes", "wall_ns", "minimal_tree", "minimal_tree_leaves",
            "minimal_graph", "minimal_graph_leaves", "nodes_min", "nodes_max", "split_tried",
            "split", "abandoned", "wasted", "helper_nodes", "idle_ns", "idle_max_ns", "times_ns",
            "cpu_user_ns", "cpu_sys_ns", "instructions", "cycles", "budget", "memory_bytes",
            "move_loss", "extra", "work", "span",
        ];

        impl Record {
            /// The timed runs' times (`times_ns`; none where the table has no such column or
            /// a cell is not a list of whole numbers).
            pub fn run_times(&self) -> Option<Vec<u64>> {
                self.times_ns
                    .as_deref()?
                    .split_whitespace()
                    .map(|t| t.parse().ok())
                    .collect()
            }

            /// The counter `COUNTERS[i]` (None: NA).
            pub fn counter(&self, i: usize) -> Option<u64> {
                [$(self.$counter,)*][i]
            }

            /// Sets the counters and `nodes` (None: NA).
            /// The counters an engine reported (those it did not, NA; its own in `extra`).
            pub fn set_reported(&mut self, reported: Option<&crate::counters::Reported>) {
                let values = reported.map(|r| r.values).unwrap_or_default();
                let [$($counter,)*] = values;
                $(self.$counter = $counter;)*
                self.extra = reported.and_then(|r| r.extra_cell());
            }

            pub fn set_counters(&mut self, counters: Option<Counters>) {
                $(self.$counter = counters.map(|c| c.$counter);)*
                self.nodes = counters.map(|c| c.nodes());
            }
        }
    };
}

crate::counter_list!(define_record);

/// The columns a runs table of an earlier build may lack (from before parallel searches, and
/// from before CPU time and instructions, budgets, memory and move losses were recorded): such a table
/// reads as searched on one thread, its parallel, cost, budget, memory and move loss columns NA, and is
/// rewritten whole in today's form before rows are appended to it.
pub const ADDED_COLUMNS: &[&str] = &[
    "threads",
    "nodes_min",
    "nodes_max",
    "split_tried",
    "split",
    "abandoned",
    "wasted",
    "helper_nodes",
    "idle_ns",
    "idle_max_ns",
    "times_ns",
    "cpu_user_ns",
    "cpu_sys_ns",
    "instructions",
    "cycles",
    "budget",
    "memory_bytes",
    "move_loss",
    "extra",
    "work",
    "span",
];

/// A row's threads where its table does not say: one (see [`ADDED_COLUMNS`]).
pub fn one_thread() -> u32 {
    1
}

/// What the `eval` column says of an external engine's rows: the engine evaluates as it does.
pub const ENGINE_EVAL: &str = "engine";

impl Record {
    /// Whether the row is an external engine's (its nodes are the engine's own count).
    pub fn is_engine(&self) -> bool {
        self.eval == ENGINE_EVAL
    }

    /// What makes a case the same case again (for `--resume`, shards and merges).
    pub fn key(&self) -> CaseKey {
        CaseKey {
            suite: self.suite.clone(),
            position: self.position.clone(),
            variant: self.variant.clone(),
            eval: self.eval.clone(),
            depth: self.depth.clone(),
            shuffle_seed: self.shuffle_seed,
            threads: self.threads,
        }
    }

    /// The row as JSON: the same fields as the CSV row, its texts as they are (the guard
    /// against spreadsheet formulas, a `'` before `=`, `+`, `-` or `@`, is CSV's alone).
    pub fn to_json(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).expect("a row is plain data");
        for (field, text) in [
            ("suite", &self.suite),
            ("position", &self.position),
            ("variant", &self.variant),
            ("name", &self.name),
            ("label", &self.label),
        ] {
            value[field] = text.as_str().into();
        }
        value["engine"] = self.engine.as_deref().into();
        value
    }
}

/// What makes a case the same case again: the same position of the same suite, searched by
/// the same variant spec with the same evaluation to the same depth on as many threads, its
/// moves shuffled by the same seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CaseKey {
    pub suite: String,
    pub position: String,
    /// The canonical variant spec.
    pub variant: String,
    pub eval: String,
    /// The depth label (`8`, `end`).
    pub depth: String,
    pub shuffle_seed: Option<u64>,
    /// The threads searched with.
    pub threads: u32,
}

impl CaseKey {
    /// `suite/position variant depth D` (and `on N threads` past one), for messages.
    pub fn describe(&self) -> String {
        let threads = match self.threads {
            1 => String::new(),
            n => format!(" on {n} threads"),
        };
        format!(
            "{}/{} {} depth {}{threads}",
            self.suite, self.position, self.variant, self.depth
        )
    }
}

/// How a case ended, as the `status` column writes it: `ok`, `timeout` (past
/// `--time-limit`: the counters are NA) or `error: <why>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Status {
    #[default]
    Ok,
    Timeout,
    Error(String),
}

impl Status {
    pub fn is_ok(&self) -> bool {
        matches!(self, Status::Ok)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ok => f.write_str("ok"),
            Status::Timeout => f.write_str("timeout"),
            Status::Error(why) => write!(f, "error: {why}"),
        }
    }
}

impl From<Status> for String {
    fn from(status: Status) -> String {
        status.to_string()
    }
}

impl TryFrom<String> for Status {
    type Error = String;
    fn try_from(text: String) -> Result<Status, String> {
        match text.as_str() {
            "ok" => Ok(Status::Ok),
            "timeout" => Ok(Status::Timeout),
            _ => match text.strip_prefix("error: ") {
                Some(why) => Ok(Status::Error(why.to_string())),
                None => Err(format!(
                    "bad status '{text}': expected ok, timeout or error: <why>"
                )),
            },
        }
    }
}
