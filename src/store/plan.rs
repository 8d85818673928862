//! `plan.csv`: every case of a sharded sweep's whole plan with its shard, so that a merge can
//! name the cases a missing shard should have run; a merge's `hosts.csv` adds the host that
//! ran each; and what differs between a folder's cases and a plan, for the guard's refusal.

use std::path::Path;

use super::record::CaseKey;
use crate::error::StoreError;

pub const PLAN_FILE: &str = "plan.csv";
/// A merge's table of each case with the shard and host that ran it (and timed it).
pub const HOSTS_FILE: &str = "hosts.csv";

const PLAN_COLUMNS: [&str; 8] = [
    "shard",
    "suite",
    "position",
    "variant",
    "eval",
    "depth",
    "shuffle_seed",
    "threads",
];

/// The cases of a plan, each with its shard (`plan.csv`), and with `hosts` (shard number to
/// host) the host that ran it too (a merge's `hosts.csv`).
pub fn write_cases(
    path: &Path,
    plan: &[(u32, CaseKey)],
    hosts: Option<&dyn Fn(u32) -> String>,
) -> Result<(), StoreError> {
    let error = |e: csv::Error| StoreError::Csv {
        path: path.to_path_buf(),
        line: None,
        message: e.to_string(),
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = PLAN_COLUMNS.to_vec();
    if hosts.is_some() {
        header.push("host");
    }
    w.write_record(&header).map_err(error)?;
    for (shard, k) in plan {
        let seed = k.shuffle_seed.map_or(String::new(), |s| s.to_string());
        let mut row = vec![
            shard.to_string(),
            k.suite.clone(),
            k.position.clone(),
            k.variant.clone(),
            k.eval.clone(),
            k.depth.clone(),
            seed,
            k.threads.to_string(),
        ];
        if let Some(host) = hosts {
            row.push(host(*shard));
        }
        w.write_record(&row).map_err(error)?;
    }
    let bytes = w.into_inner().map_err(|e| StoreError::Io {
        path: path.to_path_buf(),
        source: e.into_error(),
    })?;
    super::folder::replace(path, &bytes)
}

/// The plan a shard folder `dir` wrote: each case with its shard.
pub fn read_plan(dir: &Path) -> Result<Vec<(u32, CaseKey)>, StoreError> {
    let path = dir.join(PLAN_FILE);
    let bad = |line: Option<u64>, message: String| StoreError::Csv {
        path: path.to_path_buf(),
        line,
        message,
    };
    let mut reader = csv::Reader::from_path(&path).map_err(|e| bad(None, e.to_string()))?;
    let mut plan = Vec::new();
    for row in reader.records() {
        let row = row.map_err(|e| bad(e.position().map(|p| p.line()), e.to_string()))?;
        let line = row.position().map(|p| p.line());
        let field = |i: usize| row.get(i).unwrap_or("").to_string();
        let shard = field(0)
            .parse::<u32>()
            .map_err(|_| bad(line, format!("bad shard '{}'", field(0))))?;
        let shuffle_seed = match field(6).as_str() {
            "" => None,
            s => Some(
                s.parse::<u64>()
                    .map_err(|_| bad(line, format!("bad shuffle seed '{s}'")))?,
            ),
        };
        // A plan of an earlier build has no threads column: one.
        let threads = match field(7).as_str() {
            "" => 1,
            s => s
                .parse::<u32>()
                .map_err(|_| bad(line, format!("bad threads '{s}'")))?,
        };
        let key = CaseKey {
            suite: field(1),
            position: field(2),
            variant: field(3),
            eval: field(4),
            depth: field(5),
            shuffle_seed,
            threads,
        };
        plan.push((shard, key));
    }
    Ok(plan)
}

/// What differs between the cases of a results table and a plan, one dimension at a time.
pub fn plan_difference(finished: &[CaseKey], plan: &[CaseKey]) -> String {
    fn values<'a>(
        keys: impl Iterator<Item = &'a CaseKey>,
        part: fn(&CaseKey) -> String,
    ) -> Vec<String> {
        let mut seen = Vec::new();
        for key in keys {
            let value = part(key);
            if !seen.contains(&value) {
                seen.push(value);
            }
        }
        seen
    }
    type Part = fn(&CaseKey) -> String;
    let parts: [(&str, Part); 6] = [
        ("positions", |k| format!("{}/{}", k.suite, k.position)),
        ("variants", |k| k.variant.clone()),
        ("evaluations", |k| k.eval.clone()),
        ("depths", |k| k.depth.clone()),
        ("shuffle seeds", |k| {
            k.shuffle_seed.map_or("none".into(), |s| s.to_string())
        }),
        ("threads", |k| k.threads.to_string()),
    ];
    let show = |list: &[String]| {
        let shown: Vec<&str> = list.iter().take(6).map(String::as_str).collect();
        match list.len() > 6 {
            true => format!("{} ... ({} in all)", shown.join(", "), list.len()),
            false => shown.join(", "),
        }
    };
    // Every dimension that differs is named (the variants as their canonical specs).
    let mut differences = Vec::new();
    for (name, part) in parts {
        let there = values(finished.iter(), part);
        let here = values(plan.iter(), part);
        let mut sorted_there = there.clone();
        let mut sorted_here = here.clone();
        sorted_there.sort();
        sorted_here.sort();
        if sorted_there != sorted_here {
            differences.push(format!(
                "{name} {} there, {} here",
                show(&there),
                show(&here)
            ));
        }
    }
    match differences.is_empty() {
        true => format!("{} cases there, {} here", finished.len(), plan.len()),
        false => differences.join("; "),
    }
}
