//! A sweep's `meta.json`: how it was made (command line, the store's provenance, settings),
//! so that a report can be traced back and re-run.

use std::path::Path;

use serde::Serialize;

use super::settings::SweepSettings;
use crate::error::SweepError;
use crate::position::Case;
use crate::search::{depth_label, Variant, END};
use crate::store::meta::{provenance, write_meta, Provenance, Sharding};

#[derive(Serialize)]
struct Meta<'a> {
    command: &'a [String],
    #[serde(flatten)]
    provenance: Provenance,
    settings: Settings<'a>,
    /// For a shard of a sweep: which, the plan it belongs to, and the bench signature.
    #[serde(skip_serializing_if = "Option::is_none")]
    sharding: Option<Sharding>,
}

#[derive(Serialize)]
struct Settings<'a> {
    positions: &'a [String],
    cases: Vec<&'a str>,
    variants: Vec<String>,
    /// Numbers, or `"end"` for exact solving.
    depths: Vec<serde_json::Value>,
    eval: &'static str,
    shuffle_seed: Option<u64>,
    jobs: usize,
    time_limit_s: Option<f64>,
    resume: bool,
    force: bool,
    /// Timed runs of each case and untimed runs before them.
    repeat: String,
    warmup: u32,
}

pub fn write(
    dir: &Path,
    settings: &SweepSettings,
    cases: &[Case],
    variants: &[Variant],
    depths: &[u32],
    sharding: Option<Sharding>,
) -> Result<(), SweepError> {
    let meta = Meta {
        command: &settings.command_line,
        provenance: provenance(),
        settings: Settings {
            positions: &settings.positions,
            cases: cases.iter().map(|c| c.name.as_str()).collect(),
            variants: variants.iter().map(|v| v.to_string()).collect(),
            depths: depths
                .iter()
                .map(|&d| match d {
                    END => depth_label(d).into(),
                    _ => d.into(),
                })
                .collect(),
            eval: settings.eval.name(),
            shuffle_seed: settings.shuffle,
            jobs: settings.jobs,
            time_limit_s: settings.time_limit.map(|t| t.as_secs_f64()),
            resume: settings.resume,
            force: settings.force,
            repeat: settings.repeat.describe(),
            warmup: settings.repeat.warmup,
        },
        sharding,
    };
    Ok(write_meta(dir, &meta)?)
}
