//! Reading and writing the position file formats (see the module above for the formats).

use std::path::Path;

use super::{AnyPosition, Case, Expected};
use crate::error::PositionError;
use crate::game::reversi::parse_side;
use crate::game::{Ataxx, Game, GameKind, Reversi, Side, TreeSpec};
use crate::with_position;

/// Reads one position file: `.obf` and `.fen` are lists, anything else a single `.pos` case.
pub fn parse_file(path: &Path, game: Option<GameKind>) -> Result<Vec<Case>, PositionError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| PositionError::Io {
        path: file.clone(),
        source,
    })?;
    let text = decode(&bytes).map_err(|(line, message)| PositionError::Parse {
        file: file.clone(),
        line,
        message,
    })?;
    let suite = match is_list(path) {
        true => path.file_stem(),
        false => path.parent().and_then(|p| p.file_name()),
    };
    let suite = suite.map_or_else(|| "inline".into(), |s| s.to_string_lossy().into_owned());
    parse_text(text, &file, path, &suite, game)
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

fn is_list(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("obf" | "fen")
    )
}

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
        let mut cases = Vec::with_capacity(data.len());
        for &(line, content) in &data {
            let (position, expected) =
                parse_position_line(content, game).map_err(|m| error(line, m))?;
            cases.push(Case {
                name: format!("{name}:{line}"),
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

/// The non-blank lines with comments (`%` to the end of the line) removed, numbered from 1.
fn data_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split('%').next().unwrap_or("").trim()))
        .filter(|(_, line)| !line.is_empty())
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
    let (position, rest) = match kind {
        GameKind::Ataxx => {
            let pos = Ataxx::from_fen(first).map_err(|m| (first_line, m))?;
            (AnyPosition::Ataxx(pos), &data[1..])
        }
        GameKind::Tree => {
            let tree = TreeSpec::parse(first).map_err(|m| (first_line, m))?;
            (AnyPosition::Tree(tree.root()), &data[1..])
        }
        GameKind::Reversi => {
            let board_error = |m| (first_line, m);
            // The board alone must be well formed before we look for the side line.
            Reversi::from_board(first, Side::Black).map_err(board_error)?;
            let Some(&(side_line, side_text)) = data.get(1) else {
                return Err((
                    first_line + 1,
                    "missing side to move, expected 'Black to move' or 'White to move'".into(),
                ));
            };
            let side = parse_side_line(side_text).map_err(|m| (side_line, m))?;
            let pos = Reversi::from_board(first, side).map_err(board_error)?;
            (AnyPosition::Reversi(pos), &data[2..])
        }
    };
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

/// `Black to move`, `White to move` (also just `Black`, `X`, ...).
fn parse_side_line(text: &str) -> Result<Side, String> {
    let lower = text.to_ascii_lowercase();
    let word = lower.strip_suffix("to move").unwrap_or(&lower).trim();
    parse_side(word)
        .map_err(|_| format!("bad side line '{text}', expected 'Black to move' or 'White to move'"))
}

/// Which game a position text is: `tree:...` a uniform tree, a FEN (with `/`) Ataxx,
/// anything else Reversi.
fn detect(text: &str, game: Option<GameKind>) -> Result<GameKind, String> {
    let found = if text.starts_with("tree:") {
        GameKind::Tree
    } else if text.contains('/') {
        GameKind::Ataxx
    } else {
        GameKind::Reversi
    };
    match game {
        Some(wanted) if wanted != found => Err(format!(
            "expected {} {} position (--game {wanted}), found {}",
            if wanted == GameKind::Ataxx { "an" } else { "a" },
            wanted.title(),
            match found {
                GameKind::Ataxx => "an Ataxx FEN",
                GameKind::Reversi => "a Reversi board",
                GameKind::Tree => "a uniform tree",
            }
        )),
        _ => Ok(found),
    }
}

/// One line of a list: `position; move:value; ...` (obf board and side, or a FEN).
pub fn parse_position_line(
    text: &str,
    game: Option<GameKind>,
) -> Result<(AnyPosition, Option<Expected>), String> {
    let (position_text, values) = match text.split_once(';') {
        Some((p, v)) => (p.trim(), v),
        None => (text.trim(), ""),
    };
    let position = match detect(position_text, game)? {
        GameKind::Ataxx => AnyPosition::Ataxx(Ataxx::from_fen(position_text)?),
        GameKind::Tree => AnyPosition::Tree(TreeSpec::parse(position_text)?.root()),
        GameKind::Reversi => AnyPosition::Reversi(position_text.parse()?),
    };
    let expected = parse_values(&position, values)?;
    Ok((position, expected))
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
        let canonical = with_position!(position, p => p.parse_legal_move(mv)?.to_string());
        move_values.push((canonical, value));
    }
    Ok((!move_values.is_empty()).then_some(Expected { move_values }))
}

fn values_text(expected: &Expected) -> String {
    expected
        .move_values
        .iter()
        .map(|(m, v)| format!("{m}:{v:+}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A case as a `.pos` file: FFO two-line form for Reversi, the FEN for Ataxx, then the
/// move values if the case has them.
pub fn write_pos_file(case: &Case) -> String {
    let mut out = match &case.position {
        AnyPosition::Reversi(p) => {
            format!(
                "{}\n{} to move\n",
                p.board_string(),
                p.side_to_move().name()
            )
        }
        AnyPosition::Ataxx(p) => format!("{}\n", p.fen()),
        AnyPosition::Tree(p) => format!("{p}\n"),
    };
    if let Some(expected) = &case.expected {
        out.push_str(&values_text(expected));
        out.push('\n');
    }
    out
}

/// A case as one line of an `.obf` / `.fen` list: `position; move:value; ...;`.
pub fn write_list_line(case: &Case) -> String {
    match &case.expected {
        Some(expected) => format!("{}; {};", case.position, values_text(expected)),
        None => case.position.to_string(),
    }
}
