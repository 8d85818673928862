//! A play's `meta.json`: how it was made (command line, the store's provenance, settings,
//! the shard), written typed and read back typed by the shards' merge.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::settings::{match_name, PlaySettings};
use crate::error::StoreError;
use crate::game::GameKind;
use crate::parse::ParseError;
use crate::store::merge::merge_error;
use crate::store::meta::{write_run_meta, META_FILE};
use crate::store::Sharding;

#[derive(Serialize)]
struct MetaSettings {
    game: &'static str,
    matches: Vec<String>,
    games: u64,
    openings: String,
    seed: u64,
    /// Games played at once: more than one makes timed agents share the machine.
    jobs: usize,
    eval: Option<&'static str>,
    sprt: Option<String>,
    resume: bool,
    /// How games may end early (`none`, or the rules).
    adjudication: String,
    /// The external engines that play, as defined.
    engines: Vec<String>,
    /// Each engine's name and what it calls itself.
    engine_ids: Vec<String>,
}

pub fn write(
    settings: &PlaySettings,
    sharding: Option<Sharding>,
    engine_ids: &[String],
) -> Result<(), StoreError> {
    let written = MetaSettings {
        game: settings.game.name(),
        matches: settings.matches.iter().map(match_name).collect(),
        games: settings.games,
        openings: settings.openings.describe(),
        seed: settings.seed,
        jobs: settings.jobs,
        eval: settings.eval.map(|e| e.name()),
        sprt: settings.sprt.map(|s| s.describe()),
        resume: settings.resume,
        adjudication: settings.adjudication.describe(),
        engines: {
            let mut specs: Vec<String> = Vec::new();
            for spec in settings.matches.iter().flatten().filter_map(|a| a.engine()) {
                if !specs.contains(&spec.text) {
                    specs.push(spec.text.clone());
                }
            }
            specs
        },
        engine_ids: engine_ids.to_vec(),
    };
    write_run_meta(&settings.out_dir, &settings.command_line, written, sharding)
}

/// A play's `meta.json` read back: what a resume and a merge check.
#[derive(Deserialize)]
pub struct Written {
    pub settings: WrittenSettings,
    pub sharding: Option<Sharding>,
}

#[derive(Deserialize)]
pub struct WrittenSettings {
    pub game: String,
    pub matches: Vec<String>,
    pub games: u64,
    pub openings: String,
    pub seed: u64,
    pub eval: Option<String>,
    pub sprt: Option<String>,
    /// Missing in folders written before adjudication: none.
    #[serde(default)]
    pub adjudication: Option<String>,
}

/// A play's `meta.json` from its text.
pub fn parse(text: &str) -> Result<Written, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The play's game, its matches and the games per match, from a shard's `meta.json`.
pub fn read_plan(dir: &Path) -> Result<(GameKind, Vec<String>, u64), StoreError> {
    let path = dir.join(META_FILE);
    let text = std::fs::read_to_string(&path).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let bad = |why: String| {
        merge_error::<StoreError>(format!(
            "{}: no play settings (game, matches, games): {why}",
            path.display()
        ))
    };
    let settings = parse(&text).map_err(bad)?.settings;
    let game: GameKind = settings
        .game
        .parse()
        .map_err(|e: ParseError| bad(e.message))?;
    Ok((game, settings.matches, settings.games))
}
