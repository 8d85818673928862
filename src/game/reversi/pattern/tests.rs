//! The pattern set, its indexes and the evaluation against square-by-square readings.

use super::*;
use crate::game::{Game, Reversi};
use crate::random::splitmix64;

/// Canonical weights drawn from -`spread`..=`spread`, laid out.
fn random_weights(state: &mut u64, spread: i16) -> Weights {
    let span = 2 * spread as u64 + 1;
    let canonical: Vec<i16> = (0..PHASES * patterns().canonical_len)
        .map(|_| (splitmix64(state) % span) as i16 - spread)
        .collect();
    Weights::from_canonical(&canonical)
}

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

/// Each instance's index read square by square in its digits' order: the reference.
fn square_by_square(p: u64, o: u64) -> Vec<u32> {
    let set = patterns();
    let instances = set.patterns.iter().flat_map(|pattern| &pattern.instances);
    instances
        .map(|squares| {
            squares.iter().fold(0, |acc, &sq| {
                acc * 3 + (p >> sq & 1) as u32 + 2 * (o >> sq & 1) as u32
            })
        })
        .collect()
}

#[test]
fn indexes_agree_with_reading_each_instance_square_by_square() {
    let set = patterns();
    let mut state = 11u64;
    for _ in 0..200 {
        let p = splitmix64(&mut state) & splitmix64(&mut state);
        let o = splitmix64(&mut state) & !p;
        assert_eq!(set.indexes(p, o).to_vec(), square_by_square(p, o));
    }
}

#[test]
fn indexes_moved_from_the_last_position_agree_with_reading_them_afresh() {
    // Along random games (near positions, the side to move alternating, passes), then
    // between unrelated boards (far ones: from the empty board), one indexer throughout.
    let set = patterns();
    let mut indexer = Indexer::EMPTY;
    let mut state = 13u64;
    let check = |indexer: &mut Indexer, p: u64, o: u64| {
        let lanes = indexer.indexes(p, o, &set.powers);
        let read: Vec<u32> = lanes.0[..INSTANCES].iter().map(|&x| x as u32).collect();
        assert_eq!(read, square_by_square(p, o), "{p:x} {o:x}");
    };
    for _ in 0..30 {
        let mut pos = Reversi::start();
        while !pos.is_over() {
            let (p, o) = pos.player_opponent();
            check(&mut indexer, p, o);
            check(&mut indexer, o, p);
            let moves = pos.generate_moves();
            pos = pos.play(moves[(splitmix64(&mut state) % moves.len() as u64) as usize]);
        }
    }
    for _ in 0..2000 {
        let p = splitmix64(&mut state) & splitmix64(&mut state);
        let o = splitmix64(&mut state) & !p;
        check(&mut indexer, p, o);
    }
}

#[test]
fn weight_starts_are_the_patterns_offsets() {
    let set = patterns();
    for (i, &start) in WEIGHT_STARTS.iter().enumerate() {
        let pattern = &set.patterns[set.instance_pattern[i] as usize];
        assert_eq!(start as usize, 1 + pattern.offset, "instance {i}");
    }
    let last = &set.patterns[set.patterns.len() - 1];
    assert_eq!(last.offset + 3usize.pow(last.size as u32), set.full_len);
}

#[test]
fn any_weights_score_a_position_and_its_symmetric_images_alike() {
    // Random canonical weights: the evaluation of the eight images must agree, since
    // every instance's image is an instance and mirror images share canonical weights.
    let mut state = 3u64;
    let weights = random_weights(&mut state, 100);
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

/// `Weights::raw` with the indexes read square by square: the reference the moved
/// indexes and the sum are tested against.
fn raw_by_discs(w: &Weights, p: u64, o: u64) -> i32 {
    let set = patterns();
    let table = &w.tables[phase((!(p | o)).count_ones()) * w.stride..][..w.stride];
    let index = square_by_square(p, o);
    let mut sum = table[0] as i32;
    for (i, &x) in index.iter().enumerate() {
        let offset = set.patterns[set.instance_pattern[i] as usize].offset;
        sum += table[1 + offset + x as usize] as i32;
    }
    sum
}

#[test]
fn the_evaluation_is_the_square_by_square_sum() {
    let mut state = 5u64;
    let weights = random_weights(&mut state, 1000);
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

#[test]
fn the_sum_reads_each_instance_weight_at_its_patterns_offset() {
    // Every phase, the indexes at random and at their extremes (0 and 3^size - 1), against
    // the weights read with bounds checks from each pattern's offset.
    let set = patterns();
    let mut state = 17u64;
    let weights = random_weights(&mut state, 30000);
    let sizes: Vec<u32> = (0..INSTANCES)
        .map(|i| set.patterns[set.instance_pattern[i] as usize].size as u32)
        .collect();
    for empties in 0..=60 {
        let table = &weights.tables[phase(empties) * weights.stride..][..weights.stride];
        for round in 0..50 {
            let mut index = Lanes::ZERO;
            for (lane, &size) in index.0.iter_mut().zip(&sizes) {
                let count = 3u64.pow(size);
                *lane = match round {
                    0 => 0,
                    1 => count - 1,
                    _ => splitmix64(&mut state) % count,
                } as u16;
            }
            let expected = (0..INSTANCES).fold(table[0] as i32, |sum, i| {
                let offset = set.patterns[set.instance_pattern[i] as usize].offset;
                sum + table[1 + offset + index.0[i] as usize] as i32
            });
            assert_eq!(weights.sum(&index, empties), expected, "{empties} empties");
        }
    }
}
