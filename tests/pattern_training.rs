//! The pattern evaluation's trainer (`nodeprof-train`) on a small seed: the same settings
//! make the same games, labels and weights bit for bit, a run resumed after losing some of
//! its files ends with the same weights, and the exact labels are the solver's values.

use std::fs;
use std::path::Path;

use nodeprof::game::reversi::weights_file::encode;
use nodeprof::game::{Game, Reversi};
use nodeprof::search::{game_result, search, SearchConfig, END};
use nodeprof::train::games::{play_game, Play};
use nodeprof::train::label::Labelling;
use nodeprof::train::{train, Settings};

fn settings(dir: &Path, games: u32) -> Settings {
    Settings {
        seed: 7,
        games,
        chunk: 8,
        play: Play {
            depth: 2,
            ..Play::default()
        },
        labelling: Labelling {
            exact_empties: 10,
            depth: 2,
            ..Labelling::default()
        },
        lambda: 16.0,
        iterations: 20,
        dir: dir.to_path_buf(),
        progress: false,
    }
}

/// Every file under `dir`, by its path relative to `dir`.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for sub in ["games", "labels", "weights"] {
        let mut names: Vec<_> = fs::read_dir(dir.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for path in names {
            let name = path.strip_prefix(dir).unwrap().display().to_string();
            out.push((name, fs::read(&path).unwrap()));
        }
    }
    out
}

#[test]
fn the_same_seed_makes_the_same_data_and_weights_and_a_resumed_run_ends_alike() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let first = train(&settings(a.path(), 20)).unwrap();
    let second = train(&settings(b.path(), 20)).unwrap();
    assert_eq!(first.weights, second.weights);
    assert_eq!(files(a.path()), files(b.path()));
    assert_eq!(
        files(a.path()).len(),
        3 + 15 + 15,
        "3 chunks of games, 15 phases"
    );
    assert!(
        first.weights.iter().any(|&w| w != 0),
        "the fit moved the weights"
    );

    // Lose a chunk of games, a phase's labels and the weights of the phases after it in
    // the order of training: the run goes on and ends with the same weights.
    let dir = b.path();
    fs::remove_file(dir.join("games/chunk-00001.bin")).unwrap();
    fs::remove_file(dir.join("labels/phase-06.bin")).unwrap();
    for f in 0..=6 {
        fs::remove_file(dir.join(format!("weights/phase-{f:02}.bin"))).unwrap();
    }
    let resumed = train(&settings(dir, 20)).unwrap();
    assert_eq!(encode(&resumed.weights), encode(&first.weights));
    assert_eq!(files(a.path()), files(dir));

    // Another seed makes other games, and its training refuses the folder of this one.
    let mut other = settings(b.path(), 20);
    other.seed = 8;
    let refused = train(&other).err().unwrap().to_string();
    assert!(refused.contains("made with other settings"), "{refused}");
    // Nor is a folder of data without its settings adopted.
    fs::remove_file(dir.join("settings.txt")).unwrap();
    let refused = train(&settings(dir, 20)).err().unwrap().to_string();
    assert!(refused.contains("no settings.txt"), "{refused}");
    // The tool's λ must have a least-squares meaning.
    for bad in ["nan", "-1", "inf", "x"] {
        assert!(nodeprof::train::parse_lambda(bad).is_err(), "{bad}");
    }
    assert_eq!(nodeprof::train::parse_lambda("0"), Ok(0.0));
    assert_ne!(
        play_game(7, 0, &other.play).unwrap(),
        play_game(8, 0, &other.play).unwrap()
    );
}

#[test]
fn exact_labels_are_the_solvers_final_margins() {
    let dir = tempfile::tempdir().unwrap();
    let s = settings(dir.path(), 8);
    train(&s).unwrap();
    // Phase 13 (8..5 empties) is labelled exactly: compare with a plain alpha-beta solve.
    let games = fs::read(dir.path().join("games/chunk-00000.bin")).unwrap();
    let labels = fs::read(dir.path().join("labels/phase-13.bin")).unwrap();
    let mut seen = std::collections::HashSet::new();
    let positions: Vec<Reversi> = games
        .chunks_exact(20)
        .map(|b| {
            let p = u64::from_le_bytes(b[..8].try_into().unwrap());
            let o = u64::from_le_bytes(b[8..16].try_into().unwrap());
            (p, o)
        })
        .filter(|&(p, o)| seen.insert((p, o)))
        .filter(|&(p, o)| (5..=8).contains(&(!(p | o)).count_ones()))
        .map(|(p, o)| Reversi::from_discs(p, o, nodeprof::game::Side::First).unwrap())
        .collect();
    assert_eq!(positions.len(), labels.len());
    assert!(positions.len() > 20);
    let plain = SearchConfig::new("alphabeta".parse().unwrap());
    for (pos, &label) in positions.iter().zip(&labels) {
        let score = search(pos, END, &plain).unwrap().score;
        let margin = game_result::<Reversi>(score).unwrap();
        assert_eq!(label as i8 as i32, margin, "{pos}");
        assert!(!pos.is_over());
    }
}

#[test]
fn the_embedded_evaluation_estimates_the_ffo_scores_better_than_mobility_at_its_best() {
    // FFO 1..59 (14 to 34 empties), whose perfect-play margins are proven: the embedded
    // weights' error against them, and `mobility` scaled by its best least-squares line.
    use nodeprof::game::Eval;
    use nodeprof::position::{load, AnyPosition};
    let cases = load(&["ffo:1..59".to_string()], None).unwrap();
    let points: Vec<(Reversi, i32)> = cases
        .iter()
        .map(|c| match &c.position {
            AnyPosition::Reversi(pos) => (*pos, c.expected.as_ref().unwrap().score().unwrap()),
            other => panic!("not Reversi: {other:?}"),
        })
        .collect();
    assert_eq!(points.len(), 59);
    let n = points.len() as f64;
    let pattern: f64 = points
        .iter()
        .map(|(pos, score)| (pos.evaluate(Eval::Pattern) - score).abs() as f64)
        .sum::<f64>()
        / n;
    let xy: Vec<(f64, f64)> = points
        .iter()
        .map(|(pos, score)| (pos.evaluate(Eval::Mobility) as f64, *score as f64))
        .collect();
    let (a, b) = nodeprof::train::fit::line(&xy);
    let mobility: f64 = xy.iter().map(|(x, y)| (a * x + b - y).abs()).sum::<f64>() / n;
    eprintln!("mean absolute error: pattern {pattern:.2}, mobility at its best {mobility:.2}");
    // Measured: 7.42 discs against 9.55 (mobility's line fitted to these very positions).
    assert!(
        pattern < 0.85 * mobility,
        "pattern {pattern:.2}, mobility {mobility:.2}"
    );
    assert!(pattern < 8.0, "pattern {pattern:.2}");
}
