//! A sweep's `meta.json`: how it was made (command line, the store's provenance, settings),
//! so that a report can be traced back and re-run.

use std::path::Path;

use serde::Serialize;

use super::engines::EngineMeta;
use super::settings::SweepSettings;
use crate::engine::EngineCase;
use crate::error::SweepError;
use crate::search::{depth_label, Variant, END};
use crate::store::meta::{write_run_meta, Sharding};

#[derive(Serialize)]
struct Settings<'a> {
    positions: &'a [String],
    cases: Vec<&'a str>,
    variants: Vec<String>,
    /// External engines: how each was started, the options sent, what it calls itself.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    engines: &'a [EngineMeta],
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
    cases: &[EngineCase],
    variants: &[Variant],
    engines: &[EngineMeta],
    depths: &[u32],
    sharding: Option<Sharding>,
) -> Result<(), SweepError> {
    let written = Settings {
        positions: &settings.positions,
        cases: cases.iter().map(|c| c.name.as_str()).collect(),
        variants: variants.iter().map(|v| v.to_string()).collect(),
        engines,
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
    };
    Ok(write_run_meta(
        dir,
        &settings.command_line,
        written,
        sharding,
    )?)
}
