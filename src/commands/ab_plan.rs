//! What `ab` runs on each side, as typed settings: the side (one of nodeprof's variants, or
//! an engine's words) and the sweep's plan. In this process the settings become the sweep's
//! and the match's arguments directly. Another build (`--*-bin`, `--*-rev`, and every
//! timing worker) takes them as its command line, the one interface builds share, written
//! here from the same settings.

use std::path::Path;

use crate::cli::Depths;
use crate::cli::{AbArgs, PlayArgs, SweepArgs};
use crate::error::Error;
use crate::game::GameKind;
use crate::search::depth_label;
use crate::search::variants::Variant;

/// One side of the test.
pub(super) enum Side {
    /// One of nodeprof's variants: as given (another build reads it again) and parsed.
    Variant(String, Variant),
    /// An external engine: its words (`cmd=stockfish name=sf option.Hash=16`).
    Engine(Vec<String>),
}

impl Side {
    /// A side as given: an engine where a word names a `cmd=`, else a variant.
    pub(super) fn parse(text: &str) -> Result<Side, Error> {
        match is_engine(text) {
            true => Ok(Side::Engine(engine_words(text)?)),
            false => text
                .parse()
                .map(|v| Side::Variant(text.to_string(), v))
                .map_err(|e| Error::Usage(format!("{e}"))),
        }
    }

    pub(super) fn is_engine(&self) -> bool {
        matches!(self, Side::Engine(_))
    }
}

/// Whether a side is an external engine (its words name a `cmd=`).
pub(super) fn is_engine(side: &str) -> bool {
    side.split_whitespace().any(|w| w.starts_with("cmd="))
}

/// The words of an engine side, as a shell splits them.
pub(super) fn engine_words(side: &str) -> Result<Vec<String>, Error> {
    shlex::split(side).ok_or_else(|| Error::Usage(format!("'{side}': unbalanced quotes")))
}

/// The sweep a side runs: its node signature, and what its timing worker searches.
pub(super) struct SweepPlan<'a> {
    pub positions: &'a [String],
    pub depth: Depths,
    pub game: Option<GameKind>,
    pub side: &'a Side,
}

impl<'a> SweepPlan<'a> {
    pub(super) fn of(args: &'a AbArgs, side: &'a Side) -> SweepPlan<'a> {
        SweepPlan {
            positions: &args.positions,
            depth: args.depth,
            game: args.game.game,
            side,
        }
    }

    /// The plan as another build's command line takes it, after `sweep` or `time-worker`:
    /// the positions, the depths, the game and the side.
    pub(super) fn words(&self) -> Vec<String> {
        let mut words = self.positions.to_vec();
        words.extend(["-d".into(), depth_words(self.depth)]);
        if let Some(game) = self.game {
            words.extend(["--game".into(), game.name().into()]);
        }
        match self.side {
            Side::Engine(engine) => {
                words.push("--engine".into());
                words.extend(engine.iter().cloned());
            }
            Side::Variant(text, _) => words.extend(["-v".into(), text.clone()]),
        }
        words
    }

    /// The sweep of the plan into `dir`, `repeat` timed runs a search, quiet, replacing
    /// what `dir` holds: as another build's command line.
    pub(super) fn sweep_words(&self, repeat: u32, dir: &Path) -> Vec<String> {
        let mut words = vec!["sweep".to_string()];
        words.extend(self.words());
        words.extend([
            "--repeat".into(),
            repeat.to_string(),
            "-q".into(),
            "--force".into(),
        ]);
        words.extend(["-o".into(), dir.display().to_string()]);
        words
    }

    /// The same sweep as this build's settings.
    pub(super) fn sweep_args(&self, repeat: u32, dir: &Path) -> Result<SweepArgs, Error> {
        let mut sweep: SweepArgs = defaults("sweep")?;
        sweep.positions = self.positions.to_vec();
        sweep.depth = Some(self.depth);
        sweep.game.game = self.game;
        match self.side {
            Side::Engine(engine) => sweep.engines.engines = vec![engine.clone()],
            Side::Variant(_, variant) => sweep.variants = vec![variant.clone()],
        }
        sweep.repeat.repeat = Some(repeat);
        sweep.quiet = true;
        sweep.folder.force = true;
        sweep.folder.out = Some(dir.to_path_buf());
        Ok(sweep)
    }
}

/// The match of `--play OPTIONS`, DEV against BASE (dev first: its SPRT's H1 is dev the
/// stronger), of `game`, into `dir`, quiet, replacing what `dir` holds. The options are the
/// user's words, read as `play` reads them.
pub(super) fn match_args(
    sides: [&Side; 2],
    options: &str,
    game: GameKind,
    dir: &Path,
) -> Result<PlayArgs, Error> {
    let mut words = vec!["play".to_string()];
    for side in sides {
        if let Side::Variant(text, _) = side {
            words.push(text.clone());
        }
    }
    words.extend(engine_words(options)?);
    let mut play: PlayArgs = parse("play", words)?;
    for side in sides {
        if let Side::Engine(engine) = side {
            play.engines.engines.push(engine.clone());
        }
    }
    play.game.game = Some(game);
    play.quiet = true;
    play.folder.force = true;
    play.folder.out = Some(dir.to_path_buf());
    Ok(play)
}

/// The depths as the command line gives them (`4..7`, `end`).
pub(super) fn depth_words(depth: Depths) -> String {
    match depth.from == depth.to {
        true => depth_label(depth.to),
        false => format!("{}..{}", depth_label(depth.from), depth_label(depth.to)),
    }
}

/// A subcommand's settings with every default, as clap gives them to a command line that
/// sets nothing.
fn defaults<T: clap::Args + clap::FromArgMatches>(name: &'static str) -> Result<T, Error> {
    parse(name, vec![name.to_string()])
}

/// A subcommand's settings read from `words` (its name first).
fn parse<T: clap::Args + clap::FromArgMatches>(
    name: &'static str,
    words: Vec<String>,
) -> Result<T, Error> {
    let command = T::augment_args(clap::Command::new(name));
    let matches = command
        .try_get_matches_from(words)
        .map_err(|e| Error::Usage(e.to_string()))?;
    T::from_arg_matches(&matches).map_err(|e| Error::Usage(e.to_string()))
}
