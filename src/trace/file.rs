//! A trace file that searches write to in turn (`search --trace FILE`, `nodeprof engine`'s
//! option Trace; docs/probe.md): the first line, then each search's header block naming it
//! and its nodes, each written by one more search (untimed, the same counts as the measured
//! one).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::error::SearchError;
use crate::position::AnyPosition;
use crate::search::{search_traced, SearchConfig};
use crate::trace::format::{MAGIC, VERSION};
use crate::with_position;

/// The trace file the searches share.
#[derive(Clone)]
pub struct TraceFile(Arc<Mutex<BufWriter<File>>>);

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
            .write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).flush()
    }
}

impl TraceFile {
    /// A new trace file at `path`, its first line written.
    pub fn create(path: &Path) -> io::Result<TraceFile> {
        let file = File::create(path)?;
        let mut trace = TraceFile(Arc::new(Mutex::new(BufWriter::new(file))));
        writeln!(trace, "{MAGIC} {VERSION}")?;
        Ok(trace)
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
