//! A play split over machines: each match's game pairs go to shards whole (so that their
//! pentanomial counts survive the split), and the fingerprint the shards of one play share.

use super::settings::{match_name, PlaySettings};
use crate::store::fields_hash;

/// The shard (1-based) of `count` that pair `pair` of match `name` belongs to: pairs stay
/// whole, so that their pentanomial counts survive the split.
pub fn pair_shard(name: &str, pair: u64, count: u32) -> u32 {
    (fields_hash(&[name, &pair.to_string()]) % count as u64) as u32 + 1
}

/// The play's plan, for the fingerprint its shards share: matches, games, openings, seed.
pub(super) fn play_fingerprint(settings: &PlaySettings) -> String {
    let names: Vec<String> = settings.matches.iter().map(match_name).collect();
    let games = settings.games.to_string();
    let seed = settings.seed.to_string();
    let openings = settings.openings.describe();
    let mut fields: Vec<&str> = names.iter().map(String::as_str).collect();
    fields.extend([
        games.as_str(),
        seed.as_str(),
        openings.as_str(),
        settings.game.name(),
    ]);
    format!("{:016x}", fields_hash(&fields))
}
