//! The run folder's guard. Every command that writes results into a folder (`sweep`, `play`,
//! `merge -o`) holds the folder's lock for as long as it writes, so two of them never mix
//! their rows; and a file that must be written again is replaced whole (written beside it,
//! synced, renamed over it), so that a kill at any moment leaves the old file or the new one,
//! never a cut one.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::StoreError;

/// The lock file inside a run folder.
pub const LOCK_FILE: &str = ".nodeprof.lock";

/// A run folder held by this process; the lock goes with the value.
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
    dir: PathBuf,
}

impl FolderLock {
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Creates `dir` if needed and takes its lock, or says which folder is busy. A folder that
/// holds a symbolic link where nodeprof writes (its files, `xtabs/`, `plots/` and what
/// they hold) is refused: writing through it would write outside the folder.
pub fn lock(dir: &Path) -> Result<FolderLock, StoreError> {
    fs::create_dir_all(dir).map_err(io(dir))?;
    let path = dir.join(LOCK_FILE);
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    let file = options
        .open(&path)
        .map_err(|e| match fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => StoreError::Link(path.clone()),
            _ => io(&path)(e),
        })?;
    let held = match file.try_lock() {
        Ok(()) => FolderLock {
            _file: file,
            dir: dir.to_path_buf(),
        },
        Err(fs::TryLockError::WouldBlock) => return Err(StoreError::Busy(dir.to_path_buf())),
        Err(fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
    };
    refuse_links(dir)?;
    Ok(held)
}

/// The folders of a run folder that nodeprof writes into.
const WRITTEN_FOLDERS: [&str; 2] = ["xtabs", "plots"];

/// Refuses a run folder holding a symbolic link among its files or those of the folders
/// nodeprof writes.
fn refuse_links(dir: &Path) -> Result<(), StoreError> {
    let folders = [dir.to_path_buf()]
        .into_iter()
        .chain(WRITTEN_FOLDERS.iter().map(|f| dir.join(f)));
    for folder in folders {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_symlink()) {
                return Err(StoreError::Link(entry.path()));
            }
        }
    }
    Ok(())
}

/// Whether another process holds `dir`'s lock now (a folder nobody locked is not busy; the
/// lock file is not created, so read-only folders can be asked).
pub fn busy(dir: &Path) -> bool {
    let Ok(file) = OpenOptions::new().write(true).open(dir.join(LOCK_FILE)) else {
        return false;
    };
    matches!(file.try_lock(), Err(fs::TryLockError::WouldBlock))
}

/// The guard's rule for the results already in a run folder: results of another plan (the
/// first is returned) refuse the run unless `force`; they are kept when `resume` and all
/// belong to this plan, and replaced otherwise. Sweeps and plays alike.
pub fn keep_finished<K>(
    finished: &[K],
    in_plan: impl Fn(&K) -> bool,
    resume: bool,
    force: bool,
) -> Result<bool, &K> {
    match finished.iter().find(|k| !in_plan(k)) {
        Some(foreign) if !force => Err(foreign),
        Some(_) => Ok(false),
        None => Ok(resume && !finished.is_empty()),
    }
}

/// Creates `path` anew (emptied if there) for a table written row by row, refusing a
/// symbolic link in its place (writing through it would write outside the folder).
pub fn create_table(path: &Path) -> Result<File, StoreError> {
    let mut options = OpenOptions::new();
    options.create(true).truncate(true).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    options
        .open(path)
        .map_err(|e| match fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => StoreError::Link(path.to_path_buf()),
            _ => io(path)(e),
        })
}

/// Replaces `path` with `bytes` as one step: a kill leaves the old file or the new one.
pub fn replace(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let beside = path.with_file_name(format!(".{name}.new"));
    let mut file = File::create(&beside).map_err(io(&beside))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(io(&beside))?;
    drop(file);
    fs::rename(&beside, path).map_err(io(path))?;
    // The rename itself is made durable by syncing the folder (where the system allows it).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// The bytes of a table up to its last complete line: a row cut by a kill is no result.
pub fn complete_lines(bytes: &[u8]) -> &[u8] {
    match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &bytes[..=i],
        None => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_a_folder_is_refused_until_the_first_goes() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock(dir.path()).unwrap();
        let err = lock(dir.path()).unwrap_err().to_string();
        assert!(err.contains("another nodeprof command"), "{err}");
        assert!(busy(dir.path()));
        drop(first);
        assert!(!busy(dir.path()));
        assert!(lock(dir.path()).is_ok());
    }

    #[test]
    fn replace_writes_the_new_bytes_and_leaves_nothing_beside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.csv");
        fs::write(&path, "old\n").unwrap();
        replace(&path, b"new\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["games.csv"]);
    }

    #[test]
    fn a_cut_last_line_is_dropped_and_complete_ones_kept() {
        assert_eq!(complete_lines(b"a,b\n1,2\n3,"), b"a,b\n1,2\n");
        assert_eq!(complete_lines(b"a,b\n1,2\n"), b"a,b\n1,2\n");
        assert_eq!(complete_lines(b"a,"), b"");
        assert_eq!(complete_lines(b""), b"");
    }
}
