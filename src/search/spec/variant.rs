//! A search variant: a base algorithm with its enhancements, as the search reads it.

use super::base::Base;

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
}

/// A base algorithm with its enhancements (see `ENHANCEMENTS` for each field's spec).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
}

impl Variant {
    pub fn new(base: Base) -> Variant {
        Variant {
            base,
            table: None,
            killers: None,
            history: false,
            mobility: false,
            iterative: false,
            aspiration: None,
            etc: false,
            fail_hard: false,
            file_order: false,
            white_view: false,
            parity: false,
            stability: false,
            last: None,
            sso: None,
        }
    }

    /// Whether the search stops at a fixed depth (all but token).
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
