//! The error of every parser of user text on the command line (games, evaluations, metrics,
//! formats, SPRT settings, adjudication rules, shards, agents): what the text was meant to
//! be, and why it is not, in words that name the text. A leaf of the crate: every layer may
//! use it.

use std::fmt;

/// What a piece of user text was meant to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    Game,
    Evaluation,
    Metric,
    Format,
    Sprt,
    SprtModel,
    DrawRule,
    ResignRule,
    Shard,
    Agent,
}

/// User text that does not parse as a `kind`: the message names the text and what was
/// expected (it is what the user reads, unchanged by the kind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: TextKind,
    pub message: String,
}

impl ParseError {
    pub fn new(kind: TextKind, message: impl Into<String>) -> ParseError {
        ParseError {
            kind,
            message: message.into(),
        }
    }

    /// A function turning a parser's message into this error of `kind` (for `map_err`).
    pub fn of(kind: TextKind) -> impl Fn(String) -> ParseError {
        move |message| ParseError::new(kind, message)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

impl From<ParseError> for String {
    fn from(e: ParseError) -> String {
        e.message
    }
}
