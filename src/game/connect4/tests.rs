//! Connect 4 checked against an independent board: a 7x6 array with four-in-a-row found by
//! scanning every line, and perft counted on it move by move.

use super::bits::{BOARD, BOTTOM};
use super::*;
use crate::game::{perft, Game, GameMove, Notation, Side};
use crate::search::endgame::{Endgame, Safe};

/// The plain board: `cells[column][row]`, 0 empty, 1 the first player, 2 the second.
#[derive(Clone)]
pub(crate) struct ArrayBoard {
    cells: [[u8; 6]; 7],
    heights: [usize; 7],
    moves: usize,
    /// The player who completed four, if any.
    winner: Option<u8>,
}

impl ArrayBoard {
    pub(crate) fn new() -> ArrayBoard {
        ArrayBoard {
            cells: [[0; 6]; 7],
            heights: [0; 7],
            moves: 0,
            winner: None,
        }
    }

    pub(crate) fn from_moves(moves: &str) -> ArrayBoard {
        let mut b = ArrayBoard::new();
        for c in moves.bytes() {
            b.play((c - b'1') as usize);
        }
        b
    }

    fn to_move(&self) -> u8 {
        1 + (self.moves % 2) as u8
    }

    pub(crate) fn over(&self) -> bool {
        self.winner.is_some() || self.moves == 42
    }

    pub(crate) fn legal(&self) -> Vec<usize> {
        if self.over() {
            return Vec::new();
        }
        (0..7).filter(|&c| self.heights[c] < 6).collect()
    }

    pub(crate) fn play(&mut self, column: usize) {
        let player = self.to_move();
        let row = self.heights[column];
        self.cells[column][row] = player;
        self.heights[column] += 1;
        self.moves += 1;
        if self.four_through(column, row, player) {
            self.winner = Some(player);
        }
    }

    /// Whether `player` has four in a row through (column, row), scanning the four lines.
    fn four_through(&self, column: usize, row: usize, player: u8) -> bool {
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let mut run = 1;
            for sign in [1, -1] {
                let (mut c, mut r) = (column as i32 + sign * dc, row as i32 + sign * dr);
                while (0..7).contains(&c)
                    && (0..6).contains(&r)
                    && self.cells[c as usize][r as usize] == player
                {
                    run += 1;
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            if run >= 4 {
                return true;
            }
        }
        false
    }

    /// Leaves of the tree `depth` plies deep; a finished game is one leaf.
    pub(crate) fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.over() {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|c| {
                let mut next = self.clone();
                next.play(c);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The exact score in the tutorial's convention, by plain alpha-beta over the array
    /// board: a win with the winner's k-th stone is worth 22 - k for the winner.
    pub(crate) fn solve(&self, mut alpha: i32, beta: i32) -> i32 {
        if let Some(_winner) = self.winner {
            // The player who just moved won with its stone number ceil(moves / 2).
            return -(22 - self.moves.div_ceil(2) as i32);
        }
        if self.moves == 42 {
            return 0;
        }
        let mut best = -100;
        for c in self.legal() {
            let mut next = self.clone();
            next.play(c);
            let value = -next.solve(-beta, -alpha.max(best));
            best = best.max(value);
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        best
    }
}

#[test]
fn perft_matches_the_array_board() {
    let start = Connect4::start();
    let plain = ArrayBoard::new();
    for depth in 0..=8 {
        assert_eq!(perft(&start, depth), plain.perft(depth), "depth {depth}");
    }
    for moves in ["4453", "44444", "1122334", "3344557", "1234567123456712345"] {
        let pos = Connect4::from_moves(moves).unwrap();
        let plain = ArrayBoard::from_moves(moves);
        for depth in 1..=6 {
            assert_eq!(
                perft(&pos, depth),
                plain.perft(depth),
                "{moves} depth {depth}"
            );
        }
    }
}

#[test]
fn published_perft_counts() {
    // The README's table (a won game is a leaf).
    let counts = [
        1u64, 7, 49, 343, 2401, 16807, 117649, 823536, 5686266, 39452034,
    ];
    for (depth, &n) in counts.iter().enumerate() {
        assert_eq!(perft(&Connect4::start(), depth as u32), n, "depth {depth}");
    }
}

/// Every position of a fixed walk of the game tree, with its array-board twin.
fn walk() -> Vec<(Connect4, ArrayBoard)> {
    let mut state = 0x1234_5678u64;
    let mut out = Vec::new();
    for _ in 0..300 {
        let (mut pos, mut plain) = (Connect4::start(), ArrayBoard::new());
        while !pos.is_over() {
            out.push((pos, plain.clone()));
            let moves = pos.generate_moves();
            let mv = moves[(crate::random::splitmix64(&mut state) % moves.len() as u64) as usize];
            pos = pos.play(mv);
            plain.play(mv.column() as usize);
        }
        out.push((pos, plain));
    }
    out
}

#[test]
fn rules_agree_with_the_array_board_along_random_games() {
    for (pos, plain) in walk() {
        assert_eq!(pos.is_over(), plain.over(), "{pos}");
        let mut ours: Vec<usize> = pos
            .generate_moves()
            .iter()
            .map(|m| m.column() as usize)
            .collect();
        ours.sort();
        assert_eq!(ours, plain.legal(), "{pos}");
        assert_eq!(pos.count_moves(), plain.legal().len() as u64, "{pos}");
        if pos.is_over() {
            let expected = match plain.winner {
                Some(_) => -(22 - plain.moves.div_ceil(2) as i32),
                None => 0,
            };
            assert_eq!(pos.final_margin(), expected, "{pos}");
        }
        assert_eq!(
            pos.side_to_move(),
            if plain.moves % 2 == 0 {
                Side::First
            } else {
                Side::Second
            }
        );
        assert_eq!(Connect4::from_moves(&pos.sequence()).unwrap(), pos);
    }
}

#[test]
fn threat_hooks_agree_with_playing_the_moves() {
    for (pos, plain) in walk().into_iter().filter(|(p, _)| !p.is_over()) {
        // An immediate win: some move completes four.
        let wins = plain.legal().into_iter().any(|c| {
            let mut next = plain.clone();
            next.play(c);
            next.winner.is_some()
        });
        assert_eq!(pos.win_now().is_some(), wins, "{pos}");
        if wins {
            continue;
        }
        // Safe moves: those after which the opponent has no immediate win.
        let safe: Vec<usize> = plain
            .legal()
            .into_iter()
            .filter(|&c| {
                let mut next = plain.clone();
                next.play(c);
                !next.legal().into_iter().any(|d| {
                    let mut reply = next.clone();
                    reply.play(d);
                    reply.winner.is_some()
                })
            })
            .collect();
        let mut moves = Default::default();
        match pos.safe_moves(&mut moves) {
            Safe::Settled(margin) => {
                if safe.is_empty() {
                    assert_eq!(margin, -(42 - pos.moves_played() as i32) / 2, "{pos}");
                } else {
                    assert!(pos.moves_played() >= 40 && margin == 0, "{pos}");
                }
            }
            Safe::Moves => {
                let mut ours: Vec<usize> = moves.iter().map(|m| m.column() as usize).collect();
                ours.sort();
                assert_eq!(ours, safe, "{pos}");
                assert_eq!(pos.safe_floor(), -(40 - pos.moves_played() as i32) / 2);
            }
        }
    }
}

#[test]
fn notation_round_trips_and_bad_sequences_are_errors() {
    for text in ["4453", "1", "44455554221", "start"] {
        let pos = Connect4::parse_text(text).unwrap();
        assert_eq!(pos.to_string(), text);
        assert!(Connect4::looks_like(text));
    }
    assert_eq!(Connect4::split_value("4453 -12"), Some(("4453", -12)));
    assert!(Connect4::looks_like("4453 12"));
    assert!(
        Connect4::looks_like("4458"),
        "a digit that is not a column: Connect 4's error"
    );
    assert!(!Connect4::looks_like("XO-"));
    assert!(!Connect4::looks_like("x5o/7/7/7/7/7/o5x x"));
    let cases = [
        ("448", "bad character '8' at move 3"),
        ("1111111", "move 7 (1) is played in a full column"),
        ("12121212", "move 8 (2) comes after the end of the game"),
        ("4453 1x", "bad score '1x' after the moves"),
        ("4453 -1 2", "unexpected '2' after the score -1"),
    ];
    for (text, message) in cases {
        let err = Connect4::parse_text(text).unwrap_err();
        assert!(err.contains(message), "{text}: {err}");
    }
    for bad in ["0", "8", "x", ""] {
        assert!(bad.parse::<Connect4Move>().is_err(), "{bad}");
    }
    assert_eq!("7".parse::<Connect4Move>().unwrap().to_code(), 6);
}

#[test]
fn diagram_shows_the_stones() {
    let pos = Connect4::from_moves("4453").unwrap();
    let diagram = pos.diagram();
    assert!(
        diagram.contains(" . . . O . . .\n . . O X X . .\n 1 2 3 4 5 6 7\n"),
        "{diagram}"
    );
    assert!(diagram.contains("4 stones played, X to move"));
}

#[test]
fn the_board_masks_are_the_usual_layout() {
    assert_eq!(BOTTOM.count_ones(), 7);
    assert_eq!(BOARD.count_ones(), 42);
    assert_eq!(
        BOARD & (BOTTOM << 6),
        0,
        "the sentinel row is off the board"
    );
}
