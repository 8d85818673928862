//! A position of any game ([`AnyPosition`], generated from the game registry) and a test
//! case: a position with where it came from and what its suite says about it.

use std::fmt;
use std::path::PathBuf;

use crate::game::{Game, GameKind, MoveError, Notation, Side};

#[doc(hidden)]
#[macro_export]
macro_rules! define_any_position {
    (; $($kind:ident => $game:ty,)*) => {
        /// A position of any of the games.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum AnyPosition {
            $($kind($game),)*
        }

        impl AnyPosition {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyPosition::$kind(_) => GameKind::$kind,)*
                }
            }

            /// The standard start position of a game.
            pub fn start(kind: GameKind) -> AnyPosition {
                match kind {
                    $(GameKind::$kind => AnyPosition::$kind(<$game as Game>::start()),)*
                }
            }

            /// A position of game `kind` from the data lines of a `.pos` file, and how many
            /// lines it took.
            pub fn parse_lines(
                kind: GameKind,
                lines: &[(usize, &str)],
            ) -> Result<(AnyPosition, usize), (usize, String)> {
                match kind {
                    $(GameKind::$kind => <$game as Notation>::parse_lines(lines)
                        .map(|(p, n)| (AnyPosition::$kind(p), n)),)*
                }
            }

            /// A position of game `kind` from its one-line form.
            pub fn parse_text(kind: GameKind, text: &str) -> Result<AnyPosition, String> {
                match kind {
                    $(GameKind::$kind => <$game as Notation>::parse_text(text).map(AnyPosition::$kind),)*
                }
            }
        }

        $(impl From<$game> for AnyPosition {
            fn from(p: $game) -> AnyPosition {
                AnyPosition::$kind(p)
            }
        })*
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! dispatch_position {
    ($any:expr, $p:ident => $body:expr; $($kind:ident => $game:ty,)*) => {
        match $any {
            $($crate::position::any::AnyPosition::$kind($p) => $body,)*
        }
    };
}

/// Runs `$body` with `$p` bound to the game-typed position inside an [`AnyPosition`], so that
/// generic code is monomorphised once per game.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        $crate::game_list!(dispatch_position; $any, $p => $body)
    };
}

crate::game_list!(define_any_position);

impl AnyPosition {
    /// Empty squares (for a uniform tree: plies left to the leaves).
    pub fn empties(&self) -> u32 {
        with_position!(self, p => p.empties())
    }

    pub fn side_to_move(&self) -> Side {
        with_position!(self, p => p.side_to_move())
    }

    /// What the commands print about a position: `connect4, X to move, 38 empties`.
    pub fn summary(&self) -> String {
        let side = with_position!(self, p => p.side_name(p.side_to_move()));
        let progress = with_position!(self, p => p.progress());
        format!("{}, {side} to move, {progress}", self.kind())
    }

    /// The `.pos` file form of the position (without move values).
    pub fn write_pos(&self) -> String {
        with_position!(self, p => p.write_pos())
    }

    /// The game's board diagram.
    pub fn diagram(&self) -> String {
        with_position!(self, p => p.diagram())
    }

    /// The position after `moves` (each checked legal, in the game's notation), or which
    /// move (1-based) is not.
    pub fn after_moves<S: AsRef<str>>(&self, moves: &[S]) -> Result<AnyPosition, String> {
        let mut pos = *self;
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            pos = with_position!(&pos, p => {
                if p.is_over() {
                    return Err(format!("move {} ({text}) comes after the end of the game", i + 1));
                }
                let mv = p.parse_legal_move(text).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
                AnyPosition::from(p.play(mv))
            });
        }
        Ok(pos)
    }

    /// The move `text` names (in any form the game reads: SAN for chess, a clone written with
    /// its origin for Ataxx, ...) in the game's own notation, if it is legal here.
    pub fn canonical_move(&self, text: &str) -> Result<String, MoveError> {
        with_position!(self, p => p.parse_legal_move(text).map(|m| m.to_string()))
    }

    /// The legal moves in the game's notation.
    pub fn legal_moves(&self) -> Vec<String> {
        with_position!(self, p => p.generate_moves().iter().map(|m| m.to_string()).collect())
    }
}

impl fmt::Display for AnyPosition {
    /// The one-line form: obf `board side` for Reversi, FEN for Ataxx.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_position!(self, p => p.fmt(f))
    }
}

/// What a suite says about a position: its exact value, the exact value of some moves, or (EPD's
/// `bm` and `am`) the moves to find and to avoid.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expected {
    /// The position's value for the side to move (a final margin), where the suite proves one.
    pub score: Option<i32>,
    /// Canonical move text and its exact value for the side to move, in file order (none
    /// when the suite gives only the position's value, as Connect 4's files do).
    pub move_values: Vec<(String, i32)>,
    /// The best moves a suite names without values (EPD's `bm`), canonical.
    pub best: Vec<String>,
    /// The moves a suite says to avoid (EPD's `am`), canonical.
    pub avoid: Vec<String>,
    /// Perft's leaves by depth (EPD's `D1 20; D2 400`), in the order given.
    pub perft: Vec<(u32, u64)>,
    /// The side to move mates in this many moves (EPD's `dm`, direct mate).
    pub mate: Option<u32>,
}

impl Expected {
    /// Values of some moves: the position's value is the best one's.
    pub fn from_moves(move_values: Vec<(String, i32)>) -> Option<Expected> {
        let score = move_values.iter().map(|&(_, v)| v).max()?;
        Some(Expected {
            score: Some(score),
            move_values,
            ..Expected::default()
        })
    }

    /// The position's value alone.
    pub fn from_score(score: i32) -> Expected {
        Expected {
            score: Some(score),
            ..Expected::default()
        }
    }

    /// The position's value, if the suite proves one.
    pub fn score(&self) -> Option<i32> {
        self.score
    }

    /// The moves named best (`bm`), else every listed move that reaches the score.
    pub fn best_moves(&self) -> Vec<&str> {
        if !self.best.is_empty() {
            return self.best.iter().map(String::as_str).collect();
        }
        self.move_values
            .iter()
            .filter(|(_, v)| Some(*v) == self.score)
            .map(|(m, _)| m.as_str())
            .collect()
    }
}

/// One test position with where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// File name (`end40.pos`) or, for lists, file name and line (`fforum-40-59.obf:1`).
    pub name: String,
    /// The folder of a `.pos` file, the file stem of a list, or `inline`.
    pub suite: String,
    pub source: PathBuf,
    /// 1-based line of the position in `source`.
    pub line: usize,
    pub position: AnyPosition,
    pub expected: Option<Expected>,
}
