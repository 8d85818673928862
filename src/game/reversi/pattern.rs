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

use std::sync::OnceLock;

use super::bits::extract;
use super::weights_file::{decode, WeightsFileError};
use reader::{readers, Reader};

mod reader;

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

/// Every pattern, and for each square the (instance, power of 3) pairs it adds to.
pub struct Patterns {
    pub patterns: Vec<Pattern>,
    /// For each instance (46 in all), its pattern.
    pub instance_pattern: Vec<u8>,
    by_square: Vec<Vec<(u8, u32)>>,
    /// For each instance, how to read its index straight from the bitboards.
    readers: [Reader; INSTANCES],
    /// The readers' tables, one after another: for each subset of an instance's squares (its
    /// bits in square order, as `extract` gives them), the index those squares' digits of 1
    /// make.
    ternary: Vec<u16>,
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
    let mut canonical = vec![0u32; count];
    let mut number_of_least = vec![u32::MAX; count];
    let mut next = 0;
    let mut digits = [0u32; 10];
    for (index, slot) in canonical.iter_mut().enumerate() {
        for (k, digit) in digits[..size].iter_mut().enumerate() {
            *digit = (index as u32 / pows[k]) % 3;
        }
        let least = self_maps
            .iter()
            .map(|map| (0..size).map(|k| digits[k] * pows[map[k]]).sum::<u32>())
            .min()
            .unwrap() as usize;
        if number_of_least[least] == u32::MAX {
            number_of_least[least] = next;
            next += 1;
        }
        *slot = number_of_least[least];
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
    let (readers, ternary) = readers(
        patterns
            .iter()
            .flat_map(|p| p.instances.iter().map(|i| (i.as_slice(), 1 + p.offset))),
    );
    Patterns {
        patterns,
        instance_pattern,
        by_square,
        readers,
        ternary,
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
    /// The index of each instance for `p` to move against `o`.
    #[inline]
    pub fn indexes(&self, p: u64, o: u64) -> [u32; INSTANCES] {
        let mut index = [0u32; INSTANCES];
        for (discs, digit) in [(p, 1), (o, 2)] {
            let mut rest = discs;
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for &(i, pow) in &self.by_square[sq] {
                    index[i as usize] += digit * pow;
                }
            }
        }
        index
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
                for (index, &c) in pattern.canonical.iter().enumerate() {
                    to[1 + pattern.offset + index] = from[pattern.canonical_offset + c as usize];
                }
            }
        }
        Weights { tables, stride }
    }

    /// The estimated final margin in 1/SCALE discs, for `p` to move against `o`: each
    /// instance's index read from the bitboards by its [`Reader`], no per-disc loop.
    #[inline]
    pub fn raw(&self, p: u64, o: u64) -> i32 {
        let set = patterns();
        let table = &self.tables[phase((!(p | o)).count_ones()) * self.stride..][..self.stride];
        let mut sum = table[0] as i32;
        for r in &set.readers {
            let t = r.ternary as usize;
            // SAFETY: `extract` under an instance's mask of n squares is below 2^n, the
            // length of its ternary table; the index it makes is below 3^n, its pattern's
            // count of weights, which start at `r.weights` in the phase's table (`readers`
            // and `build` lay them out so; the readers test checks every instance).
            unsafe {
                let x = *set.ternary.get_unchecked(t + extract(p, r.mask) as usize) as usize
                    + 2 * *set.ternary.get_unchecked(t + extract(o, r.mask) as usize) as usize;
                sum += *table.get_unchecked(r.weights as usize + x) as i32;
            }
        }
        sum
    }

    /// The estimated final margin in discs (rounded, within ±64).
    #[inline]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        let raw = self.raw(p, o);
        ((raw + raw.signum() * SCALE / 2) / SCALE).clamp(-64, 64)
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

thread_local! {
    /// Weights that this thread's pattern evaluations read instead of the embedded ones.
    static OVERRIDE: std::cell::Cell<Option<&'static Weights>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with every pattern evaluation on this thread reading `weights` (the trainer's
/// labelling searches, with the phases trained so far); other threads are not affected.
pub fn with_weights<R>(weights: &'static Weights, f: impl FnOnce() -> R) -> R {
    let before = OVERRIDE.with(|o| o.replace(Some(weights)));
    let result = f();
    OVERRIDE.with(|o| o.set(before));
    result
}

/// The weights in use on this thread.
#[inline]
pub fn active() -> &'static Weights {
    OVERRIDE.with(|o| o.get()).unwrap_or_else(embedded)
}

/// The pattern evaluation of `p` to move against `o`, in discs.
#[inline]
pub fn pattern_eval(p: u64, o: u64) -> i32 {
    active().evaluate(p, o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Reversi};
    use crate::random::splitmix64;

    /// The eight images of a board under the board's symmetries.
    fn images(b: u64) -> [u64; 8] {
        let mut out = [0u64; 8];
        for (s, image) in out.iter_mut().enumerate() {
            for sq in 0..64u8 {
                if b >> sq & 1 == 1 {
                    *image |= 1 << square(symmetry(s, (sq % 8, sq / 8)));
                }
            }
        }
        out
    }

    #[test]
    fn the_pattern_set_is_edaxs_46_instances_in_symmetric_images() {
        let set = patterns();
        let counts: Vec<(&str, usize, usize)> = set
            .patterns
            .iter()
            .map(|p| (p.name, p.size, p.instances.len()))
            .collect();
        assert_eq!(
            counts,
            [
                ("corner3x3", 9, 4),
                ("corner2x5", 10, 8),
                ("edge2x", 10, 4),
                ("line2", 8, 4),
                ("line3", 8, 4),
                ("line4", 8, 4),
                ("diag8", 8, 2),
                ("diag7", 7, 4),
                ("diag6", 6, 4),
                ("diag5", 5, 4),
                ("diag4", 4, 4),
            ]
        );
        assert_eq!(set.instance_pattern.len(), INSTANCES);
        // Mirror-symmetric patterns share a weight between an index and its mirror image:
        // the edge has 3^10 indexes and (3^10 + 3^5) / 2 canonical ones.
        assert_eq!(set.patterns[2].canonical.iter().max(), Some(&(29646 - 1)));
        assert_eq!(set.patterns[1].canonical.iter().max(), Some(&(59049 - 1)));
        assert_eq!(set.canonical_len, 113_878);
    }

    #[test]
    fn indexes_agree_with_reading_each_instance_square_by_square() {
        let set = patterns();
        let mut state = 11u64;
        for _ in 0..200 {
            let p = splitmix64(&mut state) & splitmix64(&mut state);
            let o = splitmix64(&mut state) & !p;
            let index = set.indexes(p, o);
            let mut i = 0;
            for pattern in &set.patterns {
                for squares in &pattern.instances {
                    let expected = squares.iter().fold(0, |acc, &sq| {
                        acc * 3 + (p >> sq & 1) as u32 + 2 * (o >> sq & 1) as u32
                    });
                    assert_eq!(index[i], expected, "{} instance {squares:?}", pattern.name);
                    i += 1;
                }
            }
        }
    }

    #[test]
    fn any_weights_score_a_position_and_its_symmetric_images_alike() {
        // Random canonical weights: the evaluation of the eight images must agree, since
        // every instance's image is an instance and mirror images share canonical weights.
        let set = patterns();
        let mut state = 3u64;
        let canonical: Vec<i16> = (0..PHASES * set.canonical_len)
            .map(|_| (splitmix64(&mut state) % 201) as i16 - 100)
            .collect();
        let weights = Weights::from_canonical(&canonical);
        let mut pos = Reversi::start();
        for _ in 0..40 {
            let (p, o) = pos.player_opponent();
            let (ps, os) = (images(p), images(o));
            let first = weights.raw(p, o);
            for s in 1..8 {
                assert_eq!(weights.raw(ps[s], os[s]), first, "symmetry {s} of {pos}");
            }
            let moves = pos.generate_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(splitmix64(&mut state) % moves.len() as u64) as usize]);
        }
    }

    /// `Weights::raw` by [`Patterns::indexes`], disc by disc: the reference the readers are
    /// tested against.
    fn raw_by_discs(w: &Weights, p: u64, o: u64) -> i32 {
        let set = patterns();
        let table = &w.tables[phase((!(p | o)).count_ones()) * w.stride..][..w.stride];
        let index = set.indexes(p, o);
        let mut sum = table[0] as i32;
        for (i, &x) in index.iter().enumerate() {
            let offset = set.patterns[set.instance_pattern[i] as usize].offset;
            sum += table[1 + offset + x as usize] as i32;
        }
        sum
    }

    #[test]
    fn the_readers_give_the_disc_by_disc_sum() {
        let set = patterns();
        let mut state = 5u64;
        let canonical: Vec<i16> = (0..PHASES * set.canonical_len)
            .map(|_| (splitmix64(&mut state) % 2001) as i16 - 1000)
            .collect();
        let weights = Weights::from_canonical(&canonical);
        for _ in 0..2000 {
            let p = splitmix64(&mut state) & splitmix64(&mut state);
            let o = splitmix64(&mut state) & !p;
            assert_eq!(
                weights.raw(p, o),
                raw_by_discs(&weights, p, o),
                "{p:x} {o:x}"
            );
            assert_eq!(
                active().raw(p, o),
                raw_by_discs(active(), p, o),
                "{p:x} {o:x}"
            );
        }
        for (p, o) in [
            (0, 0),
            (!0, 0),
            (0, !0),
            (0x5555_5555_5555_5555, !0x5555_5555_5555_5555),
        ] {
            assert_eq!(weights.raw(p, o), raw_by_discs(&weights, p, o));
        }
    }

    #[test]
    fn phases_cover_four_empties_each() {
        assert_eq!(phase(60), 0);
        assert_eq!(phase(57), 0);
        assert_eq!(phase(56), 1);
        assert_eq!(phase(5), 13);
        assert_eq!(phase(4), 14);
        assert_eq!(phase(1), 14);
        assert_eq!(phase(0), 14);
    }
}
