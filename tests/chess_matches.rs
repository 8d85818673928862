//! Chess matches against Debian's chess engines over UCI: Stockfish (at its lowest
//! calibrated strength), Toga II and Glaurung each play nodeprof's devlog V4 (`flow`), every
//! game refereed by nodeprof's rules and ended by them (mate, stalemate, repetition, fifty
//! moves, no mating material), its PGN in SAN replaying to its final position.

use std::process::Command;

use nodeprof::game::{Chess, Game, Notation};
use nodeprof::store::games::read_tables;

#[path = "engines/installed.rs"]
mod installed;

const NODEPROF: &str = env!("CARGO_BIN_EXE_nodeprof");

/// The terminations the rules give a chess game.
const BY_THE_RULES: [&str; 4] = ["end", "repetition", "move_rule", "dead_position"];

#[test]
fn the_devlog_v4_plays_stockfish_toga2_and_glaurung_by_the_rules() {
    let engines = [
        (
            "stockfish",
            "stockfish",
            "option.UCI_LimitStrength=true option.UCI_Elo=1350",
        ),
        ("toga2", "toga2", ""),
        ("glaurung", "glaurung", ""),
    ];
    for (name, package, options) in engines {
        let Some(program) = installed::program(name, package) else {
            continue;
        };
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join(name);
        let mut engine = format!("name={name} cmd={} option.Hash=16", program.display());
        if !options.is_empty() {
            engine = format!("{engine} {options}");
        }
        let output = Command::new(NODEPROF)
            .args([
                "play",
                "flow:2000+draws@depth=1",
                &format!("{name}@depth=1"),
            ])
            .args(["--game", "chess", "--openings", "random:6", "-n", "4", "-q"])
            .args(["-o", out.to_str().unwrap(), "--engine"])
            .args(engine.split(' '))
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let (games, moves) = read_tables(&out).unwrap();
        assert_eq!(games.len(), 4, "{name}");
        for g in &games {
            assert!(
                BY_THE_RULES.contains(&g.termination.as_str()),
                "{name}: game {} ended by {} ({})",
                g.round,
                g.termination,
                g.reason
            );
            // The moves table replays by nodeprof's rules to the final position.
            let mut pos = Chess::from_fen(&g.opening).unwrap();
            for m in moves.iter().filter(|m| m.round == g.round) {
                pos = pos.play(pos.parse_legal_move(&m.r#move).unwrap());
            }
            assert_eq!(pos.to_string(), g.final_position, "{name}");
        }
        // And so does each PGN record, in SAN.
        let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
        let records = Chess::read_records(&pgn).unwrap();
        assert_eq!(records.len(), 4);
        for (record, game) in records.iter().zip(&games) {
            let mut pos = Chess::from_fen(&record.start).unwrap();
            for san in &record.moves {
                assert!(!is_uci_form(san), "{name}: {san} is not SAN");
                pos = pos.play(
                    pos.parse_legal_move(san)
                        .unwrap_or_else(|e| panic!("{name}: {san}: {e}")),
                );
            }
            assert_eq!(pos.to_string(), game.final_position, "{name}");
        }
    }
}

/// `e2e4`, `e7e8q`: UCI's form, which SAN never is.
fn is_uci_form(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    matches!(b.len(), 4 | 5) && square(b[0], b[1]) && square(b[2], b[3])
}
