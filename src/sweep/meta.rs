//! `meta.json`: how a sweep was made (command line, version, git revision, machine, date,
//! settings), so that a report can be traced back and re-run.

use std::path::Path;

use serde::Serialize;

use super::settings::SweepSettings;
use crate::error::SweepError;
use crate::position::Case;
use crate::provenance;
use crate::search::{depth_label, Variant, END};

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

/// A shard's identity, as `meta.json` records it and `nodeprof merge` checks it.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq, Eq)]
pub struct Sharding {
    /// `K/N`.
    pub shard: String,
    /// The whole plan's fingerprint (all shards of one plan share it).
    pub plan_fingerprint: String,
    pub plan_cases: usize,
    pub shard_cases: usize,
    /// The bench's total on this build (`nodeprof bench`).
    pub signature: u64,
}

/// What made a run and where: version, build, date and machine (`meta.json`'s fields after
/// the command line).
#[derive(Serialize)]
pub(crate) struct Provenance {
    nodeprof_version: &'static str,
    /// The commit the binary was built from (12 digits, `+dirty` if its sources differed).
    git_revision: String,
    git_commit: &'static str,
    build: &'static str,
    date_utc: String,
    machine: Machine,
}

/// This build, now, on this machine.
pub(crate) fn provenance() -> Provenance {
    Provenance {
        nodeprof_version: provenance::VERSION,
        git_revision: provenance::revision(),
        git_commit: provenance::GIT_REVISION,
        build: provenance::BUILD,
        date_utc: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
        machine: machine(),
    }
}

/// The machine a run was made on.
#[derive(Serialize)]
struct Machine {
    hostname: String,
    os: &'static str,
    arch: &'static str,
    cpu: String,
    logical_cpus: usize,
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
    let text = serde_json::to_string_pretty(&meta).unwrap_or_default() + "\n";
    Ok(crate::store::replace(
        &dir.join("meta.json"),
        text.as_bytes(),
    )?)
}

/// This machine: host name, system, CPU model, logical CPUs.
fn machine() -> Machine {
    Machine {
        hostname: first_line("/etc/hostname").unwrap_or_else(|| "unknown".into()),
        os: std::env::consts::OS,
        arch: std::env::consts::ARCH,
        cpu: cpu_model().unwrap_or_else(|| "unknown".into()),
        logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

fn first_line(path: &str) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .next()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
}

fn cpu_model() -> Option<String> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|m| m.trim().to_string())
}
