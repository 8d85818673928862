//! Profiles: sets of conventions applied to any variant (`--profile classic2011`).

use super::enhancement::DEFAULT_TABLE_MIB;
use super::variant::Variant;

/// The classic profile's table: large enough that nothing is replaced at those depths (the
/// classic tables' was unbounded).
pub const CLASSIC_TABLE_MIB: u32 = 64;

impl Variant {
    /// The same variant with the conventions of the classic 2011 FFO tables (issue #6):
    /// moves file by file, leaves white minus black, fail-hard windows, and a large table
    /// that stores only nodes where a move raised alpha.
    pub fn classic2011(&self) -> Variant {
        let mut v = self.clone();
        v.file_order = true;
        v.white_view = true;
        v.fail_hard = self.base.windowed();
        if let Some(t) = &mut v.table {
            t.classic_store = true;
            t.mib = t.mib.max(CLASSIC_TABLE_MIB);
        }
        v
    }

    /// Whether this is a variant under the classic 2011 conventions.
    pub fn is_classic2011(&self) -> bool {
        self.file_order
            && self.white_view
            && self.fail_hard == self.base.windowed()
            && self
                .table
                .is_none_or(|t| t.classic_store && t.mib >= CLASSIC_TABLE_MIB)
    }

    pub(super) fn without_classic_conventions(&self) -> Variant {
        let mut v = self.clone();
        v.file_order = false;
        v.white_view = false;
        v.fail_hard = false;
        if let Some(t) = &mut v.table {
            t.classic_store = false;
            t.mib = DEFAULT_TABLE_MIB;
        }
        v
    }
}

/// The steps of Pascal Pons' "Solving Connect 4" tutorial (parts 3 to 12) as variants, before
/// the profile's conventions (`Variant::pons2017`). Part 6 (bitboards) changes the board's
/// representation only: it is part 5's search (`column_order`), as the tutorial's counts say.
pub const PONS2017_STEPS: [(&str, &str); 9] = [
    ("minmax", "negamax+winfirst"),
    ("alphabeta", "alphabeta+fileorder+winfirst+clamp"),
    ("column_order", "alphabeta+winfirst+clamp"),
    ("transposition_table", "alphabeta+ttcut:64+winfirst+clamp"),
    ("iterative_deepening", "bisect+ttcut:64+winfirst+clamp"),
    ("anticipate_losing", "bisect+ttcut:64+nolose+clamp"),
    ("better_ordering", "bisect+ttcut:64+nolose+clamp+threats"),
    (
        "optimized_tt",
        "bisect+ttcut:64+ttnarrow+ttpacked+nolose+clamp+threats",
    ),
    (
        "lower_bound_tt",
        "bisect+ttcut:64+ttnarrow+ttpacked+ttlower+nolose+clamp+threats",
    ),
];

impl Variant {
    /// The same variant with the tutorial's conventions: alpha-beta returns alpha after its
    /// loop (`faillow`), and the table is the tutorial's (`ttnarrow`: direct-mapped, a prime
    /// number of entries, upper bounds narrowing the window).
    pub fn pons2017(&self) -> Variant {
        let mut v = self.clone();
        v.fail_low_hard = self.base.windowed();
        if let Some(t) = &mut v.table {
            t.narrow = true;
            t.moves = false;
        }
        v
    }

    /// The tutorial step this variant is (under the tutorial's conventions), with `_weak` for
    /// the weak solver: `minmax`, ..., `lower_bound_tt_weak`.
    pub fn pons2017_step(&self) -> Option<String> {
        let mut strong = self.clone();
        strong.wld = false;
        let (name, _) = PONS2017_STEPS.iter().find(|(_, spec)| {
            spec.parse::<Variant>()
                .is_ok_and(|step| step.pons2017() == strong)
        })?;
        Some(match self.wld {
            true => format!("{name}_weak"),
            false => name.to_string(),
        })
    }

    /// Every step, strong then weak (the weak solver has no minmax step).
    pub fn pons2017_steps() -> Vec<Variant> {
        let strong: Vec<Variant> = PONS2017_STEPS
            .iter()
            .map(|(_, spec)| spec.parse::<Variant>().expect("the steps parse").pons2017())
            .collect();
        let weak = strong.iter().skip(1).map(|v| {
            let mut v = v.clone();
            v.wld = true;
            v
        });
        strong.iter().cloned().chain(weak).collect()
    }
}
