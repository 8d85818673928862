//! How variants are named in tables and reports: the literature's names (presets), and the
//! row labels of the classic cross-tables.

use super::presets::PRESETS;
use super::variant::Variant;

impl Variant {
    /// The name classic writeups print for this variant, or the canonical spec.
    pub fn display_name(&self) -> String {
        if let Some(step) = self.pons2017_step() {
            return step;
        }
        if self.is_classic2011() {
            // The classic tables' names (`negaalpha`, `transposition_k`) for their conventions.
            return self.without_classic_conventions().display_name();
        }
        let spec = self.to_string();
        PRESETS
            .iter()
            .find(|p| {
                p.spec
                    .parse::<Variant>()
                    .is_ok_and(|v| v.to_string() == spec)
            })
            .map(|p| p.name.to_string())
            .unwrap_or(spec)
    }

    /// The row label of this variant at `depth` in cross-tables, as the classic tables print
    /// it: the display name and the depth, and for the killer preset the killer count too
    /// (`negamax2`, `negaalpha6`, `killer6_32`, `transposition_k6`).
    pub fn row_label(&self, depth: &str) -> String {
        if let Some(step) = self.pons2017_step() {
            // The tutorial's steps are all solved to the end.
            return step;
        }
        let name = self.display_name();
        // Solved to the end: `mtdf+tt_end` reads better than `mtdf+ttend`.
        let depth = if depth.parse::<u32>().is_ok() {
            depth.to_string()
        } else {
            format!("_{depth}")
        };
        match self.killers {
            Some(k) if name == "killer" => format!("{name}{depth}_{k}"),
            _ => format!("{name}{depth}"),
        }
    }
}
