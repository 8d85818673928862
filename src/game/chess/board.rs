//! A `Copy` home for cozy-chess's `Board`.
//!
//! nodeprof's games are `Copy` (copy-make, and an `AnyPosition` is a plain value), while
//! cozy-chess's `Board` is only `Clone`: its author left `Copy` out so that an engine does not
//! copy 100-odd bytes by accident. Every field of `Board` is plain data and its `Clone` is
//! derived, so a copy of its bytes is a clone; [`Packed`] keeps those bytes in a `Copy`
//! buffer and lends them back as a `Board`. The compile-time checks below fail the build if a
//! later cozy-chess gives `Board` anything that owns memory (drop glue) or a stricter layout.

use std::mem::{align_of, needs_drop, size_of, MaybeUninit};

use cozy_chess::Board;

const BOARD_BYTES: usize = size_of::<Board>();
/// The board in 64-bit words (copied word by word: a copy read in wider chunks than the
/// move just wrote stalls on store forwarding, and perft lost 10% to it).
const BOARD_WORDS: usize = BOARD_BYTES.div_ceil(8);

// A board that owned memory (a Vec of history, say) could not be copied bytewise.
const _: () = assert!(!needs_drop::<Board>());
const _: () = assert!(align_of::<Board>() <= align_of::<u64>());

/// A `Board`'s bytes, aligned for it.
#[derive(Clone, Copy)]
pub(super) struct Packed {
    words: [MaybeUninit<u64>; BOARD_WORDS],
}

impl Packed {
    #[inline(always)]
    pub(super) fn new(board: Board) -> Packed {
        let mut words = [MaybeUninit::<u64>::uninit(); BOARD_WORDS];
        // SAFETY: the buffer is as large as a Board and aligned for it (its words and the check
        // above); a Board has no drop glue, so moving it into the buffer forgets
        // nothing that needs freeing.
        unsafe { words.as_mut_ptr().cast::<Board>().write(board) };
        Packed { words }
    }

    #[inline(always)]
    pub(super) fn board(&self) -> &Board {
        // SAFETY: the bytes were written from a valid Board by `new` and only ever copied
        // since (a bytewise copy of a Board is a valid Board: see the module comment).
        unsafe { &*self.words.as_ptr().cast::<Board>() }
    }

    #[inline(always)]
    pub(super) fn board_mut(&mut self) -> &mut Board {
        // SAFETY: as for `board`; a Board changed in place stays a valid Board.
        unsafe { &mut *self.words.as_mut_ptr().cast::<Board>() }
    }
}
