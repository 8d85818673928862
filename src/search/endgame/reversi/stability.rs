//! Reversi's stable discs, for the solver's stability cut-offs: the discs of a side that no
//! sequence of moves can flip. An edge disc can only be flipped along its edge, so each edge's
//! stable discs come exactly from a table of every edge's contents (worked out once by
//! playing out all that can happen on an edge, either colour on any empty square, as Edax's
//! and Egaroucid's stability do); inner discs are stable when, on each of their four lines,
//! the line is full or a neighbour on it is stable, grown from the edges' stable discs.

use super::{BORDER, FILE_A, FILE_H};
use crate::game::reversi::bits::{deposit, extract, lines_through, play_on_line};

/// The discs of one line of 8 squares that keep their colour whatever is played on the line
/// (bit k: square k), for every content: index `p | o << 8` with `p` and `o` disjoint.
static EDGE_STABLE: [u8; 1 << 16] = edge_table();

/// [`EDGE_STABLE`] worked out from the full lines back: a line's stable discs are its discs
/// that every move on it leaves alone and that stay stable in every line it leads to (each
/// has one disc more, so lines are taken from the fullest down).
const fn edge_table() -> [u8; 1 << 16] {
    let mut table = [0u8; 1 << 16];
    let mut filled: u32 = 8;
    loop {
        let mut p = 0usize;
        while p < 256 {
            let mut o = 0usize;
            while o < 256 {
                if p & o == 0 && (p | o).count_ones() == filled {
                    table[p | o << 8] = stable_on_line(&table, p as u8, o as u8);
                }
                o += 1;
            }
            p += 1;
        }
        if filled == 0 {
            return table;
        }
        filled -= 1;
    }
}

/// One entry of [`edge_table`], from the entries of the fuller lines.
const fn stable_on_line(table: &[u8; 1 << 16], p: u8, o: u8) -> u8 {
    let mut stable = p | o;
    let mut x = 0;
    while x < 8 {
        if (p | o) >> x & 1 == 0 {
            let mut colour = 0;
            while colour < 2 {
                let (np, no) = play_on_line(p, o, x, colour);
                // Kept: the discs of the same colour before and after, stable after.
                let kept = (p & np) | (o & no);
                stable &= kept & table[np as usize | (no as usize) << 8];
                colour += 1;
            }
        }
        x += 1;
    }
    stable
}

/// The stable discs of `p` (against `o`) on the four edges.
#[inline(always)]
fn stable_edges(p: u64, o: u64) -> u64 {
    // Each line's discs are 8 bits: the index fits 16 (no bounds check).
    let line = |pl: u64, ol: u64| EDGE_STABLE[(pl | ol << 8) as u16 as usize] as u64;
    let rank1 = line(p & 0xFF, o & 0xFF);
    let rank8 = line(p >> 56, o >> 56) << 56;
    let file_a = deposit(line(extract(p, FILE_A), extract(o, FILE_A)), FILE_A);
    let file_h = deposit(line(extract(p, FILE_H), extract(o, FILE_H)), FILE_H);
    (rank1 | rank8 | file_a | file_h) & p
}

/// Squares on full lines in each of the four directions (rows, h1-a8 diagonals, files, a1-h8
/// diagonals: [`lines_through`]'s order): those off the four lines through every empty
/// square. The solver asks with few empties, so a loop over them (a table row each) is
/// cheaper than spreading the empties along each direction by shifts (on FFO 40, 166 M
/// instructions in stable discs against 241 M, by callgrind).
pub(super) fn full_lines(filled: u64) -> [u64; 4] {
    let mut open = [0u64; 4];
    let mut empty = !filled;
    while empty != 0 {
        let sq = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        for (lines, line) in open.iter_mut().zip(lines_through(sq)) {
            *lines |= line;
        }
    }
    open.map(|lines| !lines)
}

/// Discs of `p` that can never be flipped: its stable edge discs, and those of its inner
/// discs whose four lines are each full or lead to one of `p`'s stable discs (found by
/// growing the set until it stops). Edge discs come from the edge table alone: one can only
/// be flipped along its edge, where the table is exact, so only inner discs grow the set,
/// and a shift that wraps round the board lands on an edge square, never an inner one (no
/// masks).
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let [rows, anti, cols, diag] = full_lines(p | o);
    let inner = p & !BORDER;
    let mut stable = stable_edges(p, o);
    loop {
        let row = in_register(rows | stable << 1 | stable >> 1);
        let col = in_register(cols | stable << 8 | stable >> 8);
        let dia = in_register(diag | stable << 9 | stable >> 9);
        let ant = in_register(anti | stable << 7 | stable >> 7);
        let grown = stable | (inner & row & col & dia & ant);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// `x`, kept in a general register: left alone, LLVM packs [`stable_discs`]'s four directions
/// into one AVX2 register, and the broadcast in and the reduction out of it lie on the
/// growing loop's chain (the loop in scalar registers: FFO 40..44 3.6% faster, the same
/// nodes). An empty `asm!` block that takes and gives back `x`: no instruction.
#[inline(always)]
fn in_register(x: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    let x = {
        let mut x = x;
        // SAFETY: the block is empty (a comment): it reads and writes nothing but `x`'s
        // register.
        unsafe {
            std::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
        }
        x
    };
    x
}

#[cfg(test)]
mod tests {
    use super::super::{RANK_1, RANK_8};
    use super::*;
    use crate::game::{Game, Reversi};
    use crate::random::splitmix64;

    /// The squares of each diagonal, walked square by square: the test's own reading of a
    /// full diagonal.
    fn diagonal_through(sq: i32, file_step: i32) -> u64 {
        let mut line = 0u64;
        for dir in [1, -1] {
            let (mut f, mut r) = (sq % 8, sq / 8);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                line |= 1 << (r * 8 + f);
                f += dir * file_step;
                r += dir;
            }
        }
        line
    }

    #[test]
    fn full_lines_are_the_filled_lines() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..20_000 {
            let state = splitmix64(&mut seed);
            // Mostly filled boards, so that full lines occur; every other one emptier.
            let holes = if round % 2 == 0 {
                round % 9
            } else {
                round % 61
            } as u32;
            let mut filled = u64::MAX;
            for k in 0..holes {
                filled &= !(1u64 << (state.rotate_left(7 * k) % 64));
            }
            let [rows, anti, cols, diag] = full_lines(filled);
            for sq in 0..64 {
                let full = |line: u64| filled & line == line;
                let row = 0xFFu64 << (sq / 8 * 8);
                let col = FILE_A << (sq % 8);
                let on = |set: u64| set >> sq & 1 == 1;
                assert_eq!(on(rows), full(row), "{filled:#x} {sq}");
                assert_eq!(on(cols), full(col), "{filled:#x} {sq}");
                assert_eq!(on(diag), full(diagonal_through(sq, 1)), "{filled:#x} {sq}");
                assert_eq!(on(anti), full(diagonal_through(sq, -1)), "{filled:#x} {sq}");
            }
        }
    }

    #[test]
    fn stable_discs_are_never_flipped_in_random_play() {
        // Play random games; a disc called stable must keep its colour to the end.
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..300 {
            let mut pos = Reversi::start();
            let mut watched: Vec<(u64, u64)> = Vec::new(); // (stable black, stable white)
            while !pos.is_over() {
                let (b, w) = (pos.black(), pos.white());
                watched.push((stable_discs(b, w), stable_discs(w, b)));
                for &(sb, sw) in &watched {
                    assert_eq!(sb & pos.black(), sb, "{pos}");
                    assert_eq!(sw & pos.white(), sw, "{pos}");
                }
                pos = random_move(pos, &mut seed);
            }
            let (b, w) = (pos.black(), pos.white());
            if b | w == u64::MAX {
                assert_eq!(stable_discs(b, w), b, "a full board is all stable");
            }
        }
        // Corners and full edges.
        let p: u64 = 1 | 1 << 1 | 1 << 8;
        assert_eq!(stable_discs(p, 1 << 9), p);
    }

    /// The rule without the edge table: a disc is stable when each of its four lines is
    /// full, leaves the board at it, or leads to a stable disc of its colour (the rule before
    /// the table, which finds a subset).
    fn stable_by_lines(p: u64, o: u64) -> u64 {
        let [rows, anti, cols, diag] = full_lines(p | o);
        let mut stable = 0u64;
        loop {
            let row = rows | FILE_A | FILE_H | (stable << 1 & !FILE_A) | (stable >> 1 & !FILE_H);
            let col = cols | RANK_1 | RANK_8 | stable << 8 | stable >> 8;
            let dia = diag | BORDER | (stable << 9 & !FILE_A) | (stable >> 9 & !FILE_H);
            let ant = anti | BORDER | (stable << 7 & !FILE_H) | (stable >> 7 & !FILE_A);
            let grown = p & row & col & dia & ant;
            if grown == stable {
                return stable;
            }
            stable = grown;
        }
    }

    /// A random board (about three squares in four filled, the filled ones shared at random
    /// between the two sides): `p`'s discs and `o`'s.
    fn random_board(seed: &mut u64) -> (u64, u64) {
        let state = splitmix64(seed);
        let filled = state | state.rotate_left(23);
        let p = filled & state.rotate_left(41);
        (p, filled & !p)
    }

    /// `pos` after one of its moves drawn at random.
    fn random_move(pos: Reversi, seed: &mut u64) -> Reversi {
        let moves = pos.generate_moves();
        pos.play(moves[(splitmix64(seed) % moves.len() as u64) as usize])
    }

    /// The edge table's discs grown over every disc of `p`, edge discs included, with the
    /// wrap masks (the rule before inner discs alone grew the set).
    fn stable_grown_everywhere(p: u64, o: u64) -> u64 {
        let [rows, anti, cols, diag] = full_lines(p | o);
        let mut stable = stable_edges(p, o);
        loop {
            let row = rows | FILE_A | FILE_H | (stable << 1 & !FILE_A) | (stable >> 1 & !FILE_H);
            let col = cols | RANK_1 | RANK_8 | stable << 8 | stable >> 8;
            let dia = diag | BORDER | (stable << 9 & !FILE_A) | (stable >> 9 & !FILE_H);
            let ant = anti | BORDER | (stable << 7 & !FILE_H) | (stable >> 7 & !FILE_A);
            let grown = stable | (p & row & col & dia & ant);
            if grown == stable {
                return stable;
            }
            stable = grown;
        }
    }

    /// Growing inner discs alone, without masks, finds the same discs as growing every disc
    /// with them: on random boards and along random games.
    #[test]
    fn inner_discs_alone_grow_the_same_stable_set() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut inner = 0;
        for _ in 0..20_000 {
            let (p, o) = random_board(&mut seed);
            let stable = stable_discs(p, o);
            assert_eq!(stable, stable_grown_everywhere(p, o), "{p:#x} {o:#x}");
            assert_eq!(
                stable_discs(o, p),
                stable_grown_everywhere(o, p),
                "{p:#x} {o:#x}"
            );
            inner += (stable & !BORDER != 0) as u32;
        }
        assert!(inner > 100, "only {inner} boards with stable inner discs");
        for _ in 0..200 {
            let mut pos = Reversi::start();
            while !pos.is_over() {
                let (b, w) = (pos.black(), pos.white());
                assert_eq!(stable_discs(b, w), stable_grown_everywhere(b, w), "{pos}");
                assert_eq!(stable_discs(w, b), stable_grown_everywhere(w, b), "{pos}");
                pos = random_move(pos, &mut seed);
            }
        }
    }

    #[test]
    fn the_edge_table_finds_what_the_lines_rule_finds_and_more() {
        let mut seed = 0x5DEE_CE66_D1CE_4E5Bu64;
        let mut more = 0;
        for _ in 0..20_000 {
            let (p, o) = random_board(&mut seed);
            let old = stable_by_lines(p, o);
            let new = stable_discs(p, o);
            assert_eq!(old & new, old, "{p:#x} {o:#x}");
            assert_eq!(new & p, new);
            more += (new != old) as u32;
        }
        assert!(
            more > 0,
            "the table never found a disc the lines rule missed"
        );
        // b1 and h1 the opponent's, c1..g1 ours, a1 empty: whoever plays a1 fills the rank
        // without flipping c1..g1, so they are stable, though the rank is not full and no
        // corner of ours holds them.
        let (p, o) = (0b0111_1100, 0b1000_0010);
        assert_eq!(stable_by_lines(p, o), 0);
        assert_eq!(stable_discs(p, o), p);
        // The same on file h and rank 8, read through the other edges' code.
        let on_file_h = |line: u64| deposit(line, FILE_H);
        assert_eq!(stable_discs(on_file_h(p), on_file_h(o)), on_file_h(p));
        assert_eq!(stable_discs(p << 56, o << 56), p << 56);
        // A full rank is stable whatever its colours.
        assert_eq!(stable_discs(0x55, 0xAA), 0x55);
    }

    /// Plays random moves on one line (either colour on any empty square, flipping along
    /// the line) and checks that the table's stable discs never change colour.
    #[test]
    fn the_edge_tables_discs_survive_random_play_on_the_line() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let state = splitmix64(&mut seed);
            let (mut p, mut o) = ((state & 0xFF) as u8, (state >> 8 & 0xFF) as u8);
            o &= !p;
            let stable = EDGE_STABLE[p as usize | (o as usize) << 8];
            let (sp, so) = (stable & p, stable & o);
            let mut turn = state >> 16;
            while p | o != 0xFF {
                let empties = !(p | o);
                let pick = (turn % empties.count_ones() as u64) as usize;
                let x = (0..8).filter(|k| empties >> k & 1 == 1).nth(pick).unwrap();
                (p, o) = play_on_line(p, o, x, (turn >> 8 & 1) as u32);
                turn = turn.rotate_left(7) ^ 0x9E37;
                assert_eq!((p & sp, o & so), (sp, so));
            }
        }
    }
}
