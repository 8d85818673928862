//! EPD's operations: what follows a chess position on a line of an `.epd` list,
//! `opcode operand ...;` after the four position fields (Edwards' "Portable Game Notation
//! Specification and Implementation Guide", section 16.2). `bm` and `am` name moves (SAN, or
//! UCI's form), kept canonical; `id` names the case; `dm N` says the side to move mates in
//! N moves; perft's `D1 20` ... give the leaves by
//! depth (the perft suites' form); the others (`c0`, `acd`, `acn`) are read and kept out of
//! the way.

use super::any::{AnyPosition, Expected};

/// What a line's operations say of its position.
#[derive(Debug, Default, PartialEq)]
pub struct Operations {
    /// `bm` and `am`, when given.
    pub expected: Option<Expected>,
    /// `id`.
    pub id: Option<String>,
}

/// Reads the operations `text` of `position`'s line. An error names the operation and what
/// is wrong with it.
pub fn parse(position: &AnyPosition, text: &str) -> Result<Operations, String> {
    let mut ops = Operations::default();
    let mut expected = Expected::default();
    for op in split(text)? {
        let mut words = op.iter();
        let Some(opcode) = words.next() else {
            continue;
        };
        if !opcode.starts_with(|c: char| c.is_ascii_alphabetic())
            || !opcode
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(format!(
                "bad EPD opcode '{opcode}', expected a word such as bm, am, id or c0"
            ));
        }
        let operands: Vec<&String> = words.collect();
        match opcode.as_str() {
            "bm" | "am" => {
                if operands.is_empty() {
                    return Err(format!("'{opcode}' names no move"));
                }
                for san in operands {
                    let canonical = position
                        .canonical_move(san)
                        .map_err(|e| format!("{opcode} {san}: {e}"))?;
                    match opcode.as_str() {
                        "bm" => expected.best.push(canonical),
                        _ => expected.avoid.push(canonical),
                    }
                }
            }
            "id" => ops.id = operands.first().map(|s| s.to_string()),
            "dm" => {
                let what = "the moves to mate (1 or more)";
                let moves: u32 = one_number(opcode, &operands, what)?;
                if moves == 0 {
                    return Err(format!("'dm' takes {what}, found '0'"));
                }
                expected.mate = Some(moves);
            }
            perft if perft_depth(perft).is_some() => {
                let depth = perft_depth(perft).unwrap_or_default();
                let leaves = one_number(perft, &operands, "one count of leaves")?;
                expected.perft.push((depth, leaves));
            }
            _ => {}
        }
    }
    if expected != Expected::default() {
        ops.expected = Some(expected);
    }
    Ok(ops)
}

/// The operations, each a list of words (a quoted string is one word, its quotes dropped);
/// `;` ends an operation, except inside quotes.
fn split(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut ops = Vec::new();
    let (mut op, mut word) = (Vec::new(), String::new());
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                if quoted {
                    op.push(std::mem::take(&mut word));
                }
                quoted = !quoted;
            }
            _ if quoted => word.push(c),
            ';' => {
                if !word.is_empty() {
                    op.push(std::mem::take(&mut word));
                }
                ops.push(std::mem::take(&mut op));
            }
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    op.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if quoted {
        return Err(format!("unterminated string in '{}'", text.trim()));
    }
    if !word.is_empty() {
        op.push(word);
    }
    if !op.is_empty() {
        ops.push(op);
    }
    Ok(ops)
}

/// The one number an operation takes (`dm 3`, `D2 400`); an error names the opcode, what it
/// takes, and what it found.
fn one_number<T: std::str::FromStr>(
    opcode: &str,
    operands: &[&String],
    what: &str,
) -> Result<T, String> {
    let number = match operands {
        [n] => n.parse::<T>().ok(),
        _ => None,
    };
    number.ok_or_else(|| {
        let found: Vec<&str> = operands.iter().map(|s| s.as_str()).collect();
        format!("'{opcode}' takes {what}, found '{}'", found.join(" "))
    })
}

/// The depth of a perft opcode (`D5`: 5).
fn perft_depth(opcode: &str) -> Option<u32> {
    opcode.strip_prefix('D')?.parse().ok().filter(|&d| d > 0)
}
