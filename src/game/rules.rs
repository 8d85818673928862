//! The rules every game implements: one trait, implemented by bitboard engines, so that
//! perft and every search variant are written once and monomorphised per game.

use crate::parse::{ParseError, TextKind};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::str::FromStr;

/// The two players: the one who moves first from a game's start position, and the other.
/// Each game names them (`Notation::SIDE_NAMES`: Reversi's Black and White, Ataxx's X and O,
/// chess's White and Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// The heuristic evaluations of positions at the search horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Disc (Reversi) or piece (Ataxx) difference for the side to move.
    Material,
    /// Reversi only: a classic table of square weights (corners high, their neighbours low).
    SquareWeights,
    /// Reversi only: mobility against the opponent's (corner moves count double) and corners
    /// held: what fastest-first rewards, for the ordering searches of exact solving (`sso`).
    Mobility,
    /// Reversi only: the learned pattern evaluation (46 pattern instances, a weight table for
    /// each four empties), an estimate of the final margin in discs.
    Pattern,
    /// Connect 4 only: open threes (empty squares that would complete four) of the side to
    /// move minus the other side's.
    Threats,
    /// Chess only: PeSTO's material and piece-square tables, middlegame and endgame values
    /// blended by the pieces left.
    Pesto,
}

impl Eval {
    /// Every evaluation.
    pub const ALL: [Eval; 6] = [
        Eval::Material,
        Eval::SquareWeights,
        Eval::Mobility,
        Eval::Pattern,
        Eval::Threats,
        Eval::Pesto,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Eval::Material => "disc",
            Eval::SquareWeights => "weights",
            Eval::Mobility => "mobility",
            Eval::Pattern => "pattern",
            Eval::Threats => "threats",
            Eval::Pesto => "pesto",
        }
    }

    /// What it measures, for help texts.
    pub fn about(self) -> &'static str {
        match self {
            Eval::Material => "Disc / piece difference",
            Eval::SquareWeights => "A classic square-weight table",
            Eval::Mobility => {
                "Mobility against the opponent's, corner moves double, and corners held"
            }
            Eval::Pattern => "Learned patterns: the final margin estimated in discs (Reversi)",
            Eval::Threats => {
                "Open threes: squares completing four for the side to move minus the other's"
            }
            Eval::Pesto => "Chess: PeSTO's tapered material and piece-square tables",
        }
    }
}

impl std::str::FromStr for Eval {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Eval, ParseError> {
        parse_eval(text).map_err(ParseError::of(TextKind::Evaluation))
    }
}

fn parse_eval(text: &str) -> Result<Eval, String> {
    Eval::ALL
        .into_iter()
        .find(|e| e.name() == text)
        .ok_or_else(|| {
            let names: Vec<&str> = Eval::ALL.iter().map(|e| e.name()).collect();
            format!(
                "unknown evaluation '{text}', expected one of {}",
                names.join(", ")
            )
        })
}

/// A move that cannot be read, or cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Text that is not a move in the game's notation; `expected` says what one looks like
    /// (`a Reversi move (a1..h8 or pass)`).
    #[error("'{text}' is not {expected}")]
    Syntax {
        text: String,
        expected: std::borrow::Cow<'static, str>,
    },
    /// A move of the notation that the position does not allow.
    #[error("move {0} is not legal in this position")]
    Illegal(String),
}

impl MoveError {
    /// `text` is not a move; what one looks like.
    pub fn syntax(text: &str, expected: impl Into<std::borrow::Cow<'static, str>>) -> MoveError {
        MoveError::Syntax {
            text: text.to_string(),
            expected: expected.into(),
        }
    }
}

/// A move of some game: small, `Copy`, printing and parsing the usual notation.
pub trait GameMove:
    Copy
    + Eq
    + Ord
    + std::hash::Hash
    + fmt::Debug
    + fmt::Display
    + FromStr<Err = MoveError>
    + Send
    + Sync
    + 'static
{
    /// The forced pass.
    const PASS: Self;

    /// A compact code of the move (for table entries); `from_code(to_code(m)) == m`.
    fn to_code(self) -> u16;
    fn from_code(code: u16) -> Self;

    /// A small index of the move, below `Game::MOVE_INDEXES` (for history tables).
    fn index(self) -> usize;

    /// The move's place when moves are tried file by file (a1, a2, ..., then b1, ...)
    /// rather than in generation order; games without files keep their order.
    fn file_order_key(self) -> u64 {
        self.index() as u64
    }

    fn is_pass(self) -> bool {
        self == Self::PASS
    }
}

/// A fixed-capacity move list that lives on the stack (no allocation per node).
pub trait MoveList<M>: Default + Clone + Deref<Target = [M]> + DerefMut {
    fn push(&mut self, mv: M);
}

impl<M: Copy, const N: usize> MoveList<M> for arrayvec::ArrayVec<M, N> {
    #[inline(always)]
    fn push(&mut self, mv: M) {
        arrayvec::ArrayVec::push(self, mv)
    }
}

/// A two-player, zero-sum, perfect-information game position (copy-make).
///
/// Conventions every implementation follows:
/// - `generate_moves` lists the moves in a fixed order; a side that cannot move but whose
///   game is not over gets exactly one move, `PASS`; a finished game gets none.
/// - scores (`material`, `final_margin`) are from the side to move's point of view.
pub trait Game:
    Copy + Eq + std::hash::Hash + fmt::Debug + fmt::Display + Send + Sync + 'static
{
    type Move: GameMove;
    type Moves: MoveList<Self::Move>;

    /// Lower-case name, as used by `--game` and in CSV files.
    const NAME: &'static str;
    /// The number of moves a position typically has (the middle game's branching factor):
    /// default depths are chosen from it.
    const TYPICAL_BRANCHING: u32 = 10;
    /// Every `Move::index()` is below this.
    const MOVE_INDEXES: usize;
    /// Added to the final margin of a won game (subtracted for a lost one) so that any win
    /// outranks any heuristic value.
    const WIN_BONUS: i32 = 10_000;
    /// The evaluation its depth-limited searches use when the one asked for is not its own
    /// (see `GameKind::usable_eval`).
    const DEFAULT_EVAL: Eval = Eval::Material;
    /// The evaluations the game has (`--eval` names are looked up here; the first is listed
    /// first in help).
    const EVALS: &'static [Eval] = &[Eval::Material];
    /// What perft counts for a game that is already over at depth >= 1 (the published counts
    /// of Reversi count it as one leaf; those of Ataxx as none).
    const FINISHED_GAME_PERFT: u64;
    /// The empties at which a match's exact adjudication solves by default (see `play
    /// --adjudicate-exact`): where the default solver proves a position in well under a
    /// second on one core; none where a few empties can still hold a long game.
    const EXACT_ADJUDICATION_EMPTIES: Option<u32> = None;
    /// The seeded random plies that open a match's games when no openings are named
    /// (`play --openings random:K`): enough that deterministic agents do not play the same
    /// game pair after pair, few enough that the position stays balanced (each opening is
    /// played twice, colours swapped).
    const OPENING_PLIES: u32 = 6;

    /// Whether the game has checks (chess): a move that attacks the king, which `+checkext`
    /// extends and the `flow` search weighs.
    const HAS_CHECKS: bool = false;

    /// Whether the game has captures that settle material (chess), which quiescence search
    /// plays out and MVV-LVA orders ([`Game::captures`], [`Game::capture_rank`]).
    const HAS_CAPTURES: bool = false;

    /// Whether a game drawn by repeating a position or by a reversible-move rule can arise
    /// (chess): the search's `+draws` and the match runner read [`Game::reversible_plies`]
    /// and [`Game::drawn_by_rule`].
    const HAS_DRAW_RULES: bool = false;

    /// Whether a side may pass its move in search (chess's null move, for `+nullmove`).
    const HAS_NULL_MOVE: bool = false;

    /// Whether a won game scores higher the sooner it is won (chess: mate in fewer plies),
    /// so that a search mates instead of staying forever in a won position. A finished game
    /// at ply p of a search scores `terminal_score` moved p toward zero; the table keeps
    /// such scores from the node's point of view.
    const WINS_BY_DISTANCE: bool = false;

    /// The standard start position.
    fn start() -> Self;

    fn side_to_move(&self) -> Side;

    /// All legal moves, in the game's fixed order (see the trait's conventions).
    fn generate_moves(&self) -> Self::Moves;

    /// `generate_moves().len()`, computed without listing them (bulk counting).
    fn count_moves(&self) -> u64;

    /// The position after `mv`, which must be legal here.
    fn play(&self, mv: Self::Move) -> Self;

    /// Whether a move is best made in place on a copy ([`Game::play_in_place`]) rather than by
    /// [`Game::play`] (chess: cozy-chess moves in place). Perft reads it: copying a chess
    /// position again after the move stalls on store forwarding (12%), while Reversi and
    /// Ataxx, whose `play` builds the child from the parent's bitboards, are 5% faster by
    /// `play`.
    const PLAYS_IN_PLACE: bool = false;

    /// Plays `mv` (legal here) on this position. Loops that copy a position and then move
    /// (perft) call this rather than `play` where [`Game::PLAYS_IN_PLACE`], so that a game
    /// whose move is made in place (chess) is not copied again after the move: that copy,
    /// right after the move's stores, stalls on store forwarding.
    #[inline(always)]
    fn play_in_place(&mut self, mv: Self::Move) {
        *self = self.play(mv);
    }

    fn is_over(&self) -> bool;

    /// Whether a finished game was ended by a move-count rule (Ataxx's 100 halfmoves)
    /// rather than by play.
    fn ended_by_move_rule(&self) -> bool {
        false
    }

    /// The stones of the side to move and of the other side, for games that count them
    /// (the score line `30-19` of a match).
    fn stone_counts(&self) -> Option<(u32, u32)> {
        None
    }

    /// The legal moves that capture (games with `HAS_CAPTURES`: chess), for quiescence search.
    fn captures(&self) -> Self::Moves {
        Self::Moves::default()
    }

    /// The most-valuable-victim, least-valuable-attacker rank of `mv` (higher: tried
    /// first), 0 for a move that captures nothing (games with `HAS_CAPTURES`).
    #[inline(always)]
    fn capture_rank(&self, mv: Self::Move) -> u32 {
        let _ = mv;
        0
    }

    /// Whether the side to move is in check (only games with `HAS_CHECKS` have checks): the
    /// move that led here gave check.
    #[inline(always)]
    fn in_check(&self) -> bool {
        false
    }

    /// Plies played since the last irreversible move (chess's halfmove clock): no position
    /// further back can repeat (games with `HAS_DRAW_RULES`).
    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// Whether the game is drawn by a rule other than repetition although moves remain:
    /// chess's fifty-move rule (unless the side to move is mated) and a position where no
    /// side can mate (games with `HAS_DRAW_RULES`).
    #[inline(always)]
    fn drawn_by_rule(&self) -> bool {
        false
    }

    /// The position after the side to move passes (games with `HAS_NULL_MOVE`); `None` where
    /// it may not (in check).
    #[inline(always)]
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Whether `mv` leaves the material as it is (not a capture or a promotion): the moves
    /// late-move reductions reduce and futility pruning skips. Every move of a game without
    /// captures is quiet.
    #[inline(always)]
    fn is_quiet(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }

    /// Final score of a finished game, for the side to move.
    fn final_margin(&self) -> i32;

    /// Disc / piece difference, for the side to move.
    fn material(&self) -> i32;

    /// Readies what `evaluate` with `eval` reads (learned weights loaded and laid out), so
    /// that a search made before its clock starts leaves none of it to the first search's
    /// time, as with the tables. Once a process; nothing for most evaluations.
    fn prepare_eval(_eval: Eval) {}

    /// The heuristic value of a position for the side to move, with evaluation `eval`.
    /// Only the game's `EVALS` are ever asked for.
    #[inline(always)]
    fn evaluate(&self, eval: Eval) -> i32 {
        let _ = eval;
        self.material()
    }

    /// The value of a finished game for the side to move: the final margin, pushed past
    /// every heuristic value by `WIN_BONUS`.
    #[inline(always)]
    fn terminal_score(&self) -> i32 {
        let margin = self.final_margin();
        margin + margin.signum() * Self::WIN_BONUS
    }

    /// Empty squares (gaps excluded).
    fn empties(&self) -> u32;

    /// The most plies the game can still last, when its rules bound it (a search that deep
    /// meets no horizon): `None` where they do not (Ataxx, whose jumps fill no square).
    fn plies_left_at_most(&self) -> Option<u32> {
        None
    }

    /// A 64-bit key of the position, for transposition tables.
    fn key(&self) -> u64;

    /// Whether two positions are the same for the rules, as keys see them: what the graphs
    /// of proof-number and Monte Carlo tree search merge (Ataxx's fullmove number does not
    /// count).
    fn same_state(&self, other: &Self) -> bool {
        self == other
    }

    /// The fastest-first rank of `mv` here (lower: tried first): by default the number of
    /// replies it leaves the opponent.
    #[inline(always)]
    fn mobility_rank(&self, mv: Self::Move) -> u64 {
        self.play(mv).count_moves()
    }

    /// Whether `mv` is legal here (slow path: for parsing and table moves, not for search).
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.generate_moves().contains(&mv)
    }

    /// Parses a move in the game's notation and checks that it is legal here.
    fn parse_legal_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let mv: Self::Move = text.trim().parse()?;
        match self.is_legal(mv) {
            true => Ok(mv),
            false => Err(MoveError::Illegal(mv.to_string())),
        }
    }
}

/// The score of a finished game won by `margin` (see [`Game::terminal_score`]).
#[inline(always)]
pub fn margin_score(margin: i32, win_bonus: i32) -> i32 {
    margin + margin.signum() * win_bonus
}

/// The largest margin whose score is at most `score` (the inverse of [`margin_score`] as a
/// bound, so that windows on scores become windows on margins).
#[inline(always)]
pub fn margin_floor(score: i32, win_bonus: i32) -> i32 {
    if score > win_bonus {
        score - win_bonus
    } else if score >= 0 {
        0
    } else if score > -win_bonus - 1 {
        -1
    } else {
        score + win_bonus
    }
}

/// MurmurHash3's 64-bit finaliser: a cheap, well-mixing bijection.
#[inline(always)]
pub(crate) fn fmix64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}

/// The table key of a bitboard position: the side to move's and the other side's pieces,
/// anything else that tells positions apart (`extra`), and the colour to move.
#[inline(always)]
pub(crate) fn board_key(player: u64, opponent: u64, extra: u64, side: Side) -> u64 {
    let side = match side {
        Side::First => 0,
        Side::Second => 0x5851_F42D_4C95_7F2D,
    };
    fmix64(
        player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ extra
            ^ side,
    )
}

/// Square names shared by both games' notations: file letter then rank digit.
pub(crate) fn parse_square(text: &[u8], files: u8, ranks: u8) -> Option<(u8, u8)> {
    match text {
        [f, r] => {
            let file = f.to_ascii_lowercase().wrapping_sub(b'a');
            let rank = r.wrapping_sub(b'1');
            (file < files && rank < ranks).then_some((file, rank))
        }
        _ => None,
    }
}
