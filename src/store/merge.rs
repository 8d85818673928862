//! `nodeprof merge`: shards into one folder. The shards must come from the same plan
//! (fingerprint), the same build (git revision) and count alike (bench signature); every
//! case of the plan must be there exactly once. A sweep's shards merge here whole; a play's
//! shards use the checks and the merged `meta.json` (`play::merge` replays their games).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::meta::{
    provenance, read_shard_meta, write_meta as write_meta_file, Provenance, ShardInfo,
};
use super::plan::{read_plan, write_cases, HOSTS_FILE};
use super::record::{CaseKey, Record};
use super::runs::{read_runs, write_runs, RUNS_FILE};
use super::shard::Shard;
use crate::error::StoreError;

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
pub fn merge_error<E: From<StoreError>>(message: String) -> E {
    StoreError::Merge(message).into()
}

/// The shards in `dirs`, checked to come from one plan, one build and one bench signature.
pub fn read_shards(dirs: &[PathBuf]) -> Result<Vec<ShardInfo>, StoreError> {
    if dirs.is_empty() {
        return Err(merge_error(
            "nothing to merge: name the shards' folders".into(),
        ));
    }
    let shards: Vec<ShardInfo> = dirs
        .iter()
        .map(|d| read_shard_meta(d))
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
        if f.shard.count != g.shard.count {
            return Err(differ(
                "shard count",
                &f.shard.to_string(),
                &g.shard.to_string(),
            ));
        }
    }
    Ok(shards)
}

/// Checks the shards in `dirs` and, when every case is there once, writes the merged
/// `runs.csv` and `meta.json` into `out`.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    command_line: &[String],
) -> Result<MergeOutcome, StoreError> {
    let shards = read_shards(dirs)?;
    let first = &shards[0];
    let plan = read_plan(&first.dir)?;
    let mut rows: Vec<Record> = Vec::new();
    let mut seen: HashMap<CaseKey, Vec<usize>> = HashMap::new();
    for (i, s) in shards.iter().enumerate() {
        let shard_rows = read_runs(&s.dir.join(RUNS_FILE))?;
        super::cuts::check_present(&s.dir, &shard_rows)?;
        for row in shard_rows {
            seen.entry(row.key()).or_default().push(i);
            rows.push(row);
        }
    }
    let in_plan: HashMap<&CaseKey, u32> = plan.iter().map(|(s, k)| (k, *s)).collect();
    let mut missing: Vec<String> = plan
        .iter()
        .filter(|(_, k)| !seen.contains_key(k))
        .map(|(shard, k)| format!("{} (shard {shard})", k.describe()))
        .collect();
    let mut duplicated: Vec<String> = seen
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(k, at)| {
            let dirs: Vec<String> = at
                .iter()
                .map(|&i| shards[i].dir.display().to_string())
                .collect();
            format!("{} (in {})", k.describe(), dirs.join(", "))
        })
        .collect();
    let foreign: Vec<String> = seen
        .keys()
        .filter(|k| !in_plan.contains_key(k))
        .map(CaseKey::describe)
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
    std::fs::create_dir_all(out).map_err(|source| StoreError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    write_runs(&out.join(RUNS_FILE), &rows)?;
    // The shards' cut-off tables: the rows of each case, in the plan's case order.
    let order: HashMap<CaseKey, u64> = rows.iter().map(|r| (r.key(), r.seq)).collect();
    let mut cuts = Vec::new();
    for s in &outcome.shards {
        cuts.extend(super::cuts::read_cuts(&s.dir.join(super::cuts::CUTS_FILE))?);
    }
    cuts.retain(|c| order.contains_key(&c.key()));
    cuts.sort_by_key(|c| order[&c.key()]);
    super::cuts::write_cuts(&out.join(super::cuts::CUTS_FILE), &cuts)?;
    write_meta(out, &outcome, command_line)?;
    write_hosts(out, &plan, &outcome)?;
    Ok(outcome)
}

fn write_hosts(
    out: &Path,
    plan: &[(u32, CaseKey)],
    outcome: &MergeOutcome,
) -> Result<(), StoreError> {
    let host_of: HashMap<u32, &str> = outcome
        .shards
        .iter()
        .map(|s| (s.sharding.shard.index, s.host.as_str()))
        .collect();
    let host = |shard: u32| {
        host_of
            .get(&shard)
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
    shard: Shard,
    host: &'a str,
    git_revision: &'a str,
}

/// The merged folder's `meta.json`: the command, this build, the plan and the shards.
pub fn write_meta(
    out: &Path,
    outcome: &MergeOutcome,
    command_line: &[String],
) -> Result<(), StoreError> {
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
                shard: s.sharding.shard,
                host: &s.host,
                git_revision: &s.git_revision,
            })
            .collect(),
    };
    write_meta_file(out, &meta)
}
