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
fn a_few_writes_are_cleared_by_their_log_and_many_by_a_new_generation() {
    // 12 MiB: 2^17 buckets (8 MiB), a handle logs up to 1,024 of them. Rounds of a few keys
    // (logged, cleared bucket by bucket, the generation kept) and of many (a new generation,
    // and a full clear once the generations run out), from one handle or two sharing the table.
    let few: Vec<u64> = (0..100).map(|i| i * 0x9E37_79B9_7F4A_7C15).collect();
    let many: Vec<u64> = (0..5000).map(|i| (i + 7) * 0xD1B5_4A32_D192_ED03).collect();
    let mut tables = Vec::new();
    for round in 0..400 {
        let mut tt = TranspositionTable::with_mib(12).unwrap();
        let mut other = tt.share();
        tables.push((tt.memory_address(), tt.generation()));
        let keys = if round % 3 == 0 { &many } else { &few };
        assert!(
            few.iter().chain(&many).all(|&key| tt.probe(key).is_none()),
            "round {round}: an entry of an earlier table is still there"
        );
        for (i, &key) in keys.iter().enumerate() {
            let handle = if round % 2 == 0 && i % 2 == 1 {
                &mut other
            } else {
                &mut tt
            };
            handle.store(key, 3, Bound::Exact, 1, None, true);
        }
        assert!(keys.iter().all(|&key| tt.probe(key).is_some()));
    }
    // Where a round's table is on the previous round's memory (other tests' tables of other
    // sizes may have taken it back meanwhile): after few keys the generation is kept; after
    // many it is the next (or 1 again once the generations ran out).
    let mut checked = [0, 0];
    for round in 1..400 {
        let ((address, before), (again, now)) = (tables[round - 1], tables[round]);
        if address != again {
            continue;
        }
        let many = (round - 1) % 3 == 0;
        checked[many as usize] += 1;
        match many {
            true => assert!(
                now == before + 1 || (now == 1 && before == 127),
                "round {round}"
            ),
            false => assert_eq!(now, before, "round {round}"),
        }
    }
    assert!(
        checked[0] >= 20 && checked[1] >= 20,
        "too few rounds checked: {checked:?}"
    );
}

#[test]
fn a_direct_table_made_from_a_dropped_ones_memory_starts_empty() {
    // The tutorial's table logs its writes too: rounds of a few and of many stores (more
    // than its handle logs), each new table on the memory of the last finds none of them.
    let few: Vec<u64> = (0..100).map(|i| i * 7_919 + 3).collect();
    let many: Vec<u64> = (0..20_000).map(|i| i * 104_729 + 11).collect();
    for round in 0..300 {
        let mut tt = TranspositionTable::direct(1_000_003, 16).unwrap();
        let keys = if round % 3 == 0 { &many } else { &few };
        assert!(
            few.iter().chain(&many).all(|&key| tt.probe(key).is_none()),
            "round {round}: an entry of an earlier table is still there"
        );
        for &key in keys {
            tt.store_direct(key, 3, Bound::Upper, 1, None);
        }
        assert!(
            keys.iter().all(|&key| tt.probe(key).is_some()),
            "round {round}"
        );
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

/// What the contention test stores for `key`: every field from a second hash of the key,
/// so that an entry read back with another key's fields is seen.
fn fields_of(key: u64) -> (u32, i32, u16) {
    let mut state = key ^ 0x5DEE_CE66_D1CE_4E5B;
    let h = crate::random::splitmix64(&mut state);
    (
        (h & 0xFF) as u32,
        ((h >> 8) % 20_000) as i32 - 10_000,
        (h >> 32) as u16,
    )
}

#[test]
fn threads_writing_few_slots_never_read_another_positions_entry() {
    // One bucket (4 entries) and a direct table of 7 entries, 8 threads storing and probing
    // 64 keys: the entries are torn again and again (one thread's check word with another's
    // data), and no probe may return an entry whose fields are not its key's.
    let bucketed = TranspositionTable::with_mib(0).unwrap();
    assert_eq!(bucketed.slot_count(), ENTRIES_PER_BUCKET);
    let direct = TranspositionTable::direct(7, 0).unwrap();
    let mut state = 11u64;
    let keys: Vec<u64> = (0..64)
        .map(|_| crate::random::splitmix64(&mut state))
        .collect();
    for table in [&bucketed, &direct] {
        let torn = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..8 {
                let (mut table, keys, torn) = (table.share(), &keys, &torn);
                scope.spawn(move || hammer(&mut table, keys, t, torn));
            }
        });
        let torn = torn.into_inner();
        assert!(torn > 0, "the test saw no torn entry: it tested nothing");
    }
}

/// Stores and probes `keys` from thread `t` until this thread has seen a torn entry and done
/// 200,000 rounds (at most 20,000,000), counting the torn entries it saw in `torn`.
fn hammer(
    table: &mut TranspositionTable,
    keys: &[u64],
    t: usize,
    torn: &std::sync::atomic::AtomicU64,
) {
    let mut seen = 0u64;
    for round in 0..20_000_000usize {
        if round >= 200_000 && (seen > 0 || torn.load(std::sync::atomic::Ordering::Relaxed) > 0) {
            break;
        }
        let key = keys[(round * 7 + t * 13) % keys.len()];
        let (depth, score, code) = fields_of(key);
        table.store(key, depth, Bound::Exact, score, Some(code), true);
        let probed = keys[(round * 5 + t) % keys.len()];
        if let Some(entry) = table.probe(probed) {
            let (depth, score, code) = fields_of(probed);
            let want = Entry {
                depth,
                lower: score,
                upper: score,
                move_code: Some(code),
            };
            assert_eq!(entry, want, "key {probed:#x}: another position's entry");
        }
        seen += torn_entries(table, keys);
    }
    torn.fetch_add(seen, std::sync::atomic::Ordering::Relaxed);
}

/// Entries of the table's first bucket (the whole of these tables but the direct one's
/// second bucket) whose check and data words come from different writes: read as a plain
/// key, such an entry would have given one position another's data.
fn torn_entries(table: &TranspositionTable, keys: &[u64]) -> u64 {
    let bucket = table.first_bucket();
    (0..ENTRIES_PER_BUCKET)
        .filter(|&i| {
            let (key, data) = bucket.read_any(i);
            data != 0 && !keys.contains(&key)
        })
        .count() as u64
}
