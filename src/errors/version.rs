//! `kubectl ome version` errors. An unreadable server or Deployment is not one: the report
//! says why and the command exits 0.

use std::fmt;

/// A `version` failure (exit 1).
#[derive(Debug)]
pub(crate) enum VersionError {
    /// `--ome-namespace` is not a DNS-1123 label.
    InvalidOmeNamespace,
    /// The report could not be written.
    Write(std::io::Error),
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionError::InvalidOmeNamespace => {
                f.write_str("--ome-namespace must be a DNS-1123 label")
            }
            VersionError::Write(e) => write!(f, "write version: {e}"),
        }
    }
}

impl std::error::Error for VersionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VersionError::Write(e) => Some(e),
            _ => None,
        }
    }
}
