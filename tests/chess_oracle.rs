//! nodeprof's chess against an independent engine, Debian's Stockfish: perft, whose `go
//! perft` divides by root move in UCI's notation (200 positions from seeded random games,
//! where castling, en passant and promotions come up, each counted to depth 3 move by move),
//! and the mates of nodeprof's own suite, which Stockfish must score as the same mates.
//! Without Stockfish the tests say so and pass, unless NODEPROF_REQUIRE_ENGINES is set (as
//! `.ci/run` sets it), where its absence fails them.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use nodeprof::game::{perft_divide, Chess, Game};
use nodeprof::random::splitmix64;

#[path = "engines/installed.rs"]
mod installed;

const POSITIONS: usize = 200;
const DEPTH: u32 = 3;

/// Positions after 0 to 120 random plies from the start, seeded; finished games are skipped.
fn random_positions(seed: u64) -> Vec<Chess> {
    let mut state = seed;
    let mut found = Vec::new();
    while found.len() < POSITIONS {
        let mut pos = Chess::start();
        for _ in 0..splitmix64(&mut state) % 121 {
            let moves = pos.generate_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(splitmix64(&mut state) % moves.len() as u64) as usize]);
        }
        if !pos.is_over() {
            found.push(pos);
        }
    }
    found
}

#[test]
fn perft_divides_as_stockfish_does_on_random_positions() {
    let Some(sf) = installed::program("stockfish", "stockfish") else {
        return;
    };
    let positions = random_positions(2026);
    let mut stockfish = Stockfish::start(&sf);
    let Stockfish { input, output, .. } = &mut stockfish;
    writeln!(input, "uci").unwrap();
    let (mut castles, mut promotions) = (0, 0);
    for pos in &positions {
        writeln!(input, "position fen {pos}\ngo perft {DEPTH}").unwrap();
        input.flush().unwrap();
        let mut theirs = BTreeMap::new();
        let total = loop {
            let mut line = String::new();
            assert!(output.read_line(&mut line).unwrap() > 0, "stockfish ended");
            let line = line.trim();
            if let Some(n) = line.strip_prefix("Nodes searched: ") {
                break n.parse::<u64>().unwrap();
            }
            if let Some((mv, n)) = line.split_once(": ") {
                if let Ok(n) = n.parse::<u64>() {
                    theirs.insert(mv.to_string(), n);
                }
            }
        };
        let ours: BTreeMap<String, u64> = perft_divide(pos, DEPTH)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        castles += ours
            .keys()
            .filter(|m| m.starts_with("e1g1") || m.starts_with("e8c8"))
            .count();
        promotions += ours.keys().filter(|m| m.len() == 5).count();
        assert_eq!(ours, theirs, "{pos}");
        assert_eq!(ours.values().sum::<u64>(), total, "{pos}");
    }
    drop(stockfish);
    assert!(
        castles > 0 && promotions > 0,
        "the positions should castle and promote"
    );
}

/// Stockfish on standard input and output.
struct Stockfish {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Stockfish {
    fn start(program: &std::path::Path) -> Stockfish {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Stockfish {
            child,
            input,
            output,
        }
    }

    /// The `info` lines and the best move of `go LIMIT` from `fen`.
    fn go(&mut self, fen: &str, limit: &str) -> (Vec<String>, String) {
        writeln!(self.input, "position fen {fen}\ngo {limit}").unwrap();
        self.input.flush().unwrap();
        let mut infos = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "stockfish ended"
            );
            if let Some(best) = line.strip_prefix("bestmove ") {
                let best = best.split_whitespace().next().unwrap_or("").to_string();
                return (infos, best);
            }
            infos.push(line.trim().to_string());
        }
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn stockfish_scores_our_mates_as_the_same_mates() {
    let Some(sf) = installed::program("stockfish", "stockfish") else {
        return;
    };
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/chess/mates.epd");
    let cases = nodeprof::position::load(&[path.into()], None).unwrap();
    assert_eq!(cases.len(), 24);
    let mut stockfish = Stockfish::start(&sf);
    for case in &cases {
        let expected = case.expected.as_ref().unwrap();
        let n = expected.mate.unwrap();
        // Its search for a mate in N (at a fixed depth its pruning can show a longer one).
        let (infos, best) = stockfish.go(&case.position.to_string(), &format!("mate {n}"));
        let last_score = infos
            .iter()
            .filter_map(|l| l.split(" score ").nth(1))
            .next_back()
            .unwrap();
        assert!(
            last_score.starts_with(&format!("mate {n} ")),
            "{}: {last_score}",
            case.name
        );
        assert!(
            expected.best.contains(&best),
            "{}: stockfish plays {best}",
            case.name
        );
    }
}
