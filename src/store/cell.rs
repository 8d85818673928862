//! Text cells of the tables a spreadsheet opens (`runs.csv`, `games.csv`, `xtabs/*.csv`),
//! guarded against formula injection as OWASP's CSV-injection rule says: a text cell that
//! begins with `=`, `+`, `-`, `@`, a tab or a carriage return is written behind a `'`, which
//! spreadsheets show as text and do not evaluate. A cell that begins with `'` gets one more,
//! so reading strips exactly one and every text comes back as it was.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serializer};

const FORMULA_STARTS: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\''];

/// `text` as a cell: behind a `'` when a spreadsheet would read it as a formula.
pub fn escape(text: &str) -> Cow<'_, str> {
    match text.starts_with(FORMULA_STARTS) {
        true => Cow::Owned(format!("'{text}")),
        false => Cow::Borrowed(text),
    }
}

/// The text a cell written by [`escape`] holds.
pub fn unescape(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => cell,
    }
}

/// serde's `with` for a text field.
pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&escape(text))
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let cell = String::deserialize(d)?;
    Ok(unescape(&cell).to_string())
}

/// serde's `serialize_with` for an optional text field.
pub fn serialize_option<S: Serializer>(text: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    match text {
        Some(text) => s.serialize_some(&*escape(text)),
        None => s.serialize_none(),
    }
}

/// serde's `deserialize_with` for an optional text field.
pub fn deserialize_option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let cell = Option::<String>::deserialize(d)?;
    Ok(cell.map(|c| unescape(&c).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_behind_a_quote_and_every_text_comes_back() {
        for (text, cell) in [
            ("=1+2", "'=1+2"),
            ("+64", "'+64"),
            ("-x", "'-x"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("'quoted", "''quoted"),
            ("''=", "'''="),
            ("end40.pos", "end40.pos"),
            ("", ""),
        ] {
            assert_eq!(escape(text), cell);
            assert_eq!(unescape(cell), text);
        }
    }
}
