//! The module graph of `src/` read from the sources (`tests/module_graph.rs`): each file's
//! module path and which modules it imports, through `crate::`, `super::` and a `mod.rs`'s
//! own children.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

pub type Module = Vec<String>;

/// Every `.rs` file under `dir` with its module path (`src/search/spec/mod.rs` is
/// `search::spec`), test files left out.
pub fn modules(dir: &Path, root: &Path, out: &mut BTreeMap<Module, String>) {
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
pub fn resolve(path: &[String], files: &BTreeMap<Module, String>) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| files.contains_key(m))
}

/// Paths after `prefix::` in `code`, as segment lists, grouped imports expanded
/// (`crate::{a::b, c::{d, e}}` gives `a::b`, `c::d` and `c::e`).
pub fn paths_after<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = Vec<String>> + 'a {
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
pub fn use_tree(rest: &str, base: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
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

pub fn sources() -> BTreeMap<Module, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    modules(&root, &root, &mut files);
    files
}

pub fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    graph_of(&sources())
}

/// The imports between `files`, each file's module to the modules it names.
pub fn graph_of(files: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
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

pub fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}
