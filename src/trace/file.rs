//! A trace file that searches write to in turn (`search --trace FILE`, `nodeprof engine`'s
//! option Trace; docs/probe.md): the first line, then each search's header block naming it
//! and its nodes, each written by one more search (untimed, the same counts as the measured
//! one).
//!
//! A regular file is written beside its place (`.NAME.partial`, flushed after each search)
//! and renamed over it once finished: a kill leaves the file that was there as it was, and
//! the searches finished so far in the partial file. A pipe or a device (`/dev/stdout`, a
//! FIFO into `nodeprof trace -`) is written as it is: there is nothing there to keep.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::error::SearchError;
use crate::position::AnyPosition;
use crate::search::{search_traced, SearchConfig};
use crate::trace::format::{MAGIC, VERSION};
use crate::with_position;

/// Where a trace goes: the open file, and for a regular file the partial file beside its
/// place and the place.
struct Sink {
    out: BufWriter<File>,
    rename: Option<(PathBuf, PathBuf)>,
}

/// The trace file the searches share.
#[derive(Clone)]
pub struct TraceFile(Arc<Mutex<Sink>>);

impl std::fmt::Debug for TraceFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TraceFile")
    }
}

impl Write for TraceFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .out
            .write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).out.flush()
    }
}

impl TraceFile {
    /// A new trace for `path`, its first line written (see the module's rules).
    pub fn create(path: &Path) -> io::Result<TraceFile> {
        let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        let (file, rename) = match special {
            true => (std::fs::OpenOptions::new().write(true).open(path)?, None),
            false => {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                let beside = path.with_file_name(format!(".{name}.partial"));
                let file = crate::store::create_table(&beside).map_err(io::Error::other)?;
                (file, Some((beside, path.to_path_buf())))
            }
        };
        let sink = Sink {
            out: BufWriter::new(file),
            rename,
        };
        let mut trace = TraceFile(Arc::new(Mutex::new(sink)));
        writeln!(trace, "{MAGIC} {VERSION}")?;
        Ok(trace)
    }

    /// Ends the trace: written out and, for a regular file, put in its place.
    pub fn finish(&self) -> io::Result<()> {
        let mut sink = self.0.lock().unwrap_or_else(|e| e.into_inner());
        sink.out.flush()?;
        if let Some((beside, path)) = sink.rename.take() {
            sink.out.get_ref().sync_all()?;
            std::fs::rename(&beside, &path)?;
        }
        Ok(())
    }

    /// Searches `pos` (named `name`) to `depth` with `config` once more, writing its header
    /// block and its nodes.
    pub fn trace(
        &mut self,
        name: &str,
        pos: &AnyPosition,
        depth: u32,
        config: &SearchConfig,
    ) -> Result<(), SearchError> {
        let written = |e: io::Error| SearchError::TraceWrite {
            message: e.to_string(),
        };
        let position = with_position!(pos, p => p.to_string());
        let one_line = |text: &str| text.replace(['\n', '\r'], " ");
        write!(
            self,
            "search {}\ngame {}\nposition {}\nvariant {}\neval {}\n",
            one_line(name),
            pos.kind(),
            one_line(&position),
            config.variant,
            config.eval.name()
        )
        .map_err(written)?;
        let out = Box::new(self.clone());
        with_position!(pos, p => search_traced(p, depth, config, out).map(|_| ()))?;
        self.flush().map_err(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_takes_its_place_only_once_finished() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("search.trace");
        std::fs::write(&path, "an earlier trace\n").unwrap();
        let mut trace = TraceFile::create(&path).unwrap();
        writeln!(trace, "search one").unwrap();
        trace.flush().unwrap();
        let partial = dir.path().join(".search.trace.partial");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "an earlier trace\n"
        );
        assert_eq!(
            std::fs::read_to_string(&partial).unwrap(),
            "nodeprof-trace 1\nsearch one\n"
        );
        trace.finish().unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "nodeprof-trace 1\nsearch one\n"
        );
        assert!(!partial.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_in_the_partial_files_place_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside");
        std::fs::write(&outside, "kept").unwrap();
        std::os::unix::fs::symlink(&outside, dir.path().join(".t.partial")).unwrap();
        assert!(TraceFile::create(&dir.path().join("t")).is_err());
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "kept");
    }
}
