//! Game records: a finished game in the form each game's own tools read (the games write and
//! read their records through their `Notation`), by side, not by player.

use super::rules::Side;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules: neither side can play on, or four in a row.
    End,
    /// By a move-count rule (Ataxx: 100 halfmoves without a clone).
    MoveRule,
    /// A side's clock ran out (it loses).
    TimeForfeit,
    /// A side played a move the rules forbid, or one that names no move (it loses).
    IllegalMove,
    /// An engine's process ended during the game (it loses).
    Crash,
    /// An engine gave no answer within its stall limit (it loses).
    Stall,
    /// An engine answered with a line its protocol does not allow (it loses).
    ProtocolError,
    /// Decided by nodeprof's exact solver from a position within its reach: the result of
    /// perfect play from there.
    AdjudicatedExact,
    /// Drawn by the engines' scores (both near zero for long enough, as cutechess's `-draw`).
    AdjudicatedDraw,
    /// Lost by a side whose score stayed hopeless (as cutechess's `-resign`).
    AdjudicatedResign,
    /// Drawn at the move limit (`--maxmoves`).
    MaxMoves,
    /// Drawn by the third occurrence of a position (chess).
    Repetition,
    /// Drawn because no side can mate (chess: insufficient material).
    DeadPosition,
}

impl Termination {
    pub const ALL: [Termination; 13] = [
        Termination::End,
        Termination::MoveRule,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crash,
        Termination::Stall,
        Termination::ProtocolError,
        Termination::AdjudicatedExact,
        Termination::AdjudicatedDraw,
        Termination::AdjudicatedResign,
        Termination::MaxMoves,
        Termination::Repetition,
        Termination::DeadPosition,
    ];

    /// The termination the tables write as `name`.
    pub fn named(name: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Termination::End => "end",
            Termination::MoveRule => "move_rule",
            Termination::TimeForfeit => "time_forfeit",
            Termination::IllegalMove => "illegal_move",
            Termination::Crash => "crash",
            Termination::Stall => "stall",
            Termination::ProtocolError => "protocol_error",
            Termination::AdjudicatedExact => "adjudicated_exact",
            Termination::AdjudicatedDraw => "adjudicated_draw",
            Termination::AdjudicatedResign => "adjudicated_resign",
            Termination::MaxMoves => "max_moves",
            Termination::Repetition => "repetition",
            Termination::DeadPosition => "dead_position",
        }
    }

    /// How a record or a game line says it (empty for the end by the rules).
    pub fn describe(self) -> &'static str {
        match self {
            Termination::End => "",
            Termination::MoveRule => "100 halfmoves",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "engine crashed",
            Termination::Stall => "engine stalled",
            Termination::ProtocolError => "protocol error",
            Termination::AdjudicatedExact => "adjudicated by exact solving",
            Termination::AdjudicatedDraw => "adjudicated draw by score",
            Termination::AdjudicatedResign => "adjudicated resignation by score",
            Termination::MaxMoves => "move limit",
            Termination::Repetition => "3-fold repetition",
            Termination::DeadPosition => "insufficient material",
        }
    }

    /// Whether a side lost by a fault of its own (the rest end by the board or an
    /// adjudication).
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit
                | Termination::IllegalMove
                | Termination::Crash
                | Termination::Stall
                | Termination::ProtocolError
        )
    }
}

/// A finished game as a record writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<'a> {
    pub round: u64,
    pub date: &'a str,
    /// The players' names, by side: `[Black's, White's]` (the first side's first).
    pub names: [&'a str; 2],
    /// The start and final positions in the game's position text.
    pub start: &'a str,
    pub final_position: &'a str,
    /// Each move with its side, in the game's notation.
    pub moves: Vec<(Side, &'a str)>,
    /// What each move's search said, move for move (empty when unknown: a record read
    /// back from rows of an older table has it all the same).
    pub notes: Vec<MoveNote>,
    /// Whether move comments carry the nodes.
    pub comment_nodes: bool,
    /// Each side's clock, by side (Black's first), when it had one.
    pub clocks: [Option<RecordClock>; 2],
    /// PGN in cuteataxx's dialect (Black before White, no SetUp, move numbers from 1)
    /// rather than the standard's.
    pub cuteataxx: bool,
    pub termination: Termination,
    /// The winning side; none for a draw.
    pub winner: Option<Side>,
    /// Black's final margin (none after a time forfeit).
    pub margin: Option<i32>,
    /// Black's and White's stones at the end, for games that count them.
    pub stones: Option<[u32; 2]>,
}

impl GameRecord<'_> {
    /// The date (`YYYY-MM-DD HH:MM:SS`, UTC) as PGN writes it: `YYYY.MM.DD`.
    pub fn pgn_date(&self) -> String {
        match self.date.get(..10) {
            Some(day) if !day.is_empty() => day.replace('-', "."),
            _ => "????.??.??".into(),
        }
    }

    /// The time of day (`HH:MM:SS`), if the date has one.
    pub fn time_of_day(&self) -> Option<&str> {
        self.date.get(11..19)
    }

    /// The player of `side`'s name.
    pub fn name(&self, side: Side) -> &str {
        self.names[side as usize]
    }
}

/// A side's clock as records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordClock {
    pub base: std::time::Duration,
    pub increment: std::time::Duration,
    /// Moves per period (the base is added again after each).
    pub moves: Option<u32>,
}

impl RecordClock {
    /// PGN's TimeControl tag: `300+5` (seconds), `40/9000+0`.
    pub fn pgn(&self) -> String {
        let secs = |d: std::time::Duration| {
            let s = d.as_secs_f64();
            match s.fract() == 0.0 {
                true => format!("{}", s as u64),
                false => format!("{s}"),
            }
        };
        let period = self.moves.map_or(String::new(), |m| format!("{m}/"));
        format!("{period}{}+{}", secs(self.base), secs(self.increment))
    }

    /// GGF's `main/increment/extension`, each `mm:ss`: `05:00/00:02/00:00`.
    pub fn ggf(&self) -> String {
        let mmss = |d: std::time::Duration| {
            let s = d.as_secs();
            format!("{:02}:{:02}", s / 60, s % 60)
        };
        format!("{}/{}/00:00", mmss(self.base), mmss(self.increment))
    }
}

/// What a move's search said, for the record's move comments (cutechess's `{+0.25/12
/// 0.150s}`, GGF's `B[d3/1.00/0.15]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// The mover's score, in the game's units (centipawn-like for comments: /100).
    pub score: Option<i32>,
    pub depth: Option<u32>,
    pub time_ns: u64,
    pub nodes: Option<u64>,
}

impl MoveNote {
    /// cutechess's move comment: `{+0.25/12 0.150s}` (`{0.150s}` without a score; with
    /// nodes, ` n=1234` before the brace).
    pub fn pgn_comment(&self, nodes: bool) -> String {
        let mut text = String::from("{");
        if let (Some(score), Some(depth)) = (self.score, self.depth) {
            text.push_str(&format!("{:+.2}/{depth} ", score as f64 / 100.0));
        }
        text.push_str(&format!("{:.3}s", self.time_ns as f64 / 1e9));
        if let (true, Some(n)) = (nodes, self.nodes) {
            text.push_str(&format!(" n={n}"));
        }
        text.push('}');
        text
    }
}

/// A game read back from a record file: its start (in the game's position text) and its
/// moves (in the game's notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    pub start: String,
    pub moves: Vec<String>,
}

/// `text` as a record's quoted value: each of `special` behind a backslash, line breaks and
/// other control characters as spaces, so that a name can neither end its field nor start
/// another (PGN's tag values, GGF's properties).
pub fn escape_text(text: &str, special: &[char]) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if special.contains(&c) => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
