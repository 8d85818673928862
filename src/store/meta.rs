//! `meta.json`'s shared parts: what made a run and where (version, build, date, machine),
//! and a shard's identity; written by sweeps, plays and merges, read back (typed) by merges.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::provenance;

/// The file every run folder describes itself in.
pub const META_FILE: &str = "meta.json";

/// What made a run and where: version, build, date and machine (`meta.json`'s fields after
/// the command line).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Provenance {
    pub nodeprof_version: String,
    /// The commit the binary was built from (12 digits, `+dirty` if its sources differed).
    pub git_revision: String,
    pub git_commit: String,
    pub build: String,
    pub date_utc: String,
    pub machine: Machine,
}

/// This build, now, on this machine.
pub fn provenance() -> Provenance {
    Provenance {
        nodeprof_version: provenance::VERSION.into(),
        git_revision: provenance::revision(),
        git_commit: provenance::GIT_REVISION.into(),
        build: provenance::BUILD.into(),
        date_utc: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
        machine: Machine::this(),
    }
}

/// The machine a run was made on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Machine {
    pub hostname: String,
    pub os: String,
    pub arch: String,
    pub cpu: String,
    pub logical_cpus: usize,
}

impl Machine {
    /// This machine: host name, system, CPU model, logical CPUs.
    fn this() -> Machine {
        Machine {
            hostname: first_line("/etc/hostname").unwrap_or_else(|| "unknown".into()),
            os: std::env::consts::OS.into(),
            arch: std::env::consts::ARCH.into(),
            cpu: cpu_model().unwrap_or_else(|| "unknown".into()),
            logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
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

/// A shard's identity, as `meta.json` records it and `nodeprof merge` checks it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Sharding {
    /// `K/N`.
    pub shard: super::shard::Shard,
    /// The whole plan's fingerprint (all shards of one plan share it).
    pub plan_fingerprint: String,
    pub plan_cases: usize,
    pub shard_cases: usize,
    /// The bench's total on this build (`nodeprof bench`).
    pub signature: u64,
}

/// The parts of a shard's `meta.json` a merge reads.
#[derive(Deserialize)]
struct ShardMeta {
    git_revision: String,
    machine: HostName,
    sharding: Option<Sharding>,
}

#[derive(Deserialize)]
struct HostName {
    hostname: String,
}

/// One shard folder as its `meta.json` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardInfo {
    pub dir: PathBuf,
    pub sharding: Sharding,
    pub git_revision: String,
    pub host: String,
}

/// A shard folder `dir` as its `meta.json` text describes it.
pub fn parse_shard_meta(text: &str, dir: &Path) -> Result<ShardInfo, StoreError> {
    let path = dir.join(META_FILE);
    let merge_error = |message: String| StoreError::Merge(message);
    let json: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| merge_error(format!("{}: not JSON ({e})", path.display())))?;
    let not_a_shard = || {
        merge_error(format!(
            "{}: not a shard (no \"sharding\" in meta.json: run the sweep with --shard K/N)",
            path.display()
        ))
    };
    if json.get("sharding").is_none_or(|s| s.is_null()) {
        return Err(not_a_shard());
    }
    let meta: ShardMeta = serde_json::from_value(json).map_err(|e| {
        merge_error(format!(
            "{}: a bad shard description ({e}): the shard's meta.json was changed by hand?",
            path.display()
        ))
    })?;
    let Some(sharding) = meta.sharding else {
        return Err(not_a_shard());
    };
    Ok(ShardInfo {
        dir: dir.to_path_buf(),
        sharding,
        git_revision: meta.git_revision,
        host: meta.machine.hostname,
    })
}

/// Reads the shard folder `dir`'s `meta.json`.
pub fn read_shard_meta(dir: &Path) -> Result<ShardInfo, StoreError> {
    let path = dir.join(META_FILE);
    let text = std::fs::read_to_string(&path).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_shard_meta(&text, dir)
}

/// A producer's `meta.json`: the command line, this build and machine now, the producer's
/// settings, and for a shard its identity.
#[derive(Serialize)]
struct RunMeta<'a, S: Serialize> {
    command: &'a [String],
    #[serde(flatten)]
    provenance: Provenance,
    settings: S,
    #[serde(skip_serializing_if = "Option::is_none")]
    sharding: Option<Sharding>,
}

/// Writes a sweep's or a play's `meta.json` into `dir` (see `RunMeta`).
pub fn write_run_meta(
    dir: &Path,
    command: &[String],
    settings: impl Serialize,
    sharding: Option<Sharding>,
) -> Result<(), StoreError> {
    let meta = RunMeta {
        command,
        provenance: provenance(),
        settings,
        sharding,
    };
    write_meta(dir, &meta)
}

/// Writes `meta` as `dir`'s `meta.json`, whole (see [`super::folder::replace`]).
pub fn write_meta(dir: &Path, meta: &impl Serialize) -> Result<(), StoreError> {
    let text = serde_json::to_string_pretty(meta).unwrap_or_default() + "\n";
    super::folder::replace(&dir.join(META_FILE), text.as_bytes())
}

/// The shards a merged folder's rows come from, as the merge recorded them in `meta.json`
/// (`shards`): each shard (`K/N`) and its host. None for a folder that is not a merge.
pub fn merged_shards(dir: &Path) -> Option<Vec<(String, String)>> {
    let text = std::fs::read_to_string(dir.join(META_FILE)).ok()?;
    let meta: serde_json::Value = serde_json::from_str(&text).ok()?;
    let text_of = |v: &serde_json::Value, none: &str| v.as_str().unwrap_or(none).to_string();
    let shards = meta["shards"].as_array()?;
    Some(
        shards
            .iter()
            .map(|s| {
                (
                    text_of(&s["shard"], "?"),
                    text_of(&s["host"], "an unknown host"),
                )
            })
            .collect(),
    )
}
