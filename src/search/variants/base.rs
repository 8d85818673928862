//! The base algorithms, each with its name, argument and description in one row.

use super::arg::Arg;

/// The base algorithms (by default negamax: the baseline every count is set beside).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Base {
    /// Plain minimax in negamax form: the full tree to the depth.
    #[default]
    Negamax,
    /// Knuth and Moore's F1: branch-and-bound with a single bound, no deep cut-offs.
    Bnb,
    /// Nega-alpha: alpha-beta in negamax form with deep cut-offs (fail-soft by default).
    AlphaBeta,
    /// Principal variation search / NegaScout.
    Pvs,
    /// MTD(f): null-window searches with a table, converging on the value.
    Mtdf,
    /// Null-window searches bisecting the range of values (the Connect 4 tutorial's solve).
    Bisect,
    /// Node-budget search: `branching ^ depth` evaluations shared out among the moves.
    Token { branching: u32 },
    /// Node-budget search by a chess engine devlog's rule (its V4): `branching ^ depth`
    /// tokens, each move granted its share of what is left, a check a double share, tokens
    /// a move leaves unused flowing to the later moves.
    Flow { branching: u32 },
    /// Proof-number search with its tree in memory (Allis 1994).
    Pn,
    /// PN²: proof-number search whose leaves a second PN search expands (Allis; Breuker).
    Pn2,
    /// Depth-first proof-number search with a table (Nagai 2002).
    Dfpn,
    /// Monte Carlo tree search with UCB1 (Kocsis and Szepesvári 2006): random playouts, a
    /// budget of iterations (none: until `+solver` proves the root).
    Uct { budget: Option<u32> },
    /// Monte Carlo tree search by PUCT (AlphaZero's rule): the game's evaluation as prior
    /// and as the value of a new leaf, no playouts.
    Puct { budget: Option<u32> },
}

/// One base algorithm's row.
pub struct BaseInfo {
    pub name: &'static str,
    pub arg: Option<Arg>,
    pub about: &'static str,
    make: fn(Option<i64>) -> Base,
}

/// The token search's default branching factor.
pub const DEFAULT_TOKEN_BRANCHING: u32 = 10;

/// The token budgets' argument: B, for B^depth tokens.
/// B up to ten million: at depth 1, B^1 is the budget itself (`flow:20000` at depth 1 is the
/// devlog's 20,000 tokens a move).
const TOKEN_ARG: Option<Arg> = Some(Arg {
    placeholder: "B",
    what: "token branching",
    min: 2,
    max: 10_000_000,
});

/// The iteration budget of Monte Carlo tree search: N iterations (playouts).
const BUDGET_ARG: Option<Arg> = Some(Arg {
    placeholder: "N",
    what: "iteration budget",
    min: 1,
    max: 4_000_000_000,
});

/// The base algorithms, in the order `nodeprof variants` lists them.
pub const BASES: &[BaseInfo] = &[
    BaseInfo {
        name: "negamax",
        arg: None,
        about: "minimax in negamax form: the full tree to the depth",
        make: |_| Base::Negamax,
    },
    BaseInfo {
        name: "bnb",
        arg: None,
        about: "branch-and-bound, Knuth and Moore's F1 (one bound, no deep cut-offs)",
        make: |_| Base::Bnb,
    },
    BaseInfo {
        name: "alphabeta",
        arg: None,
        about: "nega-alpha with deep cut-offs, fail-soft (+failhard to clamp)",
        make: |_| Base::AlphaBeta,
    },
    BaseInfo {
        name: "pvs",
        arg: None,
        about: "principal variation search / NegaScout",
        make: |_| Base::Pvs,
    },
    BaseInfo {
        name: "mtdf",
        arg: None,
        about: "MTD(f): null-window searches converging on the value (needs +tt)",
        make: |_| Base::Mtdf,
    },
    BaseInfo {
        name: "bisect",
        arg: None,
        about: "null-window searches bisecting the range of values, biased to 0 (Pons' solver)",
        make: |_| Base::Bisect,
    },
    BaseInfo {
        name: "token",
        arg: TOKEN_ARG,
        about: "node budget of B^depth evaluations shared out among the moves (B = 10)",
        make: |b| Base::Token {
            branching: b.map_or(DEFAULT_TOKEN_BRANCHING, |b| b as u32),
        },
    },
    BaseInfo {
        name: "flow",
        arg: TOKEN_ARG,
        about: "B^depth tokens by the devlog's rule: ceil(left / moves left) a move, a check double, unused tokens flow on (B = 10; at depth 1, B tokens exactly)",
        make: |b| Base::Flow {
            branching: b.map_or(DEFAULT_TOKEN_BRANCHING, |b| b as u32),
        },
    },
    BaseInfo {
        name: "pn",
        arg: None,
        about: "proof-number search, the tree in memory (Allis; a position reached twice one node): proves win/loss/draw or, by repeated proofs, the exact value; +tt:MiB bounds the tree (1024)",
        make: |_| Base::Pn,
    },
    BaseInfo {
        name: "pn2",
        arg: None,
        about: "PN²: proof-number search whose leaves a second PN search as large as the first tree expands",
        make: |_| Base::Pn2,
    },
    BaseInfo {
        name: "dfpn",
        arg: None,
        about: "depth-first proof-number search (Nagai) with a table of +tt:MiB (64): a smaller table still proves, with re-expansions",
        make: |_| Base::Dfpn,
    },
    BaseInfo {
        name: "uct",
        arg: BUDGET_ARG,
        about: "Monte Carlo tree search, UCB1's rule (Kocsis and Szepesvári), random playouts: N iterations, or without N until +solver proves the root",
        make: |n| Base::Uct {
            budget: n.map(|n| n as u32),
        },
    },
    BaseInfo {
        name: "puct",
        arg: BUDGET_ARG,
        about: "Monte Carlo tree search, AlphaZero's PUCT rule: the evaluation as prior and as a new leaf's value, no playouts; N iterations, or without N until +solver proves the root",
        make: |n| Base::Puct {
            budget: n.map(|n| n as u32),
        },
    },
];

impl BaseInfo {
    /// `token[:B]`.
    pub fn usage(&self) -> String {
        super::arg::usage(self.name, self.arg.as_ref())
    }
}

impl Base {
    /// The base called `name` with its argument text, if `name` is a base.
    pub fn parse(name: &str, arg: Option<&str>) -> Option<Result<Base, String>> {
        let info = BASES.iter().find(|b| b.name == name)?;
        Some(match (&info.arg, arg) {
            (None, Some(_)) => Err(format!("{name} takes no ':' argument")),
            (Some(spec), Some(text)) => spec.parse(text).map(|v| (info.make)(Some(v))),
            (_, None) => Ok((info.make)(None)),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Base::Negamax => "negamax",
            Base::Bnb => "bnb",
            Base::AlphaBeta => "alphabeta",
            Base::Pvs => "pvs",
            Base::Mtdf => "mtdf",
            Base::Bisect => "bisect",
            Base::Token { .. } => "token",
            Base::Flow { .. } => "flow",
            Base::Pn => "pn",
            Base::Pn2 => "pn2",
            Base::Dfpn => "dfpn",
            Base::Uct { .. } => "uct",
            Base::Puct { .. } => "puct",
        }
    }

    /// The canonical text: the name, and the argument when it is not the default.
    pub fn spec(self) -> String {
        match self {
            Base::Token { branching } | Base::Flow { branching }
                if branching != DEFAULT_TOKEN_BRANCHING =>
            {
                format!("{}:{branching}", self.name())
            }
            Base::Uct { budget: Some(n) } | Base::Puct { budget: Some(n) } => {
                format!("{}:{n}", self.name())
            }
            other => other.name().to_string(),
        }
    }

    /// Whether the algorithm takes `+` enhancements that order moves (killer, history,
    /// mobility).
    pub fn orders_moves(self) -> bool {
        !matches!(self, Base::Negamax)
    }

    /// Whether it searches with an alpha-beta window (so tables, windows and ETC apply).
    pub fn windowed(self) -> bool {
        matches!(
            self,
            Base::AlphaBeta | Base::Pvs | Base::Mtdf | Base::Bisect
        )
    }

    /// Whether it drives null-window passes of its own (MTD(f), bisection): it chooses the
    /// windows, and its principal variation is read from the table, not tracked.
    pub fn drives_passes(self) -> bool {
        matches!(self, Base::Mtdf | Base::Bisect)
    }

    /// Whether it is a proof-number search (`pn`, `pn2`, `dfpn`: `search::proof`).
    pub fn proves(self) -> bool {
        matches!(self, Base::Pn | Base::Pn2 | Base::Dfpn)
    }

    /// Whether it is a Monte Carlo tree search (`uct`, `puct`: `search::mcts`).
    pub fn monte_carlo(self) -> bool {
        matches!(self, Base::Uct { .. } | Base::Puct { .. })
    }

    /// Whether it is a search of another family than alpha-beta's (proof-number search,
    /// Monte Carlo tree search), which runs apart from the alpha-beta searcher.
    pub fn other_family(self) -> bool {
        self.proves() || self.monte_carlo()
    }

    /// A Monte Carlo tree search's iteration budget, if it has one.
    pub fn budget(self) -> Option<u32> {
        match self {
            Base::Uct { budget } | Base::Puct { budget } => budget,
            _ => None,
        }
    }

    /// Whether the search stops at a fixed depth (all but the token budgets).
    pub fn depth_limited(self) -> bool {
        self.token_branching().is_none()
    }

    /// The branching of a token budget (`B^depth` tokens), for `token` and `flow`.
    pub fn token_branching(self) -> Option<u32> {
        match self {
            Base::Token { branching } | Base::Flow { branching } => Some(branching),
            _ => None,
        }
    }
}
