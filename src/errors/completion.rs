//! Errors of `kubectl ome completion install`. Paths come from the user's own PATH, never from
//! the cluster, so they are named as they are.

use std::fmt;
use std::path::PathBuf;

/// Why `kubectl ome completion install` changed nothing.
#[derive(Debug)]
pub(crate) enum CompletionError {
    /// No executable `kubectl-ome` in any PATH directory, so kubectl cannot find the plugin.
    PluginNotOnPath,
    /// The directory that holds `kubectl-ome` cannot be written.
    NotWritable {
        /// The link's path.
        link: PathBuf,
    },
    /// Something other than a link to `kubectl-ome` already has the entry's name.
    Occupied {
        /// The path already taken.
        link: PathBuf,
    },
    /// Creating or inspecting the link failed for another reason.
    Io {
        /// The link's path.
        link: PathBuf,
        /// What the file system said.
        source: std::io::Error,
    },
}

impl fmt::Display for CompletionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompletionError::PluginNotOnPath => f.write_str(
                "kubectl-ome is not on PATH: add the directory that holds kubectl-ome to PATH \
                 (kubectl finds plugins there), then run `kubectl ome completion install` again",
            ),
            CompletionError::NotWritable { link } => write!(
                f,
                "cannot create {}: the directory is not writable; create the link with the \
                 rights to write there: ln -s kubectl-ome {}",
                link.display(),
                link.display()
            ),
            CompletionError::Occupied { link } => write!(
                f,
                "{} exists and is not a link to kubectl-ome; remove it, then run \
                 `kubectl ome completion install` again",
                link.display()
            ),
            CompletionError::Io { link, source } => {
                write!(f, "cannot create {}: {source}", link.display())
            }
        }
    }
}

impl std::error::Error for CompletionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CompletionError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
