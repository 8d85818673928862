//! What two runs tables were measured under, read from the `meta.json` beside each: the
//! machine, the build, the revision and the jobs. Counts compare exactly whatever differs;
//! times do not compare across machines or kinds of build, so `compare` withholds its
//! faster/slower verdicts there and says why.

use std::path::Path;

use serde_json::Value;

/// How two runs differ besides their rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// Each difference, in words (`machine cpu: A vs B`).
    pub differences: Vec<String>,
    /// Whether the time verdicts are withheld (another machine or kind of build).
    pub withhold_times: bool,
}

/// The context of the runs tables `old` and `new` (their `runs.csv` files): nothing known
/// when either has no readable `meta.json` beside it.
pub fn context_of(old: &Path, new: &Path) -> Context {
    match (meta_of(old), meta_of(new)) {
        (Some(old), Some(new)) => compare_meta(&old, &new),
        _ => Context::default(),
    }
}

fn meta_of(runs: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(runs.parent()?.join("meta.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// The fields compared: where they are in `meta.json`, their name, and whether a difference
/// makes times incomparable.
const FIELDS: [(&str, &str, bool); 7] = [
    ("/machine/cpu", "machine cpu", true),
    ("/machine/logical_cpus", "machine logical cpus", true),
    ("/machine/arch", "machine arch", true),
    ("/machine/os", "machine os", true),
    ("/build", "build", false),
    ("/git_revision", "revision", false),
    ("/settings/jobs", "jobs (cases run at once)", false),
];

fn compare_meta(old: &Value, new: &Value) -> Context {
    let mut context = Context::default();
    for (pointer, name, machine) in FIELDS {
        let (a, b) = (old.pointer(pointer), new.pointer(pointer));
        if a == b || a.is_none() || b.is_none() {
            continue;
        }
        let text = |v: Option<&Value>| match v {
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => "?".into(),
        };
        context
            .differences
            .push(format!("{name}: {} vs {}", text(a), text(b)));
        context.withhold_times |= machine;
    }
    // A debug build against a release one, or another target, is another kind of build.
    let kind = |v: &Value| {
        v.pointer("/build")
            .and_then(Value::as_str)
            .map(|b| b.split(", rustc").next().unwrap_or(b).to_string())
    };
    if kind(old) != kind(new) {
        context.withhold_times = true;
    }
    context
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn meta(cpu: &str, build: &str, revision: &str) -> Value {
        json!({
            "machine": {"cpu": cpu, "logical_cpus": 2, "arch": "x86_64", "os": "linux"},
            "build": build,
            "git_revision": revision,
            "settings": {"jobs": 1},
        })
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
