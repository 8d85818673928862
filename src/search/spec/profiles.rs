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
