//! `kubectl ome version` errors. An unreadable server or Deployment is not one: the report
//! says why and the command exits 0.

use super::OutputError;
use crate::text::bounded;
use std::fmt;

/// A `version` failure (exit 1).
#[derive(Debug)]
pub(crate) enum VersionError {
    /// `-o` is neither json nor yaml; the value is the user's input.
    UnsupportedOutput(String),
    /// `--ome-namespace` is not a DNS-1123 label.
    InvalidOmeNamespace,
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{}\" (supported: json, yaml)",
                bounded(v, 64)
            ),
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
