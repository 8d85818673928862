//! The enhancements, one row each: name, argument and its range, help, what it needs of the
//! base algorithm, the depth and the game, and how it sets the variant and prints back. The
//! parser, the canonical printer, the help texts and the checks all read this table.

use super::arg::Arg;
use super::base::Base;
use super::parallel::Parallel;
use super::variant::{TableUse, Variant};

/// One enhancement.
pub struct Enhancement {
    pub name: &'static str,
    pub arg: Option<Arg>,
    pub help: &'static str,
    /// Listed in help texts (aliases such as `failsoft` are not).
    pub listed: bool,
    /// What it needs of the base algorithm and the other enhancements, checked in order.
    pub needs: &'static [Need],
    /// Only when solving to the end of the game (depth `end`).
    pub exact_only: bool,
    /// What it needs of the game, checked when a search starts.
    pub game_needs: Option<GameNeed>,
    /// Sets it on a variant, given the argument's value (already range-checked).
    pub set: fn(&mut Variant, Option<i64>) -> Result<(), String>,
    /// Whether it is on.
    pub on: fn(&Variant) -> bool,
    /// Its part of the canonical spec (`+killer:2`), if this row prints one.
    pub print: fn(&Variant) -> Option<String>,
}

/// What an enhancement needs of the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A base that searches selectively (not negamax, the full-tree baseline).
    NotBaseline,
    /// A base whose move order can change what it visits.
    OrderingBase,
    /// A base that searches with an alpha-beta window.
    Window,
    /// A base with a depth to deepen (not token).
    DepthLimited,
    /// A base that does not make its own windows (not mtdf).
    NotOwnWindows,
    /// Iterative deepening.
    Iterative,
    /// A table with cut-offs.
    TableCuts,
    /// The tutorial's narrowing table.
    Narrow,
    /// A node's immediate win already checked (`winfirst` or `nolose`).
    KnowsWins,
    /// The devlog's token rule (`flow`).
    Flow,
    /// A transposition table of any kind.
    Table,
    /// A base that searches with an alpha-beta window, or a search of another family
    /// (proof-number search, Monte Carlo tree search).
    WindowOrOtherFamily,
    /// A proof-number search.
    Proof,
    /// A Monte Carlo tree search.
    MonteCarlo,
}

/// What an enhancement needs of the game (`Endgame`'s hooks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameNeed {
    /// A specialised solver for at least the enhancement's argument's empties.
    SmallSolver,
    /// Stable pieces.
    Stability,
    /// Regions of empties.
    Parity,
    /// Immediate threats (wins and losses at the next stone).
    Threats,
    /// Checks (chess).
    Checks,
    /// Captures (chess).
    Captures,
    /// Draws by repetition and by rule (chess).
    DrawRules,
    /// A null move (chess).
    NullMove,
}

impl Need {
    /// Why `variant` fails this need for enhancement `name`, if it does.
    pub fn refusal(self, variant: &Variant, name: &str) -> Option<String> {
        let base = variant.base;
        let fails = match self {
            Need::NotBaseline => base == Base::Negamax,
            Need::OrderingBase => !base.orders_moves(),
            Need::Window => !base.windowed(),
            Need::DepthLimited => !base.depth_limited(),
            Need::NotOwnWindows => base.drives_passes(),
            Need::Iterative => !variant.iterative,
            Need::TableCuts => !variant.table.is_some_and(|t| t.cuts),
            Need::Narrow => !variant.table.is_some_and(|t| t.narrow),
            Need::KnowsWins => !(variant.win_first || variant.no_lose),
            Need::Flow => !matches!(base, Base::Flow { .. }),
            Need::Table => variant.table.is_none(),
            Need::WindowOrOtherFamily => !base.windowed() && !base.other_family(),
            Need::Proof => !base.proves(),
            Need::MonteCarlo => !base.monte_carlo(),
        };
        fails.then(|| match self {
            Need::NotBaseline => "negamax takes no enhancements: it is the full-tree baseline".into(),
            Need::OrderingBase => format!(
                "{} visits the whole tree: move ordering (killer, history, mobility) cannot change it",
                base.name()
            ),
            Need::Window => format!(
                "{} does not search with an alpha-beta window, so +{name} does not apply (it does with alphabeta, pvs, mtdf)",
                base.name()
            ),
            Need::DepthLimited => format!("{} has no depth to deepen: +{name} does not apply", base.name()),
            Need::NotOwnWindows => format!("{} makes its own windows: +{name} does not apply", base.name()),
            Need::Iterative => format!("{name} centres its window on the previous iteration's value: add +id"),
            Need::TableCuts => format!("{name} cuts on table entries: add +tt or +ttcut"),
            Need::Narrow => format!("{name} is a rule of the narrowing table: add +ttnarrow"),
            Need::KnowsWins => format!("{name} bounds a side that cannot win at once: add +winfirst or +nolose"),
            Need::Flow => format!("{name} weighs checks in the devlog's token rule: use it with flow"),
            Need::Table => format!("{name} shares a table between threads: add +tt"),
            Need::WindowOrOtherFamily => format!(
                "{} does not search with an alpha-beta window, so +{name} does not apply (it does with alphabeta, pvs, mtdf, the proof-number searches pn, pn2, dfpn and the Monte Carlo searches uct, puct)",
                base.name()
            ),
            Need::Proof => format!("+{name} is a rule of proof-number search: use it with pn, pn2 or dfpn"),
            Need::MonteCarlo => format!("+{name} is a rule of Monte Carlo tree search: use it with uct or puct"),
        })
    }
}

/// Table sizes and argument defaults. The default table is small enough to stay in cache
/// and to set up in no time for each search; exact solving asks for more.
pub const DEFAULT_TABLE_MIB: u32 = 2;
pub const DEFAULT_KILLERS: u32 = 2;
pub const MAX_KILLERS: u32 = 64;
pub const DEFAULT_ASPIRATION: i32 = 8;
pub const DEFAULT_LAST: u32 = 4;
pub const DEFAULT_SSO: u32 = 2;
/// RAVE's equivalence parameter (Gelly and Silver's k).
pub const DEFAULT_RAVE: u32 = 1000;
/// The devlog's V3: checks extended until ply 10.
pub const DEFAULT_CHECK_EXTENSION: u32 = 10;
/// The devlog's V4: a check counts as two virtual moves.
pub const DEFAULT_CHECK_WEIGHT: u32 = 2;
/// Null-move pruning's depth reduction R (the classic R = 2: Donninger 1993, Heinz 1999).
pub const DEFAULT_NULL_MOVE: u32 = 2;
/// Late-move reductions start after this many moves searched in full.
pub const DEFAULT_LMR: u32 = 3;
/// Futility pruning's margin: two pawns in centipawns (Heinz 1998's extended futility
/// margin at the frontier is a minor piece; two pawns is the commonest choice since).
pub const DEFAULT_FUTILITY: u32 = 200;
/// Shallow search ordering is done at nodes with at least this many empties.
pub const SSO_MIN_EMPTIES: u32 = 14;
/// Evaluation ordering (`evalsort`) is done at nodes with at least this many empties.
pub const DEFAULT_EVAL_SORT: u32 = 14;

const TABLE_ARG: Option<Arg> = Some(Arg {
    placeholder: "MiB",
    what: "table size (MiB)",
    min: 1,
    max: 65536,
});

/// Adds table use (`moves`, `cuts`) of `mib` MiB (or the size already given).
fn set_table(v: &mut Variant, mib: Option<i64>, moves: bool, cuts: bool) -> Result<(), String> {
    let size = mib.map_or(v.table.map_or(DEFAULT_TABLE_MIB, |t| t.mib), |m| m as u32);
    let table = v.table.get_or_insert(TableUse {
        mib: size,
        moves: false,
        cuts: false,
        exact_depth: false,
        classic_store: false,
        narrow: false,
        lower: false,
        packed: false,
    });
    if mib.is_some() && table.mib != size && (table.moves || table.cuts) {
        return Err(format!(
            "two table sizes given ({} and {size} MiB)",
            table.mib
        ));
    }
    table.mib = size;
    table.moves |= moves;
    table.cuts |= cuts;
    Ok(())
}

/// Sets a property of a table given before.
fn set_on_table(v: &mut Variant, name: &str, set: fn(&mut TableUse)) -> Result<(), String> {
    match &mut v.table {
        Some(t) => {
            set(t);
            Ok(())
        }
        None => Err(format!("+{name} needs a table first: write +tt+{name}")),
    }
}

fn print_table(v: &Variant) -> Option<String> {
    let t = v.table?;
    let name = match (t.moves, t.cuts) {
        (true, true) => "tt",
        (true, false) => "ttmove",
        _ => "ttcut",
    };
    Some(match t.mib {
        DEFAULT_TABLE_MIB => format!("+{name}"),
        mib => format!("+{name}:{mib}"),
    })
}

/// `+name` when `on`.
fn flag(on: bool, name: &str) -> Option<String> {
    on.then(|| format!("+{name}"))
}

/// A row without an argument that the table row prints from `on`.
macro_rules! flag_row {
    ($name:literal, $field:ident, $help:literal, needs: $needs:expr, exact: $exact:expr, game: $game:expr) => {
        Enhancement {
            name: $name,
            arg: None,
            help: $help,
            listed: true,
            needs: $needs,
            exact_only: $exact,
            game_needs: $game,
            set: |v, _| {
                v.$field = true;
                Ok(())
            },
            on: |v| v.$field,
            print: |v| flag(v.$field, $name),
        }
    };
}

/// A row whose argument is a count kept in an `Option<u32>` field (`+killer:K`), with its
/// default when the argument is left out.
macro_rules! count_row {
    ($name:literal, $field:ident, $default:expr, $arg:expr, $help:literal,
     needs: $needs:expr, exact: $exact:expr, game: $game:expr) => {
        Enhancement {
            name: $name,
            arg: Some($arg),
            help: $help,
            listed: true,
            needs: $needs,
            exact_only: $exact,
            game_needs: $game,
            set: |v, n| {
                v.$field = Some(n.map_or($default, |n| n as u32));
                Ok(())
            },
            on: |v| v.$field.is_some(),
            print: |v| v.$field.map(|n| format!("+{}:{n}", $name)),
        }
    };
}

/// A row of a table's property, without an argument (needs a table given before).
macro_rules! table_flag_row {
    ($name:literal, $field:ident, $help:literal, needs: $needs:expr) => {
        Enhancement {
            name: $name,
            arg: None,
            help: $help,
            listed: true,
            needs: $needs,
            exact_only: false,
            game_needs: None,
            set: |v, _| set_on_table(v, $name, |t| t.$field = true),
            on: |v| v.table.is_some_and(|t| t.$field),
            print: |v| flag(v.table.is_some_and(|t| t.$field), $name),
        }
    };
}

/// A row that picks how a search shares its work between threads.
macro_rules! parallel_row {
    ($method:expr, $help:literal, needs: $needs:expr) => {
        Enhancement {
            name: $method.name(),
            arg: None,
            help: $help,
            listed: true,
            needs: $needs,
            exact_only: false,
            game_needs: None,
            set: |v, _| match v.parallel {
                Some(other) if other != $method => Err(format!(
                    "+{} and +{} are two ways of sharing the work between threads: pick one",
                    other.name(),
                    $method.name()
                )),
                _ => {
                    v.parallel = Some($method);
                    Ok(())
                }
            },
            on: |v| v.parallel == Some($method),
            print: |v| (v.parallel == Some($method)).then(|| format!("+{}", $method.name())),
        }
    };
}

/// Every enhancement, in canonical order: specs print their enhancements in this order, and
/// help texts list them in it.
pub const ENHANCEMENTS: &[Enhancement] = &[
    Enhancement {
        name: "tt",
        arg: TABLE_ARG,
        help: "transposition table (default 2 MiB): table move first and bound cut-offs; for pn, pn2, uct and puct the tree's memory (without +tt: 1024 MiB), for dfpn its table's (64 MiB)",
        listed: true,
        needs: &[Need::NotBaseline, Need::WindowOrOtherFamily],
        exact_only: false,
        game_needs: None,
        set: |v, mib| set_table(v, mib, true, true),
        on: |v| v.table.is_some(),
        print: print_table,
    },
    Enhancement {
        name: "ttmove",
        arg: TABLE_ARG,
        help: "the table only for move ordering",
        listed: true,
        needs: &[Need::NotBaseline, Need::Window],
        exact_only: false,
        game_needs: None,
        set: |v, mib| set_table(v, mib, true, false),
        on: |v| v.table.is_some_and(|t| t.moves && !t.cuts),
        print: |_| None,
    },
    Enhancement {
        name: "ttcut",
        arg: TABLE_ARG,
        help: "the table only for cut-offs",
        listed: true,
        needs: &[Need::NotBaseline, Need::Window],
        exact_only: false,
        game_needs: None,
        set: |v, mib| set_table(v, mib, false, true),
        on: |v| v.table.is_some_and(|t| t.cuts && !t.moves),
        print: |_| None,
    },
    table_flag_row!("ttexact", exact_depth, "cut only on table entries of exactly the needed depth",
        needs: &[]),
    table_flag_row!("ttclassic", classic_store,
        "the classic tables' store rules: no upper bounds; keep deeper or exact entries",
        needs: &[]),
    table_flag_row!("ttnarrow", narrow,
        "the Connect 4 tutorial's table: upper bounds only (after the move loop), narrowing the window",
        needs: &[Need::TableCuts]),
    table_flag_row!("ttpacked", packed,
        "with ttnarrow: the tutorial's optimized table (the prime just above MiB * 2^20 / 8 entries, not just below)",
        needs: &[Need::Narrow]),
    table_flag_row!("ttlower", lower, "with ttnarrow: cut-offs store lower bounds too (one bound an entry)",
        needs: &[Need::Narrow]),
    count_row!("killer", killers, DEFAULT_KILLERS,
        Arg { placeholder: "K", what: "killer count", min: 1, max: MAX_KILLERS as i64 },
        "K killer moves per ply, most recent first (default 2)",
        needs: &[Need::OrderingBase], exact: false, game: None),
    flag_row!("history", history, "history heuristic, weight 2^depth",
        needs: &[Need::OrderingBase], exact: false, game: None),
    flag_row!("mobility", mobility,
        "fastest first: fewest opponent replies first (Reversi: corners count twice; Ataxx: clones first)",
        needs: &[Need::OrderingBase], exact: false, game: None),
    flag_row!("id", iterative, "iterative deepening from depth 1 (table, killers and history kept)",
        needs: &[Need::NotBaseline, Need::DepthLimited], exact: false, game: None),
    Enhancement {
        name: "asp",
        arg: Some(Arg {
            placeholder: "W",
            what: "aspiration half-width",
            min: 1,
            max: 100_000,
        }),
        help: "aspiration window of half-width W around the last iteration's value (default 8)",
        listed: true,
        needs: &[Need::Window, Need::NotOwnWindows, Need::Iterative],
        exact_only: false,
        game_needs: None,
        set: |v, w| {
            v.aspiration = Some(w.map_or(DEFAULT_ASPIRATION, |w| w as i32));
            Ok(())
        },
        on: |v| v.aspiration.is_some(),
        print: |v| v.aspiration.map(|w| format!("+asp:{w}")),
    },
    flag_row!("etc", etc, "enhanced transposition cut-off, away from the leaves",
        needs: &[Need::Window, Need::TableCuts], exact: false, game: None),
    flag_row!("probcut", probcut, "exact solving: selective passes before the exact one (Multi-ProbCut: a shallow search's value 2, 6, then 12 discs outside the window ends a node), for its first guess and table moves",
        needs: &[Need::Window, Need::TableCuts], exact: true, game: None),
    flag_row!("failhard", fail_hard, "clamp values to the window (default: fail-soft)",
        needs: &[Need::Window], exact: false, game: None),
    Enhancement {
        name: "failsoft",
        arg: None,
        help: "fail-soft values (the default)",
        listed: false,
        needs: &[],
        exact_only: false,
        game_needs: None,
        set: |v, _| {
            v.fail_hard = false;
            Ok(())
        },
        on: |_| false,
        print: |_| None,
    },
    flag_row!("faillow", fail_low_hard,
        "values below the window come back as alpha, cut-offs' as they are (the Connect 4 tutorial's)",
        needs: &[Need::Window], exact: false, game: None),
    flag_row!("fileorder", file_order,
        "try moves file by file (a1, a2, ..., a8, b1, ...; Connect 4: columns left to right) as the classic 2011 tables did",
        needs: &[], exact: false, game: None),
    flag_row!("whiteview", white_view,
        "score leaves white minus black whatever the side to move (the classic tables' sign slip)",
        needs: &[], exact: false, game: None),
    flag_row!("parity", parity, "moves into odd regions of empties first (Reversi)",
        needs: &[Need::OrderingBase], exact: false, game: Some(GameNeed::Parity)),
    flag_row!("stab", stability,
        "exact solving: stability cut-off (a node its stable discs prove lost below alpha)",
        needs: &[Need::Window], exact: true, game: Some(GameNeed::Stability)),
    flag_row!("winfirst", win_first,
        "a node that can win with its next move takes that value at once (Connect 4)",
        needs: &[], exact: false, game: Some(GameNeed::Threats)),
    flag_row!("clamp", clamp,
        "exact solving: narrow the window to the margins the stones left allow (Connect 4)",
        needs: &[Need::Window, Need::KnowsWins], exact: true, game: Some(GameNeed::Threats)),
    flag_row!("nolose", no_lose,
        "exact solving: skip moves that let the opponent win at once (Connect 4)",
        needs: &[Need::Window], exact: true, game: Some(GameNeed::Threats)),
    flag_row!("threats", threats,
        "moves making the most squares that complete four first (Connect 4)",
        needs: &[Need::OrderingBase], exact: false, game: Some(GameNeed::Threats)),
    flag_row!("wld", wld,
        "exact solving: prove only win, draw or loss (root window -1..1; proof-number searches: two proofs)",
        needs: &[Need::WindowOrOtherFamily], exact: true, game: None),
    flag_row!("weak", weak,
        "proof-number search: weak proof numbers (Ueda et al. 2008), a node's disproof number the largest of its children's proof numbers plus one for each other open child, not their sum, which counts a transposition once per line (Ataxx's jumps)",
        needs: &[Need::Proof], exact: true, game: None),
    flag_row!("solver", solver,
        "Monte Carlo tree search: MCTS-Solver (Winands et al. 2008) with score bounds (Cazenave and Saffidine 2011): proven wins, draws and losses backed up, proven children no longer searched; the search ends when the root is proved",
        needs: &[Need::MonteCarlo], exact: true, game: None),
    count_row!("rave", rave, DEFAULT_RAVE,
        Arg { placeholder: "K", what: "RAVE equivalence parameter", min: 1, max: 1_000_000 },
        "Monte Carlo tree search: RAVE (Gelly and Silver 2007), each move's all-moves-as-first value weighed in by sqrt(K / (3n + K)) (default 1000)",
        needs: &[Need::MonteCarlo], exact: false, game: None),
    Enhancement {
        name: "explore",
        arg: Some(Arg { placeholder: "C", what: "exploration constant (hundredths)", min: 0, max: 10_000 }),
        help: "Monte Carlo tree search: the exploration constant in hundredths (uct: C of C sqrt(ln N / n), default 70; puct: C of C P sqrt(N) / (1 + n), default 100)",
        listed: true,
        needs: &[Need::MonteCarlo],
        exact_only: false,
        game_needs: None,
        set: |v, c| match c {
            Some(c) => {
                v.explore = Some(c as u32);
                Ok(())
            }
            None => Err("+explore needs its constant in hundredths: +explore:70 is C = 0.7".into()),
        },
        on: |v| v.explore.is_some(),
        print: |v| v.explore.map(|c| format!("+explore:{c}")),
    },
    Enhancement {
        name: "nodes",
        arg: Some(Arg { placeholder: "N", what: "node budget", min: 1, max: 1_000_000_000_000 }),
        help: "a budget of N counted nodes (leaf + interior + qnode): alpha-beta deepens from depth 1 until it is spent and answers with the last finished iteration, as a play agent's nodes=N does; Monte Carlo tree search stops there (`sweep --budget` adds it to each variant)",
        listed: true,
        needs: &[],
        exact_only: false,
        game_needs: None,
        set: |v, n| match n {
            Some(n) => {
                v.nodes = Some(n as u64);
                Ok(())
            }
            None => Err("+nodes needs its budget: +nodes:10000".into()),
        },
        on: |v| v.nodes.is_some(),
        print: |v| v.nodes.map(|n| format!("+nodes:{n}")),
    },
    flag_row!("guided", guided,
        "Monte Carlo tree search: evaluation-guided playouts, the move the evaluation scores best three times in four and a random one otherwise (default: uniformly random moves)",
        needs: &[Need::MonteCarlo], exact: false, game: None),
    count_row!("last", last, DEFAULT_LAST,
        Arg { placeholder: "N", what: "last empties", min: 1, max: 64 },
        "exact solving: the last N empties (default 4) by specialised code, no table (Reversi)",
        needs: &[Need::Window], exact: true, game: Some(GameNeed::SmallSolver)),
    flag_row!("quiesce", quiesce,
        "quiescence search: at the horizon the side to move may stand pat or capture, captures played out (MVV-LVA order), counted in qnode (chess)",
        needs: &[Need::Window], exact: false, game: Some(GameNeed::Captures)),
    flag_row!("mvvlva", mvv_lva,
        "captures first, most valuable victim, then least valuable attacker (chess)",
        needs: &[Need::OrderingBase], exact: false, game: Some(GameNeed::Captures)),
    count_row!("checkext", check_extension, DEFAULT_CHECK_EXTENSION,
        Arg { placeholder: "P", what: "check extension's last ply", min: 1, max: 100 },
        "a move that gives check costs no depth before ply P (default 10), and no line passes ply P (the devlog's V3: alphabeta+checkext at depth 4)",
        needs: &[Need::Window], exact: false, game: Some(GameNeed::Checks)),
    count_row!("checkweight", check_weight, DEFAULT_CHECK_WEIGHT,
        Arg { placeholder: "W", what: "check weight", min: 1, max: 16 },
        "flow: a checking move counts as W virtual moves and gets W shares (default 2, the devlog's)",
        needs: &[Need::Flow], exact: false, game: Some(GameNeed::Checks)),
    flag_row!("draws", draws,
        "a position repeated on the search path or in the game before the root, or drawn by rule (fifty moves, no mating material), scores 0 and counts in drawn (chess)",
        needs: &[], exact: false, game: Some(GameNeed::DrawRules)),
    count_row!("nullmove", null_move, DEFAULT_NULL_MOVE,
        Arg { placeholder: "R", what: "null-move reduction", min: 1, max: 6 },
        "null-move pruning: a node not in check, whose evaluation reaches beta, is cut off when passing and searching R plies less (default 2) still reaches beta; never twice in a row, nor with only king and pawns (chess)",
        needs: &[Need::Window, Need::DepthLimited], exact: false, game: Some(GameNeed::NullMove)),
    count_row!("lmr", lmr, DEFAULT_LMR,
        Arg { placeholder: "N", what: "moves searched in full", min: 1, max: 64 },
        "late-move reductions: quiet moves after the first N (default 3) at depth 3 or more, neither in nor giving check, are searched a ply shallower with a null window first, and again in full if they beat alpha",
        needs: &[Need::Window, Need::DepthLimited], exact: false, game: None),
    count_row!("futility", futility, DEFAULT_FUTILITY,
        Arg { placeholder: "M", what: "futility margin", min: 1, max: 100_000 },
        "futility pruning: at depth 1, not in check, when the evaluation plus M (default 200) stays at or below alpha, quiet moves that give no check are skipped (chess)",
        needs: &[Need::Window, Need::DepthLimited], exact: false, game: Some(GameNeed::Captures)),
    count_row!("sso", sso, DEFAULT_SSO,
        Arg { placeholder: "D", what: "ordering search depth", min: 1, max: 8 },
        "exact solving: order moves by a depth-D search (default 2) at nodes with 14+ empties",
        needs: &[Need::Window], exact: true, game: None),
    count_row!("evalsort", eval_sort, DEFAULT_EVAL_SORT,
        Arg { placeholder: "E", what: "fewest empties", min: 1, max: 60 },
        "exact solving: at nodes with E+ empties (default 14), order moves by the evaluation after a shallow search (deeper with more empties) weighed against fastest-first",
        needs: &[Need::Window], exact: true, game: None),
    parallel_row!(Parallel::Ybwc,
        "with more than one thread (--threads): the Young Brothers Wait Concept, each node's two eldest children searched first, the young brothers then in parallel and cancelled at a cut-off (the default of windowed searches)",
        needs: &[Need::Window]),
    parallel_row!(Parallel::LazySmp,
        "with more than one thread (--threads): Lazy SMP, helpers searching the same root over the shared table, each from another root move; the main thread's value",
        needs: &[Need::Table]),
    parallel_row!(Parallel::Abdada,
        "with more than one thread (--threads): simplified ABDADA (Weill 1996), every thread searching the same root over the shared table, a node's young brothers that another thread is searching put off to the end; the main thread's value",
        needs: &[Need::Window, Need::Table]),
];

impl Enhancement {
    /// `tt[:MiB]`.
    pub fn usage(&self) -> String {
        super::arg::usage(self.name, self.arg.as_ref())
    }

    /// The enhancement called `name`.
    pub fn find(name: &str) -> Option<&'static Enhancement> {
        ENHANCEMENTS.iter().find(|e| e.name == name)
    }
}
