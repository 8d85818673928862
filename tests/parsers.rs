//! Property tests of every parser of user text: positions of every game, variant and agent
//! specs, durations, shard and SPRT specs, runs.csv, games.csv and a shard's meta.json. Each
//! takes arbitrary (and nearly valid) text without panicking, and what it writes it reads
//! back exactly. 100,000 inputs each by default; NODEPROF_PROPTEST_CASES sets another count
//! (the long run: `NODEPROF_PROPTEST_CASES=5000000 cargo test --release --test parsers`).

use std::path::Path;
use std::time::Duration;

use clap::Parser;

use proptest::prelude::*;

use nodeprof::cli::{parse_depths, parse_duration, Cli};
use nodeprof::game::GameKind;
use nodeprof::play::Agent;
use nodeprof::position::AnyPosition;
use nodeprof::search::END;
use nodeprof::search::{Variant, BASES, ENHANCEMENTS, PRESETS};
use nodeprof::stats::Sprt;
use nodeprof::store::games::{parse_rows, GameRow};
use nodeprof::store::meta::parse_shard_meta;
use nodeprof::store::ShardSpec;
use nodeprof::store::{parse_runs, Record, Status};

/// Inputs per property: 10,000 in the README's test run, 100,000 in the long run
/// (`NODEPROF_LONG_TESTS`, as `.ci/run` sets it), or NODEPROF_PROPTEST_CASES.
fn cases() -> u32 {
    let long = std::env::var_os("NODEPROF_LONG_TESTS").is_some();
    std::env::var("NODEPROF_PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if long { 100_000 } else { 10_000 })
}

/// Text near the grammars (their characters, short), or anything at all.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9a-zA-Z:+@=,./ _-]{0,24}",
        "[0-9.smhdyu ]{0,16}",
        any::<String>(),
    ]
}

/// `bytes` with a few bytes replaced, inserted or removed at the positions `edits` name.
fn mutate(bytes: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for &(at, byte, kind) in edits {
        let at = at % (out.len() + 1);
        match kind % 3 {
            0 if at < out.len() => out[at] = byte,
            1 => out.insert(at, byte),
            _ if at < out.len() => {
                out.remove(at);
            }
            _ => {}
        }
    }
    out
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..4)
}

/// A variant spec from the grammar's own names: a base or preset and some enhancements.
fn spec() -> impl Strategy<Value = String> {
    let heads: Vec<&str> = BASES
        .iter()
        .map(|b| b.name)
        .chain(PRESETS.iter().map(|p| p.name))
        .collect();
    let plus: Vec<&str> = ENHANCEMENTS.iter().map(|e| e.name).collect();
    (
        prop::sample::select(heads),
        prop::collection::vec(prop::sample::select(plus), 0..4),
    )
        .prop_map(|(head, more)| {
            std::iter::once(head)
                .chain(more)
                .collect::<Vec<_>>()
                .join("+")
        })
}

/// `rows` as a CSV table with its header, as the tools write it.
fn csv_bytes<T: serde::Serialize>(rows: &[T]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in rows {
        w.serialize(row).unwrap();
    }
    w.into_inner().unwrap()
}

/// Depths and durations as the command line takes them.
#[test]
fn depths_are_a_number_or_a_range() {
    let d = parse_depths("2..6").unwrap();
    assert_eq!((d.from, d.to), (2, 6));
    let d = parse_depths("2..=6").unwrap();
    assert_eq!((d.from, d.to), (2, 6));
    let d = parse_depths("8").unwrap();
    assert_eq!((d.from, d.to), (8, 8));
    let d = parse_depths("end").unwrap();
    assert_eq!((d.from, d.to), (END, END));
    for bad in ["0", "6..2", "x", "2..", "..4", "1..999", "-1"] {
        let err = parse_depths(bad).unwrap_err();
        assert!(
            err.starts_with("expected a depth N, a range FROM..TO"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn durations_are_range_checked() {
    assert_eq!(parse_duration("2.5"), Ok(Duration::from_millis(2500)));
    assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
    assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
    for bad in [
        "0",
        "0s",
        "0ms",
        "-1",
        "1e20",
        "1e19",
        "300000000000y",
        "2y",
        "NaN",
        "inf",
        "x",
        "",
    ] {
        let err = parse_duration(bad).unwrap_err();
        assert!(
            err.starts_with(&format!("bad duration '{bad}'")),
            "{bad}: {err}"
        );
    }
    for bad in ["1e20", "0s", "300000000000y"] {
        let err = Cli::try_parse_from(["nodeprof", "sweep", "--time-limit", bad]).unwrap_err();
        assert!(err.to_string().contains("at most a year"), "{bad}: {err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn positions_of_every_game_round_trip_and_bad_text_is_an_error(
        game in prop::sample::select(vec![GameKind::Reversi, GameKind::Ataxx, GameKind::Connect4]),
        picks in prop::collection::vec(any::<u32>(), 0..60),
        junk in text(),
    ) {
        let mut pos = AnyPosition::start(game);
        for pick in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.after_moves(&[moves[pick as usize % moves.len()].as_str()]).unwrap();
        }
        let text = pos.to_string();
        prop_assert_eq!(AnyPosition::parse_text(game, &text), Ok(pos));
        let _ = AnyPosition::parse_text(game, &junk);
    }

    #[test]
    fn variant_specs_round_trip_and_bad_ones_are_errors(spec in spec(), junk in text()) {
        if let Ok(variant) = spec.parse::<Variant>() {
            let written = variant.to_string();
            let again: Variant = written.parse().unwrap();
            prop_assert_eq!(&again, &variant);
            prop_assert_eq!(again.to_string(), written);
        }
        let _ = junk.parse::<Variant>();
    }

    #[test]
    fn agent_specs_round_trip_and_bad_ones_are_errors(
        head in prop_oneof![Just("random".to_string()), Just("greedy".to_string()), spec()],
        depth in prop::option::of(1u32..40),
        nodes in prop::option::of(1u64..10_000_000),
        movetime in prop::option::of(1u64..100_000),
        clock in prop::option::of((1u64..100_000, 0u64..5_000)),
        shuffle in any::<bool>(),
        junk in text(),
    ) {
        let mut options = Vec::new();
        if let Some(d) = depth { options.push(format!("depth={d}")); }
        if let Some(n) = nodes { options.push(format!("nodes={n}")); }
        if let Some(t) = movetime { options.push(format!("movetime={t}ms")); }
        if let Some((b, i)) = clock { options.push(format!("clock={b}ms+{i}ms")); }
        if shuffle { options.push("shuffle".into()); }
        let text = match options.is_empty() {
            true => head,
            false => format!("{head}@{}", options.join(",")),
        };
        if let Ok(agent) = text.parse::<Agent>() {
            let written = agent.to_string();
            let again: Agent = written.parse().unwrap();
            prop_assert_eq!(again.to_string(), written);
        }
        let _ = junk.parse::<Agent>();
    }

    #[test]
    fn durations_round_trip_and_bad_ones_are_errors(ns in 1u64..=365 * 24 * 3600 * 1_000_000_000, junk in text()) {
        let d = std::time::Duration::from_nanos(ns);
        prop_assert_eq!(nodeprof::duration::parse(&format!("{ns}ns"), false), Ok(d));
        let secs = format!("{}.{:09}", ns / 1_000_000_000, ns % 1_000_000_000);
        prop_assert_eq!(nodeprof::duration::parse(&secs, false), Ok(d));
        if let Ok(parsed) = nodeprof::duration::parse(&junk, true) {
            prop_assert!(parsed <= nodeprof::duration::MAX);
        }
    }

    #[test]
    fn shard_specs_round_trip_and_bad_ones_are_errors(count in 1u32.., index in any::<u32>(), junk in text()) {
        let index = index % count + 1;
        let spec: ShardSpec = format!("{index}/{count}").parse().unwrap();
        let shard = spec.resolve(|_| None).unwrap();
        prop_assert_eq!((shard.index, shard.count), (index, count));
        if let Ok(spec) = junk.parse::<ShardSpec>() {
            let env = |name: &str| match name {
                "SLURM_ARRAY_TASK_ID" => Some(junk.clone()),
                "SLURM_ARRAY_TASK_COUNT" => Some(junk.clone()),
                _ => None,
            };
            let _ = spec.resolve(env);
        }
    }

    #[test]
    fn sprt_specs_round_trip_and_bad_ones_are_errors(
        elo0 in -1000.0f64..1000.0,
        gap in 1e-3f64..500.0,
        alpha in 1e-6f64..0.4,
        beta in 1e-6f64..0.4,
        model in prop::sample::select(vec!["binomial", "logistic", "normalized"]),
        junk in text(),
    ) {
        let elo1 = (elo0 + gap).min(1000.0);
        prop_assume!(elo0 < elo1);
        let spec = format!("elo0={elo0},elo1={elo1},alpha={alpha},beta={beta},model={model}");
        let sprt: Sprt = spec.parse().unwrap();
        let again: Sprt = sprt.describe().parse().unwrap();
        prop_assert_eq!(again, sprt);
        if let Ok(s) = junk.parse::<Sprt>() {
            let (lo, hi) = s.bounds();
            prop_assert!(lo.is_finite() && hi.is_finite());
        }
    }

    #[test]
    fn runs_tables_round_trip_and_damaged_ones_are_errors(
        rows in prop::collection::vec((any::<u64>(), -64i32..=64, 0u32..30, any::<bool>()), 1..4),
        damage in edits(),
    ) {
        let records: Vec<Record> = rows
            .iter()
            .enumerate()
            .map(|(i, &(nodes, score, depth, ok))| Record {
                seq: i as u64,
                game: "reversi".into(),
                suite: "ffo".into(),
                position: format!("end{i}.pos"),
                variant: "alphabeta".into(),
                name: "negaalpha".into(),
                label: format!("negaalpha{depth}"),
                eval: "disc".into(),
                depth: depth.to_string(),
                status: if ok { Status::Ok } else { Status::Timeout },
                score: ok.then_some(score),
                nodes: ok.then_some(nodes),
                jobs: 1,
                ..Record::default()
            })
            .collect();
        let bytes = csv_bytes(&records);
        let back = parse_runs(&bytes[..], "runs.csv").unwrap();
        prop_assert_eq!(&back, &records);
        let _ = parse_runs(&mutate(&bytes, &damage)[..], "runs.csv");
    }

    #[test]
    fn games_tables_round_trip_and_damaged_ones_are_errors(
        rows in prop::collection::vec((1u64..1000, 0u8..3, any::<u64>(), -64i32..=64), 1..4),
        damage in edits(),
    ) {
        let games: Vec<GameRow> = rows
            .iter()
            .map(|&(round, result, nodes, margin)| GameRow {
                r#match: "alphabeta@depth=2 vs random".into(),
                game: "reversi".into(),
                round,
                pair: round.div_ceil(2),
                agent1: "alphabeta@depth=2".into(),
                agent2: "random".into(),
                agent1_side: "Black".into(),
                opening: "start".into(),
                winner: ["agent1", "agent2", "draw"][result as usize].into(),
                score: [1.0, 0.0, 0.5][result as usize],
                margin: Some(margin),
                agent1_nodes: Some(nodes),
                final_position: "start".into(),
                ..GameRow::default()
            })
            .collect();
        let bytes = csv_bytes(&games);
        prop_assert_eq!(&parse_rows::<GameRow>(&bytes, "games.csv").unwrap(), &games);
        let _ = parse_rows::<GameRow>(&mutate(&bytes, &damage), "games.csv");
    }

    #[test]
    fn shard_meta_round_trips_and_damaged_meta_is_an_error(
        index in 1u32..64,
        extra in 0u32..64,
        cases in any::<u32>(),
        signature in any::<u64>(),
        damage in edits(),
    ) {
        let count = index + extra;
        let text = format!(
            r#"{{"command":["nodeprof"],"git_revision":"abc","machine":{{"hostname":"node1"}},"sharding":{{"shard":"{index}/{count}","plan_fingerprint":"00ff","plan_cases":{cases},"shard_cases":1,"signature":{signature}}}}}"#
        );
        let info = parse_shard_meta(&text, Path::new("s1")).unwrap();
        prop_assert_eq!(info.sharding.shard.to_string(), format!("{index}/{count}"));
        prop_assert_eq!(info.sharding.signature, signature);
        prop_assert_eq!(info.host, "node1");
        let damaged = String::from_utf8_lossy(&mutate(text.as_bytes(), &damage)).into_owned();
        let _ = parse_shard_meta(&damaged, Path::new("s1"));
    }
}
