//! The table against what it must keep and find.

use super::entry::{Entry, ENTRIES_PER_BUCKET, NO_UPPER};
use super::*;

#[test]
fn an_upper_bound_without_a_move_keeps_the_entrys_move() {
    let mut tt = TranspositionTable::with_mib(1).unwrap();
    tt.store(42, 5, Bound::Lower, 10, Some(7), true);
    tt.store(42, 5, Bound::Upper, 12, None, true);
    let entry = tt.probe(42).unwrap();
    assert_eq!(entry.move_code, Some(7));
    assert_eq!((entry.lower, entry.upper), (10, 12));
    tt.store(42, 5, Bound::Lower, 11, Some(9), true);
    assert_eq!(tt.probe(42).unwrap().move_code, Some(9));
}

#[test]
fn a_table_made_from_a_dropped_ones_memory_starts_empty() {
    // Whichever test dropped the memory the pool hands out, it must come back empty,
    // through more table generations than the entries can tell apart (127).
    let keys: Vec<u64> = (0..1000).map(|i| i * 0x9E37_79B9_7F4A_7C15).collect();
    for round in 0..300 {
        let mut tt = TranspositionTable::with_mib(5).unwrap();
        assert!(
            keys.iter().all(|&key| tt.probe(key).is_none()),
            "round {round}"
        );
        for &key in &keys {
            tt.store(key, 3, Bound::Exact, 1, None, true);
        }
        assert!(keys.iter().all(|&key| tt.probe(key).is_some()));
    }
}

#[test]
fn stores_and_finds_entries_with_all_their_fields() {
    let mut tt = TranspositionTable::with_mib(1).unwrap();
    assert_eq!(tt.slot_count(), 1 << 16);
    assert_eq!(
        TranspositionTable::with_mib(3).unwrap().slot_count(),
        1 << 17,
        "rounded down"
    );
    assert_eq!(tt.probe(12345), None);
    tt.store(12345, 7, Bound::Lower, -10_038, Some(0xFFFF), true);
    let e = tt.probe(12345).unwrap();
    assert_eq!(
        e,
        Entry {
            depth: 7,
            lower: -10_038,
            upper: NO_UPPER,
            move_code: Some(0xFFFF)
        }
    );
    tt.store(0, 3, Bound::Exact, 5, None, true);
    assert_eq!(tt.probe(0).unwrap().move_code, None);
    assert!(tt.probe(0).unwrap().is_exact());
    assert_eq!(
        tt.probe(1 << 40),
        None,
        "same bucket as key 0, another position"
    );
    tt.store(1, 3, Bound::Exact, 40_000, None, true);
    assert_eq!(tt.probe(1), None, "beyond 16 bits: not stored");
}

#[test]
fn bounds_of_one_depth_merge_and_other_depths_replace() {
    let mut tt = TranspositionTable::with_mib(1).unwrap();
    tt.store(9, 5, Bound::Lower, -4, None, true);
    tt.store(9, 5, Bound::Upper, 6, Some(3), true);
    let e = tt.probe(9).unwrap();
    assert_eq!((e.lower, e.upper, e.move_code), (-4, 6, Some(3)));
    assert_eq!(e.cut(-10, -4), Some(-4), "lower bound reaches beta");
    assert_eq!(e.cut(6, 10), Some(6), "upper bound at alpha");
    assert_eq!(e.cut(-4, 6), None);
    tt.store(9, 5, Bound::Upper, -2, None, true);
    assert_eq!(
        (tt.probe(9).unwrap().lower, tt.probe(9).unwrap().upper),
        (-4, -2)
    );
    tt.store(9, 5, Bound::Lower, 8, None, true);
    let e = tt.probe(9).unwrap();
    assert_eq!(
        (e.lower, e.upper),
        (8, NO_UPPER),
        "crossing bounds: newest wins"
    );
    tt.store(9, 6, Bound::Upper, 0, None, true);
    let e = tt.probe(9).unwrap();
    assert_eq!(
        (e.lower, e.upper, e.depth),
        (NO_LOWER, 0, 6),
        "another depth replaces"
    );
    tt.store(9, 6, Bound::Lower, -3, None, false);
    let e = tt.probe(9).unwrap();
    assert_eq!((e.lower, e.upper), (-3, NO_UPPER), "no merging: replaces");
}

#[test]
fn a_full_bucket_gives_up_its_shallowest_entry() {
    let mut tt = TranspositionTable::with_mib(1).unwrap();
    let buckets = (tt.slot_count() / ENTRIES_PER_BUCKET) as u64;
    let keys: Vec<u64> = (0..5).map(|i| 7 + i * buckets).collect(); // one bucket
    for (i, &k) in keys[..4].iter().enumerate() {
        tt.store(k, [6, 2, 9, 4][i], Bound::Exact, i as i32, None, true);
    }
    assert!(keys[..4].iter().all(|&k| tt.probe(k).is_some()));
    tt.store(keys[4], 1, Bound::Exact, 9, None, true);
    assert_eq!(tt.probe(keys[1]), None, "depth 2 was the shallowest");
    assert_eq!(
        tt.probe(keys[4]).unwrap().lower,
        9,
        "the new entry is stored"
    );
    assert!([0, 2, 3].iter().all(|&i| tt.probe(keys[i]).is_some()));
    tt.store(keys[0], 1, Bound::Upper, -1, None, true);
    assert_eq!(
        tt.probe(keys[0]).unwrap().depth,
        1,
        "the same position updates"
    );
}
