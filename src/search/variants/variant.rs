//! A search variant: a base algorithm with its enhancements, as the search reads it.

use super::base::Base;
use super::parallel::Parallel;

/// How a variant uses its transposition table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableUse {
    /// Size in MiB.
    pub mib: u32,
    /// The stored best move is tried first (`ttmove`).
    pub moves: bool,
    /// Stored bounds end nodes (`ttcut`).
    pub cuts: bool,
    /// Cut only on entries of exactly the needed depth (`ttexact`), so values never come
    /// from a deeper search than the one asked for.
    pub exact_depth: bool,
    /// The classic 2011 tables' store rules (`ttclassic`): nothing for a node whose moves all
    /// failed low (no upper bounds), and an entry for the same position is kept if deeper, or
    /// as deep and exact, or the new one is not exact.
    pub classic_store: bool,
    /// The Connect 4 tutorial's table (`ttnarrow`): one bound an entry, the value after the
    /// move loop stored as an upper bound (exact ones too) and nothing at cut-offs; a stored
    /// bound narrows the window (and ends the node when the window closes).
    pub narrow: bool,
    /// With `narrow`: cut-offs store their value as a lower bound (`ttlower`).
    pub lower: bool,
    /// With `narrow`: the tutorial's optimized table (`ttpacked`), whose size is the prime
    /// just above the entries instead of just below.
    pub packed: bool,
}

/// A base algorithm with its enhancements (see `ENHANCEMENTS` for each field's spec); by
/// default none is on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    pub base: Base,
    pub table: Option<TableUse>,
    /// Killer moves per ply.
    pub killers: Option<u32>,
    pub history: bool,
    /// Fewest opponent replies first.
    pub mobility: bool,
    /// Iterative deepening from depth 1.
    pub iterative: bool,
    /// Aspiration window half-width.
    pub aspiration: Option<i32>,
    /// Enhanced transposition cut-off.
    pub etc: bool,
    /// Exact solving: selective passes (Multi-ProbCut) before the exact search.
    pub probcut: bool,
    /// Fail-hard: values are clamped to the window (alpha-beta, PVS, MTD(f)).
    pub fail_hard: bool,
    /// Moves tried file by file (a1, a2, ..., a8, b1, ...) instead of row by row.
    pub file_order: bool,
    /// Leaves scored white minus black whatever the side to move, used as is in negamax
    /// form (the sign slip of the classic 2011 tables; see issue #6).
    pub white_view: bool,
    /// Moves into regions with an odd number of empties first (before mobility).
    pub parity: bool,
    /// Exact solving: a node whose stable discs prove it fails low ends there.
    pub stability: bool,
    /// Exact solving: positions with at most this many empties go to the game's specialised
    /// solver (no table, no move list).
    pub last: Option<u32>,
    /// Exact solving: moves at nodes with at least `SSO_MIN_EMPTIES` empties are ordered by
    /// a search of this depth (shallow search ordering).
    pub sso: Option<u32>,
    /// Exact solving: moves at nodes with at least this many empties are ordered by the
    /// evaluation after a shallow search (deeper with more empties), weighed against
    /// fastest-first.
    pub eval_sort: Option<u32>,
    /// Values below the window come back as alpha, those above it as they are (the
    /// tutorial's alpha-beta, which returns alpha after its loop).
    pub fail_low_hard: bool,
    /// A node whose side to move wins with its next move takes that value at once (games
    /// with threats).
    pub win_first: bool,
    /// Windows narrowed to the margins the stones left allow (games with threats).
    pub clamp: bool,
    /// Only moves after which the opponent cannot win at once; the root's immediate win is
    /// checked before searching (games with threats).
    pub no_lose: bool,
    /// Moves that make the most squares completing four first (games with threats).
    pub threats: bool,
    /// Solving proves only win, draw or loss: the root window is (-1, 1).
    pub wld: bool,
    /// Proof-number search: weak proof numbers (Ueda et al.) instead of sums.
    pub weak: bool,
    /// Monte Carlo tree search: proven results backed up (MCTS-Solver, with score bounds
    /// so that draws are proved too).
    pub solver: bool,
    /// Monte Carlo tree search: RAVE, all-moves-as-first values weighed in with this
    /// equivalence parameter k (Gelly and Silver).
    pub rave: Option<u32>,
    /// Monte Carlo tree search: evaluation-guided playouts (the best move by the
    /// evaluation three times in four, a random move otherwise).
    pub guided: bool,
    /// Monte Carlo tree search: the selection rule's exploration constant, in hundredths
    /// (none: the rule's own, UCT 0.7, PUCT 1).
    pub explore: Option<u32>,
    /// A budget of counted nodes (`leaf + interior + qnode`): alpha-beta deepens from depth 1
    /// until it is spent and answers with the last finished iteration (as a play agent's
    /// `nodes=N`); Monte Carlo tree search stops its iterations there.
    pub nodes: Option<u64>,
    /// A move that gives check costs no depth before this ply, which no line passes (games
    /// with checks).
    pub check_extension: Option<u32>,
    /// `flow`: the virtual moves a checking move counts for (its share's multiple).
    pub check_weight: Option<u32>,
    /// At the horizon, captures are played out (games with captures).
    pub quiesce: bool,
    /// Captures first, most valuable victim then least valuable attacker (games with
    /// captures).
    pub mvv_lva: bool,
    /// A position repeated on the search path (or the game before the root), and one the
    /// game's draw rules end (fifty moves, no mating material), scores a draw (games with
    /// draw rules).
    pub draws: bool,
    /// Null-move pruning with this depth reduction (games with a null move).
    pub null_move: Option<u32>,
    /// Late-move reductions: quiet moves after this many are searched one ply shallower
    /// first.
    pub lmr: Option<u32>,
    /// Futility pruning at the frontier with this margin (games with captures).
    pub futility: Option<u32>,
    /// How the work is shared with more than one thread (none named: YBWC for windowed
    /// searches, see `SearchConfig::parallel`).
    pub parallel: Option<Parallel>,
}

impl Variant {
    pub fn new(base: Base) -> Variant {
        Variant {
            base,
            ..Variant::default()
        }
    }

    /// Whether the search stops at a fixed depth (all but the token budgets).
    pub fn is_depth_limited(&self) -> bool {
        self.base.depth_limited()
    }

    /// The same variant with `ttexact` added (if it has a table).
    pub fn with_exact_depth_cuts(&self) -> Variant {
        let mut v = self.clone();
        if let Some(t) = &mut v.table {
            t.exact_depth = true;
        }
        v
    }
}
