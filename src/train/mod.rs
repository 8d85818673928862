//! Training Reversi's pattern evaluation from nodeprof's own games and solver (the
//! `nodeprof-train` tool; docs/evaluation.md): seeded games, then phase by phase from the end
//! of the game, labels (exact up to some empties, depth-limited searches on the phases
//! already trained above) and a least-squares fit. Every step's output is a file of the data
//! folder written in one step, so a run stopped at any moment resumes where it was, and the
//! same settings give the same files bit for bit (each chunk of games and each block of
//! positions has its own seed and searcher; the fit is single-threaded).

mod error;
pub mod fit;
pub mod games;
pub mod label;
pub mod probcut;

pub use error::TrainError;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::game::reversi::pattern::{patterns, phase, with_weights, Weights, PHASES, SCALE};
use crate::game::reversi::weights_file::{decode, encode};
use crate::game::{Eval, Game};
use crate::store::replace;
use fit::{fit, line, Example};
use games::{distinct, play_game, Play, Sample};
use label::{label, Labelling};

/// What a training run does.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    pub games: u32,
    /// Games a file of the data folder holds.
    pub chunk: u32,
    pub play: Play,
    pub labelling: Labelling,
    /// How strongly a phase's weights are drawn to the next phase's.
    pub lambda: f64,
    pub iterations: usize,
    pub dir: PathBuf,
    pub progress: bool,
}

/// Positions labelled at once by one searcher (fixed, so that labels do not depend on the
/// number of threads).
const BLOCK: usize = 512;

/// The held-out error of one phase.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseError {
    pub phase: usize,
    pub empties: (u32, u32),
    pub train: usize,
    pub held_out: usize,
    /// Mean absolute errors in discs: the pattern evaluation on the training positions and
    /// on the held-out ones, and `mobility` (scaled by its best line) on the held-out ones.
    pub pattern_train: f64,
    pub pattern: f64,
    pub mobility: f64,
}

/// The result: every phase's canonical weights (constant first) in 1/SCALE discs.
pub struct Trained {
    pub weights: Vec<i16>,
    pub errors: Vec<PhaseError>,
    /// The held-out positions whose labels are exact, with them (for `probcut::fits`).
    pub held_out_exact: Vec<(Sample, i8)>,
}

fn bar(len: u64, what: &str, show: bool) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if show {
        let style = ProgressStyle::with_template("{msg:>24} {bar:30} {pos}/{len} ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_message(what.to_string());
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

fn read(path: &Path) -> Result<Option<Vec<u8>>, TrainError> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(TrainError::Io {
            path: path.into(),
            source,
        }),
    }
}

fn mkdir(path: &Path) -> Result<(), TrainError> {
    fs::create_dir_all(path).map_err(|source| TrainError::Io {
        path: path.into(),
        source,
    })
}

/// The games of chunk `c`, played now or read back.
fn chunk_samples(s: &Settings, c: u32, bar: &ProgressBar) -> Result<Vec<Sample>, TrainError> {
    let path = s.dir.join("games").join(format!("chunk-{c:05}.bin"));
    let first = c * s.chunk;
    let last = (first + s.chunk).min(s.games);
    if let Some(bytes) = read(&path)? {
        let bad = |message: &str| TrainError::BadFile {
            path: path.clone(),
            message: message.into(),
        };
        if bytes.len() % 20 != 0 {
            return Err(bad("its length is not a whole number of 20-byte positions"));
        }
        let samples: Vec<Sample> = bytes
            .chunks_exact(20)
            .map(|b| Sample {
                player: u64::from_le_bytes(b[..8].try_into().unwrap()),
                opponent: u64::from_le_bytes(b[8..16].try_into().unwrap()),
                game: u32::from_le_bytes(b[16..].try_into().unwrap()),
            })
            .collect();
        if samples
            .iter()
            .any(|x| !(first..last).contains(&x.game) || x.player & x.opponent != 0)
        {
            return Err(bad(
                "a position of another chunk's games, or an impossible board",
            ));
        }
        bar.inc((last - first) as u64);
        return Ok(samples);
    }
    let mut samples = Vec::new();
    for game in first..last {
        samples.extend(play_game(s.seed, game, &s.play)?);
        bar.inc(1);
    }
    let mut bytes = Vec::with_capacity(samples.len() * 20);
    for x in &samples {
        bytes.extend_from_slice(&x.player.to_le_bytes());
        bytes.extend_from_slice(&x.opponent.to_le_bytes());
        bytes.extend_from_slice(&x.game.to_le_bytes());
    }
    replace(&path, &bytes)?;
    Ok(samples)
}

/// The labels of one phase's positions, made now (the searches reading `weights`) or read.
fn phase_labels(
    s: &Settings,
    f: usize,
    samples: &[Sample],
    weights: &'static Weights,
) -> Result<Vec<i8>, TrainError> {
    let path = s.dir.join("labels").join(format!("phase-{f:02}.bin"));
    if let Some(bytes) = read(&path)? {
        if bytes.len() != samples.len() {
            return Err(TrainError::BadFile {
                path,
                message: format!("{} labels for {} positions", bytes.len(), samples.len()),
            });
        }
        return Ok(bytes.into_iter().map(|b| b as i8).collect());
    }
    let bar = bar(
        samples.len() as u64,
        &format!("labels, phase {f}"),
        s.progress,
    );
    let blocks: Result<Vec<Vec<i8>>, TrainError> = samples
        .par_chunks(BLOCK)
        .map(|block| {
            let labels = with_weights(weights, || label(block, &s.labelling));
            bar.inc(block.len() as u64);
            labels
        })
        .collect();
    bar.finish_and_clear();
    let labels: Vec<i8> = blocks?.concat();
    replace(&path, &labels.iter().map(|&l| l as u8).collect::<Vec<u8>>())?;
    Ok(labels)
}

/// `--lambda`: a finite number, 0 or more (λ weighs a squared distance: a negative or NaN
/// one has no least-squares solution).
pub fn parse_lambda(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!("expected a finite number, 0 or more, not '{text}'")),
    }
}

/// Whether a data folder holds files of a training (which, without its settings.txt, cannot
/// be told to be this training's).
fn holds_data(dir: &std::path::Path) -> bool {
    ["games", "labels", "weights"].iter().any(|sub| {
        std::fs::read_dir(dir.join(sub)).is_ok_and(|mut entries| entries.next().is_some())
    })
}

/// Runs (or resumes) a training, and writes the weights to `out`.
pub fn train(s: &Settings) -> Result<Trained, TrainError> {
    for sub in ["games", "labels", "weights"] {
        mkdir(&s.dir.join(sub))?;
    }
    check_settings(s)?;
    let set = patterns();
    let by_phase = samples_by_phase(s)?;
    let len = set.canonical_len;
    let mut quantised = vec![0i16; PHASES * len];
    let mut errors = Vec::new();
    let mut held_out_exact = Vec::new();
    for f in (0..PHASES).rev() {
        // The labelling searches read the phases trained so far (kept for the process).
        let so_far: &'static Weights = Box::leak(Box::new(Weights::from_canonical(&quantised)));
        let labels = phase_labels(s, f, &by_phase[f], so_far)?;
        let examples: Vec<(Example, bool, i32)> = by_phase[f]
            .iter()
            .zip(&labels)
            .map(|(x, &l)| {
                let example = Example {
                    features: set.features(x.player, x.opponent),
                    label: l as f64,
                };
                let mobility = x.position().evaluate(Eval::Mobility);
                (example, x.held_out(), mobility)
            })
            .collect();
        // The phase above's weights are this one's prior (none for the last phase).
        let prior: Vec<f64> = match f + 1 < PHASES {
            true => quantised[(f + 1) * len..][..len]
                .iter()
                .map(|&q| q as f64 / SCALE as f64)
                .collect(),
            false => vec![0.0; len],
        };
        let fitted = phase_weights(s, f, &examples, &prior)?;
        quantised[f * len..][..len].copy_from_slice(&fitted);
        errors.push(phase_error(f, &by_phase[f], &labels, &examples, &quantised));
        held_out_exact.extend(
            by_phase[f]
                .iter()
                .zip(&labels)
                .filter(|(x, _)| x.held_out() && x.empties() <= s.labelling.exact_empties)
                .map(|(x, &l)| (*x, l)),
        );
    }
    errors.reverse();
    Ok(Trained {
        weights: quantised,
        errors,
        held_out_exact,
    })
}

/// Refuses a folder made by another training (its files mean nothing to this one); writes
/// this training's settings into a new one.
fn check_settings(s: &Settings) -> Result<(), TrainError> {
    let path = s.dir.join("settings.txt");
    let wanted = format!(
        "seed {}, games {}, chunk {}, {:?}, {:?}, lambda {}, iterations {}",
        s.seed, s.games, s.chunk, s.play, s.labelling, s.lambda, s.iterations
    );
    match read(&path)? {
        Some(bytes) if bytes != wanted.as_bytes() => Err(TrainError::OtherSettings {
            path,
            found: String::from_utf8_lossy(&bytes).into_owned(),
            wanted,
        }),
        Some(_) => Ok(()),
        None if holds_data(&s.dir) => Err(TrainError::OtherSettings {
            path,
            found: "no settings.txt beside data of a training".into(),
            wanted,
        }),
        None => Ok(replace(&path, wanted.as_bytes())?),
    }
}

/// The training's positions (played in chunks, on every core), each once, by phase.
fn samples_by_phase(s: &Settings) -> Result<Vec<Vec<Sample>>, TrainError> {
    let chunks = s.games.div_ceil(s.chunk);
    let games_bar = bar(s.games as u64, "games", s.progress);
    let played: Result<Vec<Vec<Sample>>, TrainError> = (0..chunks)
        .into_par_iter()
        .map(|c| chunk_samples(s, c, &games_bar))
        .collect();
    games_bar.finish_and_clear();
    let mut by_phase: Vec<Vec<Sample>> = vec![Vec::new(); PHASES];
    for x in distinct(played?.concat()) {
        by_phase[phase(x.empties())].push(x);
    }
    Ok(by_phase)
}

/// Phase `f`'s quantised weights: read from its file where an earlier run fitted them,
/// else fitted to the examples not held out (from `prior`) and written.
fn phase_weights(
    s: &Settings,
    f: usize,
    examples: &[(Example, bool, i32)],
    prior: &[f64],
) -> Result<Vec<i16>, TrainError> {
    let path = s.dir.join("weights").join(format!("phase-{f:02}.bin"));
    if let Some(bytes) = read(&path)? {
        return decode(&bytes, prior.len()).map_err(|e| TrainError::BadFile {
            path: path.clone(),
            message: e.to_string(),
        });
    }
    let train: Vec<Example> = examples
        .iter()
        .filter(|(_, held, _)| !held)
        .map(|(e, _, _)| Example {
            features: e.features,
            label: e.label,
        })
        .collect();
    let w = fit(&train, prior, s.lambda, s.iterations);
    let q: Vec<i16> = w
        .iter()
        .map(|x| (x * SCALE as f64).round().clamp(-32768.0, 32767.0) as i16)
        .collect();
    replace(&path, &encode(&q))?;
    Ok(q)
}

/// The errors of phase `f` with the quantised weights, as `--eval pattern` computes them.
fn phase_error(
    f: usize,
    samples: &[Sample],
    labels: &[i8],
    examples: &[(Example, bool, i32)],
    quantised: &[i16],
) -> PhaseError {
    let weights = Weights::from_canonical(quantised);
    let (mut train, mut held) = ((0.0, 0usize), (0.0, 0usize));
    for (x, &l) in samples.iter().zip(labels) {
        let error = (weights.evaluate(x.player, x.opponent) - l as i32).abs() as f64;
        let sum = if x.held_out() { &mut held } else { &mut train };
        sum.0 += error;
        sum.1 += 1;
    }
    let points: Vec<(f64, f64)> = examples
        .iter()
        .filter(|(_, held, _)| !held)
        .map(|(e, _, m)| (*m as f64, e.label))
        .collect();
    let (a, b) = line(&points);
    let mobility: f64 = examples
        .iter()
        .filter(|(_, held, _)| *held)
        .map(|(e, _, m)| ((a * *m as f64 + b).round().clamp(-64.0, 64.0) - e.label).abs())
        .sum();
    let most = 60 - 4 * f as u32;
    PhaseError {
        phase: f,
        empties: (most - 3, most),
        train: train.1,
        held_out: held.1,
        pattern_train: train.0 / train.1.max(1) as f64,
        pattern: held.0 / held.1.max(1) as f64,
        mobility: mobility / held.1.max(1) as f64,
    }
}

/// The errors as a Markdown table.
pub fn error_table(errors: &[PhaseError], labelling: &Labelling) -> String {
    let mut out = String::from(
        "| phase | empties | labels | train | held out | pattern (train) | pattern | mobility |\n|--:|--:|---|--:|--:|--:|--:|--:|\n",
    );
    for e in errors {
        let (exact, depth) = (labelling.exact_empties, labelling.depth);
        let labels = match e.empties {
            (_, most) if most <= exact => "exact".to_string(),
            (fewest, _) if fewest <= exact => format!("exact to {exact}, then depth {depth}"),
            _ => format!("depth {depth}"),
        };
        let _ = writeln!(
            out,
            "| {} | {}..{} | {labels} | {} | {} | {:.2} | {:.2} | {:.2} |",
            e.phase,
            e.empties.1,
            e.empties.0,
            e.train,
            e.held_out,
            e.pattern_train,
            e.pattern,
            e.mobility
        );
    }
    out
}
