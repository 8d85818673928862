//! An engine program's fingerprint: the BLAKE3 hash of the file its command names, recorded
//! in `meta.json` so that a resumed sweep refuses another program at the same path (an
//! upgraded Stockfish gives other rows under the same command).

use std::path::{Path, PathBuf};

use super::process::{find_program, Launch};

/// `blake3:HEX` of the program `launch` starts, or None where it cannot be read (the start
/// itself then says why). A wrapper (`cmd=sh`) is fingerprinted as itself: what it starts
/// is named in its arguments, which are compared too.
pub fn fingerprint(launch: &Launch) -> Option<String> {
    let program = resolve(launch)?;
    let mut hasher = blake3::Hasher::new();
    hasher
        .update_reader(std::fs::File::open(program).ok()?)
        .ok()?;
    Some(format!("blake3:{}", hasher.finalize().to_hex()))
}

/// The file `launch` runs: a relative path with a `/` is taken from the engine's folder.
fn resolve(launch: &Launch) -> Option<PathBuf> {
    let program = find_program(&launch.command)?;
    match (&launch.dir, program.is_relative()) {
        (Some(dir), true) => Some(dir.join(program)),
        _ => Some(program),
    }
    .filter(|p: &PathBuf| Path::is_file(p))
}
