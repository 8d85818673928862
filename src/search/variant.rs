//! Search variants: a base algorithm plus enhancements, written as a spec string
//! (`alphabeta+tt+killer:2`), parsed into a [`Variant`] that prints back to its canonical spec.

use std::fmt;
use std::str::FromStr;

use crate::error::SpecError;

/// The base algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Plain minimax in negamax form: the full tree to the depth.
    Negamax,
    /// Knuth and Moore's F1: branch-and-bound with a single bound, no deep cut-offs.
    Bnb,
    /// Nega-alpha: alpha-beta in negamax form with deep cut-offs (fail-soft by default).
    AlphaBeta,
    /// Principal variation search / NegaScout.
    Pvs,
    /// MTD(f): null-window searches with a table, converging on the value.
    Mtdf,
    /// Node-budget search: `branching ^ depth` evaluations shared out among the moves.
    Token { branching: u32 },
}

impl Base {
    pub const NAMES: [&'static str; 6] = ["negamax", "bnb", "alphabeta", "pvs", "mtdf", "token"];

    /// Whether the algorithm takes `+` enhancements that order moves (killer, history,
    /// mobility).
    fn orders_moves(self) -> bool {
        !matches!(self, Base::Negamax)
    }

    /// Whether it searches with an alpha-beta window (so tables, windows and ETC apply).
    pub fn windowed(self) -> bool {
        matches!(self, Base::AlphaBeta | Base::Pvs | Base::Mtdf)
    }
}

/// Default and limits of the enhancement arguments.
/// Small enough to stay in cache and to set up in no time for each search; exact solving
/// asks for more.
pub const DEFAULT_TABLE_MIB: u32 = 2;
pub const DEFAULT_KILLERS: u32 = 2;
pub const MAX_KILLERS: u32 = 64;
pub const DEFAULT_ASPIRATION: i32 = 8;
pub const DEFAULT_TOKEN_BRANCHING: u32 = 10;
/// The classic profile's table: large enough that nothing is replaced at those depths (the
/// classic tables' was unbounded).
pub const CLASSIC_TABLE_MIB: u32 = 64;
pub const DEFAULT_LAST: u32 = 4;
pub const MAX_LAST: u32 = super::endgame::reversi::MAX_EMPTIES as u32;
pub const DEFAULT_SSO: u32 = 2;
/// Shallow search ordering is done at nodes with at least this many empties.
pub const SSO_MIN_EMPTIES: u32 = 14;

/// How a variant uses its transposition table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableUse {
    /// Size in MiB.
    pub mib: u32,
    /// The stored best move is tried first (`ttmove`).
    pub moves: bool,
    /// Stored bounds end nodes (`ttcut`).
    pub cuts: bool,
    /// Cut only on entries of exactly the needed depth (`ttexact`), so values never come
    /// from a deeper search than the one asked for.
    pub exact_depth: bool,
    /// The classic 2011 tables' store rules (`ttclassic`): nothing for a node whose moves all
    /// failed low (no upper bounds), and an entry for the same position is kept if deeper, or
    /// as deep and exact, or the new one is not exact.
    pub classic_store: bool,
}

/// A base algorithm with its enhancements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    pub base: Base,
    pub table: Option<TableUse>,
    /// Killer moves per ply.
    pub killers: Option<u32>,
    pub history: bool,
    /// Fewest opponent replies first.
    pub mobility: bool,
    /// Iterative deepening from depth 1.
    pub iterative: bool,
    /// Aspiration window half-width.
    pub aspiration: Option<i32>,
    /// Enhanced transposition cut-off.
    pub etc: bool,
    /// Fail-hard: values are clamped to the window (alpha-beta, PVS, MTD(f)).
    pub fail_hard: bool,
    /// Moves tried file by file (a1, a2, ..., a8, b1, ...) instead of row by row.
    pub file_order: bool,
    /// Leaves scored white minus black whatever the side to move, used as is in negamax
    /// form (the sign slip of the classic 2011 tables; see issue #6).
    pub white_view: bool,
    /// Moves into regions with an odd number of empties first (before mobility).
    pub parity: bool,
    /// Exact solving: a node whose stable discs prove it fails low ends there.
    pub stability: bool,
    /// Exact solving: positions with at most this many empties go to the game's specialised
    /// solver (no table, no move list).
    pub last: Option<u32>,
    /// Exact solving: moves at nodes with at least `SSO_MIN_EMPTIES` empties are ordered by
    /// a search of this depth (shallow search ordering).
    pub sso: Option<u32>,
}

impl Variant {
    pub fn new(base: Base) -> Variant {
        Variant {
            base,
            table: None,
            killers: None,
            history: false,
            mobility: false,
            iterative: false,
            aspiration: None,
            etc: false,
            fail_hard: false,
            file_order: false,
            white_view: false,
            parity: false,
            stability: false,
            last: None,
            sso: None,
        }
    }

    /// Whether an enhancement that only works when solving to the end (`stab`, `last`, `sso`)
    /// is on.
    pub fn needs_exact(&self) -> Option<&'static str> {
        [
            (self.stability, "stab"),
            (self.last.is_some(), "last"),
            (self.sso.is_some(), "sso"),
        ]
        .iter()
        .find(|(on, _)| *on)
        .map(|(_, name)| *name)
    }

    /// Whether the search stops at a fixed depth (all but token).
    pub fn is_depth_limited(&self) -> bool {
        !matches!(self.base, Base::Token { .. })
    }

    /// The name classic writeups print for this variant, or the canonical spec.
    pub fn display_name(&self) -> String {
        if self.is_classic2011() {
            // The classic tables' names (`negaalpha`, `transposition_k`) for their conventions.
            return self.without_classic_conventions().display_name();
        }
        let spec = self.to_string();
        PRESETS
            .iter()
            .find(|p| {
                p.spec
                    .parse::<Variant>()
                    .is_ok_and(|v| v.to_string() == spec)
            })
            .map(|p| p.name.to_string())
            .unwrap_or(spec)
    }

    /// The same variant with the conventions of the classic 2011 FFO tables (issue #6):
    /// moves file by file, leaves white minus black, fail-hard windows, and a large table
    /// that stores only nodes where a move raised alpha.
    pub fn classic2011(&self) -> Variant {
        let mut v = self.clone();
        v.file_order = true;
        v.white_view = true;
        v.fail_hard = self.base.windowed();
        if let Some(t) = &mut v.table {
            t.classic_store = true;
            t.mib = t.mib.max(CLASSIC_TABLE_MIB);
        }
        v
    }

    /// Whether this is a variant under the classic 2011 conventions.
    pub fn is_classic2011(&self) -> bool {
        self.file_order
            && self.white_view
            && self.fail_hard == self.base.windowed()
            && self
                .table
                .is_none_or(|t| t.classic_store && t.mib >= CLASSIC_TABLE_MIB)
    }

    fn without_classic_conventions(&self) -> Variant {
        let mut v = self.clone();
        v.file_order = false;
        v.white_view = false;
        v.fail_hard = false;
        if let Some(t) = &mut v.table {
            t.classic_store = false;
            t.mib = DEFAULT_TABLE_MIB;
        }
        v
    }

    /// The row label of this variant at `depth` in cross-tables, as the classic tables print
    /// it: the display name and the depth, and for the killer preset the killer count too
    /// (`negamax2`, `negaalpha6`, `killer6_32`, `transposition_k6`).
    pub fn row_label(&self, depth: &str) -> String {
        let name = self.display_name();
        // Solved to the end: `mtdf+tt_end` reads better than `mtdf+ttend`.
        let depth = if depth.parse::<u32>().is_ok() {
            depth.to_string()
        } else {
            format!("_{depth}")
        };
        match self.killers {
            Some(k) if name == "killer" => format!("{name}{depth}_{k}"),
            _ => format!("{name}{depth}"),
        }
    }

    /// The same variant with `ttexact` added (if it has a table).
    pub fn with_exact_depth_cuts(&self) -> Variant {
        let mut v = self.clone();
        if let Some(t) = &mut v.table {
            t.exact_depth = true;
        }
        v
    }

    fn check(&self) -> Result<(), String> {
        let base = self.base;
        let name = match base {
            Base::Negamax => "negamax",
            Base::Bnb => "bnb",
            Base::AlphaBeta => "alphabeta",
            Base::Pvs => "pvs",
            Base::Mtdf => "mtdf",
            Base::Token { .. } => "token",
        };
        let ordering = self.killers.is_some() || self.history || self.mobility || self.parity;
        if ordering && !base.orders_moves() {
            return Err(format!(
                "{name} visits the whole tree: move ordering (killer, history, mobility) cannot change it"
            ));
        }
        if base == Base::Negamax && (self.table.is_some() || self.iterative) {
            return Err("negamax takes no enhancements: it is the full-tree baseline".into());
        }
        if !base.windowed() {
            let windowed = [
                (self.table.is_some(), "tt"),
                (self.aspiration.is_some(), "asp"),
                (self.etc, "etc"),
                (self.fail_hard, "failhard"),
                (self.stability, "stab"),
                (self.last.is_some(), "last"),
                (self.sso.is_some(), "sso"),
            ];
            if let Some((_, enh)) = windowed.iter().find(|(on, _)| *on) {
                return Err(format!(
                    "{name} does not search with an alpha-beta window, so +{enh} does not apply (it does with alphabeta, pvs, mtdf)"
                ));
            }
            if self.iterative && matches!(base, Base::Token { .. }) {
                return Err("token has no depth to deepen: +id does not apply".into());
            }
        }
        if base == Base::Mtdf && !self.table.is_some_and(|t| t.cuts) {
            return Err("mtdf needs a table with cut-offs: add +tt (mtdf+tt, mtdf+tt+id)".into());
        }
        if base == Base::Mtdf && self.aspiration.is_some() {
            return Err("mtdf makes its own windows: +asp does not apply".into());
        }
        if self.aspiration.is_some() && !self.iterative {
            return Err("asp centres its window on the previous iteration's value: add +id".into());
        }
        if self.etc && !self.table.is_some_and(|t| t.cuts) {
            return Err("etc cuts on table entries: add +tt or +ttcut".into());
        }
        Ok(())
    }
}

/// One named variant of the literature.
pub struct Preset {
    pub name: &'static str,
    pub spec: &'static str,
    pub about: &'static str,
}

/// The named presets, in the order `nodeprof variants` lists them. The first preset whose
/// spec matches a variant gives its display name.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "negamax",
        spec: "negamax",
        about: "minimax in negamax form: the full tree",
    },
    Preset {
        name: "minimax",
        spec: "negamax",
        about: "the same as negamax",
    },
    Preset {
        name: "bnb",
        spec: "bnb",
        about: "branch-and-bound (Knuth and Moore's F1)",
    },
    Preset {
        name: "negaalpha",
        spec: "alphabeta",
        about: "alpha-beta in negamax form",
    },
    Preset {
        name: "killer",
        spec: "alphabeta+killer:32",
        about: "alpha-beta, 32 killer moves per ply",
    },
    Preset {
        name: "history",
        spec: "alphabeta+history",
        about: "alpha-beta, history heuristic",
    },
    Preset {
        name: "mobility",
        spec: "alphabeta+mobility",
        about: "alpha-beta, fewest replies first",
    },
    Preset {
        name: "transposition",
        spec: "alphabeta+tt",
        about: "alpha-beta, transposition table",
    },
    Preset {
        name: "transposition_k",
        spec: "alphabeta+tt+killer:32",
        about: "table and killers",
    },
    Preset {
        name: "transposition_h",
        spec: "alphabeta+tt+history",
        about: "table and history",
    },
    Preset {
        name: "idab",
        spec: "alphabeta+id",
        about: "iterative deepening alpha-beta",
    },
    Preset {
        name: "ttmo",
        spec: "alphabeta+id+ttmove",
        about: "iterative deepening, table for move ordering only",
    },
    Preset {
        name: "ttco",
        spec: "alphabeta+id+tt",
        about: "iterative deepening, table for ordering and cut-offs",
    },
    Preset {
        name: "aspiration",
        spec: "alphabeta+tt+id+asp:8",
        about: "ttco with aspiration windows",
    },
    Preset {
        name: "etc",
        spec: "alphabeta+tt+id+etc",
        about: "ttco with enhanced transposition cut-offs",
    },
    Preset {
        name: "negascout",
        spec: "pvs",
        about: "principal variation search (NegaScout)",
    },
];

/// The enhancements, with their argument, for help texts.
pub const ENHANCEMENTS: &[(&str, &str)] = &[
    (
        "tt[:MiB]",
        "transposition table (default 2 MiB): table move first and bound cut-offs",
    ),
    ("ttmove[:MiB]", "the table only for move ordering"),
    ("ttcut[:MiB]", "the table only for cut-offs"),
    (
        "ttexact",
        "cut only on table entries of exactly the needed depth",
    ),
    (
        "ttclassic",
        "the classic tables' store rules: no upper bounds; keep deeper or exact entries",
    ),
    (
        "killer[:K]",
        "K killer moves per ply, most recent first (default 2)",
    ),
    ("history", "history heuristic, weight 2^depth"),
    (
        "mobility",
        "fastest first: fewest opponent replies first (Reversi: corners count twice; Ataxx: clones first)",
    ),
    (
        "id",
        "iterative deepening from depth 1 (table, killers and history kept)",
    ),
    (
        "asp[:W]",
        "aspiration window of half-width W around the last iteration's value (default 8)",
    ),
    (
        "etc",
        "enhanced transposition cut-off, away from the leaves",
    ),
    (
        "failhard",
        "clamp values to the window (default: fail-soft)",
    ),
    (
        "fileorder",
        "try moves file by file (a1, a2, ..., a8, b1, ...) as the classic 2011 tables did",
    ),
    (
        "whiteview",
        "score leaves white minus black whatever the side to move (the classic tables' sign slip)",
    ),
    (
        "parity",
        "moves into odd regions of empties first (Reversi)",
    ),
    (
        "stab",
        "exact solving: stability cut-off (a node its stable discs prove lost below alpha)",
    ),
    (
        "last[:N]",
        "exact solving: the last N empties (default 4) by specialised code, no table (Reversi)",
    ),
    (
        "sso[:D]",
        "exact solving: order moves by a depth-D search (default 2) at nodes with 14+ empties",
    ),
];

impl FromStr for Variant {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<Self, Self::Err> {
        let error = |message: String| SpecError {
            spec: spec.to_string(),
            message,
        };
        let spec_trim = spec.trim();
        if spec_trim.is_empty() {
            return Err(error("empty variant".into()));
        }
        let mut parts = spec_trim.split('+').map(str::trim);
        let head = parts.next().unwrap_or_default();
        let mut variant = parse_head(head).map_err(error)?;
        let mut seen: Vec<&str> = Vec::new();
        for part in parts {
            let (name, arg) = match part.split_once(':') {
                Some((n, a)) => (n.trim(), Some(a.trim())),
                None => (part, None),
            };
            if name.is_empty() {
                return Err(error("empty enhancement between '+' signs".into()));
            }
            if seen.contains(&name) {
                return Err(error(format!("+{name} is given twice")));
            }
            seen.push(name);
            add_enhancement(&mut variant, name, arg).map_err(error)?;
        }
        variant.check().map_err(error)?;
        Ok(variant)
    }
}

fn parse_number<T: FromStr + PartialOrd + fmt::Display>(
    what: &str,
    arg: &str,
    low: T,
    high: T,
) -> Result<T, String> {
    arg.parse::<T>()
        .ok()
        .filter(|v| *v >= low && *v <= high)
        .ok_or_else(|| format!("bad {what} '{arg}', expected {low} to {high}"))
}

/// The first part of a spec: a base algorithm or a preset (whose enhancements come along).
fn parse_head(head: &str) -> Result<Variant, String> {
    let (name, arg) = match head.split_once(':') {
        Some((n, a)) => (n, Some(a)),
        None => (head, None),
    };
    let base = match name {
        "negamax" => Some(Base::Negamax),
        "bnb" => Some(Base::Bnb),
        "alphabeta" => Some(Base::AlphaBeta),
        "pvs" => Some(Base::Pvs),
        "mtdf" => Some(Base::Mtdf),
        "token" => Some(Base::Token {
            branching: match arg {
                Some(a) => parse_number("token branching", a, 2, 1000)?,
                None => DEFAULT_TOKEN_BRANCHING,
            },
        }),
        _ => None,
    };
    if let Some(base) = base {
        if arg.is_some() && !matches!(base, Base::Token { .. }) {
            return Err(format!("{name} takes no ':' argument"));
        }
        return Ok(Variant::new(base));
    }
    if let Some(preset) = PRESETS.iter().find(|p| p.name == name) {
        if arg.is_some() {
            return Err(format!("the preset {name} takes no ':' argument"));
        }
        return preset.spec.parse::<Variant>().map_err(|e| e.message);
    }
    let presets: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    Err(format!(
        "unknown algorithm '{name}': expected a base ({}) or a preset ({}), then +enhancements ({}); `nodeprof variants` lists them",
        Base::NAMES.join(", "),
        presets.join(", "),
        ENHANCEMENTS.iter().map(|(e, _)| *e).collect::<Vec<_>>().join(", ")
    ))
}

fn add_enhancement(variant: &mut Variant, name: &str, arg: Option<&str>) -> Result<(), String> {
    let no_arg = |v: &mut Variant, set: fn(&mut Variant)| match arg {
        Some(a) => Err(format!("+{name} takes no argument, found ':{a}'")),
        None => {
            set(v);
            Ok(())
        }
    };
    match name {
        "tt" | "ttmove" | "ttcut" => {
            let mib = match arg {
                Some(a) => parse_number("table size (MiB)", a, 1, 65536)?,
                None => variant.table.map_or(DEFAULT_TABLE_MIB, |t| t.mib),
            };
            let table = variant.table.get_or_insert(TableUse {
                mib,
                moves: false,
                cuts: false,
                exact_depth: false,
                classic_store: false,
            });
            if arg.is_some() && table.mib != mib && (table.moves || table.cuts) {
                return Err(format!(
                    "two table sizes given ({} and {mib} MiB)",
                    table.mib
                ));
            }
            table.mib = mib;
            table.moves |= name != "ttcut";
            table.cuts |= name != "ttmove";
            Ok(())
        }
        "ttclassic" => match (&mut variant.table, arg) {
            (_, Some(a)) => Err(format!("+ttclassic takes no argument, found ':{a}'")),
            (Some(t), None) => {
                t.classic_store = true;
                Ok(())
            }
            (None, None) => Err("+ttclassic needs a table first: write +tt+ttclassic".into()),
        },
        "ttexact" => match (&mut variant.table, arg) {
            (_, Some(a)) => Err(format!("+ttexact takes no argument, found ':{a}'")),
            (Some(t), None) => {
                t.exact_depth = true;
                Ok(())
            }
            (None, None) => Err("+ttexact needs a table first: write +tt+ttexact".into()),
        },
        "killer" => {
            variant.killers = Some(match arg {
                Some(a) => parse_number("killer count", a, 1, MAX_KILLERS)?,
                None => DEFAULT_KILLERS,
            });
            Ok(())
        }
        "asp" => {
            variant.aspiration = Some(match arg {
                Some(a) => parse_number("aspiration half-width", a, 1, 100_000)?,
                None => DEFAULT_ASPIRATION,
            });
            Ok(())
        }
        "history" => no_arg(variant, |v| v.history = true),
        "mobility" => no_arg(variant, |v| v.mobility = true),
        "id" => no_arg(variant, |v| v.iterative = true),
        "etc" => no_arg(variant, |v| v.etc = true),
        "failhard" => no_arg(variant, |v| v.fail_hard = true),
        "fileorder" => no_arg(variant, |v| v.file_order = true),
        "whiteview" => no_arg(variant, |v| v.white_view = true),
        "failsoft" => no_arg(variant, |v| v.fail_hard = false),
        "parity" => no_arg(variant, |v| v.parity = true),
        "stab" => no_arg(variant, |v| v.stability = true),
        "last" => {
            variant.last = Some(match arg {
                Some(a) => parse_number("last empties", a, 1, MAX_LAST)?,
                None => DEFAULT_LAST,
            });
            Ok(())
        }
        "sso" => {
            variant.sso = Some(match arg {
                Some(a) => parse_number("ordering search depth", a, 1, 8)?,
                None => DEFAULT_SSO,
            });
            Ok(())
        }
        _ => Err(format!(
            "unknown enhancement '+{name}': expected one of {}",
            ENHANCEMENTS
                .iter()
                .map(|(e, _)| *e)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

impl fmt::Display for Variant {
    /// The canonical spec: the base, then the enhancements in a fixed order, arguments
    /// written when they are not the default (killer and asp always carry theirs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.base {
            Base::Negamax => f.write_str("negamax")?,
            Base::Bnb => f.write_str("bnb")?,
            Base::AlphaBeta => f.write_str("alphabeta")?,
            Base::Pvs => f.write_str("pvs")?,
            Base::Mtdf => f.write_str("mtdf")?,
            Base::Token { branching } if branching == DEFAULT_TOKEN_BRANCHING => {
                f.write_str("token")?
            }
            Base::Token { branching } => write!(f, "token:{branching}")?,
        }
        if let Some(t) = self.table {
            let name = match (t.moves, t.cuts) {
                (true, true) => "tt",
                (true, false) => "ttmove",
                _ => "ttcut",
            };
            f.write_str("+")?;
            f.write_str(name)?;
            if t.mib != DEFAULT_TABLE_MIB {
                write!(f, ":{}", t.mib)?;
            }
            if t.exact_depth {
                f.write_str("+ttexact")?;
            }
            if t.classic_store {
                f.write_str("+ttclassic")?;
            }
        }
        if let Some(k) = self.killers {
            write!(f, "+killer:{k}")?;
        }
        let write_flags = |f: &mut fmt::Formatter<'_>, flags: &[(bool, &str)]| {
            flags
                .iter()
                .filter(|(on, _)| *on)
                .try_for_each(|(_, text)| f.write_str(text))
        };
        write_flags(
            f,
            &[
                (self.history, "+history"),
                (self.mobility, "+mobility"),
                (self.iterative, "+id"),
            ],
        )?;
        if let Some(w) = self.aspiration {
            write!(f, "+asp:{w}")?;
        }
        write_flags(
            f,
            &[
                (self.etc, "+etc"),
                (self.fail_hard, "+failhard"),
                (self.file_order, "+fileorder"),
                (self.white_view, "+whiteview"),
                (self.parity, "+parity"),
                (self.stability, "+stab"),
            ],
        )?;
        if let Some(n) = self.last {
            write!(f, "+last:{n}")?;
        }
        if let Some(d) = self.sso {
            write!(f, "+sso:{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(spec: &str) -> String {
        spec.parse::<Variant>().unwrap().to_string()
    }

    #[test]
    fn specs_print_back_canonically() {
        assert_eq!(canon("alphabeta+tt+killer:2"), "alphabeta+tt+killer:2");
        assert_eq!(canon("alphabeta+killer+tt"), "alphabeta+tt+killer:2");
        assert_eq!(canon("pvs+id+tt"), "pvs+tt+id");
        assert_eq!(canon("mtdf+tt+id"), "mtdf+tt+id");
        assert_eq!(canon("alphabeta+ttmove+ttcut"), "alphabeta+tt");
        assert_eq!(
            canon("alphabeta+ttcut:64+ttexact"),
            "alphabeta+ttcut:64+ttexact"
        );
        assert_eq!(canon("token"), "token");
        assert_eq!(canon("token:4"), "token:4");
        assert_eq!(canon("killer+tt"), "alphabeta+tt+killer:32");
        assert_eq!(
            canon("alphabeta+whiteview+fileorder+failhard"),
            "alphabeta+failhard+fileorder+whiteview"
        );
        for preset in PRESETS {
            let v: Variant = preset.spec.parse().unwrap();
            assert_eq!(canon(&v.to_string()), v.to_string(), "{}", preset.name);
            assert_eq!(preset.name.parse::<Variant>().unwrap(), v);
        }
    }

    #[test]
    fn display_names_are_the_literatures() {
        let name = |s: &str| s.parse::<Variant>().unwrap().display_name();
        assert_eq!(name("negamax"), "negamax");
        assert_eq!(name("alphabeta"), "negaalpha");
        assert_eq!(name("alphabeta+killer:32"), "killer");
        assert_eq!(name("alphabeta+tt+killer:32"), "transposition_k");
        assert_eq!(name("alphabeta+tt+killer:2"), "alphabeta+tt+killer:2");
        assert_eq!(name("pvs+tt+id"), "pvs+tt+id");
        assert_eq!(name("pvs"), "negascout");
    }

    #[test]
    fn the_classic_profile_adds_its_conventions_and_keeps_the_names() {
        let classic = |s: &str| s.parse::<Variant>().unwrap().classic2011();
        assert_eq!(
            classic("transposition_k").to_string(),
            "alphabeta+tt:64+ttclassic+killer:32+failhard+fileorder+whiteview"
        );
        assert_eq!(
            classic("negamax").to_string(),
            "negamax+fileorder+whiteview"
        );
        assert_eq!(classic("negamax").display_name(), "negamax");
        assert_eq!(classic("negaalpha").display_name(), "negaalpha");
        assert_eq!(classic("killer").row_label("6"), "killer6_32");
        assert_eq!(classic("transposition").row_label("6"), "transposition6");
        assert!(classic("pvs+tt+id").is_classic2011());
        assert!(!"alphabeta+fileorder+whiteview"
            .parse::<Variant>()
            .unwrap()
            .is_classic2011());
        // The default conventions keep their names and labels.
        let killer: Variant = "killer".parse().unwrap();
        assert_eq!(killer.row_label("4"), "killer4_32");
        assert_eq!(
            "alphabeta".parse::<Variant>().unwrap().row_label("4"),
            "negaalpha4"
        );
    }

    #[test]
    fn bad_specs_say_what_is_accepted() {
        let cases = [
            ("", "empty variant"),
            (
                "quicksearch",
                "unknown algorithm 'quicksearch': expected a base (negamax, bnb",
            ),
            (
                "alphabeta+turbo",
                "unknown enhancement '+turbo': expected one of tt[:MiB]",
            ),
            ("mtdf", "mtdf needs a table with cut-offs"),
            ("mtdf+ttmove", "mtdf needs a table with cut-offs"),
            ("alphabeta+asp", "add +id"),
            ("alphabeta+etc", "etc cuts on table entries"),
            ("negamax+killer", "move ordering"),
            ("negamax+id", "negamax takes no enhancements"),
            ("bnb+tt", "+tt does not apply"),
            ("token+id", "+id does not apply"),
            (
                "alphabeta+killer:0",
                "bad killer count '0', expected 1 to 64",
            ),
            ("alphabeta+tt:big", "bad table size (MiB) 'big'"),
            ("alphabeta+history+history", "+history is given twice"),
            ("alphabeta+id:3", "+id takes no argument"),
            ("alphabeta++tt", "empty enhancement"),
            ("pvs:3", "pvs takes no ':' argument"),
            ("alphabeta+ttexact", "needs a table first"),
        ];
        for (spec, expected) in cases {
            let err = spec.parse::<Variant>().unwrap_err().to_string();
            assert!(err.contains(expected), "{spec:?}: {err}");
            assert!(err.starts_with(&format!("bad variant '{spec}'")), "{err}");
        }
    }
}
