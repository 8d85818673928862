//! Typed errors of the library. `main` turns any of them into one line on stderr and a
//! non-zero exit code; bad input is exit code 2.

use std::path::PathBuf;

use thiserror::Error;

/// Errors in loading or reading positions.
#[derive(Debug, Error)]
pub enum PositionError {
    /// Malformed content: the file (as given) and the 1-based line.
    #[error("{file}:{line}: {message}")]
    Parse {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}: no position files found (expected .pos, .obf, .fen or .txt files)")]
    NoPositions(String),
    #[error("'{0}' is not a file, a folder, a glob, a built-in suite (ffo:40..59, ataxx:end, connect4:end-easy), 'startpos', or a position (FEN, obf board or Connect 4 moves)")]
    NotFound(String),
    #[error("{spec}: {message}")]
    Builtin { spec: String, message: String },
    #[error("'{spec}' needs --game ({games}): the start position depends on the game")]
    StartposNeedsGame { spec: String, games: String },
    #[error("bad glob pattern '{pattern}': {message}")]
    Glob { pattern: String, message: String },
}

/// A variant spec that cannot be parsed or makes no sense.
#[derive(Debug, Error)]
#[error("bad variant '{spec}': {message}")]
pub struct SpecError {
    pub spec: String,
    pub message: String,
}

/// A search that cannot run as asked.
#[derive(Debug, Error)]
pub enum SearchError {
    #[error("the '{eval}' evaluation is not defined for {game} (its evaluations: {evals})")]
    EvalNotForGame {
        eval: &'static str,
        game: &'static str,
        evals: String,
    },
    #[error("bad depth {depth}: expected 1 to {max}")]
    Depth { depth: u32, max: u32 },
    #[error("not deterministic: run {run} of the same search counted differently ({differs})")]
    NotDeterministic { run: u32, differs: String },
    #[error("time limit {limit:?} is too long for this system's clock")]
    TimeLimit { limit: std::time::Duration },
    #[error("timed out after {limit:?}")]
    TimedOut { limit: std::time::Duration },
    #[error("{variant}: {message}")]
    NotForSearch { variant: String, message: String },
    /// The search's tree, graph or table filled the memory it was given before a result: a
    /// failure of this position, not of the search (`solve` goes on to the next).
    #[error("{variant}: {message}")]
    OutOfMemory { variant: String, message: String },
    /// The search trace could not be written (its file or pipe failed).
    #[error("the search trace could not be written: {message}")]
    TraceWrite { message: String },
    #[error("the search went {max} plies deep without reaching the end of the game{hint}")]
    TooDeep { max: usize, hint: &'static str },
    #[error("a transposition table of {mib} MiB cannot be had: {message}")]
    Table { mib: u32, message: String },
}

/// Any error of a nodeprof command.
#[derive(Debug, Error)]
pub enum Error {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{case}: {source}")]
    Search {
        case: String,
        #[source]
        source: SearchError,
    },
    #[error(transparent)]
    Sweep(#[from] SweepError),
    #[error(transparent)]
    Play(#[from] PlayError),
    #[error(transparent)]
    Report(#[from] ReportError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A search trace that cannot be read (its file, line and why).
    #[error("{file}: line {line}: {message}")]
    Trace {
        file: String,
        line: u64,
        message: String,
    },
    /// Arguments that parse but do not make a command (clap's checks passed, ours did not).
    #[error("{0}")]
    Usage(String),
    /// User text that does not parse (a game, an agent, an SPRT, a rule, a shard, ...).
    #[error(transparent)]
    Parse(#[from] crate::parse::ParseError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Errors of what the tools write and read back: the run folder's guard, files replaced
/// whole, the tables, shards and merges.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: another nodeprof command is writing to this folder (it holds the folder's lock, .nodeprof.lock); wait for it, or write to another folder with -o DIR", .0.display())]
    Busy(PathBuf),
    #[error("{}: a symbolic link in a run folder: nodeprof does not write through links (the file it points to could be anywhere); remove it, or write to another folder with -o DIR", .0.display())]
    Link(PathBuf),
    /// A malformed table, or one that cannot be written; the line where there is one.
    #[error("{}{}: {message}", path.display(), line.map_or(String::new(), |l| format!(":{l}")))]
    Csv {
        path: PathBuf,
        line: Option<u64>,
        message: String,
    },
    #[error("{} holds another plan ({difference}): add --force to replace it, or write to another folder with -o DIR", path.display())]
    OtherPlan { path: PathBuf, difference: String },
    #[error("{0}")]
    Shard(String),
    #[error("this build's bench counts {got} nodes, the sweep expects {expected} (--signature): its counts would differ from the other shards'; build the same commit, or run `nodeprof bench` to see the searches")]
    Signature { expected: u64, got: u64 },
    /// Shards that cannot be merged (another plan, another build, a malformed folder).
    #[error("{0}")]
    Merge(String),
    /// A run folder whose finished searches counted cut-offs, without the `cuts.csv` that
    /// holds where they happened.
    #[error("{}: missing, yet {cases} finished cases of {} counted beta cut-offs (the first: {first}): their cut-off tables would be lost; restore the file, or search the folder again (--force)", path.display(), path.parent().map_or(String::new(), |d| d.join("runs.csv").display().to_string()))]
    MissingCuts {
        path: PathBuf,
        cases: usize,
        first: String,
    },
}

/// Errors of sweeps.
#[derive(Debug, Error)]
pub enum SweepError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Errors of matches (`nodeprof play`).
#[derive(Debug, Error)]
pub enum PlayError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {message}", path.display())]
    Csv { path: PathBuf, message: String },
    /// Agents, openings or options that cannot make a match.
    #[error("{0}")]
    Setup(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{} holds games of another match ({difference}): add --resume to continue it with the same settings, --force to replace it, or write to another folder with -o DIR", path.display())]
    OtherMatch { path: PathBuf, difference: String },
    #[error("{game}: {source}")]
    Search {
        game: String,
        #[source]
        source: SearchError,
    },
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
}

/// Errors of reports and charts.
#[derive(Debug, Error)]
pub enum ReportError {
    #[error("{}: no such file (run `nodeprof sweep` first, or name the folder of a sweep)", .0.display())]
    NoRuns(PathBuf),
    #[error("{}: no finished game (play the match with `nodeprof play ... -o DIR`, or finish it with `--resume`)", .0.display())]
    NoGames(PathBuf),
    #[error("{}: no runs in the file", .0.display())]
    Empty(PathBuf),
    #[error("{}: {count} cases appear more than once (the first: {first}); a table must hold each case once", path.display())]
    Duplicated {
        path: PathBuf,
        count: usize,
        first: String,
    },
    #[error("{}: none of its {cases} cases passes the filter ({filter})", path.display())]
    Filtered {
        path: PathBuf,
        cases: usize,
        filter: String,
    },
    #[error("no finished searches in the runs table (every case timed out or failed)")]
    NoFinishedRuns,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {message}", path.display())]
    Csv { path: PathBuf, message: String },
    #[error("computing the tables: {0}")]
    Table(String),
    #[error("{}: no finished search has a value of '{metric}' (it was not counted); the metrics there: {present}", path.display())]
    NoMetric {
        path: PathBuf,
        metric: String,
        present: String,
    },
    #[error("{}: drawing the chart failed: {message}", path.display())]
    Plot { path: PathBuf, message: String },
}

/// Errors of an external engine (or of nodeprof speaking to one): each names the engine.
#[derive(Debug, Error)]
pub enum EngineError {
    #[error("bad engine '{spec}': {message}")]
    Spec { spec: String, message: String },
    #[error("engine {engine}: cannot start '{command}': {source} (is it installed? a bare name is looked for on PATH, then in /usr/games and /usr/local/games; else name it by its path with cmd=)")]
    Start {
        engine: String,
        command: String,
        #[source]
        source: std::io::Error,
    },
    #[error("engine {engine}: {source}")]
    Io {
        engine: String,
        #[source]
        source: std::io::Error,
    },
    #[error("engine {engine} has gone {when}: {status}{stderr}")]
    Exited {
        engine: String,
        when: String,
        status: String,
        stderr: String,
    },
    #[error("engine {engine} did not answer within {after:?} (nodeprof waited for {waiting_for}); it was stopped")]
    Timeout {
        engine: String,
        waiting_for: String,
        after: std::time::Duration,
    },
    #[error("engine {engine}: {message} (it said '{line}')")]
    Protocol {
        engine: String,
        line: String,
        message: String,
    },
    #[error("engine {engine}: {message}")]
    Refused { engine: String, message: String },
}

impl EngineError {
    /// Whether the engine process can no longer be trusted (gone, hung, out of step) and
    /// must be started again before its next case.
    pub fn needs_restart(&self) -> bool {
        !matches!(self, EngineError::Spec { .. } | EngineError::Refused { .. })
    }

    /// A timeout told as the whole wait it was given (`after`), not what was left of it when
    /// the last read began; other errors unchanged.
    pub fn after_waiting(self, after: std::time::Duration) -> EngineError {
        match self {
            EngineError::Timeout {
                engine,
                waiting_for,
                ..
            } => EngineError::Timeout {
                engine,
                waiting_for,
                after,
            },
            other => other,
        }
    }
}
