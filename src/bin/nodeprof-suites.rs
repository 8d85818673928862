//! `nodeprof-suites`: the repository's tool that made the built-in suites nodeprof made itself
//! (`positions/ataxx/end/`, `positions/connect4/`), from seeded random games, each value
//! proved by two different solvers. Run by hand, in release mode:
//! `cargo run --release --features suites --bin nodeprof-suites -- connect4 --write`. The limits only choose
//! which positions are kept (a proof past them drops the seed), so a slower machine may write
//! other positions: the committed files are the suites, and the tests prove them again
//! without a time limit.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use nodeprof::error::SearchError;
use nodeprof::game::connect4::classes::{class_of, moves_left, CLASSES};
use nodeprof::game::{Ataxx, Chess, Connect4, Game, GameKind};
use nodeprof::position::{load, AnyPosition, NOT_PROVED};
use nodeprof::random::splitmix64;
use nodeprof::search::endgame::connect4::SOLVER as DEFAULT_CONNECT4_SOLVER;
use nodeprof::search::endgame::solving::GENERIC_SOLVER as DEFAULT_GENERIC_SOLVER;
use nodeprof::search::endgame::{Endgame, Safe};
use nodeprof::search::mate_distance::is_decided;
use nodeprof::search::{game_result, search, solve_in_window, SearchConfig, END};

#[derive(Parser)]
#[command(
    name = "nodeprof-suites",
    about = "Make nodeprof's own position suites again (a tool of the repository, not of nodeprof)"
)]
struct Cli {
    /// The positions folder of the repository
    #[arg(long, value_name = "DIR", default_value_os_t = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions"))]
    positions: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The Ataxx endgames (positions/ataxx/end/): seeded random self-play from the start and
    /// from the cross-of-gaps layout to a few empties; a position is kept when two variants
    /// prove the same value within the limit, with every equally best move listed
    AtaxxEnd {
        /// Write the files (without it, print what would be written)
        #[arg(long)]
        write: bool,
        /// Give up a proof after this many seconds
        #[arg(long, value_name = "SECONDS", default_value_t = 60)]
        limit: u64,
        /// Stop every game at this many empties [default: 1 to 3 in turn, by the seed]
        #[arg(long, value_name = "N")]
        empties: Option<u32>,
    },
    /// Rewrite the move line of each Ataxx endgame to list every equally best move, each
    /// proved; a move whose proof takes over 20 s is named in a `% not proved` comment
    AtaxxRelist,
    /// The Connect 4 suites (positions/connect4/*.txt) in Pascal Pons' benchmark classes:
    /// seeded random games, a position taken in the begin, middle or end range in turn,
    /// proved by the default solver and by a second prover, which must agree
    Connect4 {
        /// Write the files (without it, print what would be written)
        #[arg(long)]
        write: bool,
    },
    /// Chess middlegames (positions/chess/middlegames.epd): seeded games, eight random plies
    /// and then both sides by a depth-3 search with quiescence, stopped between plies 24 and 40
    ChessMiddlegames {
        /// Write the file (without it, print what would be written)
        #[arg(long)]
        write: bool,
    },
    /// Chess mates in 2 and 3 (positions/chess/mates.epd): seeded games of a depth-3 search
    /// against random moves, stopped at the first position whose side mates in N by our
    /// search's proof (a depth 2N - 1 search scores a mate in exactly N), every mating move
    /// proved and listed
    ChessMates {
        /// Write the file (without it, print what would be written)
        #[arg(long)]
        write: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.command {
        Command::AtaxxEnd {
            write,
            limit,
            empties,
        } => ataxx_end(&cli.positions, write, Duration::from_secs(limit), empties),
        Command::AtaxxRelist => ataxx_relist(&cli.positions),
        Command::Connect4 { write } => connect4(&cli.positions, write),
        Command::ChessMiddlegames { write } => chess_middlegames(&cli.positions, write),
        Command::ChessMates { write } => chess_mates(&cli.positions, write),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("nodeprof-suites: error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Writes `text` to `path` whole (written beside it, then renamed over it).
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    nodeprof::store::replace(path, text.as_bytes()).map_err(|e| e.to_string())
}

fn config(spec: &str, limit: Option<Duration>) -> Result<SearchConfig, String> {
    let variant = spec
        .parse()
        .map_err(|e: nodeprof::error::SpecError| e.to_string())?;
    Ok(SearchConfig {
        time_limit: limit,
        ..SearchConfig::new(variant)
    })
}

/// The Ataxx endgame suite: 20 positions.
fn ataxx_end(
    positions: &Path,
    write: bool,
    limit: Duration,
    empties: Option<u32>,
) -> Result<(), String> {
    let provers = ["mtdf+tt:256+mobility+etc", "pvs+tt:64"];
    let wanted: usize = 20;
    let dir = positions.join("ataxx/end");
    let starts = [
        ("start", "x5o/7/7/7/7/7/o5x x 0 1"),
        ("gaps-cross", "x5o/7/3-3/2---2/3-3/7/o5x x 0 1"),
    ];
    let mut kept = 0;
    for seed in 1u64..200 {
        if kept == wanted {
            break;
        }
        let (start_name, start_fen) = starts[(seed % 2) as usize];
        // Empties to stop at: 1 to 3 in turn.
        let target = empties.unwrap_or(1 + (seed / 2 % 3) as u32);
        let mut pos = Ataxx::from_fen(start_fen)?;
        let mut moves = Vec::new();
        let mut state = seed;
        while !pos.is_over() && pos.empties() > target {
            let list = pos.generate_moves();
            let mv = list[(splitmix64(&mut state) % list.len() as u64) as usize];
            moves.push(mv.to_string());
            pos = pos.play(mv);
        }
        if pos.is_over() || pos.empties() != target {
            continue;
        }
        let mut values = Vec::new();
        for spec in provers {
            match search(&pos, END, &config(spec, Some(limit))?) {
                Ok(o) => values.push((
                    game_result::<Ataxx>(o.score).unwrap_or(0),
                    o.counters.nodes(),
                    o.time_ns,
                    o.score,
                )),
                Err(e) => {
                    println!("seed {seed}: {target} empties: {spec}: {e}");
                    break;
                }
            }
        }
        if values.len() < 2 {
            continue;
        }
        if values[0].0 != values[1].0 {
            return Err(format!(
                "seed {seed}: the provers disagree ({} and {})",
                values[0].0, values[1].0
            ));
        }
        // Every equally best root move, each proved by the first prover: a window around
        // the root's value (-value-1, -value+1) at the child tells whether the move reaches
        // it, without the long proof of how much worse a bad move is.
        let root_score = values[0].3;
        let first = config(provers[0], Some(limit))?;
        let mut best: Vec<String> = Vec::new();
        let mut proved = true;
        for &mv in pos.generate_moves().iter() {
            let window = (-root_score - 1, -root_score + 1);
            let Ok(o) = solve_in_window(&pos.play(mv), &first, window) else {
                println!("seed {seed}: {mv} not proved within {limit:?}");
                proved = false;
                break;
            };
            if o.score < -root_score {
                return Err(format!("seed {seed}: {mv} beats the root's value"));
            }
            if o.score == -root_score {
                best.push(format!("{mv}:{:+}", values[0].0));
            }
        }
        if !proved {
            continue;
        }
        if best.is_empty() {
            return Err(format!("seed {seed}: no move reaches the root's value"));
        }
        let name = format!("end-{start_name}-{}-s{seed}.pos", moves.len());
        let text = format!(
            "% Ataxx endgame: {} plies of random play (seed {seed}) from {start_name}, {target} empties\n\
             % proved by {} ({} nodes, {:.1} s) and {} ({} nodes, {:.1} s)\n\
             % from: {start_fen}\n% moves: {}\n{}\n{}\n",
            moves.len(),
            provers[0],
            values[0].1,
            values[0].2 as f64 / 1e9,
            provers[1],
            values[1].1,
            values[1].2 as f64 / 1e9,
            moves.join(" "),
            pos.fen(),
            best.join("; ")
        );
        println!("{name}\n{text}");
        if write {
            write_file(&dir.join(&name), &text)?;
        }
        kept += 1;
    }
    Ok(())
}

/// Lists every equally best move of each Ataxx endgame file again.
fn ataxx_relist(positions: &Path) -> Result<(), String> {
    let dir = positions.join("ataxx/end");
    let cases = load(&[dir.display().to_string()], None).map_err(|e| e.to_string())?;
    for case in cases {
        let AnyPosition::Ataxx(pos) = case.position else {
            return Err(format!("{}: not an Ataxx position", case.name));
        };
        let Some(expected) = &case.expected else {
            return Err(format!("{}: no value to list moves of", case.name));
        };
        let Some(value) = expected.score() else {
            return Err(format!("{}: no value to list moves of", case.name));
        };
        let root = search(&pos, END, &config(DEFAULT_GENERIC_SOLVER, None)?)
            .map_err(|e| format!("{}: {e}", case.name))?
            .score;
        let timed = config(DEFAULT_GENERIC_SOLVER, Some(Duration::from_secs(20)))?;
        let (mut best, mut unproved) = (Vec::new(), Vec::new());
        for &mv in pos.generate_moves().iter() {
            let window = (-root - 1, -root + 1);
            match solve_in_window(&pos.play(mv), &timed, window) {
                Ok(o) if o.score == -root => best.push(format!("{mv}:{value:+}")),
                Ok(_) => {}
                Err(SearchError::TimedOut { .. }) => unproved.push(mv.to_string()),
                Err(e) => return Err(format!("{}: {mv}: {e}", case.name)),
            }
        }
        let path = dir.join(&case.name);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with(NOT_PROVED))
            .map(String::from)
            .collect();
        if let Some(last) = lines.last_mut() {
            *last = best.join("; ");
        }
        if !unproved.is_empty() {
            let at = lines.iter().position(|l| !l.starts_with('%')).unwrap_or(0);
            lines.insert(at, format!("{NOT_PROVED} {}", unproved.join(" ")));
        }
        write_file(&path, &(lines.join("\n") + "\n"))?;
    }
    Ok(())
}

/// The second prover of the Connect 4 suites: MTD(f) instead of bisection, no safe-move
/// pruning, no bounds from the stones left.
const SECOND_PROVER: &str = "mtdf+tt:64+winfirst+threats";

/// The Connect 4 suites: seeded random games played to the end (random safe moves), a
/// position taken at a number of stones drawn from the begin, middle or end range in turn
/// (as far as the game went); a position whose side to move can win at once is skipped; the
/// rest are proved by the default solver (within 5 s, 2 s once begin-hard is full, else the
/// seed is dropped) and, while their class has room, by `SECOND_PROVER` (within 30 s).
fn connect4(positions: &Path, write: bool) -> Result<(), String> {
    let dir = positions.join("connect4");
    let limit = Duration::from_secs(30);
    let mut kept: Vec<Vec<String>> = vec![Vec::new(); CLASSES.len()];
    let ranges = [(1u32, 14u32), (15, 28), (29, 40)];
    let mut seed = 0u64;
    while kept
        .iter()
        .zip(CLASSES)
        .any(|(k, (_, size))| k.len() < size)
    {
        seed += 1;
        let mut state = seed;
        let (low, high) = ranges[(seed % 3) as usize];
        // A whole random game first, then a stop inside the range that it reaches.
        let mut game = vec![Connect4::start()];
        while !game[game.len() - 1].is_over() {
            // Random moves among those that do not hand the opponent a win at once (when
            // there are such): random games that last into the middle and the end.
            let last = game[game.len() - 1];
            let mut moves = last.generate_moves();
            let mut safe = Default::default();
            if let Safe::Moves = last.safe_moves(&mut safe) {
                if !last.can_win_next() {
                    moves = safe;
                }
            }
            game.push(last.play(moves[(splitmix64(&mut state) % moves.len() as u64) as usize]));
        }
        let last_open = (game.len() as u32).saturating_sub(2);
        if last_open < low {
            continue;
        }
        let high = high.min(last_open);
        let target = low + (splitmix64(&mut state) % (high - low + 1) as u64) as u32;
        let pos = game[target as usize];
        if pos.can_win_next() {
            continue;
        }
        let prove = |spec: &str, limit: Duration| -> Result<Result<i32, SearchError>, String> {
            let config = config(spec, Some(limit))?.for_game(GameKind::Connect4);
            Ok(search(&pos, END, &config).map(|o| game_result::<Connect4>(o.score).unwrap_or(0)))
        };
        // The default solver first, briefly: the class needs the score, and a class that is
        // full needs no second proof; once the hard class is full, a position that takes
        // long is not wanted.
        let first_limit = match kept[5].len() >= CLASSES[5].1 {
            true => Duration::from_secs(2),
            false => Duration::from_secs(5),
        };
        let Ok(score) = prove(DEFAULT_CONNECT4_SOLVER, first_limit)? else {
            continue;
        };
        let class = class_of(pos.moves_played(), moves_left(pos.moves_played(), score));
        let Some(index) = CLASSES.iter().position(|(c, _)| *c == class) else {
            return Err(format!("{pos}: no class {class}"));
        };
        let line = format!("{pos} {score}");
        if kept[index].len() >= CLASSES[index].1 || kept[index].contains(&line) {
            continue;
        }
        match prove(SECOND_PROVER, limit)? {
            Ok(second) if second == score => {}
            Ok(second) => {
                return Err(format!(
                    "seed {seed}: {pos}: the provers disagree ({score} and {second})"
                ))
            }
            Err(e) => {
                println!("seed {seed}: {pos}: {SECOND_PROVER}: {e}");
                continue;
            }
        }
        kept[index].push(line);
        println!(
            "{class} {}/{}: seed {seed}: {pos} {score}",
            kept[index].len(),
            CLASSES[index].1
        );
    }
    for ((class, size), lines) in CLASSES.iter().zip(&kept) {
        let text = format!(
            "% nodeprof's Connect 4 {class} suite: {size} positions in Pascal Pons' benchmark class\n\
             % {class} (stones played, moves left with perfect play), from seeded random games\n\
             % (seeds 1..{seed}), each score proved by {DEFAULT_CONNECT4_SOLVER} and by\n\
             % {SECOND_PROVER}. Each line: the columns played (1..7), then the exact score.\n{}\n",
            lines.join("\n")
        );
        if write {
            write_file(&dir.join(format!("{class}.txt")), &text)?;
        }
    }
    Ok(())
}

/// The search the chess tools play with.
const CHESS_PLAYER: &str = "pvs+tt+id+mvvlva+quiesce";
/// The search that proves mates: full width to its depth, mates scored by distance.
const CHESS_PROVER: &str = "pvs+tt+id+mvvlva";

/// A chess game from the start: `random` uniformly random plies, then `plies` more, each
/// side's move chosen by `choose` (which returns `None` to stop at that position).
fn chess_game(
    seed: u64,
    random: u32,
    mut choose: impl FnMut(&Chess, u32, &mut u64) -> Result<Option<nodeprof::game::ChessMove>, String>,
) -> Result<(Chess, Vec<String>), String> {
    let mut state = seed;
    let mut pos = Chess::start();
    let mut moves = Vec::new();
    for ply in 0.. {
        if pos.is_over() {
            break;
        }
        let list = pos.generate_moves();
        let mv = match ply < random {
            true => list[(splitmix64(&mut state) % list.len() as u64) as usize],
            false => match choose(&pos, ply, &mut state)? {
                Some(mv) => mv,
                None => break,
            },
        };
        moves.push(mv.to_string());
        pos = pos.play(mv);
    }
    Ok((pos, moves))
}

/// The value and best move of a depth-`depth` search by `spec`.
fn chess_search(
    spec: &str,
    pos: &Chess,
    depth: u32,
) -> Result<(i32, nodeprof::game::ChessMove), String> {
    let config = config(spec, None)?.for_game(GameKind::Chess);
    let outcome = search(pos, depth, &config).map_err(|e| e.to_string())?;
    let best = outcome.best_move.ok_or("no move searched")?;
    Ok((outcome.score, best))
}

/// 24 middlegame positions from seeded games.
fn chess_middlegames(positions: &Path, write: bool) -> Result<(), String> {
    let mut text = String::from(
        "# 24 chess middlegames of nodeprof's own (`nodeprof-suites chess-middlegames`): seeded games,\n\
         # 8 random plies from the start and then both sides by a depth-3 pvs+tt+id+mvvlva+quiesce search,\n\
         # stopped at ply 24 + (seed * 7 mod 17). Each line's c0 holds the game's moves.\n",
    );
    let (mut kept, mut seed) = (0, 0u64);
    while kept < 24 {
        seed += 1;
        let stop = 24 + (seed * 7 % 17) as u32;
        let (pos, moves) = chess_game(seed, 8, |pos, ply, _| match ply < stop {
            true => chess_search(CHESS_PLAYER, pos, 3).map(|(_, mv)| Some(mv)),
            false => Ok(None),
        })?;
        if pos.is_over() || pos.in_check() || moves.len() as u32 != stop {
            continue;
        }
        let fen = pos.to_string();
        let epd: Vec<&str> = fen.split_whitespace().take(4).collect();
        text.push_str(&format!(
            "{} id \"mid.s{seed}\"; c0 \"{}\";\n",
            epd.join(" "),
            moves.join(" ")
        ));
        kept += 1;
    }
    print!("{text}");
    if write {
        write_file(&positions.join("chess/middlegames.epd"), &text)?;
    }
    Ok(())
}

/// 24 mates in 2 and 3 from seeded games, 12 of each.
fn chess_mates(positions: &Path, write: bool) -> Result<(), String> {
    let win = Chess::WIN_BONUS + 1;
    let mut text = String::from(
        "# 24 chess mates of nodeprof's own (`nodeprof-suites chess-mates`): seeded games, 4 random\n\
         # plies, then a depth-3 pvs+tt+id+mvvlva+quiesce search against random moves, stopped at the first\n\
         # position where the searching side mates in N (2 or 3 in turn by seed): a depth 2N - 1 search\n\
         # scores the mate in exactly N plies 2N - 1 and a depth 2N - 3 one finds none. bm lists every\n\
         # mating move, each proved; dm is N (EPD's direct mate); c0 holds the game's moves.\n",
    );
    let mut found = [0, 0];
    let mut seed = 0u64;
    while found != [12, 12] {
        seed += 1;
        let n = 2 + (seed % 2) as u32;
        if found[n as usize - 2] == 12 {
            continue;
        }
        let plies = 2 * n - 1;
        let searcher_side = (seed / 2 % 2) as u32;
        let (pos, moves) = chess_game(seed, 4, |pos, ply, state| {
            if ply % 2 != searcher_side {
                let list = pos.generate_moves();
                return Ok(Some(list[(splitmix64(state) % list.len() as u64) as usize]));
            }
            let (score, _) = chess_search(CHESS_PROVER, pos, plies)?;
            if score == win - plies as i32 {
                return Ok(None);
            }
            if ply > 200 {
                return Ok(None);
            }
            chess_search(CHESS_PLAYER, pos, 3).map(|(_, mv)| Some(mv))
        })?;
        if pos.is_over() || chess_search(CHESS_PROVER, &pos, plies)?.0 != win - plies as i32 {
            continue;
        }
        if is_decided::<Chess>(chess_search(CHESS_PROVER, &pos, plies - 2)?.0) {
            continue;
        }
        // Every mating move: its child is mated in N - 1 (proved by a depth 2N - 2 search).
        let mut mating = Vec::new();
        for &mv in pos.generate_moves().iter() {
            let child = pos.play(mv);
            let mated = match child.is_over() {
                true => child.in_check() && n == 1,
                false => {
                    chess_search(CHESS_PROVER, &child, plies - 1)?.0 == -(win - plies as i32 + 1)
                }
            };
            if mated {
                mating.push(mv);
            }
        }
        if mating.is_empty() {
            return Err(format!("seed {seed}: a mate in {n} without a mating move"));
        }
        let san: Vec<String> = mating
            .iter()
            .map(|&mv| {
                nodeprof::game::chess::san_moves(&pos, std::iter::once(mv.to_string().as_str()))[0]
                    .clone()
            })
            .collect();
        let fen = pos.to_string();
        let epd: Vec<&str> = fen.split_whitespace().take(4).collect();
        text.push_str(&format!(
            "{} bm {}; dm {n}; id \"mate{n}.s{seed}\"; c0 \"{}\";\n",
            epd.join(" "),
            san.join(" "),
            moves.join(" ")
        ));
        found[n as usize - 2] += 1;
    }
    print!("{text}");
    if write {
        write_file(&positions.join("chess/mates.epd"), &text)?;
    }
    Ok(())
}
