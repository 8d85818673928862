//! Test positions: loading suites from files, folders and globs, in a stable order.
//!
//! Formats (all: `%` starts a comment that runs to the end of the line):
//! - FFO `.pos` (Reversi): the 64-square board line, then `Black to move` / `White to move`,
//!   then optionally one line of expected move values `a2:+38; b1:+24`.
//! - Ataxx `.pos`: one FEN line, then optionally one line of expected move values.
//! - `.obf` / `.fen` lists: one position a line, `position; move:value; move:value ...`
//!   (Edax's obf form for Reversi, `board side`; a FEN for Ataxx).

mod builtin;
mod formats;

use std::fmt;
use std::path::{Path, PathBuf};

pub use builtin::SUITES;
pub use formats::{decode, parse_file, parse_position_line, write_list_line, write_pos_file};

use crate::error::PositionError;
use crate::game::{Ataxx, Game, GameKind, Reversi, Side, UniformTree};

/// A position of any of the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    Reversi(Reversi),
    Ataxx(Ataxx),
    Tree(UniformTree),
}

/// Runs `$body` with `$p` bound to the game-typed position inside an [`AnyPosition`], so that
/// generic code is monomorphised once per game.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::position::AnyPosition::Reversi($p) => $body,
            $crate::position::AnyPosition::Ataxx($p) => $body,
            $crate::position::AnyPosition::Tree($p) => $body,
        }
    };
}

impl AnyPosition {
    pub fn kind(&self) -> GameKind {
        fn kind_of<G: Game>(_: &G) -> GameKind {
            G::KIND
        }
        with_position!(self, p => kind_of(p))
    }

    pub fn start(kind: GameKind) -> AnyPosition {
        match kind {
            GameKind::Reversi => AnyPosition::Reversi(Reversi::start()),
            GameKind::Ataxx => AnyPosition::Ataxx(Ataxx::start()),
            GameKind::Tree => AnyPosition::Tree(UniformTree::start()),
        }
    }

    /// Empty squares (for a uniform tree: plies left to the leaves).
    pub fn empties(&self) -> u32 {
        with_position!(self, p => p.empties())
    }

    pub fn side_to_move(&self) -> Side {
        with_position!(self, p => p.side_to_move())
    }
}

impl fmt::Display for AnyPosition {
    /// The one-line form: obf `board side` for Reversi, FEN for Ataxx.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_position!(self, p => p.fmt(f))
    }
}

/// What a suite says about a position: the exact value of some moves, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// Canonical move text and its exact value for the side to move, in file order.
    pub move_values: Vec<(String, i32)>,
}

impl Expected {
    /// The position's value: the best listed move's.
    pub fn score(&self) -> i32 {
        self.move_values.iter().map(|&(_, v)| v).max().unwrap_or(0)
    }

    /// Every listed move that reaches the score.
    pub fn best_moves(&self) -> Vec<&str> {
        let score = self.score();
        self.move_values
            .iter()
            .filter(|(_, v)| *v == score)
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

/// Loads every spec in order: a file, a folder (its position files, in natural order), a
/// glob, a built-in suite (`ffo:40..59`), `startpos` (with `game`), or a position written
/// inline. With `game`, positions of
/// the other game are an error.
pub fn load(specs: &[String], game: Option<GameKind>) -> Result<Vec<Case>, PositionError> {
    let mut cases = Vec::new();
    for spec in specs {
        for file in resolve(spec, game, &mut cases)? {
            cases.extend(parse_file(&file, game)?);
        }
    }
    Ok(cases)
}

/// The cases of a built-in suite's files (see [`builtin`]).
fn load_builtin(
    files: Vec<builtin::File>,
    game: Option<GameKind>,
    cases: &mut Vec<Case>,
) -> Result<(), PositionError> {
    for file in files {
        let path = Path::new("positions").join(file.path);
        let suite = match path.extension().and_then(|e| e.to_str()) {
            Some("obf" | "fen") => path.file_stem(),
            _ => path.parent().and_then(|p| p.file_name()),
        };
        let suite = suite.map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let label = format!("(built in) {}", path.display());
        cases.extend(formats::parse_text(file.text, &label, &path, &suite, game)?);
    }
    Ok(())
}

/// The files a spec names; inline positions and `startpos` go straight into `cases`.
fn resolve(
    spec: &str,
    game: Option<GameKind>,
    cases: &mut Vec<Case>,
) -> Result<Vec<PathBuf>, PositionError> {
    let path = Path::new(spec);
    if path.is_dir() {
        let files = position_files_in(path)?;
        if files.is_empty() {
            return Err(PositionError::NoPositions(spec.to_string()));
        }
        return Ok(files);
    }
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    if spec.contains(['*', '?', '[']) {
        let glob_error = |message: String| PositionError::Glob {
            pattern: spec.into(),
            message,
        };
        let mut files = Vec::new();
        for entry in glob::glob(spec).map_err(|e| glob_error(e.to_string()))? {
            let file = entry.map_err(|e| glob_error(e.to_string()))?;
            if file.is_file() && is_position_file(&file) {
                files.push(file);
            }
        }
        files.sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
        if files.is_empty() {
            return Err(PositionError::NoPositions(spec.to_string()));
        }
        return Ok(files);
    }
    if let Some(files) = builtin::resolve(spec) {
        load_builtin(files?, game, cases)?;
        return Ok(Vec::new());
    }
    if spec.eq_ignore_ascii_case("startpos") {
        let kind = game.ok_or_else(|| PositionError::StartposNeedsGame(spec.into()))?;
        cases.push(Case {
            name: "startpos".into(),
            suite: "inline".into(),
            source: PathBuf::from("startpos"),
            line: 1,
            position: AnyPosition::start(kind),
            expected: None,
        });
        return Ok(Vec::new());
    }
    // A position written inline: a FEN (has '/'), an obf board, or a uniform tree.
    let looks_inline = spec.contains('/') && spec.contains(' ')
        || spec.trim().len() >= 64
        || spec.starts_with("tree:");
    if looks_inline {
        let (position, expected) =
            parse_position_line(spec, game).map_err(|message| PositionError::Parse {
                file: "<argument>".into(),
                line: 1,
                message,
            })?;
        cases.push(Case {
            name: spec.trim().to_string(),
            suite: "inline".into(),
            source: PathBuf::from("<argument>"),
            line: 1,
            position,
            expected,
        });
        return Ok(Vec::new());
    }
    Err(PositionError::NotFound(spec.to_string()))
}

fn is_position_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("pos" | "obf" | "fen")
    )
}

/// The position files directly inside `dir` (not its subfolders), in natural order.
fn position_files_in(dir: &Path) -> Result<Vec<PathBuf>, PositionError> {
    let io_error = |source| PositionError::Io {
        path: dir.display().to_string(),
        source,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io_error)? {
        let path = entry.map_err(io_error)?.path();
        if path.is_file() && is_position_file(&path) {
            files.push(path);
        }
    }
    files.sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    Ok(files)
}

/// Compares names with runs of digits taken as numbers, so `end9` < `end10`.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, _) => return Ordering::Less,
            (_, None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let da = a.iter().take_while(|c| c.is_ascii_digit()).count();
                let db = b.iter().take_while(|c| c.is_ascii_digit()).count();
                let (na, nb) = (trim_zeros(&a[..da]), trim_zeros(&b[..db]));
                let ord = na.len().cmp(&nb.len()).then(na.cmp(nb)).then(da.cmp(&db));
                if ord != Ordering::Equal {
                    return ord;
                }
                a = &a[da..];
                b = &b[db..];
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                a = &a[1..];
                b = &b[1..];
            }
        }
    }
}

fn trim_zeros(digits: &[u8]) -> &[u8] {
    let start = digits.iter().take_while(|&&c| c == b'0').count();
    &digits[start..]
}

#[cfg(test)]
mod tests;
