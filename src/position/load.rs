//! Loading suites from files, folders, globs, built-in suites and inline positions, in a
//! stable order.

use std::path::{Path, PathBuf};

use super::any::{AnyPosition, Case};
use super::builtin;
use super::formats::{self, parse_file, parse_position_line};
use super::natural::natural_cmp;
use crate::error::PositionError;
use crate::game::GameKind;

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
        let suite = formats::suite_of(&path).unwrap_or_default();
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
        let kind = game.ok_or_else(|| PositionError::StartposNeedsGame {
            spec: spec.into(),
            games: GameKind::ALL
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", "),
        })?;
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
    // A position written inline: text some game claims (a FEN, an obf board, a uniform
    // tree, ...), or long enough to be a malformed board (whose parser says what is wrong).
    // A path-like word (a '/' and no space) that names nothing is a missing file.
    let path_like = spec.contains('/') && !spec.contains(' ');
    let looks_inline =
        spec.trim().len() >= 64 || (GameKind::claiming(spec).is_some() && !path_like);
    if looks_inline {
        let (position, expected, _) =
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
        Some("pos" | "obf" | "fen" | "txt")
    )
}

/// The position files directly inside `dir` (not its subfolders), in natural order.
pub(super) fn position_files_in(dir: &Path) -> Result<Vec<PathBuf>, PositionError> {
    let io_error = |source| PositionError::Io {
        path: dir.to_path_buf(),
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
