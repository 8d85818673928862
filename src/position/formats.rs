//! Reading and writing the position file formats (see the module above for the formats).

use std::path::Path;

use super::any::{AnyPosition, Case, Expected};
use crate::error::PositionError;
use crate::game::GameKind;

/// Reads one position file: `.obf` and `.fen` are lists, anything else a single `.pos` case.
pub fn parse_file(path: &Path, game: Option<GameKind>) -> Result<Vec<Case>, PositionError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| PositionError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = decode(&bytes).map_err(|(line, message)| PositionError::Parse {
        file: file.clone(),
        line,
        message,
    })?;
    let suite = suite_of(path).unwrap_or_else(|| "inline".into());
    parse_text(text, &file, path, &suite, game)
}

/// The suite of a file's cases: a list's file stem (`fforum-40-59`, `Test_L3_R1`), else the
/// folder of the `.pos` file (`ffo`).
pub(crate) fn suite_of(path: &Path) -> Option<String> {
    let name = match is_list(path) {
        true => path.file_stem(),
        false => path.parent().and_then(|p| p.file_name()),
    };
    name.map(|s| s.to_string_lossy().into_owned())
}

/// A file's bytes as text: UTF-8, a leading byte-order mark dropped; an error names the line
/// of the first byte that is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, (usize, String)> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
        (
            line,
            format!(
                "byte 0x{:02X} at column {column} is not UTF-8 text",
                bytes[e.valid_up_to()]
            ),
        )
    })
}

/// The extensions of lists of any game; each game names its own too
/// ([`GameKind::of_list_extension`]: `.obf`, `.epd`).
const LIST_EXTENSIONS: [&str; 2] = ["fen", "txt"];

/// Lists: `.fen`, `.txt`, a game's own list extension, and files without an extension
/// (Connect 4's benchmark files, `Test_L3_R1`, one `MOVES SCORE` a line).
fn is_list(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        None => true,
        Some(ext) => LIST_EXTENSIONS.contains(&ext) || GameKind::of_list_extension(ext).is_some(),
    }
}

/// The comment of an Ataxx endgame file naming root moves whose value was too long to prove
/// (they may be as good as the listed ones).
pub const NOT_PROVED: &str = "% not proved within 20 s (may be as good):";

/// Parses the text of a position file named `file` (in errors) at `path` (its extension says
/// whether it is a list), whose cases belong to `suite`.
pub fn parse_text(
    text: &str,
    file: &str,
    path: &Path,
    suite: &str,
    game: Option<GameKind>,
) -> Result<Vec<Case>, PositionError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.to_string());
    let data = data_lines(text);
    let error = |line: usize, message: String| PositionError::Parse {
        file: file.to_string(),
        line,
        message,
    };
    if is_list(path) {
        // An .obf list is Reversi's (Edax's Othello Board Format) whatever its lines look like.
        let game = game.or_else(|| {
            path.extension()
                .and_then(|e| e.to_str())
                .and_then(GameKind::of_list_extension)
        });
        let mut cases = Vec::with_capacity(data.len());
        for &(line, content) in &data {
            let (position, expected, id) =
                parse_position_line(content, game).map_err(|m| error(line, m))?;
            cases.push(Case {
                name: id.unwrap_or_else(|| format!("{name}:{line}")),
                suite: suite.to_string(),
                source: path.to_path_buf(),
                line,
                position,
                expected,
            });
        }
        if cases.is_empty() {
            return Err(PositionError::NoPositions(file.to_string()));
        }
        return Ok(cases);
    }
    let (position, line, expected) = parse_pos(&data, game).map_err(|(l, m)| error(l, m))?;
    Ok(vec![Case {
        name,
        suite: suite.to_string(),
        source: path.to_path_buf(),
        line,
        position,
        expected,
    }])
}

/// The non-blank lines with comments removed (`%` to the end of the line, and lines that start
/// with `#`, as EPD files write them), numbered from 1.
fn data_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split('%').next().unwrap_or("").trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

/// A `.pos` file's data lines: the position, the line it starts on, and its expected values.
fn parse_pos(
    data: &[(usize, &str)],
    game: Option<GameKind>,
) -> Result<(AnyPosition, usize, Option<Expected>), (usize, String)> {
    let Some(&(first_line, first)) = data.first() else {
        return Err((
            1,
            "no position in the file, expected a board line or a FEN".into(),
        ));
    };
    let kind = detect(first, game).map_err(|m| (first_line, m))?;
    let (position, taken) = AnyPosition::parse_lines(kind, data)?;
    let rest = &data[taken..];
    let expected = match rest {
        [] => None,
        [(line, values)] => parse_values(&position, values).map_err(|m| (*line, m))?,
        [_, (line, extra), ..] => {
            return Err((
                *line,
                format!("unexpected line '{extra}': a .pos file holds one position and at most one line of move values"),
            ))
        }
    };
    Ok((position, first_line, expected))
}

/// Which game a position text is: the game that claims it (see `Notation::looks_like`); if
/// none does, the wanted game or else the default game, whose parser then says what is wrong.
fn detect(text: &str, game: Option<GameKind>) -> Result<GameKind, String> {
    match (game, GameKind::claiming(text)) {
        (Some(wanted), Some(found)) if wanted != found => {
            let vowel = wanted
                .title()
                .starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
            Err(format!(
                "expected {} {} position (--game {wanted}), found {}",
                if vowel { "an" } else { "a" },
                wanted.title(),
                found.text_form()
            ))
        }
        (_, Some(found)) => Ok(found),
        (wanted, None) => Ok(wanted.unwrap_or(GameKind::DEFAULT)),
    }
}

/// One line of a list: `position; move:value; ...` (obf board and side, or a FEN), or a chess
/// position and EPD's operations: the position, what the line expects of it, and the name
/// the line gives it (EPD's `id`).
pub fn parse_position_line(
    text: &str,
    game: Option<GameKind>,
) -> Result<(AnyPosition, Option<Expected>, Option<String>), String> {
    let kind = detect(text, game)?;
    if let Some((position_text, operations)) = kind.split_operations(text) {
        let position = AnyPosition::parse_text(kind, position_text)?;
        let ops = super::epd::parse(&position, operations)?;
        return Ok((position, ops.expected, ops.id));
    }
    let (position_text, values) = match text.split_once(';') {
        Some((p, v)) => (p.trim(), v),
        None => (text.trim(), ""),
    };
    let kind = detect(position_text, game)?;
    if let Some((moves, score)) = kind.split_value(position_text) {
        let position = AnyPosition::parse_text(kind, moves)?;
        return Ok((position, Some(Expected::from_score(score)), None));
    }
    let position = AnyPosition::parse_text(kind, position_text)?;
    let expected = parse_values(&position, values)?;
    Ok((position, expected, None))
}

/// `a2:+38; b1:+24` (separators `;`, spaces allowed); every move must be legal.
fn parse_values(position: &AnyPosition, text: &str) -> Result<Option<Expected>, String> {
    let mut move_values = Vec::new();
    for item in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (mv, value) = item
            .split_once(':')
            .ok_or_else(|| format!("bad move value '{item}', expected move:score as in a2:+38"))?;
        let value: i32 = value.trim().parse().map_err(|_| {
            format!(
                "bad score '{}' in '{item}', expected a whole number such as +38",
                value.trim()
            )
        })?;
        let mv = position.canonical_move(mv).map_err(|e| e.to_string())?;
        move_values.push((mv, value));
    }
    Ok(Expected::from_moves(move_values))
}

fn values_text(expected: &Expected) -> String {
    expected
        .move_values
        .iter()
        .map(|(m, v)| format!("{m}:{v:+}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A case as a `.pos` file: the game's `.pos` form (FFO's two lines for Reversi, the FEN
/// for Ataxx), then the move values if the case has them.
pub fn write_pos_file(case: &Case) -> String {
    let mut out = case.position.write_pos();
    if let Some(expected) = &case.expected {
        out.push_str(&values_text(expected));
        out.push('\n');
    }
    out
}

/// A case as one line of a list: `position; move:value; ...;`, or `position score` for a
/// game whose lists give the position's value (Connect 4).
pub fn write_list_line(case: &Case) -> String {
    match &case.expected {
        Some(expected) if expected.move_values.is_empty() => {
            format!("{} {}", case.position, expected.score.unwrap_or_default())
        }
        Some(expected) => format!("{}; {};", case.position, values_text(expected)),
        None => case.position.to_string(),
    }
}
