//! Records where the binary was built from: the git revision and whether the sources that go
//! into the build differed from it. `meta.json` and `nodeprof --version` report these, so a
//! report names the code that made it whatever directory the binary runs in. Also embeds the
//! position files under `positions/`, so that the built-in suites (`ffo:40..59`) load from
//! anywhere.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What goes into the build; changes elsewhere (reports, notes) do not make a build dirty.
const BUILD_INPUTS: [&str; 6] = [
    "src",
    "positions",
    "benches",
    "Cargo.toml",
    "Cargo.lock",
    "build.rs",
];

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    embed_positions();
    for input in BUILD_INPUTS {
        println!("cargo:rerun-if-changed={input}");
    }
    let revision = git(&["rev-parse", "HEAD"]).filter(|r| !r.is_empty());
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        // A commit, checkout or `git add` moves these.
        let dir = Path::new(&dir);
        for file in ["HEAD", "index", "packed-refs"] {
            println!("cargo:rerun-if-changed={}", dir.join(file).display());
        }
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={}", dir.join(branch).display());
        }
    }
    let dirty = revision.is_some() && {
        let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
        args.extend(BUILD_INPUTS);
        git(&args).is_some_and(|s| !s.is_empty())
    };
    let date = git(&["log", "-1", "--format=%cs"]).unwrap_or_default();
    let revision = revision.unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=NODEPROF_GIT_REVISION={revision}");
    println!("cargo:rustc-env=NODEPROF_GIT_DIRTY={dirty}");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_version = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let target = std::env::var("TARGET").unwrap_or_default();
    let profile = std::env::var("PROFILE").unwrap_or_default();
    println!("cargo:rustc-env=NODEPROF_BUILD={profile} build for {target}, {rustc_version}");
    // What `nodeprof --version` prints after the name.
    let short = &revision[..revision.len().min(12)];
    let dirty_mark = if dirty { "+dirty" } else { "" };
    let date = if date.is_empty() {
        date
    } else {
        format!(" {date}")
    };
    println!(
        "cargo:rustc-env=NODEPROF_VERSION_LINE={} (git {short}{dirty_mark}{date}; {profile} build for {target}; {rustc_version})",
        std::env::var("CARGO_PKG_VERSION").unwrap_or_default()
    );
}

/// Writes `$OUT_DIR/builtin_positions.rs`: every file under `positions/` as
/// `(path relative to positions/, contents)`, sorted by path.
fn embed_positions() {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.is_file() {
                files.push(path);
            }
        }
    }
    let root =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("positions");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    let mut code = String::from("pub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let relative = file.strip_prefix(&root).expect("under positions/");
        let name = relative.to_string_lossy().replace('\\', "/");
        code.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            file.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("builtin_positions.rs"), code).expect("OUT_DIR is writable");
}
