//! The shape of the code, checked: which file imports which (through `crate::`, `super::`
//! and a `mod.rs`'s own children), read from the sources. No import cycle between files, and
//! each layer imports only the ones below it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Module = Vec<String>;

/// Every `.rs` file under `dir` with its module path (`src/search/spec/mod.rs` is
/// `search::spec`), test files left out.
fn modules(dir: &Path, root: &Path, out: &mut BTreeMap<Module, String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            modules(&path, root, out);
            continue;
        }
        let rel = path.strip_prefix(root).unwrap().with_extension("");
        let mut parts: Module = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        // Test modules (`tests.rs`, and the files of a `tests/` folder) may use anything.
        if parts.iter().any(|p| p == "tests") || path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        let text = fs::read_to_string(&path).unwrap();
        // Unit tests may use anything; they are not part of the shape.
        let code = text
            .split("#[cfg(test)]\nmod tests {")
            .next()
            .unwrap()
            .to_string();
        out.insert(parts, code);
    }
}

/// The module a path names: its longest prefix that is a file.
fn resolve(path: &[String], files: &BTreeMap<Module, String>) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| files.contains_key(m))
}

/// Paths after `prefix::` in `code`, as segment lists, grouped imports expanded
/// (`crate::{a::b, c::{d, e}}` gives `a::b`, `c::d` and `c::e`).
fn paths_after<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = Vec<String>> + 'a {
    code.match_indices(prefix).flat_map(move |(i, _)| {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            return Vec::new();
        }
        let mut paths = Vec::new();
        use_tree(&code[i + prefix.len()..], Vec::new(), &mut paths);
        paths
    })
}

/// Reads one use tree from the start of `rest` (a path, then perhaps `{` trees `}`), adding
/// each full path to `out` after `base`; returns how much of `rest` it read.
fn use_tree(rest: &str, base: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = base;
    let mut at = 0;
    loop {
        let word: String = rest[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        at += word.len();
        if !word.is_empty() {
            path.push(word);
        }
        if rest[at..].starts_with("::") {
            at += 2;
            continue;
        }
        break;
    }
    if !rest[at..].starts_with('{') {
        out.push(path);
        return at;
    }
    at += 1;
    loop {
        at += rest[at..].len() - rest[at..].trim_start().len();
        match rest[at..].chars().next() {
            None => return at,
            Some('}') => return at + 1,
            Some(',') => at += 1,
            Some(_) => {
                let read = use_tree(&rest[at..], path.clone(), out);
                if read == 0 {
                    // Not a use tree after all (`self`, `*`, a stray brace): stop here.
                    return at;
                }
                at += read;
            }
        }
    }
}

fn sources() -> BTreeMap<Module, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    modules(&root, &root, &mut files);
    files
}

fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    graph_of(&sources())
}

/// The imports between `files`, each file's module to the modules it names.
fn graph_of(files: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, code) in files {
        let is_dir_module = !module.is_empty()
            && root.join(module.join("/")).join("mod.rs").is_file()
            || module.is_empty();
        let parent: Module = if is_dir_module {
            module[..module.len().saturating_sub(1)].to_vec()
        } else {
            module[..module.len() - 1].to_vec()
        };
        let mut targets = Vec::new();
        for path in paths_after(code, "crate::") {
            targets.push(path);
        }
        for path in paths_after(code, "super::") {
            targets.push(parent.iter().cloned().chain(path).collect());
        }
        if is_dir_module {
            // A `mod.rs` names its children without a prefix.
            for child in files.keys().filter(|k| k.len() == module.len() + 1) {
                if child[..module.len()] == module[..] {
                    let name = &child[module.len()];
                    if code.contains(&format!("{name}::")) {
                        targets.push(child.clone());
                    }
                }
            }
        }
        let set = edges.entry(module.clone()).or_default();
        for target in targets {
            if let Some(t) = resolve(&target, files) {
                if &t != module {
                    set.insert(t);
                }
            }
        }
    }
    edges
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

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

/// Where code outside `game/` and `search/endgame/` names a game of the registry.
fn per_game_code(files: &BTreeMap<Module, String>, games: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (module, code) in files {
        let top: Vec<&str> = module.iter().map(String::as_str).collect();
        // The games, their search hooks, the repository's tools (`src/bin/`: the suite
        // tool makes a game's suites), and the one table of which game an engine protocol
        // is defined for (`engine::spec`: NBoard is Othello's) may name games.
        if matches!(
            top.as_slice(),
            ["game", ..] | ["search", "endgame", ..] | ["bin", ..] | ["engine", "spec"]
        ) {
            continue;
        }
        for game in games {
            if code.contains(&format!("GameKind::{game}")) {
                found.push(format!("{} names GameKind::{game}", name(module)));
            }
        }
    }
    found
}

/// Adding a game is its folder, one registry line and its search hooks: no code outside
/// `game/` and `search/endgame/` names a game (tests may); a planted match is found.
#[test]
fn no_code_outside_the_games_matches_on_a_game() {
    let games = registry_games();
    assert!(games.len() >= 4, "the registry's games: {games:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    modules(&root, &root, &mut files);
    let found = per_game_code(&files, &games);
    assert!(
        found.is_empty(),
        "per-game code outside the games: {found:?}"
    );
    let planted: Module = vec!["play".into(), "records".into()];
    files.insert(
        planted,
        "match kind { GameKind::Connect4 => \"games.txt\" }".into(),
    );
    assert_eq!(
        per_game_code(&files, &games),
        ["play::records names GameKind::Connect4"]
    );
}

/// Every `.rs` file under `dir`, tests included, with its line count.
fn line_counts(dir: &Path, out: &mut Vec<(String, usize)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            line_counts(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let lines = fs::read_to_string(&path).unwrap().lines().count();
            out.push((path.display().to_string(), lines));
        }
    }
}

/// The house's size rules: `main.rs` a short pipeline (parse, dispatch, one error line), one
/// job per file (none over 600 lines, the tests and benches as well as the sources), and the
/// command line's arguments never mirrored in a job enum of their own.
#[test]
fn main_is_short_files_are_one_job_and_no_job_enum_mirrors_the_arguments() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    line_counts(&manifest.join("src"), &mut files);
    assert!(files.len() > 100, "the sources were read");
    let sources = files.len();
    for dir in ["tests", "benches"] {
        line_counts(&manifest.join(dir), &mut files);
    }
    assert!(files.len() > sources + 10, "the tests were read");
    let main = files
        .iter()
        .find(|(p, _)| p.ends_with("src/main.rs"))
        .map(|(_, n)| *n);
    assert!(main.is_some_and(|n| n <= 100), "main.rs: {main:?} lines");
    let long: Vec<&(String, usize)> = files.iter().filter(|(_, n)| *n > 600).collect();
    assert!(long.is_empty(), "files over 600 lines: {long:?}");
    for (path, _) in &files[..sources] {
        let text = fs::read_to_string(path).unwrap();
        assert!(
            !text.contains("enum Job {") && !text.contains("Job::Invalid"),
            "{path}: a Job enum"
        );
    }
}
