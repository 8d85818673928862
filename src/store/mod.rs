//! What the producers (sweep, play, merge) write and the consumer (report) reads, kept safe:
//! the run folder's lock, files replaced whole, tables read back without a row cut by a kill.

pub mod folder;

pub use folder::{busy, complete_lines, lock, replace, FolderLock, LOCK_FILE};
