//! `nodeprof-train`: the repository's tool that trains Reversi's pattern evaluation
//! (`--eval pattern`) from nodeprof's own games and solver, and writes the weights the build
//! embeds (docs/evaluation.md). Deterministic: the same settings give the same data and
//! weights bit for bit. Resumable: run it again to go on where it stopped.
//! `cargo run --release --features suites --bin nodeprof-train -- --write`

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use nodeprof::game::reversi::pattern::Weights;
use nodeprof::game::reversi::weights_file::encode;
use nodeprof::search::shallow_depth;
use nodeprof::store::replace;
use nodeprof::train::games::Play;
use nodeprof::train::label::Labelling;
use nodeprof::train::probcut::{fit_table, fits};
use nodeprof::train::{error_table, train, Settings};

#[derive(Parser)]
#[command(
    name = "nodeprof-train",
    about = "Train Reversi's pattern evaluation from seeded games (a tool of the repository, not of nodeprof)"
)]
struct Cli {
    /// The seed of the games
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many games
    #[arg(long, default_value_t = 48_000, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The data folder (games, labels and each phase's weights; kept to resume)
    #[arg(long, value_name = "DIR", default_value = "reversi-eval-data")]
    dir: PathBuf,
    /// Positions with at most this many empties are labelled by the exact solver
    #[arg(long, value_name = "N", default_value_t = 18)]
    exact: u32,
    /// The depth of the searches that label the others
    #[arg(long, value_name = "D", default_value_t = 4)]
    depth: u32,
    /// How strongly each phase's weights are drawn to the next phase's
    #[arg(long, default_value_t = 16.0, value_parser = nodeprof::train::parse_lambda)]
    lambda: f64,
    /// Conjugate-gradient steps a phase
    #[arg(long, default_value_t = 60)]
    iterations: usize,
    /// Write the weights the build embeds (src/game/reversi/pattern-weights.bin)
    #[arg(long)]
    write: bool,
    /// Also print Buro's regression for ProbCut: at each number of empties where the solver's
    /// ProbCut searches, the exact margins of the held-out positions against its shallow
    /// search scored by the trained weights
    #[arg(long)]
    probcut: bool,
    /// No progress bars
    #[arg(long, short)]
    quiet: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = Settings {
        seed: cli.seed,
        games: cli.games,
        chunk: 250,
        play: Play::default(),
        labelling: Labelling {
            exact_empties: cli.exact,
            depth: cli.depth,
            ..Labelling::default()
        },
        lambda: cli.lambda,
        iterations: cli.iterations,
        dir: cli.dir.clone(),
        progress: !cli.quiet,
    };
    let start = Instant::now();
    let trained = match train(&settings) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("nodeprof-train: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bytes = encode(&trained.weights);
    let table = error_table(&trained.errors, &settings.labelling);
    println!("{table}");
    if cli.probcut {
        let weights: &'static Weights =
            Box::leak(Box::new(Weights::from_canonical(&trained.weights)));
        match fits(&trained.held_out_exact, weights, shallow_depth) {
            Ok(fits) => println!("{}", fit_table(&fits)),
            Err(e) => {
                eprintln!("nodeprof-train: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "{} weights, {} bytes, in {:.0} s",
        trained.weights.len(),
        bytes.len(),
        start.elapsed().as_secs_f64()
    );
    let out = cli.dir.join("pattern-weights.bin");
    let embedded =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/game/reversi/pattern-weights.bin");
    for path in std::iter::once(&out).chain(cli.write.then_some(&embedded)) {
        if let Err(e) = replace(path, &bytes) {
            eprintln!("nodeprof-train: {e}");
            return ExitCode::FAILURE;
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
