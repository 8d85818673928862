//! `nodeprof play`: matches between agents, each game's line as it ends, the matches'
//! summaries, then the report.

use std::io::Write;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::outcome::Outcome;
use crate::cli::{ExactAt, OpeningsOrder, PgnDialect, PlayArgs, Tournament};
use crate::error::Error;
use crate::game::GameKind;
use crate::output::{Output, Row};
use crate::play::adjudication::{DrawRule, ResignRule};
use crate::play::openings::OpeningOrder;
use crate::play::{self, Adjudication, Agent, MatchSummary, MoveLimits, Openings, PlaySettings};
use crate::search::{Clock, END};
use crate::stats::EloEstimate;
use crate::stats::Sprt;

/// A play as the command line asks for it.
#[derive(Clone, Debug)]
pub struct PlayJob {
    /// The settings, the openings still to be read (see `openings`).
    pub settings: PlaySettings,
    /// The openings as written: `start`, `random:K` or positions (none: the game's random
    /// openings).
    pub openings: Option<String>,
    /// Whether `--game` was given (else the openings' game, the first game for start or
    /// random).
    pub game_given: bool,
    pub quiet: bool,
    /// How opening positions are taken: order, first, plies of records.
    pub order: OpeningOrder,
}

/// A play's default folder.
fn default_folder(game: GameKind) -> PathBuf {
    PathBuf::from(format!("reports/play-{game}"))
}

impl TryFrom<PlayArgs> for PlayJob {
    type Error = Error;

    /// The matches: each agent but the last against the last (a gauntlet) or every pair
    /// (a round robin), once per depth of a range.
    fn try_from(args: PlayArgs) -> Result<PlayJob, Error> {
        let agents = agents_of(&args)?;
        let matches = matches_of(&args, &agents)?;
        let sprt = args.sprt.as_deref().map(str::parse::<Sprt>).transpose()?;
        let game = args.game.game.unwrap_or(GameKind::DEFAULT);
        let adjudication = adjudication_of(&args, game)?;
        let against_random = args.agents.last().is_some_and(|a| a.trim() == "random");
        Ok(PlayJob {
            settings: PlaySettings {
                game,
                matches,
                games: args.games.unwrap_or(if against_random { 200 } else { 10 }),
                openings: Openings::Start,
                jobs: args.jobs as usize,
                seed: args.seed,
                eval: args.eval.eval,
                sprt,
                out_dir: args.folder.out.unwrap_or_else(|| default_folder(game)),
                resume: args.folder.resume,
                force: args.folder.force,
                clock: Clock::SYSTEM,
                command_line: crate::provenance::command_line(),
                shard: args.folder.shard,
                signature: args.folder.signature,
                adjudication,
                time_margin: args.timemargin,
                record_copy: args.pgnout,
                comment_nodes: args.comment_nodes,
                pgn_cuteataxx: args.pgn_dialect == PgnDialect::Cuteataxx,
            },
            openings: args.openings,
            game_given: args.game.game.is_some(),
            quiet: args.quiet,
            order: OpeningOrder {
                random: args.openings_order == OpeningsOrder::Random,
                start: args.openings_start,
                plies: args.openings_plies,
                seed: args.seed,
            },
        })
    }
}

/// The agents named, or without one, the engines of `--engine` (cutechess's form). An
/// engine given by `--engine` must play (an engines file may hold more).
fn agents_of(args: &PlayArgs) -> Result<Vec<Agent>, Error> {
    let engines = super::engine::engines(&args.engines)?;
    let mut agents: Vec<Agent> = Vec::new();
    for text in &args.agents {
        agents.push(
            Agent::parse_with(text, &engines)
                .map_err(|e| Error::Usage(format!("agent '{text}': {e}")))?,
        );
    }
    if args.agents.is_empty() {
        for spec in &engines {
            agents.push(Agent::parse_with(spec.name(), &engines).map_err(Error::Usage)?);
        }
    } else if !args.engines.engines.is_empty() {
        let plays = |e: &&crate::engine::EngineSpec| {
            agents
                .iter()
                .any(|a| a.engine().is_some_and(|s| s.name() == e.name()))
        };
        if let Some(unused) = engines.iter().find(|e| !plays(e)) {
            return Err(Error::Usage(format!(
                "engine {} is defined with --engine but plays in no match: name it among the agents (or name no agent, and the engines play)",
                unused.name()
            )));
        }
    }
    if agents.len() < 2 {
        return Err(Error::Usage(
            "play: name two agents at least (or define two engines with --engine)".into(),
        ));
    }
    Ok(agents)
}

/// The matches: the tournament's pairs, each once per depth of `--depth`, every agent
/// without limits of its own given the command's.
fn matches_of(args: &PlayArgs, agents: &[Agent]) -> Result<Vec<[Agent; 2]>, Error> {
    let clock = args
        .clock
        .as_deref()
        .map(play::agent::parse_time_control)
        .transpose()
        .map_err(Error::Usage)?;
    let depths: Vec<Option<u32>> = match args.depth {
        Some(d) if d.to == END => {
            return Err(Error::Usage(
                "play: --depth end is not a playing limit".into(),
            ))
        }
        Some(d) => d.list().into_iter().map(Some).collect(),
        None => vec![None],
    };
    let pairs: Vec<(usize, usize)> = match args.tournament {
        Tournament::Gauntlet => (0..agents.len() - 1)
            .map(|i| (i, agents.len() - 1))
            .collect(),
        Tournament::Roundrobin => (0..agents.len())
            .flat_map(|i| (i + 1..agents.len()).map(move |j| (i, j)))
            .collect(),
    };
    let mut matches = Vec::new();
    for &(i, j) in &pairs {
        for &depth in &depths {
            let limits = MoveLimits {
                depth,
                nodes: args.nodes,
                movetime: args.movetime,
                clock,
            };
            matches.push([
                agents[i].clone().or_limits(&limits),
                agents[j].clone().or_limits(&limits),
            ]);
        }
    }
    Ok(matches)
}

/// The adjudication rules asked for (`--adjudicate-exact` alone: the game's threshold).
fn adjudication_of(args: &PlayArgs, game: GameKind) -> Result<Adjudication, Error> {
    let exact = match args.adjudicate_exact {
        None => None,
        Some(ExactAt::Empties(n)) => Some(n),
        Some(ExactAt::GameDefault) => Some(game.exact_adjudication_empties().ok_or_else(|| {
            Error::Usage(format!(
                "--adjudicate-exact: {game} has no default threshold; give the empties (--adjudicate-exact 6)"
            ))
        })?),
    };
    Ok(Adjudication {
        exact,
        draw: args
            .draw
            .as_deref()
            .map(str::parse::<DrawRule>)
            .transpose()?,
        resign: args
            .resign
            .as_deref()
            .map(str::parse::<ResignRule>)
            .transpose()?,
        max_moves: args.maxmoves,
    })
}

/// A match's result as `--format csv` writes it and the JSON document's `rows` hold
/// (schema `nodeprof-play`): the counts of the first agent, the pairs, cutechess's Elo
/// estimate (null where it is not a finite number) and the SPRT's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchLine {
    /// `first vs second`.
    pub name: String,
    pub first: String,
    pub second: String,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The first agent's score, 0 to 1.
    pub score: f64,
    /// The colour-swapped pairs by the first agent's score: LL, LD, DD (and WL), WD, WW.
    pub ll: u64,
    pub ld: u64,
    pub dd: u64,
    pub wd: u64,
    pub ww: u64,
    pub elo: Option<f64>,
    pub elo_error: Option<f64>,
    pub los: Option<f64>,
    pub draw_ratio: Option<f64>,
    /// With `--sprt`: `H1`, `H0` or `continue`, and the LLR.
    pub sprt: Option<String>,
    pub llr: Option<f64>,
}

impl Row for MatchLine {}

impl From<&MatchSummary> for MatchLine {
    fn from(m: &MatchSummary) -> MatchLine {
        let t = &m.tally;
        let [elo, elo_error, los, draw_ratio] = EloEstimate::finite(m.elo.as_ref());
        MatchLine {
            name: m.name.clone(),
            first: m.agents[0].clone(),
            second: m.agents[1].clone(),
            games: t.games(),
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            score: t.score(),
            ll: t.penta[0],
            ld: t.penta[1],
            dd: t.penta[2],
            wd: t.penta[3],
            ww: t.penta[4],
            elo,
            elo_error,
            los,
            draw_ratio,
            sprt: m.verdict.map(|v| v.name().to_string()),
            llr: m.llr.filter(|v| v.is_finite()),
        }
    }
}

/// The JSON document's fields besides `rows`: the run folder and the report's files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayFiles {
    pub folder: String,
    /// Games found finished in the folder and not played again (`--resume`).
    pub resumed: u64,
    pub files: Vec<String>,
}

/// A play's results: its settings as run, its matches, the report's files, and a warning
/// about repeated games where there were some.
pub(crate) struct Played {
    pub settings: PlaySettings,
    pub summary: play::PlaySummary,
    pub files: Vec<PathBuf>,
    pub warning: Option<String>,
}

/// Plays what `args` asks for (the games' lines to stderr as they end, unless quiet) and
/// writes its report.
pub(crate) fn play_all(args: PlayArgs) -> Result<Played, Error> {
    let PlayJob {
        mut settings,
        openings,
        game_given,
        quiet,
        order,
    } = PlayJob::try_from(args)?;
    if !game_given {
        // The game of opening positions, as every other command detects it.
        if let Some(kind) = openings
            .as_deref()
            .map(play::openings_game)
            .transpose()?
            .flatten()
        {
            if settings.out_dir == default_folder(settings.game) {
                settings.out_dir = default_folder(kind);
            }
            settings.game = kind;
        }
    }
    // Varied openings unless others are named: colour-swapped pairs from one position would
    // repeat the same games between deterministic agents.
    let openings = openings.unwrap_or_else(|| format!("random:{}", settings.game.opening_plies()));
    settings.openings = play::openings_from(&openings, settings.game, &order)?;
    let print = |line: &str| {
        if !quiet {
            eprintln!("{line}");
        }
    };
    let summary = play::run(&settings, &print)?;
    let (files, warning) = match summary.matches.iter().all(|m| m.tally.games() == 0) {
        // A shard given no game pairs: its empty tables are kept for the merge.
        true => (Vec::new(), None),
        false => (
            crate::report::play::run(&settings.out_dir)?,
            crate::report::play::repeats_in(&settings.out_dir)?,
        ),
    };
    Ok(Played {
        settings,
        summary,
        files,
        warning,
    })
}

/// `nodeprof play`: the games' lines go to stderr as they end (as a sweep's progress does),
/// the matches' summaries and the report's files to `out`.
pub fn command(args: PlayArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let mut output = Output::new(args.format.format, out);
    let played = play_all(args)?;
    let (settings, summary) = (&played.settings, &played.summary);
    for m in &summary.matches {
        for line in play::summary_lines(m, settings.sprt.as_ref()) {
            writeln!(output.text(), "{line}")?;
        }
        output.row(&MatchLine::from(m))?;
    }
    if summary.matches.iter().all(|m| m.tally.games() == 0) {
        writeln!(
            output.text(),
            "no games to play in {} (no game pair falls in this shard); the folder is ready for the merge",
            settings.out_dir.display()
        )?;
    }
    for file in &played.files {
        writeln!(output.text(), "{}", file.display())?;
    }
    if let Some(warning) = &played.warning {
        eprintln!("nodeprof: {warning}");
    }
    output.finish(
        "play",
        PlayFiles {
            folder: settings.out_dir.display().to_string(),
            resumed: summary.resumed,
            files: played
                .files
                .iter()
                .map(|f| f.display().to_string())
                .collect(),
        },
    )?;
    Ok(Outcome::Success)
}
