//! Running matches: games in pairs (one opening, colours swapped), in parallel when asked,
//! each finished game's moves, record and row appended and flushed at once; an SPRT that
//! stops a match when its LLR leaves the bounds; `--resume` that continues a stopped match.

use std::collections::{HashMap, HashSet};
use std::fs::OpenOptions;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::agent::Agent;
use super::check::{check_same_match, check_settings};
use super::game::{termination_of, GameSetup, PlayedGame};
use super::openings::{derive, Opening};
use super::output::game_line;
use super::records::{write_record, RecordInfo};
use super::referee::play_game;
use super::rows::{io, played_from_rows, save_game, Shared};
use super::settings::{match_name, MatchSummary, PlaySettings, PlaySummary};
use super::shard::{pair_shard, play_fingerprint};
use crate::engine::{Engine, EngineSpec, GameStart, Pool};
use crate::error::{EngineError, Error, PlayError};
use crate::stats::{elo_estimate, Results, Tally, Verdict};
use crate::store::games::{
    read_tables, replace_table, whole_games, GameRow, MoveRow, GAMES_FILE, MOVES_FILE,
};
use crate::store::{keep_finished, Shard, Sharding};
use crate::with_position;

/// Plays every match; `on_line` gets the per-game lines and running totals as games end.
pub fn run(settings: &PlaySettings, on_line: &(dyn Fn(&str) + Sync)) -> Result<PlaySummary, Error> {
    check_settings(settings)?;
    let pool = Pool::default();
    let identities = greet(settings, &pool)?;
    let result = run_matches(settings, on_line, &pool, &identities);
    pool.close();
    result
}

/// A run of matches: its settings, where its lines go, its engines, the shard it plays, the
/// games already played (kept from an earlier run), the date of its records and the files
/// its games go to.
struct Matches<'a> {
    settings: &'a PlaySettings,
    on_line: &'a (dyn Fn(&str) + Sync),
    pool: &'a Pool,
    shard: Option<Shard>,
    finished: Vec<GameRow>,
    done: HashSet<(String, u64)>,
    date: String,
    shared: Mutex<Shared>,
    /// `--jobs` workers, the same for every match.
    threads: rayon::ThreadPool,
}

fn run_matches(
    settings: &PlaySettings,
    on_line: &(dyn Fn(&str) + Sync),
    pool: &Pool,
    identities: &[String],
) -> Result<PlaySummary, Error> {
    let (shard, signature) = shard_of(settings)?;
    let dir = &settings.out_dir;
    // The folder's lock is taken before anything in it is read or written again: a second
    // play, sweep or merge into the same folder stops here.
    let _guard = crate::store::lock(dir)?;
    let (finished, kept_moves) = kept_games(settings, shard)?;
    let date = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .get(..19)
        .unwrap_or_default()
        .replace('T', " ");
    rewrite_files(settings, &finished, &kept_moves, &date)?;
    let shared = Mutex::new(open_shared(settings)?);
    let sharding = shard.zip(signature).map(|(shard, signature)| Sharding {
        shard,
        plan_fingerprint: play_fingerprint(settings),
        plan_cases: (settings.matches.len() as u64 * settings.games) as usize,
        shard_cases: settings
            .matches
            .iter()
            .map(|agents| {
                let name = match_name(agents);
                (1..=settings.games)
                    .filter(|&r| in_shard(Some(shard), &name, r))
                    .count()
            })
            .sum(),
        signature,
    });
    super::meta::write(settings, sharding, identities)?;
    let done = finished
        .iter()
        .map(|r| (r.r#match.clone(), r.round))
        .collect();
    let threads = crate::measure::deep_pool(settings.jobs.max(1))
        .map_err(|e| PlayError::Threads(e.to_string()))?;
    let run = Matches {
        threads,
        settings,
        on_line,
        pool,
        shard,
        finished,
        done,
        date,
        shared,
    };
    let mut summaries = Vec::new();
    for (mi, agents) in settings.matches.iter().enumerate() {
        summaries.push(run.play_match(mi, agents)?);
    }
    Ok(PlaySummary {
        matches: summaries,
        resumed: run.done.len() as u64,
    })
}

/// The shard this run plays (`--shard`), and the build's bench signature checked for a
/// shard or when `--signature` asks.
fn shard_of(settings: &PlaySettings) -> Result<(Option<Shard>, Option<u64>), Error> {
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
    Ok((shard, signature))
}

/// Whether game `round` of match `name` is this shard's (pairs stay together).
fn in_shard(shard: Option<Shard>, name: &str, round: u64) -> bool {
    shard.is_none_or(|s| pair_shard(name, round.div_ceil(2), s.count) == s.index)
}

/// The whole games of the folder's tables that this run keeps (with `--resume`, those of the
/// same matches; none for a new run), and their moves; another match's games stop the run
/// unless `--force`.
fn kept_games(
    settings: &PlaySettings,
    shard: Option<Shard>,
) -> Result<(Vec<GameRow>, Vec<MoveRow>), Error> {
    let dir = &settings.out_dir;
    let names: Vec<String> = settings.matches.iter().map(match_name).collect();
    crate::store::refuse_other_kind(dir, GAMES_FILE, settings.force)?;
    let (finished, kept_moves) = read_tables(dir)?;
    let moves_exist = dir.join(MOVES_FILE).exists();
    let (finished, kept_moves) = whole_games(finished, kept_moves, moves_exist);
    let keep = keep_finished(
        &finished,
        |r| names.contains(&r.r#match),
        settings.resume,
        settings.force,
    )
    .map_err(|foreign| PlayError::OtherMatch {
        path: dir.join(GAMES_FILE),
        difference: format!("it has '{}'", foreign.r#match),
    })?;
    if !keep {
        return Ok((Vec::new(), Vec::new()));
    }
    check_same_match(settings, shard, dir)?;
    Ok((finished, kept_moves))
}

/// The tables and the record file written again from the kept rows (a game stopped half-way
/// may have moves and a record without its row, a kill may have cut a row), each replaced
/// whole: a kill at any moment of a resume leaves every finished game.
fn rewrite_files(
    settings: &PlaySettings,
    finished: &[GameRow],
    kept_moves: &[MoveRow],
    date: &str,
) -> Result<(), Error> {
    let dir = &settings.out_dir;
    let mut by_game: HashMap<(&str, u64), Vec<&MoveRow>> = HashMap::new();
    for m in kept_moves {
        by_game
            .entry((m.r#match.as_str(), m.round))
            .or_default()
            .push(m);
    }
    let mut records = String::new();
    for row in finished {
        let moves = by_game
            .get(&(row.r#match.as_str(), row.round))
            .map_or(&[][..], Vec::as_slice);
        let info = RecordInfo {
            round: row.round,
            names: [&row.agent1, &row.agent2],
            date,
            comment_nodes: settings.comment_nodes,
            clocks: settings
                .matches
                .iter()
                .find(|agents| match_name(agents) == row.r#match)
                .map_or([None, None], clocks_of),
            cuteataxx: settings.pgn_cuteataxx,
        };
        let played = played_from_rows(settings.game, row, moves);
        records.push_str(&write_record(settings.game, &played, &info));
    }
    replace_table(&dir.join(GAMES_FILE), finished)?;
    replace_table(&dir.join(MOVES_FILE), kept_moves)?;
    if let Some(path) = settings.game.record_file().map(|f| dir.join(f)) {
        crate::store::replace(&path, records.as_bytes())?;
    }
    Ok(())
}

/// The files finished games are appended to: the tables, the record file (and its
/// `--pgnout`-style copy).
fn open_shared(settings: &PlaySettings) -> Result<Shared, Error> {
    let dir = &settings.out_dir;
    let append = |path: &Path| OpenOptions::new().append(true).open(path).map_err(io(path));
    let writer = |path: &Path| -> Result<_, PlayError> {
        Ok(csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(append(path)?))
    };
    let record_path = settings.game.record_file().map(|f| dir.join(f));
    let record = match &record_path {
        Some(path) => Some(append(path)?),
        None => None,
    };
    let record_copy = match (&settings.record_copy, &record_path) {
        (Some(path), Some(_)) => Some((
            path.clone(),
            OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)
                .map_err(io(path))?,
        )),
        _ => None,
    };
    Ok(Shared {
        games: writer(&dir.join(GAMES_FILE))?,
        moves: writer(&dir.join(MOVES_FILE))?,
        record,
        record_copy,
        results: Results::default(),
        error: None,
    })
}

impl Matches<'_> {
    /// Plays match `mi` (its kept games counted first) on `--jobs` threads until its games
    /// are played or its SPRT decides; its summary.
    fn play_match(&self, mi: usize, agents: &[Agent; 2]) -> Result<MatchSummary, Error> {
        let settings = self.settings;
        let name = &match_name(agents);
        let kept_decided = {
            let mut s = self
                .shared
                .lock()
                .expect("no thread panics holding the lock");
            s.results = Results::default();
            let mut rows: Vec<&GameRow> = self
                .finished
                .iter()
                .filter(|r| &r.r#match == name)
                .collect();
            rows.sort_by_key(|r| r.round);
            for row in rows {
                s.results.add(row.pair, row.score, row.identity());
            }
            sprt_decided(settings, &s.results.tally)
        };
        if settings.matches.len() > 1 {
            (self.on_line)(&format!(
                "Match {}/{}: {name}",
                mi + 1,
                settings.matches.len()
            ));
        }
        let stop = AtomicBool::new(kept_decided);
        let next = AtomicU64::new(1);
        self.threads.scope(|scope| {
            for _ in 0..settings.jobs.max(1) {
                scope.spawn(|_| self.play_games(name, agents, &next, &stop));
            }
        });
        let mut s = self
            .shared
            .lock()
            .expect("no thread panics holding the lock");
        if let Some(e) = s.error.take() {
            return Err(e.into());
        }
        let tally = s.results.tally;
        let pentanomial = settings.sprt.is_some_and(|t| t.pentanomial);
        Ok(MatchSummary {
            name: name.clone(),
            agents: [agents[0].to_string(), agents[1].to_string()],
            tally,
            verdict: settings.sprt.map(|t| t.decide(&tally)),
            llr: settings.sprt.and_then(|t| t.llr(&tally)),
            elo: elo_estimate(&tally, pentanomial),
        })
    }

    /// One worker: takes the next round of the match until none is left or `stop` is set,
    /// plays it unless it is kept or another shard's, and saves it.
    fn play_games(&self, name: &str, agents: &[Agent; 2], next: &AtomicU64, stop: &AtomicBool) {
        let settings = self.settings;
        loop {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            let round = next.fetch_add(1, Ordering::SeqCst);
            if round > settings.games {
                return;
            }
            if self.done.contains(&(name.to_string(), round)) || !in_shard(self.shard, name, round)
            {
                continue;
            }
            let outcome = play_round(settings, agents, round, self.pool);
            let mut s = self
                .shared
                .lock()
                .expect("no thread panics holding the lock");
            // After an error, or once the SPRT has decided, games still in flight are
            // abandoned: the tables hold the games the verdict was reached on.
            if s.error.is_some() || stop.load(Ordering::SeqCst) {
                return;
            }
            match outcome.and_then(|game| self.save(&mut s, name, agents, round, &game)) {
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
        }
    }

    /// A finished game saved (its rows and record) and its lines printed.
    fn save(
        &self,
        s: &mut Shared,
        name: &str,
        agents: &[Agent; 2],
        round: u64,
        game: &PlayedGame,
    ) -> Result<(), PlayError> {
        let settings = self.settings;
        let info = RecordInfo {
            round,
            names: [&agents[0].to_string(), &agents[1].to_string()],
            date: &self.date,
            comment_nodes: settings.comment_nodes,
            clocks: clocks_of(agents),
            cuteataxx: settings.pgn_cuteataxx,
        };
        save_game(s, settings, name, agents, round, game, &info)?;
        (self.on_line)(&game_line(settings.game, round, game));
        if let Some(sprt) = &settings.sprt {
            (self.on_line)(&sprt.running_line(&s.results.tally));
        }
        Ok(())
    }
}

/// Plays game `round` of a match: pair `round / 2`'s opening, agent1 first in odd rounds;
/// engine agents take their engines from `pool` and give them back after the game.
fn play_round(
    settings: &PlaySettings,
    agents: &[Agent; 2],
    round: u64,
    pool: &Pool,
) -> Result<PlayedGame, PlayError> {
    let pair = (round - 1) / 2;
    let opening = settings
        .openings
        .of_pair(settings.game, settings.seed, pair)?;
    let first = ((round - 1) % 2) as usize;
    let eval = settings
        .game
        .usable_eval(settings.eval.unwrap_or(settings.game.default_eval()));
    let setup = GameSetup {
        first,
        eval,
        seed: derive(settings.seed, 2, round),
        clock: settings.clock,
        adjudication: &settings.adjudication,
        time_margin: settings.time_margin,
    };
    let mut seats: [Option<Engine>; 2] = [None, None];
    for (i, agent) in agents.iter().enumerate() {
        let Some(spec) = agent.engine() else { continue };
        let clock = agent.limits.clock.map(|c| c.base);
        match seat(pool, spec, &opening, clock) {
            Ok(player) => seats[i] = Some(player),
            Err(e) => {
                for player in seats.into_iter().flatten() {
                    pool.give_back(player);
                }
                return Ok(PlayedGame::lost_at_start(
                    &opening.position,
                    first,
                    i,
                    termination_of(&e),
                    e.to_string(),
                ));
            }
        }
    }
    let [seat0, seat1] = &mut seats;
    let played = with_position!(&opening.position, p => play_game(p, [&agents[0], &agents[1]], &setup, [seat0.as_mut(), seat1.as_mut()]))
        .map_err(|source| PlayError::Search {
            game: format!("game {round}"),
            source,
        });
    for player in seats.into_iter().flatten() {
        pool.give_back(player);
    }
    played
}

/// An engine ready for a new game from `opening`: one from the pool, or after a fault of
/// the one from the pool, a fresh one.
fn seat(
    pool: &Pool,
    spec: &EngineSpec,
    opening: &Opening,
    clock: Option<std::time::Duration>,
) -> Result<Engine, EngineError> {
    let game = GameStart {
        start: &opening.position,
        opening: opening.moves.as_deref(),
        clock,
    };
    let mut engine = pool.take_or_start(spec)?;
    match engine.start_game(&game) {
        Ok(()) => Ok(engine),
        Err(_) => {
            // An engine that died between games (or cannot start one) is restarted once.
            engine.quit();
            let mut fresh = Engine::start(spec)?;
            fresh.start_game(&game)?;
            Ok(fresh)
        }
    }
}

/// Starts one of each engine the matches name (its handshake checked before any file is
/// written), kept in `pool` for the first games; each engine's name and what it calls
/// itself (`stockfish: Stockfish 15.1`), for meta.json.
fn greet(settings: &PlaySettings, pool: &Pool) -> Result<Vec<String>, PlayError> {
    let mut seen: Vec<&str> = Vec::new();
    let mut identities = Vec::new();
    for spec in settings.matches.iter().flatten().filter_map(Agent::engine) {
        if seen.contains(&spec.name()) {
            continue;
        }
        seen.push(spec.name());
        let engine = Engine::start(spec).map_err(|e| PlayError::Setup(e.to_string()))?;
        identities.push(format!(
            "{}: {}",
            spec.name(),
            engine.id_name.as_deref().unwrap_or("(no name given)")
        ));
        pool.give_back(engine);
    }
    Ok(identities)
}

/// Each agent's clock, by agent.
fn clocks_of(agents: &[Agent; 2]) -> [Option<super::agent::TimeControl>; 2] {
    [agents[0].limits.clock, agents[1].limits.clock]
}

fn sprt_decided(settings: &PlaySettings, tally: &Tally) -> bool {
    settings
        .sprt
        .is_some_and(|t| t.decide(tally) != Verdict::Continue)
}
