//! A sweep's `meta.json`: how it was made (command line, the store's provenance, settings),
//! so that a report can be traced back and re-run.

use std::path::Path;

use serde::Serialize;

use super::settings::SweepSettings;
use crate::engine::EngineCase;
use crate::engine::EngineMeta;
use crate::error::SweepError;
use crate::measure::load::MachineLoad;
use crate::search::{depth_label, Variant, END};
use crate::store::meta::{write_run_meta, Sharding};

/// meta.json's `order`: nodeprof's searches of one case and depth (its variants and thread
/// counts) take turns run by run, so that their time ratios are paired.
pub const PAIRED_ORDER: &str =
    "paired: the variants and thread counts of a case and depth take turns run by run (ABBA)";

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
    /// The evaluations the searches used: `--eval` where the game has it, else the game's
    /// own (chess's `pesto` under the default `--eval disc`), comma-separated.
    eval: String,
    shuffle_seed: Option<u64>,
    jobs: usize,
    time_limit_s: Option<f64>,
    resume: bool,
    force: bool,
    /// Timed runs of each case and untimed runs before them.
    repeat: String,
    warmup: u32,
    /// How the timed runs were ordered: [`PAIRED_ORDER`].
    order: &'static str,
    /// `--minimal`'s cap on the minimal tree (none without `--minimal`): it adds columns.
    minimal: Option<u64>,
    /// `--parallelism`: it fills the columns `work` and `span`.
    parallelism: bool,
}

/// What a run folder's rows depend on beyond their case keys: `--minimal` and
/// `--parallelism` (their columns) and
/// each engine's program (its command and the fingerprint of its file), arguments, folder,
/// protocol and options (another program under the same name gives other rows). A folder
/// written under other such settings holds another plan: [`row_settings_difference`] names
/// what differs.
const ENGINE_ROW_KEYS: [&str; 9] = [
    "name", "command", "program", "args", "dir", "protocol", "options", "ladder", "newgame",
];

fn row_settings(settings: &SweepSettings, engines: &[EngineMeta]) -> serde_json::Value {
    let engines: Vec<serde_json::Value> = engines
        .iter()
        .map(|e| {
            serde_json::json!({
                "name": e.name, "command": e.command, "program": e.program,
                "args": e.args, "dir": e.dir,
                "protocol": e.protocol, "options": e.options,
                "ladder": e.ladder, "newgame": e.newgame,
            })
        })
        .collect();
    serde_json::json!({
        "minimal": settings.minimal,
        "parallelism": settings.parallelism,
        "engines": engines,
    })
}

/// How the row settings recorded in `dir/meta.json` differ from this sweep's, if they do
/// (a folder without a meta.json, or from before it recorded them, differs in nothing).
pub fn row_settings_difference(
    dir: &Path,
    settings: &SweepSettings,
    engines: &[EngineMeta],
) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("meta.json")).ok()?;
    let meta: serde_json::Value = serde_json::from_str(&text).ok()?;
    let there = meta.get("settings")?;
    let here = row_settings(settings, engines);
    let minimal_there = there
        .get("minimal")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    let mut differences = Vec::new();
    if minimal_there != here["minimal"] {
        differences.push(format!(
            "--minimal {minimal_there} there, {} here",
            here["minimal"]
        ));
    }
    let parallelism_there = there.get("parallelism").and_then(|p| p.as_bool());
    if parallelism_there.unwrap_or(false) != settings.parallelism {
        let flag = |on: bool| if on { "with" } else { "without" };
        differences.push(format!(
            "{} --parallelism there, {} here",
            flag(!settings.parallelism),
            flag(settings.parallelism)
        ));
    }
    // Folders from before the engines' settings were compared: their engines as recorded.
    let old_engines = there.get("engines").and_then(|e| e.as_array());
    let new_engines = here["engines"].as_array().expect("an array");
    let recorded = |e: &serde_json::Value| {
        let mut e = e.clone();
        if let Some(map) = e.as_object_mut() {
            map.retain(|k, _| ENGINE_ROW_KEYS.contains(&k.as_str()));
        }
        e
    };
    let old: Vec<serde_json::Value> = old_engines.into_iter().flatten().map(recorded).collect();
    // Folders from before programs were fingerprinted: their programs are not compared.
    let new_engines: Vec<serde_json::Value> = new_engines
        .iter()
        .zip(old.iter().map(Some).chain(std::iter::repeat(None)))
        .map(|(new, old)| match old.and_then(|o| o.get("program")) {
            Some(_) => new.clone(),
            None => {
                let mut new = new.clone();
                new.as_object_mut().map(|m| m.remove("program"));
                new
            }
        })
        .collect();
    let new_engines = &new_engines;
    if old != *new_engines {
        let show = |list: &[serde_json::Value]| {
            list.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        differences.push(format!(
            "engines [{}] there, [{}] here",
            show(&old),
            show(new_engines)
        ));
    }
    (!differences.is_empty()).then(|| differences.join("; "))
}

/// The evaluations the cases' games use under `--eval`, in first-use order.
fn evals_used(settings: &SweepSettings, cases: &[EngineCase]) -> String {
    let mut used: Vec<&str> = Vec::new();
    for case in cases {
        let eval = case.position.kind().usable_eval(settings.eval).name();
        if !used.contains(&eval) {
            used.push(eval);
        }
    }
    used.join(",")
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
        eval: evals_used(settings, cases),
        shuffle_seed: settings.shuffle,
        jobs: settings.jobs,
        time_limit_s: settings.time_limit.map(|t| t.as_secs_f64()),
        resume: settings.resume,
        force: settings.force,
        repeat: settings.repeat.describe(),
        warmup: settings.repeat.warmup,
        order: PAIRED_ORDER,
        minimal: settings.minimal,
        parallelism: settings.parallelism,
    };
    Ok(write_run_meta(
        dir,
        &settings.command_line,
        written,
        sharding,
    )?)
}

/// Adds the machine's load while the sweep searched to `dir/meta.json` (as `load`: the load
/// average before and after, the other processes' share of the CPUs, the governor), so that
/// its report can say when the times were taken on a busy machine.
pub fn record_load(dir: &Path, load: &MachineLoad) -> Result<(), SweepError> {
    let path = dir.join(crate::store::meta::META_FILE);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(());
    };
    let Ok(mut meta) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Ok(());
    };
    if let Some(map) = meta.as_object_mut() {
        map.insert(
            "load".into(),
            serde_json::to_value(load).unwrap_or_default(),
        );
    }
    crate::store::meta::write_meta(dir, &meta)?;
    Ok(())
}
