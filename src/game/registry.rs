//! The games nodeprof knows, listed once. [`game_list!`] hands the list to a macro that
//! builds what needs one entry per game: [`GameKind`] here, the any-game position and its
//! dispatch in `position/`. Adding a game is its folder under `game/` and a line here.

use super::notation::Notation;
use super::record::{GameRecord, ReadGame};
use super::rules::{Eval, Game, Side};
use crate::parse::{ParseError, TextKind};

/// The games: the `GameKind` variant and the position type. The first is the default game
/// (positions no game claims are read as its, so that its parser explains what is wrong).
///
/// `game_list!(callback; extra tokens)` expands to `$crate::callback! { extra tokens; Kind =>
/// Type, ... }` (the callback must be `#[macro_export]`ed).
#[macro_export]
macro_rules! game_list {
    ($then:ident $(; $($extra:tt)*)?) => {
        $crate::$then! {
            $($($extra)*)?;
            Reversi => $crate::game::reversi::Reversi,
            Ataxx => $crate::game::ataxx::Ataxx,
            Connect4 => $crate::game::connect4::Connect4,
            Chess => $crate::game::chess::Chess,
            Tree => $crate::game::tree::UniformTree,
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! define_game_kind {
    (; $($kind:ident => $game:ty,)*) => {
        /// Which game a position belongs to; also the value of the `--game` option.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($kind,)*
        }

        impl GameKind {
            /// Every game, the default first.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$kind,)*];

            /// The game of positions, matches and served engines when nothing names one:
            /// the first of the list.
            pub const DEFAULT: GameKind = Self::ALL[0];

            /// The lower-case name, as `--game` and the CSV files write it.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <$game as Game>::NAME,)*
                }
            }

            /// The name as a word in a sentence: `Reversi`, `Ataxx`.
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <$game as Notation>::TITLE,)*
                }
            }

            /// What its position text is called: `a Reversi board`.
            pub fn text_form(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <$game as Notation>::TEXT_FORM,)*
                }
            }

            /// Other names `--game` takes (`othello`, `c4`).
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$kind => <$game as Notation>::ALIASES,)*
                }
            }

            /// See [`Game::TYPICAL_BRANCHING`].
            pub fn typical_branching(self) -> u32 {
                match self {
                    $(GameKind::$kind => <$game as Game>::TYPICAL_BRANCHING,)*
                }
            }

            /// The evaluation used when the one asked for is not the game's.
            pub fn default_eval(self) -> Eval {
                match self {
                    $(GameKind::$kind => <$game as Game>::DEFAULT_EVAL,)*
                }
            }

            /// Its side names, the first mover's first.
            pub fn side_names(self) -> [&'static str; 2] {
                match self {
                    $(GameKind::$kind => <$game as Notation>::SIDE_NAMES,)*
                }
            }

            /// The file its game records go to, if it has a record format.
            pub fn record_file(self) -> Option<&'static str> {
                match self {
                    $(GameKind::$kind => <$game as Notation>::RECORD_FILE,)*
                }
            }

            /// The record of one game (see [`Notation::write_record`]).
            pub fn write_record(self, record: &GameRecord) -> String {
                match self {
                    $(GameKind::$kind => <$game as Notation>::write_record(record),)*
                }
            }

            /// Every game of a record file.
            pub fn read_records(self, text: &str) -> Result<Vec<ReadGame>, String> {
                match self {
                    $(GameKind::$kind => <$game as Notation>::read_records(text),)*
                }
            }

            /// The empties at which exact adjudication solves by default, if any.
            pub fn exact_adjudication_empties(self) -> Option<u32> {
                match self {
                    $(GameKind::$kind => <$game as Game>::EXACT_ADJUDICATION_EMPTIES,)*
                }
            }

            /// The random plies of a match's default openings.
            pub fn opening_plies(self) -> u32 {
                match self {
                    $(GameKind::$kind => <$game as Game>::OPENING_PLIES,)*
                }
            }

            /// The evaluations its positions have.
            pub fn evals(self) -> &'static [Eval] {
                match self {
                    $(GameKind::$kind => <$game as Game>::EVALS,)*
                }
            }

            /// A list line's position text and exact score, if the game writes lines so.
            pub fn split_value(self, text: &str) -> Option<(&str, i32)> {
                match self {
                    $(GameKind::$kind => <$game as Notation>::split_value(text),)*
                }
            }

            /// A list line's position text and EPD operations, if the game's lines have them.
            pub fn split_operations(self, text: &str) -> Option<(&str, &str)> {
                match self {
                    $(GameKind::$kind => <$game as Notation>::split_operations(text),)*
                }
            }

            /// The game whose list files have extension `ext` whatever their lines look like.
            pub fn of_list_extension(ext: &str) -> Option<GameKind> {
                $(if <$game as Notation>::LIST_EXTENSION == Some(ext) {
                    return Some(GameKind::$kind);
                })*
                None
            }

            /// The game whose position text `text` looks like, if any claims it: the first
            /// whose claim is specific, else the first whose claim is loose.
            pub fn claiming(text: &str) -> Option<GameKind> {
                let mut loose = None;
                $(if <$game as Notation>::looks_like(text) {
                    match <$game as Notation>::LOOSE_CLAIM {
                        false => return Some(GameKind::$kind),
                        true => loose = loose.or(Some(GameKind::$kind)),
                    }
                })*
                loose
            }
        }
    };
}

game_list!(define_game_kind);

impl GameKind {
    /// The game's name for `side` (`Black`; Ataxx and Connect 4: `X`).
    pub fn side_name(self, side: Side) -> &'static str {
        self.side_names()[side as usize]
    }

    /// The side the game names `name`.
    pub fn side_named(self, name: &str) -> Option<Side> {
        [Side::First, Side::Second]
            .into_iter()
            .find(|&s| self.side_name(s) == name)
    }

    /// `eval` if positions of this game have it, else the game's default evaluation.
    pub fn usable_eval(self, eval: Eval) -> Eval {
        match self.evals().contains(&eval) {
            true => eval,
            false => self.default_eval(),
        }
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for GameKind {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<GameKind, ParseError> {
        parse_game(s).map_err(ParseError::of(TextKind::Game))
    }
}

fn parse_game(s: &str) -> Result<GameKind, String> {
    let lower = s.to_ascii_lowercase();
    GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.name() == lower || k.aliases().contains(&lower.as_str()))
        .ok_or_else(|| {
            let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown game '{s}', expected {}", names.join(", "))
        })
}
