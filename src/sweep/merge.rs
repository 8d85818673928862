//! `nodeprof merge`: the shards of one sweep into one `runs.csv`. The shards must come from
//! the same plan (fingerprint), the same build (git revision) and count alike (bench
//! signature); every case of the plan must be there exactly once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::meta::{provenance, Provenance, Sharding};
use super::record::{CaseKey, Record};
use super::run::{write_cases, PLAN_FILE};
use super::settings::RUNS_FILE;
use super::table::read_runs;
use crate::error::{Error, SweepError};

/// One shard folder as its `meta.json` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardInfo {
    pub dir: PathBuf,
    pub sharding: Sharding,
    pub git_revision: String,
    pub host: String,
}

/// What a merge found, and wrote when it found nothing wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeOutcome {
    pub shards: Vec<ShardInfo>,
    /// Hosts the rows come from, in shard order, each once.
    pub hosts: Vec<String>,
    pub cases: usize,
    /// Cases of the plan in no shard's `runs.csv`: `position variant depth (shard K)`.
    pub missing: Vec<String>,
    /// Cases in more than one row: `position variant depth (in DIR, DIR)`.
    pub duplicated: Vec<String>,
}

impl MergeOutcome {
    /// The outcome of merging `shards`, their hosts listed once each in shard order.
    pub fn new(
        shards: Vec<ShardInfo>,
        cases: usize,
        missing: Vec<String>,
        duplicated: Vec<String>,
    ) -> MergeOutcome {
        let mut hosts: Vec<String> = Vec::new();
        for s in &shards {
            if !hosts.contains(&s.host) {
                hosts.push(s.host.clone());
            }
        }
        MergeOutcome {
            shards,
            hosts,
            cases,
            missing,
            duplicated,
        }
    }

    pub fn complete(&self) -> bool {
        self.missing.is_empty() && self.duplicated.is_empty()
    }
}

/// A merge that cannot go on, as an error.
pub fn merge_error(message: String) -> Error {
    SweepError::Merge(message).into()
}

fn read_info(dir: &Path) -> Result<ShardInfo, Error> {
    let path = dir.join("meta.json");
    let text = std::fs::read_to_string(&path).map_err(|source| SweepError::Io {
        path: path.display().to_string(),
        source,
    })?;
    parse_shard_meta(&text, dir)
}

/// A shard folder `dir` as its `meta.json` text describes it.
pub fn parse_shard_meta(text: &str, dir: &Path) -> Result<ShardInfo, Error> {
    let path = dir.join("meta.json");
    let meta: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| merge_error(format!("{}: not JSON ({e})", path.display())))?;
    if meta["sharding"].is_null() {
        return Err(merge_error(format!(
            "{}: not a shard (no \"sharding\" in meta.json: run the sweep with --shard K/N)",
            path.display()
        )));
    }
    let sharding: Sharding = serde_json::from_value(meta["sharding"].clone()).map_err(|e| {
        merge_error(format!(
            "{}: a bad \"sharding\" section ({e}): the shard's meta.json was changed by hand?",
            path.display()
        ))
    })?;
    Ok(ShardInfo {
        dir: dir.to_path_buf(),
        sharding,
        git_revision: meta["git_revision"].as_str().unwrap_or("").to_string(),
        host: meta["machine"]["hostname"]
            .as_str()
            .unwrap_or("unknown")
            .to_string(),
    })
}

fn read_plan(dir: &Path) -> Result<Vec<(u32, CaseKey)>, Error> {
    let path = dir.join(PLAN_FILE);
    let csv_error = |e: csv::Error| -> Error {
        SweepError::Csv {
            path: path.display().to_string(),
            message: e.to_string(),
        }
        .into()
    };
    let mut reader = csv::Reader::from_path(&path).map_err(csv_error)?;
    let mut plan = Vec::new();
    for row in reader.records() {
        let row = row.map_err(csv_error)?;
        let field = |i: usize| row.get(i).unwrap_or("").to_string();
        let shard = field(0)
            .parse::<u32>()
            .map_err(|_| merge_error(format!("{}: bad shard '{}'", path.display(), field(0))))?;
        let seed =
            match field(6).as_str() {
                "" => None,
                s => Some(s.parse::<u64>().map_err(|_| {
                    merge_error(format!("{}: bad shuffle seed '{s}'", path.display()))
                })?),
            };
        plan.push((
            shard,
            (field(1), field(2), field(3), field(4), field(5), seed),
        ));
    }
    Ok(plan)
}

fn describe(key: &CaseKey) -> String {
    format!("{}/{} {} depth {}", key.0, key.1, key.2, key.4)
}

/// The shards in `dirs`, checked to come from one plan, one build and one bench signature.
pub fn read_shards(dirs: &[PathBuf]) -> Result<Vec<ShardInfo>, Error> {
    if dirs.is_empty() {
        return Err(merge_error(
            "nothing to merge: name the shards' folders".into(),
        ));
    }
    let shards: Vec<ShardInfo> = dirs
        .iter()
        .map(|d| read_info(d))
        .collect::<Result<_, _>>()?;
    let first = &shards[0];
    for s in &shards[1..] {
        let differ = |what: &str, a: &str, b: &str| {
            merge_error(format!(
                "{} and {} are not shards of one sweep: {what} {a} there, {b} here",
                first.dir.display(),
                s.dir.display()
            ))
        };
        let (f, g) = (&first.sharding, &s.sharding);
        if f.plan_fingerprint != g.plan_fingerprint {
            return Err(differ("plan", &f.plan_fingerprint, &g.plan_fingerprint));
        }
        if first.git_revision != s.git_revision {
            return Err(differ("build", &first.git_revision, &s.git_revision));
        }
        if f.signature != g.signature {
            return Err(differ(
                "bench signature",
                &f.signature.to_string(),
                &g.signature.to_string(),
            ));
        }
        let count = |x: &str| x.split('/').nth(1).unwrap_or("").to_string();
        if count(&f.shard) != count(&g.shard) {
            return Err(differ("shard count", &f.shard, &g.shard));
        }
    }
    Ok(shards)
}

/// Checks the shards in `dirs` and, when every case is there once, writes the merged
/// `runs.csv` and `meta.json` into `out`.
pub fn merge(dirs: &[PathBuf], out: &Path, command_line: &[String]) -> Result<MergeOutcome, Error> {
    let shards = read_shards(dirs)?;
    let first = &shards[0];
    let plan = read_plan(&first.dir)?;
    let mut rows: Vec<Record> = Vec::new();
    let mut seen: HashMap<CaseKey, Vec<usize>> = HashMap::new();
    for (i, s) in shards.iter().enumerate() {
        for row in read_runs(&s.dir.join(RUNS_FILE))? {
            seen.entry(row.key()).or_default().push(i);
            rows.push(row);
        }
    }
    let in_plan: HashMap<&CaseKey, u32> = plan.iter().map(|(s, k)| (k, *s)).collect();
    let mut missing: Vec<String> = plan
        .iter()
        .filter(|(_, k)| !seen.contains_key(k))
        .map(|(shard, k)| format!("{} (shard {shard})", describe(k)))
        .collect();
    let mut duplicated: Vec<String> = seen
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(k, at)| {
            let dirs: Vec<String> = at
                .iter()
                .map(|&i| shards[i].dir.display().to_string())
                .collect();
            format!("{} (in {})", describe(k), dirs.join(", "))
        })
        .collect();
    let foreign: Vec<String> = seen
        .keys()
        .filter(|k| !in_plan.contains_key(k))
        .map(describe)
        .collect();
    if let Some(case) = foreign.first() {
        return Err(merge_error(format!(
            "{} cases are not in the plan (the first: {case}): a runs.csv was changed by hand?",
            foreign.len()
        )));
    }
    missing.sort();
    duplicated.sort();
    let outcome = MergeOutcome::new(shards, plan.len(), missing, duplicated);
    if !outcome.complete() {
        return Ok(outcome);
    }
    rows.sort_by_key(|r| r.seq);
    std::fs::create_dir_all(out).map_err(|source| SweepError::Io {
        path: out.display().to_string(),
        source,
    })?;
    let runs = out.join(RUNS_FILE);
    let csv_error = |e: csv::Error| SweepError::Csv {
        path: runs.display().to_string(),
        message: e.to_string(),
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in &rows {
        w.serialize(row).map_err(csv_error)?;
    }
    let bytes = w.into_inner().map_err(|e| SweepError::Io {
        path: runs.display().to_string(),
        source: e.into_error(),
    })?;
    crate::store::replace(&runs, &bytes).map_err(SweepError::from)?;
    write_meta(out, &outcome, command_line)?;
    write_hosts(out, &plan, &outcome)?;
    Ok(outcome)
}

/// `hosts.csv`: each case with the shard and host that ran it (and timed it).
pub const HOSTS_FILE: &str = "hosts.csv";

fn write_hosts(
    out: &Path,
    plan: &[(u32, CaseKey)],
    outcome: &MergeOutcome,
) -> Result<(), SweepError> {
    let host_of: HashMap<String, &str> = outcome
        .shards
        .iter()
        .map(|s| {
            let index = s.sharding.shard.split('/').next().unwrap_or("");
            (index.to_string(), s.host.as_str())
        })
        .collect();
    let host = |shard: u32| {
        host_of
            .get(&shard.to_string())
            .copied()
            .unwrap_or("unknown")
            .to_string()
    };
    write_cases(&out.join(HOSTS_FILE), plan, Some(&host))
}

#[derive(Serialize)]
struct MergedMeta<'a> {
    command: &'a [String],
    #[serde(flatten)]
    provenance: Provenance,
    plan_fingerprint: &'a str,
    signature: u64,
    shards: Vec<MergedShard<'a>>,
}

#[derive(Serialize)]
struct MergedShard<'a> {
    dir: String,
    shard: &'a str,
    host: &'a str,
    git_revision: &'a str,
}

/// The merged folder's `meta.json`: the command, this build, the plan and the shards.
pub fn write_meta(
    out: &Path,
    outcome: &MergeOutcome,
    command_line: &[String],
) -> Result<(), SweepError> {
    let first = &outcome.shards[0].sharding;
    let meta = MergedMeta {
        command: command_line,
        provenance: provenance(),
        plan_fingerprint: &first.plan_fingerprint,
        signature: first.signature,
        shards: outcome
            .shards
            .iter()
            .map(|s| MergedShard {
                dir: s.dir.display().to_string(),
                shard: &s.sharding.shard,
                host: &s.host,
                git_revision: &s.git_revision,
            })
            .collect(),
    };
    let text = serde_json::to_string_pretty(&meta).unwrap_or_default() + "\n";
    Ok(crate::store::replace(
        &out.join("meta.json"),
        text.as_bytes(),
    )?)
}
