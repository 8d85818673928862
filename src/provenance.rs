//! Where this binary came from, recorded by the build script (`build.rs`) when it was built:
//! the current directory plays no part.

/// The package version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The git commit the binary was built from (`unknown` when built outside a checkout).
pub const GIT_REVISION: &str = env!("NODEPROF_GIT_REVISION");
/// Whether the sources that went into the build differed from that commit.
pub const GIT_DIRTY: &str = env!("NODEPROF_GIT_DIRTY");
/// Profile, target and compiler of the build.
pub const BUILD: &str = env!("NODEPROF_BUILD");
/// What `nodeprof --version` prints after the name: version, revision, commit date, build.
pub const VERSION_LINE: &str = env!("NODEPROF_VERSION_LINE");

/// The revision as reports record it: the commit's first 12 digits, `+dirty` when the build
/// had uncommitted changes.
pub fn revision() -> String {
    let short = &GIT_REVISION[..GIT_REVISION.len().min(12)];
    match GIT_DIRTY {
        "true" => format!("{short}+dirty"),
        _ => short.to_string(),
    }
}

/// This process's command line as `meta.json` records it: `nodeprof` and its arguments, not
/// the path the binary ran from (one machine's build folder, which reruns nowhere else); an
/// argument that is not UTF-8 as its lossy text.
pub fn command_line() -> Vec<String> {
    std::iter::once("nodeprof".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
        .collect()
}
