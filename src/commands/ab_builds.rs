//! `ab --base-rev A --dev-rev B`: each side's nodeprof built from a git revision of the
//! current repository, as OpenBench builds a test's two commits. A revision is checked out
//! in a worktree of its own (the repository's working tree is not touched), built with
//! `cargo build --release --locked` into a target folder shared by all revisions (their
//! dependencies built once), and the binary kept by commit in nodeprof's build cache, so that
//! a revision is built only once. `--base-bin`/`--dev-bin` name a binary instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::Error;

/// The program that times a side: `bin` as given, the build of `rev`, or (neither) this
/// build. With the commit it was built from, where known.
pub fn side_program(
    rev: Option<&str>,
    bin: Option<&Path>,
) -> Result<(PathBuf, Option<String>), Error> {
    if let Some(bin) = bin {
        let path = std::fs::canonicalize(bin)
            .map_err(|e| Error::Usage(format!("{}: {e}", bin.display())))?;
        return Ok((path, None));
    }
    match rev {
        Some(rev) => {
            let commit = resolve(rev)?;
            Ok((build(&commit)?, Some(commit)))
        }
        None => Ok((std::env::current_exe()?, None)),
    }
}

/// Runs git with `args` in the current folder: its standard output, trimmed.
fn git(args: &[&str]) -> Result<String, Error> {
    let output = Command::new("git")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::Usage(format!("git {}: {e}", args.join(" "))))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(Error::Usage(format!(
            "git {}: {}",
            args.join(" "),
            stderr.lines().last().unwrap_or("failed")
        )));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The full commit a revision names in the current repository.
fn resolve(rev: &str) -> Result<String, Error> {
    if rev.starts_with('-') {
        return Err(Error::Usage(format!("'{rev}': not a revision")));
    }
    git(&[
        "rev-parse",
        "--verify",
        "--quiet",
        &format!("{rev}^{{commit}}"),
    ])
    .map_err(|_| Error::Usage(format!("'{rev}': no such revision in this repository")))
}

/// nodeprof's build cache: `$XDG_CACHE_HOME/nodeprof/builds` (else `~/.cache/...`).
fn cache_dir() -> Result<PathBuf, Error> {
    let base = match (std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME")) {
        (Some(cache), _) if !cache.is_empty() => PathBuf::from(cache),
        (_, Some(home)) => PathBuf::from(home).join(".cache"),
        _ => return Err(Error::Usage("no HOME for nodeprof's build cache".into())),
    };
    Ok(base.join("nodeprof").join("builds"))
}

/// The binary of `commit`, built unless the cache has it.
fn build(commit: &str) -> Result<PathBuf, Error> {
    let cache = cache_dir()?;
    let binary = cache.join(commit).join("nodeprof");
    if binary.is_file() {
        return Ok(binary);
    }
    std::fs::create_dir_all(&cache)?;
    let tree = cache.join(format!("worktree-{commit}"));
    if tree.exists() {
        let _ = git(&["worktree", "remove", "--force", &tree.display().to_string()]);
        let _ = std::fs::remove_dir_all(&tree);
    }
    git(&[
        "worktree",
        "add",
        "--detach",
        "--quiet",
        &tree.display().to_string(),
        commit,
    ])?;
    let built = cargo_build(&tree, &cache.join("target"));
    let kept = built.and_then(|from| keep(&from, &binary));
    let _ = git(&["worktree", "remove", "--force", &tree.display().to_string()]);
    kept.map(|()| binary)
}

/// `cargo build --release --locked --bin nodeprof` in `tree`, its progress on our standard
/// error: the built binary's path.
fn cargo_build(tree: &Path, target: &Path) -> Result<PathBuf, Error> {
    eprintln!(
        "nodeprof: building {} (cargo build --release --locked)",
        tree.display()
    );
    let status = Command::new("cargo")
        .args(["build", "--release", "--locked", "--bin", "nodeprof"])
        .current_dir(tree)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .map_err(|e| Error::Usage(format!("cargo: {e}")))?;
    match status.success() {
        true => Ok(target.join("release").join("nodeprof")),
        false => Err(Error::Usage(format!(
            "the build of {} failed ({status})",
            tree.display()
        ))),
    }
}

/// Copies the built binary into the cache as one step (a kill leaves none or all of it).
fn keep(from: &Path, to: &Path) -> Result<(), Error> {
    let folder = to.parent().expect("the binary is in a folder");
    std::fs::create_dir_all(folder)?;
    let beside = folder.join(".nodeprof.new");
    std::fs::copy(from, &beside)?;
    std::fs::rename(&beside, to)?;
    Ok(())
}
