//! The named variants of the literature (`negaalpha`, `transposition_k`, ...): a name for a
//! spec, which a spec may start with.

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
