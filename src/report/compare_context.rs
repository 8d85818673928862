//! What two runs tables were measured under, read from the `meta.json` beside each (its
//! provenance, typed as the store writes it, and the jobs): the machine, the build, the
//! revision. Counts compare exactly whatever differs; times do not compare across machines
//! or kinds of build, so `compare` withholds its faster/slower verdicts there and says why.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::store::meta::{Provenance, META_FILE};

/// How two runs differ besides their rows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Context {
    /// Each difference, in words (`machine cpu: A vs B`).
    pub differences: Vec<String>,
    /// Whether the time verdicts are withheld (another machine or kind of build).
    pub withhold_times: bool,
}

/// What `compare` reads of a run's `meta.json`.
#[derive(Clone, Debug, Deserialize)]
struct RunMeta {
    #[serde(flatten)]
    provenance: Provenance,
    #[serde(default)]
    settings: Settings,
}

#[derive(Clone, Debug, Default, Deserialize)]
struct Settings {
    jobs: Option<u64>,
}

/// The context of the runs tables `old` and `new` (their `runs.csv` files): nothing known
/// when either has no readable `meta.json` beside it.
pub fn context_of(old: &Path, new: &Path) -> Context {
    match (meta_of(old), meta_of(new)) {
        (Some(old), Some(new)) => compare_meta(&old, &new),
        _ => Context::default(),
    }
}

fn meta_of(runs: &Path) -> Option<RunMeta> {
    let text = std::fs::read_to_string(runs.parent()?.join(META_FILE)).ok()?;
    serde_json::from_str(&text).ok()
}

/// The kind of a build: its profile and target, without the compiler
/// (`release build for x86_64-unknown-linux-gnu`).
fn kind(build: &str) -> &str {
    build.split(", rustc").next().unwrap_or(build)
}

fn compare_meta(old: &RunMeta, new: &RunMeta) -> Context {
    let (a, b) = (&old.provenance, &new.provenance);
    let (ma, mb) = (&a.machine, &b.machine);
    let jobs = |m: &RunMeta| m.settings.jobs.map_or("?".to_string(), |j| j.to_string());
    // Each field: its name, both values, and whether a difference makes times incomparable.
    let fields = [
        ("machine cpu", ma.cpu.clone(), mb.cpu.clone(), true),
        (
            "machine logical cpus",
            ma.logical_cpus.to_string(),
            mb.logical_cpus.to_string(),
            true,
        ),
        ("machine arch", ma.arch.clone(), mb.arch.clone(), true),
        ("machine os", ma.os.clone(), mb.os.clone(), true),
        (
            "build",
            a.build.clone(),
            b.build.clone(),
            kind(&a.build) != kind(&b.build),
        ),
        (
            "revision",
            a.git_revision.clone(),
            b.git_revision.clone(),
            false,
        ),
        ("jobs (cases run at once)", jobs(old), jobs(new), false),
    ];
    let mut context = Context::default();
    for (name, x, y, machine) in fields {
        if x != y {
            context.differences.push(format!("{name}: {x} vs {y}"));
            context.withhold_times |= machine;
        }
    }
    context
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn meta(cpu: &str, build: &str, revision: &str) -> RunMeta {
        serde_json::from_value(json!({
            "nodeprof_version": "0.1.0",
            "git_revision": revision,
            "git_commit": revision,
            "build": build,
            "date_utc": "2026-11-26T00:00:00Z",
            "machine": {"hostname": "vm", "cpu": cpu, "logical_cpus": 2, "arch": "x86_64", "os": "linux"},
            "settings": {"jobs": 1},
        }))
        .unwrap()
    }

    const RELEASE: &str = "release build for x86_64-unknown-linux-gnu, rustc 1.95.0";

    #[test]
    fn another_revision_on_one_machine_keeps_the_time_verdicts() {
        let c = compare_meta(&meta("Xeon", RELEASE, "aaa"), &meta("Xeon", RELEASE, "bbb"));
        assert_eq!(c.differences, ["revision: aaa vs bbb"]);
        assert!(!c.withhold_times);
        assert_eq!(
            compare_meta(&meta("Xeon", RELEASE, "a"), &meta("Xeon", RELEASE, "a")),
            Context::default()
        );
    }

    #[test]
    fn another_machine_or_kind_of_build_withholds_them() {
        let c = compare_meta(&meta("Xeon", RELEASE, "a"), &meta("EPYC", RELEASE, "a"));
        assert_eq!(c.differences, ["machine cpu: Xeon vs EPYC"]);
        assert!(c.withhold_times);
        let debug = "debug build for x86_64-unknown-linux-gnu, rustc 1.95.0";
        let c = compare_meta(&meta("Xeon", RELEASE, "a"), &meta("Xeon", debug, "a"));
        assert!(c.withhold_times, "{c:?}");
        let newer = "release build for x86_64-unknown-linux-gnu, rustc 1.96.0";
        let c = compare_meta(&meta("Xeon", RELEASE, "a"), &meta("Xeon", newer, "a"));
        assert!(
            !c.withhold_times,
            "another compiler is a change to measure: {c:?}"
        );
    }
}
