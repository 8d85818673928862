//! Running matches: games in pairs (one opening, colours swapped), in parallel when asked,
//! each finished game's moves, record and row appended and flushed at once; an SPRT that
//! stops a match when its LLR leaves the bounds; `--resume` that continues a stopped match.

use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::agent::Agent;
use super::game::{play_game, PlayedGame};
use super::openings::{derive, Openings};
use super::records::{write_record, RecordInfo};
use super::settings::{match_name, MatchSummary, PlaySettings, PlaySummary};
use crate::error::{Error, PlayError};
use crate::game::{Eval, GameKind, Side, Termination};
use crate::position::AnyPosition;
use crate::stats::{elo_estimate, Results, Sprt, Tally, Verdict};
use crate::store::games::{read_tables, replace_table, GameRow, MoveRow, GAMES_FILE, MOVES_FILE};
use crate::store::{fields_hash, keep_finished, Shard, Sharding};
use crate::with_position;

/// The shard (1-based) of `count` that pair `pair` of match `name` belongs to: pairs stay
/// whole, so that their pentanomial counts survive the split.
pub fn pair_shard(name: &str, pair: u64, count: u32) -> u32 {
    (fields_hash(&[name, &pair.to_string()]) % count as u64) as u32 + 1
}

/// The play's plan, for the fingerprint its shards share: matches, games, openings, seed.
fn play_fingerprint(settings: &PlaySettings) -> String {
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

/// What the games of a match share while they run.
struct Shared {
    games: csv::Writer<File>,
    moves: csv::Writer<File>,
    record: Option<File>,
    results: Results,
    error: Option<PlayError>,
}

/// Plays every match; `on_line` gets the per-game lines and running totals as games end.
pub fn run(settings: &PlaySettings, on_line: &(dyn Fn(&str) + Sync)) -> Result<PlaySummary, Error> {
    check_settings(settings)?;
    let shard: Option<Shard> = match settings.shard {
        Some(spec) => Some(
            spec.resolve(|name| std::env::var(name).ok())
                .map_err(PlayError::Setup)?,
        ),
        None => None,
    };
    let signature = match (shard, settings.signature) {
        (None, None) => None,
        _ => Some(crate::measure::bench::signature(settings.signature, None)?),
    };
    let in_shard = |name: &str, round: u64| {
        shard.is_none_or(|s| pair_shard(name, round.div_ceil(2), s.count) == s.index)
    };
    let dir = &settings.out_dir;
    // The folder's lock is taken before anything in it is read or written again: a second
    // play, sweep or merge into the same folder stops here.
    let _guard = crate::store::lock(dir)?;
    let games_path = dir.join(GAMES_FILE);
    let moves_path = dir.join(MOVES_FILE);
    let names: Vec<String> = settings.matches.iter().map(match_name).collect();
    let (finished, kept_moves) = read_tables(dir)?;
    let keep = keep_finished(
        &finished,
        |r| names.contains(&r.r#match),
        settings.resume,
        settings.force,
    )
    .map_err(|foreign| PlayError::OtherMatch {
        path: games_path.display().to_string(),
        difference: format!("it has '{}'", foreign.r#match),
    })?;
    if keep {
        check_same_match(settings, shard, dir)?;
    }
    let (finished, kept_moves) = match keep {
        true => (finished, kept_moves),
        false => (Vec::new(), Vec::new()),
    };
    let done: HashSet<(String, u64)> = finished
        .iter()
        .map(|r| (r.r#match.clone(), r.round))
        .collect();
    let date = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .get(..16)
        .unwrap_or_default()
        .replace('T', " ");
    // The tables and the record file are written again from the kept rows (a game stopped
    // half-way may have moves and a record without its row, a kill may have cut a row), each
    // replaced whole: a kill at any moment of a resume leaves every finished game.
    let record_path = settings.game.record_file().map(|f| dir.join(f));
    let mut by_game: HashMap<(&str, u64), Vec<&MoveRow>> = HashMap::new();
    for m in &kept_moves {
        by_game
            .entry((m.r#match.as_str(), m.round))
            .or_default()
            .push(m);
    }
    let mut records = String::new();
    for row in &finished {
        let moves = by_game
            .get(&(row.r#match.as_str(), row.round))
            .map_or(&[][..], Vec::as_slice);
        let info = RecordInfo {
            round: row.round,
            names: [&row.agent1, &row.agent2],
            date: &date,
        };
        records.push_str(&write_record(
            settings.game,
            &played_from_rows(settings.game, row, moves),
            &info,
        ));
    }
    replace_table(&games_path, &finished)?;
    replace_table(&moves_path, &kept_moves)?;
    if let Some(path) = &record_path {
        crate::store::replace(path, records.as_bytes())?;
    }
    let append = |path: &Path| OpenOptions::new().append(true).open(path).map_err(io(path));
    let games_writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(append(&games_path)?);
    let moves_writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(append(&moves_path)?);
    let record = match &record_path {
        Some(path) => Some(append(path)?),
        None => None,
    };
    let sharding = match (shard, signature) {
        (Some(shard), Some(signature)) => Some(Sharding {
            shard,
            plan_fingerprint: play_fingerprint(settings),
            plan_cases: (settings.matches.len() as u64 * settings.games) as usize,
            shard_cases: names
                .iter()
                .map(|n| (1..=settings.games).filter(|&r| in_shard(n, r)).count())
                .sum(),
            signature,
        }),
        _ => None,
    };
    super::meta::write(settings, sharding)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        .build()
        .map_err(|e| PlayError::Threads(e.to_string()))?;
    let shared = Mutex::new(Shared {
        games: games_writer,
        moves: moves_writer,
        record,
        results: Results::default(),
        error: None,
    });
    let mut summaries = Vec::new();
    for (mi, agents) in settings.matches.iter().enumerate() {
        let name = &names[mi];
        {
            let mut s = shared.lock().expect("no thread panics holding the lock");
            s.results = Results::default();
            let mut rows: Vec<&GameRow> = finished.iter().filter(|r| &r.r#match == name).collect();
            rows.sort_by_key(|r| r.round);
            for row in rows {
                s.results.add(row.pair, row.score);
            }
        }
        if settings.matches.len() > 1 {
            on_line(&format!(
                "Match {}/{}: {name}",
                mi + 1,
                settings.matches.len()
            ));
        }
        let stop = AtomicBool::new(sprt_decided(
            settings,
            &shared.lock().expect("lock").results.tally,
        ));
        let next = AtomicU64::new(1);
        pool.scope(|scope| {
            for _ in 0..settings.jobs.max(1) {
                scope.spawn(|_| loop {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let round = next.fetch_add(1, Ordering::SeqCst);
                    if round > settings.games {
                        return;
                    }
                    if done.contains(&(name.clone(), round)) || !in_shard(name, round) {
                        continue;
                    }
                    let outcome = play_round(settings, agents, round);
                    let mut s = shared.lock().expect("no thread panics holding the lock");
                    // After an error, or once the SPRT has decided, games still in flight
                    // are abandoned: the tables hold the games the verdict was reached on.
                    if s.error.is_some() || stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let result = outcome.and_then(|game| {
                        let info = RecordInfo {
                            round,
                            names: [&agents[0].to_string(), &agents[1].to_string()],
                            date: &date,
                        };
                        save_game(&mut s, settings, name, agents, round, &game, &info)?;
                        s.results.add(round.div_ceil(2), game.score());
                        on_line(&game_line(settings.game, round, &game));
                        if let Some(sprt) = &settings.sprt {
                            on_line(&sprt.running_line(&s.results.tally));
                        }
                        Ok(())
                    });
                    match result {
                        Ok(()) if sprt_decided(settings, &s.results.tally) => {
                            stop.store(true, Ordering::SeqCst)
                        }
                        Ok(()) => {}
                        Err(e) => {
                            s.error = Some(e);
                            stop.store(true, Ordering::SeqCst);
                            return;
                        }
                    }
                });
            }
        });
        let mut s = shared.lock().expect("no thread panics holding the lock");
        if let Some(e) = s.error.take() {
            return Err(e.into());
        }
        let tally = s.results.tally;
        let pentanomial = settings.sprt.is_some_and(|t| t.pentanomial);
        summaries.push(MatchSummary {
            name: name.clone(),
            agents: [agents[0].to_string(), agents[1].to_string()],
            tally,
            verdict: settings.sprt.map(|t| t.decide(&tally)),
            llr: settings.sprt.and_then(|t| t.llr(&tally)),
            elo: elo_estimate(&tally, pentanomial),
        });
    }
    Ok(PlaySummary {
        matches: summaries,
        resumed: done.len() as u64,
    })
}

/// A finished game of `kind` as its rows tell it (to write its record again).
pub(crate) fn played_from_rows(kind: GameKind, row: &GameRow, moves: &[&MoveRow]) -> PlayedGame {
    // Rows are checked where they are read (`merge` replays every game); a side name the
    // game does not have is taken as the first side's.
    let side = |name: &str| kind.side_named(name).unwrap_or(Side::Black);
    let agent1_side = side(&row.agent1_side);
    let stones = row.stones.as_deref().and_then(|s| {
        let (a, b) = s.split_once('-')?;
        Some([a.parse().ok()?, b.parse().ok()?])
    });
    PlayedGame {
        first: moves.first().map_or(0, |m| (m.role == "agent2") as usize),
        sides: [agent1_side, agent1_side.opponent()],
        start: row.opening.clone(),
        final_position: row.final_position.clone(),
        moves: moves
            .iter()
            .map(|m| super::game::PlayedMove {
                ply: m.ply,
                agent: (m.role == "agent2") as usize,
                side: side(&m.side),
                mv: m.r#move.clone(),
                score: m.score,
                depth: m.depth,
                leaf: m.leaf,
                interior: m.interior,
                time_ns: m.time_ns,
                pv: m.pv.clone(),
            })
            .collect(),
        termination: Termination::named(&row.termination).unwrap_or(Termination::End),
        winner: match row.winner.as_str() {
            "agent1" => Some(0),
            "agent2" => Some(1),
            _ => None,
        },
        margin: row.margin,
        stones,
        time_ns: [
            (row.agent1_time_ms * 1e6) as u64,
            (row.agent2_time_ms * 1e6) as u64,
        ],
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> PlayError + '_ {
    move |source| PlayError::Io {
        path: path.display().to_string(),
        source,
    }
}

fn csv_error(path: &Path, e: csv::Error) -> PlayError {
    PlayError::Csv {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

fn sprt_decided(settings: &PlaySettings, tally: &Tally) -> bool {
    settings
        .sprt
        .is_some_and(|t| t.decide(tally) != Verdict::Continue)
}

/// A resume continues the match in the folder, or refuses: games of one seed, openings,
/// evaluation, SPRT or shard and games of another would make one table of two matches.
fn check_same_match(
    settings: &PlaySettings,
    shard: Option<Shard>,
    dir: &Path,
) -> Result<(), PlayError> {
    let path = dir.join("meta.json");
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(&path)(e)),
    };
    let meta: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        PlayError::Setup(format!(
            "{}: not JSON ({e}); the match there cannot be checked before resuming it",
            path.display()
        ))
    })?;
    let there = &meta["settings"];
    let effective_eval = |name: Option<&str>| -> String {
        let named = name.and_then(|n| n.parse::<Eval>().ok());
        settings
            .game
            .usable_eval(named.unwrap_or(settings.game.default_eval()))
            .name()
            .to_string()
    };
    let text_of = |v: &serde_json::Value| match v {
        serde_json::Value::Null => "none".to_string(),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let sprt = settings.sprt.map(|s| s.describe());
    let checks: [(&str, String, String); 6] = [
        (
            "--game",
            text_of(&there["game"]),
            settings.game.name().to_string(),
        ),
        ("--seed", text_of(&there["seed"]), settings.seed.to_string()),
        (
            "--openings",
            text_of(&there["openings"]),
            settings.openings.describe(),
        ),
        (
            "--eval",
            effective_eval(there["eval"].as_str()),
            effective_eval(settings.eval.map(|e| e.name())),
        ),
        (
            "--sprt",
            text_of(&there["sprt"]),
            sprt.unwrap_or("none".into()),
        ),
        (
            "--shard",
            meta["sharding"]["shard"]
                .as_str()
                .map_or("none".into(), |s| s.to_string()),
            shard.map_or("none".into(), |s| s.to_string()),
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
fn check_settings(settings: &PlaySettings) -> Result<(), PlayError> {
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
    for agents in &settings.matches {
        for agent in agents {
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
    crate::search::check::<G>(1, config)
}

/// Plays game `round` of a match: pair `round / 2`'s opening, agent1 first in odd rounds.
fn play_round(
    settings: &PlaySettings,
    agents: &[Agent; 2],
    round: u64,
) -> Result<PlayedGame, PlayError> {
    let pair = (round - 1) / 2;
    let start = settings
        .openings
        .of_pair(settings.game, settings.seed, pair)?;
    let first = ((round - 1) % 2) as usize;
    let eval = settings
        .game
        .usable_eval(settings.eval.unwrap_or(settings.game.default_eval()));
    let seed = derive(settings.seed, 2, round);
    with_position!(&start, p => play_game(p, [&agents[0], &agents[1]], first, eval, seed, settings.clock))
        .map_err(|source| PlayError::Search {
            game: format!("game {round}"),
            source,
        })
}

fn save_game(
    s: &mut Shared,
    settings: &PlaySettings,
    name: &str,
    agents: &[Agent; 2],
    round: u64,
    game: &PlayedGame,
    info: &RecordInfo,
) -> Result<(), PlayError> {
    let dir = &settings.out_dir;
    let names = [agents[0].to_string(), agents[1].to_string()];
    let mut nodes = [0u64; 2];
    for m in &game.moves {
        nodes[m.agent] += m.leaf + m.interior;
        s.moves
            .serialize(MoveRow {
                r#match: name.to_string(),
                round,
                ply: m.ply,
                agent: names[m.agent].clone(),
                role: format!("agent{}", m.agent + 1),
                side: settings.game.side_names()[m.side as usize].to_string(),
                r#move: m.mv.clone(),
                score: m.score,
                depth: m.depth,
                nodes: m.leaf + m.interior,
                leaf: m.leaf,
                interior: m.interior,
                time_ns: m.time_ns,
                pv: m.pv.clone(),
            })
            .map_err(|e| csv_error(&dir.join(MOVES_FILE), e))?;
    }
    let flush_error = |path: PathBuf| {
        move |source| PlayError::Io {
            path: path.display().to_string(),
            source,
        }
    };
    s.moves.flush().map_err(flush_error(dir.join(MOVES_FILE)))?;
    if let (Some(file), Some(record)) = (&mut s.record, settings.game.record_file()) {
        file.write_all(write_record(settings.game, game, info).as_bytes())
            .and_then(|()| file.flush())
            .map_err(flush_error(dir.join(record)))?;
    }
    s.games
        .serialize(GameRow {
            r#match: name.to_string(),
            game: settings.game.name().to_string(),
            round,
            pair: round.div_ceil(2),
            agent1: names[0].clone(),
            agent2: names[1].clone(),
            agent1_side: settings.game.side_names()[game.sides[0] as usize].to_string(),
            opening: game.start.clone(),
            seed: derive(settings.seed, 2, round),
            winner: match game.winner {
                Some(0) => "agent1".into(),
                Some(_) => "agent2".into(),
                None => "draw".into(),
            },
            score: game.score(),
            margin: game.margin,
            stones: game.stones.map(|[a, b]| format!("{a}-{b}")),
            plies: game.moves.len() as u32,
            termination: game.termination.name().to_string(),
            agent1_nodes: nodes[0],
            agent2_nodes: nodes[1],
            agent1_time_ms: game.time_ns[0] as f64 / 1e6,
            agent2_time_ms: game.time_ns[1] as f64 / 1e6,
            final_position: game.final_position.clone(),
        })
        .map_err(|e| csv_error(&dir.join(GAMES_FILE), e))?;
    s.games.flush().map_err(flush_error(dir.join(GAMES_FILE)))
}

/// The writeup's per-game line: `Game 7: agent2(O) WINS 30-19 | T99 | A1 127ms / A2 1313ms`.
pub fn game_line(kind: GameKind, round: u64, game: &PlayedGame) -> String {
    let outcome = match game.winner {
        Some(w) => {
            let score = match (game.stones, game.margin) {
                (Some(s), _) => format!("{}-{}", s[w], s[1 - w]),
                (None, Some(m)) => format!("by {}", m.abs()),
                (None, None) => String::new(),
            };
            format!(
                "agent{}({}) WINS {score}",
                w + 1,
                kind.side_names()[game.sides[w] as usize]
            )
        }
        None => match game.stones {
            Some(s) => format!("DRAW {}-{}", s[0], s[1]),
            None => "DRAW".into(),
        },
    };
    let forfeit = match game.termination {
        Termination::TimeForfeit => " (time forfeit)",
        Termination::MoveRule => " (100 halfmoves)",
        Termination::End => "",
    };
    format!(
        "Game {round}: {outcome}{forfeit} | T{} | A1 {}ms / A2 {}ms",
        game.moves.len(),
        game.time_ns[0] / 1_000_000,
        game.time_ns[1] / 1_000_000
    )
}

/// cutechess's closing lines for a match: the score, the Elo estimate and the SPRT.
pub fn summary_lines(summary: &MatchSummary, sprt: Option<&Sprt>) -> Vec<String> {
    let t = &summary.tally;
    let mut lines = vec![format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        summary.agents[0],
        summary.agents[1],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    )];
    if let Some(elo) = &summary.elo {
        lines.push(elo.to_string());
    }
    if let Some(sprt) = sprt {
        lines.push(sprt.verdict_line(t));
    }
    lines
}
