//! Reports: from `runs.csv` alone (never from live search state), so `nodeprof report` can
//! redo tables and charts of an old sweep. Writes, for each metric, `xtabs/<metric>.csv` and
//! `.txt` (rows `name` = variant and depth, as `negamax2`; one column per position),
//! `xtabs/<metric>_by_depth.csv` and `.txt` (totals, rows variants, columns depths),
//! `summary.md` and the charts in `plots/`. One-way: it reads rows, never the search.

pub(crate) mod chart_kit;
pub mod charts;
pub mod compare;
pub mod compare_context;
pub mod compare_data;
pub mod compare_stats;
pub mod compare_text;
mod cost;
mod efficiency;
mod export;
mod families;
pub mod html;
mod ladder;
mod load;
mod markdown;
mod metric;
mod options;
mod parallelism;
pub mod play;
mod play_charts;
mod play_kept;
mod play_sections;
mod scaling;
pub mod tables;
pub mod text;
mod write;
mod xtabs;

pub use export::{Exporter, ReportContext};
pub use load::load;
pub use metric::Metric;
pub use options::{Filter, ReportOptions};
pub use tables::{Grid, Tables, Total};
pub use write::{run, ReportOutput};
