//! What can go wrong in a training run.

use std::path::PathBuf;

use thiserror::Error;

use crate::error::StoreError;

#[derive(Debug, Error)]
pub enum TrainError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {message} (delete it to make it again)", path.display())]
    BadFile { path: PathBuf, message: String },
    #[error(transparent)]
    Search(#[from] crate::error::SearchError),
    #[error(transparent)]
    Spec(#[from] crate::error::SpecError),
    #[error("{}: the data folder was made with other settings ({found}, not {wanted}): give another --dir, or delete it", path.display())]
    OtherSettings {
        path: PathBuf,
        found: String,
        wanted: String,
    },
}
