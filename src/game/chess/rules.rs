//! Chess's rules, on cozy-chess's move generator: legal moves, make, checkmate and stalemate.
//!
//! The rules end a game by checkmate or stalemate only, as perft counts them. The draws that
//! depend on the game's history or that a player claims (repetition, the 50-move rule,
//! insufficient material) belong to the search's draw enhancement and to matches, which know
//! the history; a `Chess` position holds as much as a FEN does.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use arrayvec::ArrayVec;
use cozy_chess::{BitBoard, Board, Color, File, Move, Piece, Rank, Square};

use super::board::Packed;
use crate::game::rules::{Eval, Game, GameMove, MoveError, Side};

/// The most legal moves of any chess position (218), rounded up.
pub const MAX_MOVES: usize = 224;

/// A chess move: cozy-chess's move (from, to, promotion) and how castling is written.
///
/// Castling is held as cozy-chess holds it, king takes own rook (`e1h1`), which also covers
/// Chess960; it prints as UCI writes it for standard chess (`e1g1`) unless the position is a
/// Chess960 one whose castling UCI writes king takes rook. Holding cozy-chess's move as it is
/// makes playing a move cost no conversion (perft through the `Game` trait keeps up with
/// cozy-chess's own loop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove {
    mv: Move,
    castle: Castle,
}

/// Whether a move castles, and how UCI writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Castle {
    No,
    /// The king's two-square step (`e1g1`, `e1c1`).
    Standard,
    /// King takes rook (Chess960's UCI form).
    Chess960,
}

/// Promotion pieces in their code order (1..4 in bits 12..14 of a code).
const PROMOTIONS: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

impl ChessMove {
    pub fn from_square(self) -> Square {
        self.mv.from
    }

    /// The destination as cozy-chess has it: the own rook's square for castling.
    pub fn to_square(self) -> Square {
        self.mv.to
    }

    pub fn promotion(self) -> Option<Piece> {
        self.mv.promotion
    }

    pub fn is_castle(self) -> bool {
        self.castle != Castle::No
    }

    /// The move as cozy-chess plays it.
    #[inline(always)]
    pub fn to_cozy(self) -> Move {
        self.mv
    }

    /// `mv` (cozy-chess's form, legal in `board`, moving `piece`).
    #[inline(always)]
    fn from_cozy(board: &Board, piece: Piece, mv: Move) -> ChessMove {
        let castle = match piece == Piece::King && board.colors(board.side_to_move()).has(mv.to) {
            false => Castle::No,
            true if mv.from.file() == File::E && matches!(mv.to.file(), File::A | File::H) => {
                Castle::Standard
            }
            true => Castle::Chess960,
        };
        ChessMove { mv, castle }
    }
}

impl PartialOrd for ChessMove {
    fn partial_cmp(&self, other: &ChessMove) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ChessMove {
    /// By code: from square, then to square, then kind.
    fn cmp(&self, other: &ChessMove) -> std::cmp::Ordering {
        self.to_code().cmp(&other.to_code())
    }
}

impl GameMove for ChessMove {
    /// The null move (UCI's `0000`, a1 to a1): never generated, chess has no passes.
    const PASS: ChessMove = ChessMove {
        mv: Move {
            from: Square::A1,
            to: Square::A1,
            promotion: None,
        },
        castle: Castle::No,
    };

    /// From (bits 0..5), to (6..11) and kind (12..14): 0 a plain move, 1 to 4 a promotion
    /// to a knight, bishop, rook or queen, 5 castling written as the king's step, 6 castling
    /// written as king takes rook.
    fn to_code(self) -> u16 {
        let promotion = self
            .mv
            .promotion
            .and_then(|p| PROMOTIONS.iter().position(|&q| q == p))
            .map_or(0, |i| i as u16 + 1);
        let castle = match self.castle {
            Castle::No => 0,
            Castle::Standard => 5,
            Castle::Chess960 => 6,
        };
        self.mv.from as u16 | (self.mv.to as u16) << 6 | (promotion | castle) << 12
    }

    fn from_code(code: u16) -> Self {
        let kind = code >> 12;
        ChessMove {
            mv: Move {
                from: Square::index((code & 63) as usize),
                to: Square::index((code >> 6 & 63) as usize),
                promotion: match kind {
                    1..=4 => Some(PROMOTIONS[kind as usize - 1]),
                    _ => None,
                },
            },
            castle: match kind {
                5 => Castle::Standard,
                6 => Castle::Chess960,
                _ => Castle::No,
            },
        }
    }

    /// From and to (the history tables' usual 64 x 64).
    #[inline(always)]
    fn index(self) -> usize {
        self.mv.from as usize * 64 + self.mv.to as usize
    }
}

impl fmt::Display for ChessMove {
    /// UCI's long algebraic form: `e2e4`, `e7e8q`, `e1g1` (`e1h1` for Chess960 castling).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == ChessMove::PASS {
            return f.write_str("0000");
        }
        let (from, mut to) = (self.from_square(), self.to_square());
        if self.castle == Castle::Standard {
            let file = match to.file() > from.file() {
                true => File::G,
                false => File::C,
            };
            to = Square::new(file, to.rank());
        }
        write!(f, "{from}{to}")?;
        match self.promotion() {
            Some(p) => write!(f, "{p}"),
            None => Ok(()),
        }
    }
}

impl FromStr for ChessMove {
    type Err = MoveError;
    /// UCI's form without a position (`e2e4`, `e7e8q`, `0000`). A castling move needs the
    /// position to be told from a king's step: [`Game::parse_legal_move`] reads it.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text == "0000" {
            return Ok(ChessMove::PASS);
        }
        let mv: Move = text.parse().map_err(|_| {
            MoveError::syntax(
                text,
                "a chess move, expected UCI's form such as e2e4 or e7e8q",
            )
        })?;
        if mv.from == mv.to {
            return Err(MoveError::syntax(text, "a chess move: it moves no piece"));
        }
        Ok(ChessMove {
            mv,
            castle: Castle::No,
        })
    }
}

/// A chess position: cozy-chess's board (as much as a FEN holds).
#[derive(Clone, Copy)]
pub struct Chess(Packed);

impl Chess {
    pub fn from_board(board: Board) -> Chess {
        Chess(Packed::new(board))
    }

    #[inline(always)]
    pub fn board(&self) -> &Board {
        self.0.board()
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u32 {
        self.board().halfmove_clock() as u32
    }
}

/// White moves first: nodeprof's first mover is `Side::First` in every game, named by
/// `Notation::SIDE_NAMES` (`White` here).
#[inline(always)]
pub(super) fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::First,
        Color::Black => Side::Second,
    }
}

impl PartialEq for Chess {
    fn eq(&self, other: &Chess) -> bool {
        self.board() == other.board()
    }
}

impl Eq for Chess {}

impl Hash for Chess {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board().hash().hash(state);
        self.board().halfmove_clock().hash(state);
    }
}

impl fmt::Debug for Chess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chess({self})")
    }
}

impl fmt::Display for Chess {
    /// FEN (Shredder-FEN castling letters for a Chess960 position FEN cannot write).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard = self.board().to_string();
        match Board::from_fen(&standard, false).is_ok_and(|b| &b == self.board()) {
            true => f.write_str(&standard),
            false => write!(f, "{:#}", self.board()),
        }
    }
}

/// Centipawn values of pawn, knight, bishop, rook, queen, king (the classic 1, 3, 3, 5, 9).
const MATERIAL: [i32; 6] = [100, 300, 300, 500, 900, 0];

impl Game for Chess {
    type Move = ChessMove;
    type Moves = ArrayVec<ChessMove, MAX_MOVES>;

    const NAME: &'static str = "chess";
    /// About 35 in the middlegame (de Groot; Shannon's 30): default depths come from it.
    const TYPICAL_BRANCHING: u32 = 35;
    const MOVE_INDEXES: usize = 64 * 64;
    /// Above any evaluation (nine queens and all the rest stay far below it), and with
    /// mates by distance (`WINS_BY_DISTANCE`) within the table's 16-bit values.
    const WIN_BONUS: i32 = 30_000;
    const DEFAULT_EVAL: Eval = Eval::Pesto;
    /// Only its own (as Connect 4): a search asked for `disc`, the default, gets PeSTO, whose
    /// material is the first part of its value.
    const EVALS: &'static [Eval] = &[Eval::Pesto];
    /// Checkmate and stalemate count no leaves below them (the published perft counts).
    const FINISHED_GAME_PERFT: u64 = 0;
    const HAS_CHECKS: bool = true;
    const HAS_CAPTURES: bool = true;
    const HAS_DRAW_RULES: bool = true;
    const HAS_NULL_MOVE: bool = true;
    const WINS_BY_DISTANCE: bool = true;

    fn start() -> Chess {
        Chess::from_board(Board::default())
    }

    #[inline(always)]
    fn side_to_move(&self) -> Side {
        side_of(self.board().side_to_move())
    }

    /// cozy-chess's order: piece by piece, each piece's destinations by square.
    #[inline(always)]
    fn generate_moves(&self) -> Self::Moves {
        let board = self.board();
        let mut list = ArrayVec::new();
        board.generate_moves(|moves| {
            let piece = moves.piece;
            for mv in moves {
                // At most 218 legal moves (MAX_MOVES).
                unsafe { list.push_unchecked(ChessMove::from_cozy(board, piece, mv)) };
            }
            false
        });
        list
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        let mut count = 0;
        self.board().generate_moves(|moves| {
            count += moves.len() as u64;
            false
        });
        count
    }

    #[inline(always)]
    fn play(&self, mv: ChessMove) -> Chess {
        let mut child = *self;
        child.play_in_place(mv);
        child
    }

    const PLAYS_IN_PLACE: bool = true;

    #[inline(always)]
    fn play_in_place(&mut self, mv: ChessMove) {
        self.0.board_mut().play_unchecked(mv.to_cozy());
    }

    /// Moves onto an enemy piece, and en passant.
    #[inline]
    fn captures(&self) -> Self::Moves {
        let board = self.board();
        let us = board.side_to_move();
        let enemy = board.colors(!us);
        let en_passant = board.en_passant().map_or(BitBoard::EMPTY, |file| {
            Square::new(file, Rank::Sixth.relative_to(us)).bitboard()
        });
        let mut list = ArrayVec::new();
        board.generate_moves(|mut moves| {
            moves.to &= match moves.piece {
                Piece::Pawn => enemy | en_passant,
                _ => enemy,
            };
            let piece = moves.piece;
            for mv in moves {
                // At most 218 legal moves (MAX_MOVES).
                unsafe { list.push_unchecked(ChessMove::from_cozy(board, piece, mv)) };
            }
            false
        });
        list
    }

    /// The victim's value (pawn 1 to queen 5; en passant takes a pawn) times 8, less the
    /// attacker's (pawn 1 to king 6).
    #[inline]
    fn capture_rank(&self, mv: ChessMove) -> u32 {
        let board = self.board();
        let (from, to) = (mv.from_square(), mv.to_square());
        let Some(attacker) = board.piece_on(from) else {
            return 0;
        };
        let victim = match board.color_on(to) {
            Some(color) if color != board.side_to_move() => board.piece_on(to),
            None if attacker == Piece::Pawn && from.file() != to.file() => Some(Piece::Pawn),
            _ => None,
        };
        victim.map_or(0, |v| (v as u32 + 1) * 8 - (attacker as u32 + 1))
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        !self.board().checkers().is_empty()
    }

    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        self.halfmove_clock()
    }

    /// The fifty-move rule (a hundred plies without a capture or a pawn move; checkmate on
    /// the hundredth ply stands, FIDE Laws 9.3), or no mating material: kings alone, or
    /// with one knight or one bishop (FIDE Laws 5.2.2's commonest dead positions).
    #[inline]
    fn drawn_by_rule(&self) -> bool {
        let board = self.board();
        if self.halfmove_clock() >= 100 && !(self.in_check() && self.is_over()) {
            return true;
        }
        let minors = board.pieces(Piece::Knight) | board.pieces(Piece::Bishop);
        board.occupied().len() <= 3
            && (board.occupied() - board.pieces(Piece::King)) == (board.occupied() & minors)
    }

    /// None in check, and none with only king and pawns, where zugzwang is common (passing
    /// would be better than any move, and null-move pruning wrong).
    #[inline(always)]
    fn null_move(&self) -> Option<Chess> {
        let board = self.board();
        let ours = board.colors(board.side_to_move());
        let pieces = ours - board.pieces(Piece::Pawn) - board.pieces(Piece::King);
        if pieces.is_empty() {
            return None;
        }
        board.null_move().map(Chess::from_board)
    }

    /// Not a capture, en passant or promotion.
    #[inline(always)]
    fn is_quiet(&self, mv: ChessMove) -> bool {
        mv.promotion().is_none() && self.capture_rank(mv) == 0
    }

    /// Checkmate or stalemate.
    #[inline]
    fn is_over(&self) -> bool {
        !self.board().generate_moves(|_| true)
    }

    /// Checkmated: lost by 1; stalemated: a draw.
    fn final_margin(&self) -> i32 {
        match self.in_check() {
            true => -1,
            false => 0,
        }
    }

    /// Material in centipawns (1, 3, 3, 5, 9), for the side to move.
    #[inline]
    fn material(&self) -> i32 {
        let board = self.board();
        let us = board.colors(board.side_to_move());
        Piece::ALL
            .iter()
            .zip(MATERIAL)
            .map(|(&piece, value)| {
                let pieces = board.pieces(piece);
                value * ((pieces & us).len() as i32 - (pieces - us).len() as i32)
            })
            .sum()
    }

    #[inline]
    fn evaluate(&self, eval: Eval) -> i32 {
        match eval {
            // Not one of its EVALS: never asked for.
            Eval::Material
            | Eval::SquareWeights
            | Eval::Mobility
            | Eval::Pattern
            | Eval::Threats => self.material(),
            Eval::Pesto => super::eval::pesto(self.board()),
        }
    }

    /// Empty squares.
    #[inline(always)]
    fn empties(&self) -> u32 {
        64 - self.board().occupied().len()
    }

    /// cozy-chess's Zobrist hash (pieces, side, castling rights, en passant file).
    #[inline(always)]
    fn key(&self) -> u64 {
        self.board().hash()
    }

    /// UCI's form (`e1g1` or king takes rook for castling), or SAN (`Nf3`, `O-O`, `exd8=Q+`).
    fn parse_legal_move(&self, text: &str) -> Result<ChessMove, MoveError> {
        let text = text.trim();
        let board = self.board();
        let cozy = cozy_chess::util::parse_uci_move(board, text)
            .ok()
            .filter(|&m| board.is_legal(m))
            .or_else(|| cozy_chess::util::parse_san_move(board, text).ok());
        let found = cozy.and_then(|m| self.generate_moves().into_iter().find(|g| g.to_cozy() == m));
        found.ok_or_else(|| match text.parse::<ChessMove>() {
            Ok(_) => MoveError::Illegal(text.to_string()),
            Err(_) => MoveError::syntax(
                text,
                "a legal move here, expected UCI's form (e2e4, e7e8q) or SAN (Nf3, O-O)",
            ),
        })
    }
}
