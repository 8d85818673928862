//! Reversi's learned pattern evaluation (`--eval pattern`): the final margin estimated as a
//! sum of weights, one per pattern instance, looked up by the instance's squares read as a
//! base-3 number (empty 0, side to move 1, opponent 2), with one weight table per game phase
//! (four empties each). The pattern set is Edax's (Richard Delorme,
//! <https://github.com/abulmo/edax-reversi>, `eval.c`) and Logistello's before it (Michael
//! Buro, "From simple features to sophisticated evaluation functions", 1998): corners 3×3
//! and 2×5, edges with both X-squares, the second to fourth lines and the diagonals of 4 to 8
//! squares, 46 instances in all, each a board symmetry's image of one base instance, so that
//! one table serves all of a pattern's instances. The weights are nodeprof's own, trained by
//! `nodeprof-train` (docs/evaluation.md) and embedded from `pattern-weights.bin`.

use std::cell::RefCell;
use std::sync::OnceLock;

use super::weights_file::{decode, WeightsFileError};
pub use indexer::Lanes;
use indexer::{square_powers, Indexer, SquarePowers};

mod indexer;

/// Phases: one for each four empties (60..57 empties is phase 0, 4..1 phase 14).
pub const PHASES: usize = 15;
/// Weights are in 1/SCALE discs.
pub const SCALE: i32 = 32;

/// The phase of a position with `empties` empty squares.
#[inline(always)]
pub fn phase(empties: u32) -> usize {
    ((60 - empties.min(60)) as usize / 4).min(PHASES - 1)
}

/// The base instances of the patterns, as (file, rank) pairs, a1 = (0, 0); the first square
/// is the index's most significant digit.
const BASES: [(&str, &[(u8, u8)]); 11] = [
    (
        "corner3x3",
        &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
    ),
    (
        "corner2x5",
        &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
        ],
    ),
    (
        "edge2x",
        &[
            (1, 1),
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (6, 0),
            (7, 0),
            (6, 1),
        ],
    ),
    (
        "line2",
        &[
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (7, 1),
        ],
    ),
    (
        "line3",
        &[
            (0, 2),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (7, 2),
        ],
    ),
    (
        "line4",
        &[
            (0, 3),
            (1, 3),
            (2, 3),
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (7, 3),
        ],
    ),
    (
        "diag8",
        &[
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
        ],
    ),
    (
        "diag7",
        &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
    ),
    ("diag6", &[(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7)]),
    ("diag5", &[(0, 3), (1, 4), (2, 5), (3, 6), (4, 7)]),
    ("diag4", &[(0, 4), (1, 5), (2, 6), (3, 7)]),
];

/// Each pattern's count of instances: the distinct images of its base instance under the
/// board's symmetries (`build` finds them and checks these).
const INSTANCE_COUNTS: [usize; 11] = [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4];

/// Where each instance's weights start in a phase's table (after the phase's constant):
/// its pattern's, every pattern's `3^size` weights one after another.
const WEIGHT_STARTS: [u32; INSTANCES] = weight_starts();

const fn weight_starts() -> [u32; INSTANCES] {
    let mut starts = [0; INSTANCES];
    let (mut p, mut i, mut offset) = (0, 0, 1);
    while p < BASES.len() {
        let mut k = 0;
        while k < INSTANCE_COUNTS[p] {
            starts[i] = offset;
            i += 1;
            k += 1;
        }
        offset += 3u32.pow(BASES[p].1.len() as u32);
        p += 1;
    }
    starts
}

/// A phase's constant and each instance's weight at its index in the phase's `table`. The
/// indexes are read four at a time (one 8-byte load, split by shifts) and each weight's
/// place is its start (a constant) past its index, so that the weights' loads are most of
/// the loads.
#[inline(always)]
fn sum(table: &[i16], index: &Lanes) -> i32 {
    let mut sums = [table[0] as i32, 0];
    macro_rules! fours {
        ($($g:literal)*) => { $(four::<$g>(table, index, &mut sums);)* };
    }
    // The 46 instances in 12 fours (the last one two).
    const _: () = assert!(INSTANCES.div_ceil(4) == 12);
    fours!(0 1 2 3 4 5 6 7 8 9 10 11);
    sums[0] + sums[1]
}

/// [`sum`]'s instances `4 G` to `4 G + 3` (those of them below [`INSTANCES`]).
#[inline(always)]
fn four<const G: usize>(table: &[i16], index: &Lanes, sums: &mut [i32; 2]) {
    let lanes = &index.0[4 * G..][..4];
    let q = u64::from(lanes[0])
        | u64::from(lanes[1]) << 16
        | u64::from(lanes[2]) << 32
        | u64::from(lanes[3]) << 48;
    for k in 0..4 {
        if 4 * G + k < INSTANCES {
            let at = WEIGHT_STARTS[4 * G + k] as usize + (q >> (16 * k) & 0xFFFF) as usize;
            // SAFETY: an instance of n squares has an index below 3^n, its pattern's count
            // of weights, which start at its start in the phase's table of `full_len + 1`
            // (`build` lays them out so; `weight_starts_are_the_patterns_offsets` checks).
            sums[k % 2] += unsafe { *table.get_unchecked(at) } as i32;
        }
    }
}

/// The eight symmetries of the board on (file, rank).
fn symmetry(s: usize, (f, r): (u8, u8)) -> (u8, u8) {
    let (f, r) = if s & 4 != 0 { (r, f) } else { (f, r) };
    let f = if s & 1 != 0 { 7 - f } else { f };
    let r = if s & 2 != 0 { 7 - r } else { r };
    (f, r)
}

fn square((f, r): (u8, u8)) -> u8 {
    r * 8 + f
}

/// One pattern: its name, its squares' count, its instances (squares in digit order) and
/// the canonical index of each of its indexes (the least index over the base instance's own
/// symmetries: a pattern and its mirror image share a weight).
pub struct Pattern {
    pub name: &'static str,
    pub size: usize,
    pub instances: Vec<Vec<u8>>,
    pub canonical: Vec<u32>,
    /// Where its weights start in a phase's full table and in its canonical table.
    pub offset: usize,
    pub canonical_offset: usize,
}

/// Every pattern, and for each square the power of 3 it adds to each instance's index.
pub struct Patterns {
    pub patterns: Vec<Pattern>,
    /// For each instance (46 in all), its pattern.
    pub instance_pattern: Vec<u8>,
    powers: Box<SquarePowers>,
    /// A phase's table length: full and canonical (plus one for the phase's constant).
    pub full_len: usize,
    pub canonical_len: usize,
}

/// For each index of a pattern of `size` squares, its canonical number: indexes that a
/// symmetry of the base instance onto itself (`self_maps`) takes into one another share a
/// number; numbers count up in order of each class's least index. Also the numbers' count.
fn canonical_indexes(size: usize, self_maps: &[Vec<usize>]) -> (Vec<u32>, usize) {
    let count = 3usize.pow(size as u32);
    let pows: Vec<u32> = (0..size).map(|k| 3u32.pow((size - 1 - k) as u32)).collect();
    // What a digit at k adds to each self-map's image of the index.
    let map_pows: Vec<Vec<u32>> = self_maps
        .iter()
        .map(|map| (0..size).map(|k| pows[map[k]]).collect())
        .collect();
    let mut canonical = vec![0u32; count];
    let mut number_of_least = vec![u32::MAX; count];
    let mut next = 0;
    // The index's digits and its images, counted up together (the last digit fastest).
    let mut digits = [0u8; 10];
    let mut images = vec![0u32; self_maps.len()];
    for slot in canonical.iter_mut() {
        let least = *images.iter().min().unwrap() as usize;
        if number_of_least[least] == u32::MAX {
            number_of_least[least] = next;
            next += 1;
        }
        *slot = number_of_least[least];
        for k in (0..size).rev() {
            let carry = digits[k] == 2;
            for (image, pows) in images.iter_mut().zip(&map_pows) {
                *image = if carry {
                    *image - 2 * pows[k]
                } else {
                    *image + pows[k]
                };
            }
            if !carry {
                digits[k] += 1;
                break;
            }
            digits[k] = 0;
        }
    }
    (canonical, next as usize)
}

fn build() -> Patterns {
    let (mut patterns, mut instance_pattern) = (Vec::new(), Vec::new());
    let mut by_square = vec![Vec::new(); 64];
    let (mut offset, mut canonical_offset) = (0, 1);
    for (p, (name, base)) in BASES.iter().enumerate() {
        let size = base.len();
        let mut instances: Vec<Vec<u8>> = Vec::new();
        let mut self_maps: Vec<Vec<usize>> = Vec::new();
        let mut sorted_base: Vec<u8> = base.iter().map(|&c| square(c)).collect();
        sorted_base.sort_unstable();
        for s in 0..8 {
            let squares: Vec<u8> = base.iter().map(|&c| square(symmetry(s, c))).collect();
            let mut set = squares.clone();
            set.sort_unstable();
            if set == sorted_base {
                // A symmetry onto itself: digit k goes where square k's image is.
                let base_squares: Vec<u8> = base.iter().map(|&c| square(c)).collect();
                self_maps.push(
                    squares
                        .iter()
                        .map(|sq| base_squares.iter().position(|b| b == sq).unwrap())
                        .collect(),
                );
            }
            if !instances.iter().any(|i| {
                let mut other = i.clone();
                other.sort_unstable();
                other == set
            }) {
                instances.push(squares);
            }
        }
        let count = 3usize.pow(size as u32);
        let pow = |k: usize| 3u32.pow((size - 1 - k) as u32);
        let (canonical, canonical_count) = canonical_indexes(size, &self_maps);
        assert_eq!(instances.len(), INSTANCE_COUNTS[p], "{name}'s instances");
        for squares in &instances {
            let i = instance_pattern.len() as u8;
            for (k, &sq) in squares.iter().enumerate() {
                by_square[sq as usize].push((i, pow(k)));
            }
            instance_pattern.push(p as u8);
        }
        patterns.push(Pattern {
            name,
            size,
            instances,
            canonical,
            offset,
            canonical_offset,
        });
        offset += count;
        canonical_offset += canonical_count;
    }
    Patterns {
        patterns,
        instance_pattern,
        powers: square_powers(&by_square),
        full_len: offset,
        canonical_len: canonical_offset,
    }
}

/// The pattern set (built once).
pub fn patterns() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(build)
}

/// The number of pattern instances.
pub const INSTANCES: usize = 46;

impl Patterns {
    /// The index of each instance for `p` to move against `o`, read from the empty board.
    pub fn indexes(&self, p: u64, o: u64) -> [u32; INSTANCES] {
        let lanes = { Indexer::EMPTY }.indexes(p, o, &self.powers);
        std::array::from_fn(|i| lanes.0[i] as u32)
    }

    /// The canonical feature (a position in a phase's canonical table) of each instance.
    pub fn features(&self, p: u64, o: u64) -> [u32; INSTANCES] {
        let mut index = self.indexes(p, o);
        for (i, slot) in index.iter_mut().enumerate() {
            let pattern = &self.patterns[self.instance_pattern[i] as usize];
            *slot = (pattern.canonical_offset + pattern.canonical[*slot as usize] as usize) as u32;
        }
        index
    }
}

/// Weights for every phase, each phase's table in full (one weight per index of each
/// pattern) after its constant.
pub struct Weights {
    /// Per phase: the constant, then `full_len` weights.
    tables: Vec<i16>,
    stride: usize,
    /// The pattern set's square powers (kept here so that an evaluation need not ask
    /// [`patterns`] for them).
    powers: &'static SquarePowers,
}

impl Weights {
    /// From each phase's canonical weights (the constant first; `canonical_len` each).
    pub fn from_canonical(canonical: &[i16]) -> Weights {
        let set = patterns();
        assert_eq!(canonical.len(), PHASES * set.canonical_len);
        let stride = set.full_len + 1;
        let mut tables = vec![0i16; PHASES * stride];
        for phase in 0..PHASES {
            let from = &canonical[phase * set.canonical_len..][..set.canonical_len];
            let to = &mut tables[phase * stride..][..stride];
            to[0] = from[0];
            for pattern in &set.patterns {
                let weights = &from[pattern.canonical_offset..];
                let full = &mut to[1 + pattern.offset..][..pattern.canonical.len()];
                for (weight, &c) in full.iter_mut().zip(&pattern.canonical) {
                    *weight = weights[c as usize];
                }
            }
        }
        Weights {
            tables,
            stride,
            powers: &set.powers,
        }
    }

    /// The estimated final margin in 1/SCALE discs, for `p` to move against `o`: the
    /// indexes moved from this thread's last evaluation's (see `Indexer`).
    #[inline]
    pub fn raw(&self, p: u64, o: u64) -> i32 {
        LOCAL.with(|local| self.raw_from(&mut local.borrow_mut().last, p, o))
    }

    /// [`Weights::raw`] with the indexes moved from `last`'s.
    #[inline(always)]
    fn raw_from(&self, last: &mut Indexer, p: u64, o: u64) -> i32 {
        let index = last.indexes(p, o, self.powers);
        self.sum(&index, (!(p | o)).count_ones())
    }

    /// The phase's constant and each instance's weight at its index.
    #[inline(always)]
    fn sum(&self, index: &Lanes, empties: u32) -> i32 {
        sum(
            &self.tables[phase(empties) * self.stride..][..self.stride],
            index,
        )
    }

    /// The estimated final margin in discs (rounded, within ±64).
    #[inline]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        discs(self.raw(p, o))
    }
}

/// The embedded weights (`nodeprof-train`'s output).
const EMBEDDED: &[u8] = include_bytes!("pattern-weights.bin");

fn embedded() -> &'static Weights {
    static WEIGHTS: OnceLock<Weights> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        let canonical = decode(EMBEDDED, PHASES * patterns().canonical_len)
            .unwrap_or_else(|e: WeightsFileError| panic!("the embedded pattern weights: {e}"));
        Weights::from_canonical(&canonical)
    })
}

/// A raw evaluation (1/SCALE discs) in discs, rounded, within ±64.
#[inline(always)]
fn discs(raw: i32) -> i32 {
    ((raw + raw.signum() * SCALE / 2) / SCALE).clamp(-64, 64)
}

/// This thread's evaluation state, in one thread-local so that an evaluation reads it once:
/// the weights its evaluations read (the embedded ones, kept at the first evaluation, unless
/// [`with_weights`] put others in) and the indexes of its last evaluation (the next one's
/// are moved from them).
struct Local {
    weights: Option<&'static Weights>,
    last: Indexer,
}

thread_local! {
    static LOCAL: RefCell<Local> = const {
        RefCell::new(Local {
            weights: None,
            last: Indexer::EMPTY,
        })
    };
}

/// Runs `f` with every pattern evaluation on this thread reading `weights` (the trainer's
/// labelling searches, with the phases trained so far); other threads are not affected.
pub fn with_weights<R>(weights: &'static Weights, f: impl FnOnce() -> R) -> R {
    let before = LOCAL.with(|l| l.borrow_mut().weights.replace(weights));
    let result = f();
    LOCAL.with(|l| l.borrow_mut().weights = before);
    result
}

/// The weights [`with_weights`] put in on this thread, if any, for the helper threads of a
/// parallel search to read as well ([`EvalWeights::scoped`]).
#[derive(Clone, Copy)]
pub struct EvalWeights(Option<&'static Weights>);

/// This thread's weights, to hand to the threads that search beside it.
pub fn eval_weights() -> EvalWeights {
    EvalWeights(LOCAL.with(|l| l.borrow().weights))
}

impl EvalWeights {
    /// Runs `f` with this thread's evaluations reading the weights taken (a helper
    /// thread's share of a search), this thread's own put back after: a pool thread serves
    /// one search after another.
    pub fn scoped<R>(self, f: impl FnOnce() -> R) -> R {
        let before = LOCAL.with(|l| std::mem::replace(&mut l.borrow_mut().weights, self.0));
        let result = f();
        LOCAL.with(|l| l.borrow_mut().weights = before);
        result
    }
}

/// The weights in use on this thread.
#[inline]
pub fn active() -> &'static Weights {
    LOCAL.with(|l| l.borrow().weights).unwrap_or_else(embedded)
}

/// Builds the pattern set and the weights in use on this thread, if not yet built.
pub fn prepare() {
    patterns();
    active();
}

/// The pattern evaluation of `p` to move against `o`, in discs.
#[inline]
pub fn pattern_eval(p: u64, o: u64) -> i32 {
    LOCAL.with(|local| {
        let mut local = local.borrow_mut();
        let weights = *local.weights.get_or_insert_with(embedded);
        discs(weights.raw_from(&mut local.last, p, o))
    })
}

#[cfg(test)]
mod tests;
