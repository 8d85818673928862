//! How a game's positions are written: detected, parsed, written and drawn by the game
//! itself, so that position files and `show` need no code per game.

use super::record::{GameRecord, ReadGame};
use super::rules::{Game, Side};

/// A game's position text.
pub trait Notation: Game {
    /// The name as a word in a sentence: `Reversi`.
    const TITLE: &'static str;
    /// Other names `--game` takes (`othello`).
    const ALIASES: &'static [&'static str] = &[];
    /// What its position text is called in messages: `a Reversi board`, `an Ataxx FEN`.
    const TEXT_FORM: &'static str;

    /// The extension of list files that hold this game's positions whatever their lines look
    /// like (Reversi: `obf`, Edax's Othello Board Format).
    const LIST_EXTENSION: Option<&'static str> = None;

    /// Whether a position text (a `.pos` file's first data line, or the position of a list
    /// line or an inline position) is this game's.
    fn looks_like(text: &str) -> bool;

    /// Whether [`Self::looks_like`] is a loose claim, a form so broad (Ataxx's: any text
    /// with ranks split by `/`) that another game's specific claim on the same text comes
    /// first: the registry, which knows every game, decides, and no game asks another.
    const LOOSE_CLAIM: bool = false;

    /// The one-line form (list lines, inline positions, `Display` writes it).
    fn parse_text(text: &str) -> Result<Self, String>;

    /// A list line's position text and value, when the game writes a position's exact
    /// score after it (Connect 4's `4453 12`); `None` for games whose lists give move
    /// values instead.
    fn split_value(text: &str) -> Option<(&str, i32)> {
        let _ = text;
        None
    }

    /// A list line's position text and the operations after it, for games whose lists give
    /// EPD's operations (chess: `FEN bm Nf3; id "x";`); `None` for the others and for a line
    /// without operations.
    fn split_operations(text: &str) -> Option<(&str, &str)> {
        let _ = text;
        None
    }

    /// A position from the data lines of a `.pos` file (line number, text): the position
    /// and how many lines it took. Errors name a line.
    fn parse_lines(lines: &[(usize, &str)]) -> Result<(Self, usize), (usize, String)> {
        let (line, text) = lines[0];
        Ok((Self::parse_text(text).map_err(|m| (line, m))?, 1))
    }

    /// The `.pos` file form (without move values), each line ending in a newline.
    fn write_pos(&self) -> String {
        format!("{self}\n")
    }

    /// How the game names its sides, the first mover's first (`Black`, `White`; Ataxx and
    /// Connect 4: `X`, `O`), in sentences and in the tables.
    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];

    /// The name of `side` (see `SIDE_NAMES`).
    fn side_name(&self, side: Side) -> &'static str {
        Self::SIDE_NAMES[side as usize]
    }

    /// The file a match's game records go to, if the game has a record format.
    const RECORD_FILE: Option<&'static str> = None;

    /// The record of one game, ending in a newline (only asked of games with a
    /// `RECORD_FILE`).
    fn write_record(record: &GameRecord) -> String {
        let _ = record;
        String::new()
    }

    /// Every game of a record file.
    fn read_records(text: &str) -> Result<Vec<ReadGame>, String> {
        let _ = text;
        Err(format!("{} has no game records", Self::TITLE))
    }

    /// A board diagram for `show`, each line ending in a newline.
    fn diagram(&self) -> String;

    /// How far the game has gone, as its players say it (the commands' one-line summary):
    /// `20 empties` by default.
    fn progress(&self) -> String {
        format!("{} empties", self.empties())
    }
}
