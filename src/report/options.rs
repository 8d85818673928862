//! How to report: the baseline, the text width, which cases, and where.

use std::fmt;
use std::path::PathBuf;

use crate::store::Record;

/// How to report.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// The variant (display name) the summary compares against.
    pub baseline: String,
    /// Line width of the text tables.
    pub width: usize,
    /// The cases the report shows (all by default).
    pub filter: Filter,
    /// Where the report goes (default: the folder of the runs).
    pub out: Option<PathBuf>,
}

/// Which cases of a runs table a report or chart shows: empty lists keep everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Variant display names (`negaalpha`) or specs (`alphabeta+tt`).
    pub variants: Vec<String>,
    /// Depths as the table writes them (`4`, `end`).
    pub depths: Vec<String>,
    /// Position names, with or without `.pos` (`end40`, `end40.pos`).
    pub positions: Vec<String>,
}

impl Filter {
    pub fn keeps(&self, r: &Record) -> bool {
        let any = |list: &[String], test: &dyn Fn(&str) -> bool| {
            list.is_empty() || list.iter().any(|v| test(v))
        };
        any(&self.variants, &|v| v == r.name || v == r.variant)
            && any(&self.depths, &|d| d == r.depth)
            && any(&self.positions, &|p| {
                p == r.position || r.position.strip_suffix(".pos") == Some(p)
            })
    }

    pub fn is_empty(&self) -> bool {
        self.variants.is_empty() && self.depths.is_empty() && self.positions.is_empty()
    }
}

impl fmt::Display for Filter {
    /// `variants a, b; depths 2, 3` (the parts given).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = [
            ("variants", &self.variants),
            ("depths", &self.depths),
            ("positions", &self.positions),
        ]
        .iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(name, list)| format!("{name} {}", list.join(", ")))
        .collect();
        write!(f, "{}", parts.join("; "))
    }
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            baseline: "negamax".into(),
            width: 80,
            filter: Filter::default(),
            out: None,
        }
    }
}
