//! Product policy in one place: what a command does when the user names no positions, variants,
//! depths or evaluation. Keyed on what the games can do (their branching factor, whether they
//! have exact-solving hooks), never on which game they are.

use std::path::{Path, PathBuf};

use super::settings::SweepSettings;
use crate::game::{Eval, GameKind};
use crate::search::endgame::solving::{Solving, GENERIC_LADDER};
use crate::search::{endgame, Variant, END};
use crate::store::DEFAULTS_DIR;

/// The sweep's default positions: the FFO problems 40..59 (built in).
pub const DEFAULT_POSITIONS: &str = "ffo:40..59";
/// The exact sweep's default positions: the FFO problems 1..19 (14 to 16 empties), which
/// every variant of the endgame ladder solves in seconds.
pub const EXACT_DEFAULT_POSITIONS: &str = "ffo:1..19";
/// The tutorial profile's default positions: our suite of its easiest class (Pons' own sets
/// are read in place: `sweep --profile pons2017 DIR/Test_L3_R1`).
pub const PONS2017_DEFAULT_POSITIONS: &str = "connect4:end-easy";
/// The report folder of the exact sweep's default.
pub const EXACT_DEFAULT_FOLDER: &str = "ffo-1-19-exact";

/// The default variants: the classic comparison set.
pub const DEFAULT_VARIANTS: [&str; 9] = [
    "negamax",
    "negaalpha",
    "killer",
    "history",
    "transposition",
    "transposition_k",
    "transposition_h",
    "pvs+tt+id",
    "mtdf+tt+id",
];

/// The classic 2011 tables' variant set (`--profile classic2011`).
pub const CLASSIC_VARIANTS: [&str; 5] = [
    "negamax",
    "negaalpha",
    "killer",
    "transposition",
    "transposition_k",
];

pub use crate::search::variants::default_solver;

fn parse_all(specs: &[&str]) -> Vec<Variant> {
    specs
        .iter()
        .map(|s| s.parse().expect("the default variants parse"))
        .collect()
}

/// The variants of a sweep that names none: the classic set for depth-limited sweeps; for
/// exact ones the games' exact ladder (see `Endgame::SOLVING`), the generic one when the
/// games declare different ladders.
pub fn default_variants(kinds: &[GameKind], depths: &[u32]) -> Vec<Variant> {
    if depths != [END] {
        return parse_all(&DEFAULT_VARIANTS);
    }
    let ladders: Vec<Solving> = kinds.iter().map(|&k| endgame::solving(k)).collect();
    match ladders.first() {
        Some(first) if ladders.iter().all(|l| l == first) => parse_all(first.ladder),
        _ => parse_all(&GENERIC_LADDER),
    }
}

/// The depths of a sweep of engines alone over positions of no game of nodeprof's (chess):
/// what engine authors profile first.
pub const ENGINE_DEPTHS: std::ops::RangeInclusive<u32> = 1..=12;

/// Full-width trees of the deepest default depth have at most this many leaves (typical
/// branching factor to the depth), so that negamax finishes in seconds.
const DEFAULT_TREE_LEAVES: u64 = 3_000_000;

/// The deepest default depth for a game: the largest depth whose full-width tree has at most
/// `DEFAULT_TREE_LEAVES` leaves (Reversi, branching about 10: 6; Ataxx, about 40: 4).
pub fn deepest_default_depth(kind: GameKind) -> u32 {
    let branching = kind.typical_branching().max(2) as u64;
    let mut depth = 1;
    while branching.pow(depth + 1) <= DEFAULT_TREE_LEAVES {
        depth += 1;
    }
    depth
}

/// The default depths of depth-limited runs: up to the shallowest of the games' deepest
/// default depths, from 2 (from 1 when that is at most 4).
pub fn default_depths(kinds: &[GameKind]) -> Vec<u32> {
    let deepest = kinds
        .iter()
        .map(|&k| deepest_default_depth(k))
        .min()
        .unwrap_or(6);
    let first = if deepest <= 4 { 1 } else { 2 };
    (first..=deepest).collect()
}

/// The evaluation when none is chosen: disc count, but when solving the learned pattern
/// evaluation (the searches before and beside the solve order and guess best with it; games
/// without it use their own).
pub fn default_eval(solving: bool) -> Eval {
    match solving {
        true => Eval::Pattern,
        false => Eval::Material,
    }
}

/// A name for a sweep's report folder: for a built-in suite its spec (`ffo:40..59` ->
/// `ffo-40-59`), else the folder or file stem of the first position argument.
pub fn suite_name(positions: &[String]) -> String {
    let Some(first) = positions.first() else {
        return "sweep".into();
    };
    if !Path::new(first).exists() && !first.contains(['/', '*', '?', '[']) {
        let name = first.replace("..", "-").replace([':', ','], "-");
        return name.trim_matches('-').to_string();
    }
    let first = PathBuf::from(first);
    let name = if first.is_dir() {
        first.file_name()
    } else {
        first.file_stem()
    };
    name.map(|n| n.to_string_lossy().replace(['*', '?', '[', ']'], ""))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "sweep".into())
}

/// Named sets of conventions (`--profile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The classic 2011 FFO tables: moves file by file, leaves white minus black whatever the
    /// side to move, fail-hard, a large table storing only nodes where a move raised alpha.
    Classic2011,
    /// Pascal Pons' "Solving Connect 4" tutorial (2017): its steps, strong and weak, solved
    /// to the end with its table and return conventions.
    Pons2017,
}

impl Profile {
    pub const ALL: [Profile; 2] = [Profile::Classic2011, Profile::Pons2017];

    /// What the profile reproduces, for help texts.
    pub fn about(self) -> &'static str {
        match self {
            Profile::Classic2011 => "The classic 2011 FFO tables: moves file by file, leaves white minus black whatever the side to move, fail-hard, a large table storing only nodes where a move raised alpha",
            Profile::Pons2017 => "Pascal Pons' \"Solving Connect 4\" tutorial: its steps (minmax ... lower_bound_tt), strong and weak, solved to the end with its table and conventions",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Profile::Classic2011 => "classic2011",
            Profile::Pons2017 => "pons2017",
        }
    }

    /// The report folder of the profile's sweep under `reports/`.
    pub fn folder(self) -> &'static str {
        match self {
            Profile::Classic2011 => "classic2011",
            Profile::Pons2017 => "connect4-pons",
        }
    }

    /// The variants a profile sweep runs when none are named.
    pub fn default_variants(self) -> Vec<Variant> {
        match self {
            Profile::Classic2011 => parse_all(&CLASSIC_VARIANTS),
            Profile::Pons2017 => Variant::pons2017_steps(),
        }
    }

    /// `variant` with the profile's conventions.
    pub fn apply(self, variant: &Variant) -> Variant {
        match self {
            Profile::Classic2011 => variant.classic2011(),
            Profile::Pons2017 => variant.pons2017(),
        }
    }

    /// Whether the profile's sweep is also run with nodeprof's defaults to compare.
    pub fn compares_defaults(self) -> bool {
        self == Profile::Classic2011
    }

    /// Whether the profile's tables are of searches to the end of the game.
    pub fn solves(self) -> bool {
        self == Profile::Pons2017
    }
}

/// A sweep's positions: the ones given, or the default suite (the profile's, if it has one).
pub fn sweep_positions(given: Vec<String>, exact: bool, profile: Option<Profile>) -> Vec<String> {
    match (given.is_empty(), exact, profile) {
        (false, _, _) => given,
        (true, _, Some(Profile::Pons2017)) => vec![PONS2017_DEFAULT_POSITIONS.to_string()],
        (true, false, _) => vec![DEFAULT_POSITIONS.to_string()],
        (true, true, _) => vec![EXACT_DEFAULT_POSITIONS.to_string()],
    }
}

/// A sweep's report folder when none is given: `reports/<profile>`, `reports/ffo-1-19-exact`
/// for the default exact sweep, else `reports/<suite name>`.
pub fn sweep_folder(
    profile: Option<Profile>,
    positions: &[String],
    exact_default: bool,
) -> PathBuf {
    let name = match profile {
        Some(profile) => profile.folder().to_string(),
        None if exact_default => EXACT_DEFAULT_FOLDER.to_string(),
        None => suite_name(positions),
    };
    PathBuf::from("reports").join(name)
}

/// A sweep under a profile: its variants (the profile's set when none are named) with the
/// profile's conventions, and the same sweep with nodeprof's defaults in `DEFAULTS_DIR`.
pub fn with_profile(
    settings: SweepSettings,
    profile: Option<Profile>,
) -> (SweepSettings, Option<Box<SweepSettings>>) {
    let Some(profile) = profile else {
        return (settings, None);
    };
    let mut settings = settings;
    if settings.variants.is_empty() {
        settings.variants = profile.default_variants();
    }
    if profile.solves() {
        settings.depths = Some(vec![END]);
    }
    let defaults = profile.compares_defaults().then(|| {
        Box::new(SweepSettings {
            out_dir: settings.out_dir.join(DEFAULTS_DIR),
            ..settings.clone()
        })
    });
    let variants = settings.variants.iter().map(|v| profile.apply(v)).collect();
    (
        SweepSettings {
            variants,
            ..settings
        },
        defaults,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::endgame::{connect4, reversi, solving};

    #[test]
    fn the_ladder_ends_with_the_default_solvers_techniques() {
        let last: Variant = reversi::LADDER[reversi::LADDER.len() - 1].parse().unwrap();
        let mut solver: Variant = reversi::SOLVER.parse().unwrap();
        solver.table = last.table;
        assert_eq!(solver, last);
        let last: Variant = solving::GENERIC_LADDER[3].parse().unwrap();
        let mut solver: Variant = solving::GENERIC_SOLVER.parse().unwrap();
        solver.table = last.table;
        assert_eq!(solver, last);
    }

    #[test]
    fn the_connect4_solver_is_the_tutorials_final_step_written_canonically() {
        let solver: Variant = connect4::SOLVER.parse().unwrap();
        assert_eq!(solver.to_string(), connect4::SOLVER);
        assert_eq!(solver.pons2017_step().as_deref(), Some("lower_bound_tt"));
    }

    #[test]
    fn default_depths_follow_the_branching_factor() {
        assert_eq!(default_depths(&[GameKind::Reversi]), vec![2, 3, 4, 5, 6]);
        assert_eq!(default_depths(&[GameKind::Ataxx]), vec![1, 2, 3, 4]);
        assert_eq!(
            default_depths(&[GameKind::Ataxx, GameKind::Reversi]),
            vec![1, 2, 3, 4]
        );
        assert_eq!(suite_name(&["ffo:40..59".into()]), "ffo-40-59");
    }
}
