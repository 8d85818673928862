//! The shape of the code, checked: which file imports which (through `crate::`, `super::`
//! and a `mod.rs`'s own children), read from the sources. No import cycle between files, and
//! each layer imports only the ones below it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

#[path = "support/graph.rs"]
mod graph_support;
use graph_support::{graph, graph_of, name, sources, use_tree, Module};

#[test]
fn no_two_files_import_each_other_nor_any_cycle() {
    let edges = graph();
    // Depth-first search for a back edge.
    fn visit(
        m: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        state: &mut BTreeMap<Module, u8>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            match state.get(next) {
                Some(1) => {
                    let start = stack.iter().position(|s| s == next).unwrap();
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(cycle) = visit(next, edges, state, stack) {
                        return Some(cycle);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in edges.keys() {
        if !state.contains_key(m) {
            if let Some(cycle) = visit(m, &edges, &mut state, &mut Vec::new()) {
                let names: Vec<String> = cycle.iter().map(name).collect();
                panic!("import cycle: {}", names.join(" -> "));
            }
        }
    }
    assert!(
        edges.len() > 50,
        "the sources were read ({} files)",
        edges.len()
    );
}

/// What each layer must not import: the layers above it, and for the producers (`sweep`,
/// `play`) and the consumer (`report`) one another, so that they meet only in `store`,
/// `stats`, `measure`, `engine` and below. `engine` (external engines, and nodeprof behind
/// their protocols) sits on the searches and under the producers.
const FORBIDDEN: &[(&str, &[&str])] = &[
    // The seeded generator and the user text's parse error stand under everything.
    (
        "random",
        &[
            "counters", "game", "search", "position", "measure", "engine", "store", "stats",
            "sweep", "play", "report", "commands", "cli", "train", "parse",
        ],
    ),
    // What a search cost (CPU time, perf counters): a leaf under everything too.
    (
        "cost",
        &[
            "counters", "game", "search", "position", "measure", "engine", "store", "stats",
            "sweep", "play", "report", "commands", "cli", "train", "parse", "random",
        ],
    ),
    (
        "parse",
        &[
            "counters", "game", "search", "position", "measure", "engine", "store", "stats",
            "sweep", "play", "report", "commands", "cli", "train", "random",
        ],
    ),
    (
        "counters",
        &[
            "game", "search", "position", "measure", "engine", "store", "stats", "sweep", "play",
            "report", "commands",
        ],
    ),
    (
        "game",
        &[
            "search", "position", "measure", "engine", "store", "stats", "sweep", "play", "report",
            "commands",
        ],
    ),
    (
        "search",
        &[
            "position", "measure", "engine", "store", "stats", "sweep", "play", "report",
            "commands",
        ],
    ),
    (
        "position",
        &[
            "search", "measure", "engine", "store", "stats", "sweep", "play", "report", "commands",
        ],
    ),
    (
        "measure",
        &[
            "engine", "store", "stats", "sweep", "play", "report", "commands",
        ],
    ),
    (
        "engine",
        &[
            "store", "stats", "sweep", "play", "report", "commands", "cli",
        ],
    ),
    (
        "stats",
        &[
            "game", "search", "position", "measure", "engine", "store", "sweep", "play", "report",
            "commands",
        ],
    ),
    (
        "store",
        &[
            "game", "search", "position", "measure", "engine", "stats", "sweep", "play", "report",
            "commands",
        ],
    ),
    ("sweep", &["play", "report", "commands"]),
    ("play", &["sweep", "report", "commands"]),
    ("report", &["search", "engine", "sweep", "play", "commands"]),
    // The clap schema names the types its values parse into, and nothing of the work.
    ("cli", &["commands"]),
    // The trainer plays and labels games with the searches and stores them; it is a tool
    // beside the producers, not one of them.
    (
        "train",
        &[
            "measure", "engine", "stats", "sweep", "play", "report", "commands", "cli",
        ],
    ),
];

/// The imports that break [`FORBIDDEN`], as `from imports to`.
fn violations(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let mut found = Vec::new();
    for (from, targets) in edges {
        let Some(layer) = from.first() else { continue };
        for (upper, below_not) in FORBIDDEN {
            if layer != upper {
                continue;
            }
            for target in targets {
                if target
                    .first()
                    .is_some_and(|t| below_not.contains(&t.as_str()))
                {
                    found.push(format!("{} imports {}", name(from), name(target)));
                }
            }
        }
        // The command line is read by the commands alone (and main): the work never sees
        // clap's types, so every command's work can be called as a library.
        if !matches!(
            from.first().map(String::as_str),
            None | Some("commands" | "cli")
        ) {
            for target in targets
                .iter()
                .filter(|t| t.first().is_some_and(|t| t == "cli"))
            {
                found.push(format!("{} imports {}", name(from), name(target)));
            }
        }
    }
    found
}

#[test]
fn layers_import_only_downwards_and_producers_never_import_each_other() {
    let found = violations(&graph());
    assert!(found.is_empty(), "imports against the layers: {found:?}");
}

/// The rule is read from the sources as they are: an import planted in a file's text between
/// the producers and the consumer, or from the store upwards, is found, written as a path, as
/// a `use`, or inside a grouped `use`.
#[test]
fn a_planted_import_between_siblings_is_found() {
    let module = |path: &str| -> Module { path.split("::").map(String::from).collect() };
    for (from, to, planted) in [
        (
            "report::load",
            "sweep::run",
            "let x = crate::sweep::run::run;",
        ),
        (
            "play::run",
            "sweep::plan",
            "use crate::{stats::Tally, sweep::{plan::Plan, row}};",
        ),
        (
            "sweep::run",
            "report::write",
            "use crate::report::{\n    write::run,\n};",
        ),
        (
            "store::runs",
            "search::run",
            "use crate::{search::{\n    run::SearchReport,\n}};",
        ),
        ("train::fit", "sweep::plan", "use crate::{sweep::plan};"),
        (
            "play::run",
            "cli",
            "use crate::{cli::PlayArgs, stats::Tally};",
        ),
        ("engine::client", "cli", "let x = crate::cli::Cli::parse;"),
    ] {
        let mut files = sources();
        assert!(
            files.contains_key(&module(from)),
            "{from} is a file of src/"
        );
        assert!(violations(&graph_of(&files)).is_empty());
        files.get_mut(&module(from)).unwrap().push_str(planted);
        let found = violations(&graph_of(&files));
        assert!(
            found.contains(&format!("{from} imports {to}")),
            "planted {planted:?} in {from}: {found:?}"
        );
    }
}

#[test]
fn grouped_imports_are_read_path_by_path() {
    let mut paths = Vec::new();
    use_tree("{a::b, c::{d, e::f}, g}; x", Vec::new(), &mut paths);
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["a::b", "c::d", "c::e::f", "g"]);
}

/// The games of the registry, as `game_list!` names them (`Reversi => $crate::game::...`).
fn registry_games() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game/registry.rs");
    let text = fs::read_to_string(root).unwrap();
    text.lines()
        .filter_map(|l| l.trim().split_once(" => $crate::game::"))
        .map(|(kind, _)| kind.to_string())
        .collect()
}

/// Code without its comment lines (a comment may name anything).
fn without_comments(code: &str) -> String {
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where code outside `game/` and `search/endgame/` names a game of the registry. A
/// protocol's file may declare the one game it is defined for (`game: Some(GameKind::...)`:
/// NBoard is Othello's), and nothing else of a game.
fn per_game_code(files: &BTreeMap<Module, String>, games: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (module, code) in files {
        let top: Vec<&str> = module.iter().map(String::as_str).collect();
        // The games, their search hooks and the repository's tools (`src/bin/`: the suite
        // tool makes a game's suites) may name games.
        if matches!(
            top.as_slice(),
            ["game", ..] | ["search", "endgame", ..] | ["bin", ..]
        ) {
            continue;
        }
        let code = without_comments(code);
        for game in games {
            let named = format!("GameKind::{game}");
            let declared = format!("game: Some({named})");
            let declarations = match top.first() {
                Some(&"engine") => code.matches(&declared).count(),
                _ => 0,
            };
            if code.matches(&named).count() > declarations {
                found.push(format!("{} names {named}", name(module)));
            }
        }
    }
    found
}

/// Adding a game is its folder, one registry line and its search hooks: no code outside
/// `game/` and `search/endgame/` names a game (tests may); a planted match is found, and so
/// is a game named in a protocol's file beyond its declaration.
#[test]
fn no_code_outside_the_games_matches_on_a_game() {
    let games = registry_games();
    assert!(games.len() >= 4, "the registry's games: {games:?}");
    let mut files = sources();
    let found = per_game_code(&files, &games);
    assert!(
        found.is_empty(),
        "per-game code outside the games: {found:?}"
    );
    let plant = |files: &mut BTreeMap<Module, String>, module: &str, code: &str| {
        let module: Module = module.split("::").map(String::from).collect();
        assert!(files.contains_key(&module), "{module:?} is a file of src/");
        files.get_mut(&module).unwrap().push_str(code);
    };
    plant(
        &mut files,
        "play::records",
        "match kind { GameKind::Connect4 => \"games.txt\" }",
    );
    plant(
        &mut files,
        "engine::nboard",
        "if kind == GameKind::Reversi { return; }",
    );
    assert_eq!(
        per_game_code(&files, &games),
        [
            "engine::nboard names GameKind::Reversi",
            "play::records names GameKind::Connect4"
        ]
    );
}

/// The registry's protocols: each line's file and definition (`&uci::UAI,`), the
/// protocol's name being the definition's in lower case.
fn registry_protocols() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/registry.rs");
    let text = fs::read_to_string(root).unwrap();
    text.lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix('&')?
                .strip_suffix(',')?
                .split_once("::")
        })
        .map(|(file, def)| (file.to_string(), def.to_ascii_lowercase()))
        .collect()
}

/// Where code outside `engine/` names a protocol: its file (`engine::gtp`), its definition
/// (`GTP`), or its name as a string (`"gtp"`, as in `protocol.name() == "gtp"`).
fn per_protocol_code(
    files: &BTreeMap<Module, String>,
    protocols: &[(String, String)],
) -> Vec<String> {
    let mut found = Vec::new();
    for (module, code) in files {
        if module.first().is_some_and(|m| m == "engine") {
            continue;
        }
        let code = without_comments(code);
        for (file, protocol) in protocols {
            let marks = [
                format!("engine::{file}::"),
                format!("engine::{{{file}"),
                format!("\"{protocol}\""),
                format!("::{}", protocol.to_ascii_uppercase()),
            ];
            if marks.iter().any(|m| code.contains(m.as_str())) {
                found.push(format!("{} names {protocol}", name(module)));
            }
        }
    }
    found.dedup();
    found
}

/// Adding a protocol is its file in `engine/` and one registry line: no code outside
/// `engine/` names one (tests may); planted names are found.
#[test]
fn no_code_outside_the_engines_names_a_protocol() {
    let protocols = registry_protocols();
    assert!(
        protocols.len() >= 6,
        "the registry's protocols: {protocols:?}"
    );
    let files = sources();
    let found = per_protocol_code(&files, &protocols);
    assert!(
        found.is_empty(),
        "protocols named outside engine/: {found:?}"
    );
    for (module, planted, named) in [
        (
            "play::check",
            "if spec.protocol.name() == \"gtp\" {}",
            "gtp",
        ),
        ("sweep::run", "use crate::engine::nboard::NBOARD;", "nboard"),
        (
            "commands::search",
            "use crate::engine::{pons::solve};",
            "pons",
        ),
    ] {
        let mut planted_files = files.clone();
        let key: Module = module.split("::").map(String::from).collect();
        planted_files.get_mut(&key).unwrap().push_str(planted);
        assert_eq!(
            per_protocol_code(&planted_files, &protocols),
            [format!("{module} names {named}")],
            "planted {planted:?}"
        );
    }
}

/// Inside the search, the variants (the spec a user writes) and the games' endgame hooks lie
/// below the searcher: neither imports the searcher, its steps or its parallel search (a
/// variant may read the hooks, for each game's default solver). Before issue 66's change
/// three imports went up: the variants to the parallel search for `Parallel` (twice), and
/// the endgame's shortcuts to the searcher.
#[test]
fn the_search_spec_and_game_hooks_import_nothing_of_the_searcher() {
    let below = ["variants", "endgame"];
    let part = |m: &Module| (m.len() >= 2 && m[0] == "search").then(|| m[1].clone());
    let mut found = Vec::new();
    for (from, to) in &graph() {
        if !part(from).is_some_and(|p| below.contains(&p.as_str())) {
            continue;
        }
        for t in to {
            if part(t).is_some_and(|p| !below.contains(&p.as_str())) {
                found.push(format!("{} -> {}", name(from), name(t)));
            }
        }
    }
    assert!(found.is_empty(), "imports up into the searcher: {found:?}");
}
