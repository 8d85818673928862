//! What is checked before a play touches its folder: agents, game and openings that can make
//! a match, and a resume that continues the same match.

use std::fs;
use std::path::Path;

use super::openings::Openings;
use super::rows::io;
use super::settings::PlaySettings;
use crate::error::PlayError;
use crate::game::{Eval, GameKind};
use crate::position::AnyPosition;
use crate::store::Shard;
use crate::with_position;

/// A resume continues the match in the folder, or refuses: games of one seed, openings,
/// evaluation, SPRT or shard and games of another would make one table of two matches.
pub(super) fn check_same_match(
    settings: &PlaySettings,
    shard: Option<Shard>,
    dir: &Path,
) -> Result<(), PlayError> {
    let path = dir.join(crate::store::META_FILE);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(&path)(e)),
    };
    let written = super::meta::parse(&text).map_err(|e| {
        PlayError::Setup(format!(
            "{}: not a play's meta.json ({e}); the match there cannot be checked before resuming it",
            path.display()
        ))
    })?;
    let there = &written.settings;
    let effective_eval = |name: Option<&str>| -> String {
        let named = name.and_then(|n| n.parse::<Eval>().ok());
        settings
            .game
            .usable_eval(named.unwrap_or(settings.game.default_eval()))
            .name()
            .to_string()
    };
    let none = || "none".to_string();
    let checks: [(&str, String, String); 7] = [
        (
            "adjudication (--adjudicate-exact, --draw, --resign, --maxmoves)",
            there.adjudication.clone().unwrap_or_else(|| "none".into()),
            settings.adjudication.describe(),
        ),
        (
            "--game",
            there.game.clone(),
            settings.game.name().to_string(),
        ),
        ("--seed", there.seed.to_string(), settings.seed.to_string()),
        (
            "--openings",
            there.openings.clone(),
            settings.openings.describe(),
        ),
        (
            "--eval",
            effective_eval(there.eval.as_deref()),
            effective_eval(settings.eval.map(|e| e.name())),
        ),
        (
            "--sprt",
            there.sprt.clone().unwrap_or_else(none),
            settings.sprt.map_or_else(none, |s| s.describe()),
        ),
        (
            "--shard",
            written
                .sharding
                .as_ref()
                .map_or_else(none, |s| s.shard.to_string()),
            shard.map_or_else(none, |s| s.to_string()),
        ),
    ];
    for (option, was, now) in checks {
        if was != now {
            return Err(PlayError::Setup(format!(
                "{}: the games there were played with {option} {was}, this run asks for {now}: resume with the same settings, --force to replace the games, or write to another folder with -o DIR",
                dir.display()
            )));
        }
    }
    Ok(())
}

/// Agents, game and openings that can make a match, checked before any file is touched.
pub(super) fn check_settings(settings: &PlaySettings) -> Result<(), PlayError> {
    if settings.game.record_file().is_none() {
        let played: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|g| g.record_file().is_some())
            .map(|g| g.name())
            .collect();
        return Err(PlayError::Setup(format!(
            "{} is not played: matches are for {}",
            settings.game,
            played.join(", ")
        )));
    }
    if settings.shard.is_some() && settings.sprt.is_some() {
        return Err(PlayError::Setup(
            "--shard and --sprt do not go together: an SPRT decides game by game, in one place"
                .into(),
        ));
    }
    if settings.matches.is_empty() || settings.games == 0 {
        return Err(PlayError::Setup(
            "nothing to play: no match or no game".into(),
        ));
    }
    if let Openings::Positions { source, positions } = &settings.openings {
        if positions.is_empty() {
            return Err(PlayError::Setup(format!("{source}: no opening positions")));
        }
        if let Some(p) = positions.iter().find(|p| p.kind() != settings.game) {
            return Err(PlayError::Setup(format!(
                "{source}: opening {p} is a {} position, the match plays {}",
                p.kind(),
                settings.game
            )));
        }
        if let Some(p) = positions
            .iter()
            .find(|p| with_position!(*p, q => crate::game::Game::is_over(q)))
        {
            return Err(PlayError::Setup(format!(
                "{source}: opening {p} is a finished game"
            )));
        }
    }
    if let Some(empties) = settings.adjudication.exact {
        if empties == 0 {
            return Err(PlayError::Setup(
                "--adjudicate-exact 0 solves nothing: give the empties at which to solve (Reversi: 16)".into(),
            ));
        }
    }
    for agents in &settings.matches {
        for agent in agents {
            if let Some(spec) = agent.engine() {
                spec.protocol
                    .check_limits(spec.name(), &agent.limits)
                    .map_err(PlayError::Setup)?;
                if let Some(kind) = spec.protocol.game() {
                    if kind != settings.game {
                        return Err(PlayError::Setup(format!(
                            "engine {} speaks {}, a protocol for {}; the match plays {}",
                            spec.name(),
                            spec.protocol.name(),
                            kind.title(),
                            settings.game.title()
                        )));
                    }
                }
                if spec.protocol.positions_by_moves()
                    && !settings.openings.moves_known(settings.game)
                {
                    return Err(PlayError::Setup(format!(
                        "engine {} speaks {}, which sets a position only by moves from the start: play it from --openings start or random:K",
                        spec.name(),
                        spec.protocol.name().to_uppercase()
                    )));
                }
            }
            if agent.needs_limit() {
                return Err(PlayError::Setup(format!(
                    "agent '{agent}' has no limit: give it one (@depth=4, @nodes=100000, @movetime=150ms, @clock=10s) or use --depth, --nodes, --movetime or --clock"
                )));
            }
        }
        // A short game from the start tells whether the agents can search this game.
        let start = AnyPosition::start(settings.game);
        with_position!(&start, p => {
            let eval = settings.game.usable_eval(settings.eval.unwrap_or(settings.game.default_eval()));
            for agent in agents {
                if let super::agent::Chooser::Search(variant) = &agent.chooser {
                    let config = crate::search::SearchConfig { eval, ..crate::search::SearchConfig::new(variant.clone()) };
                    check_agent(p, &config).map_err(|source| PlayError::Search {
                        game: format!("agent '{agent}'"),
                        source,
                    })?;
                }
            }
        });
    }
    Ok(())
}

fn check_agent<G: crate::search::Endgame>(
    _: &G,
    config: &crate::search::SearchConfig,
) -> Result<(), crate::error::SearchError> {
    crate::search::check_agent::<G>(config)
}
