//! A Debian engine the tests drive (`tests/stockfish.rs`, `tests/gtp.rs`): found on PATH or
//! in /usr/games, where Debian puts them. Absent, the test says so and passes, unless
//! NODEPROF_REQUIRE_ENGINES is set (as `.ci/run` sets it), where its absence fails it.

use std::path::PathBuf;

#[path = "../support/say.rs"]
mod say;

/// The program `name` of Debian's package `package`, if it is installed.
pub fn program(name: &str, package: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("NODEPROF_REQUIRE_ENGINES").is_none(),
            "NODEPROF_REQUIRE_ENGINES is set but {name} is not installed (apt-get install {package})"
        );
        // Said on the terminal itself, so that a passing run still says what it did not check.
        say::to_terminal(&format!(
            "skipped: {name} is not installed (apt-get install {package})"
        ));
    }
    found
}
