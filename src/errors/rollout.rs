//! `kubectl ome rollout status` errors (read-commands.md §5.1).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RolloutError {
    UnsupportedOutput(String),
    InvalidName,
    ResolveNamespace(String),
    InvalidNamespace,
    CreateClient(String),
    /// The API error text, passed through (after the OME-not-installed rewrite).
    Get(String),
    NameMismatch,
    NamespaceMismatch,
    Projection(String),
    Write(String),
    WriteTable(String),
}

impl fmt::Display for RolloutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RolloutError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, wide, json, yaml)"
            ),
            RolloutError::InvalidName => f.write_str("inference service name is invalid"),
            RolloutError::ResolveNamespace(e) => f.write_str(e),
            RolloutError::InvalidNamespace => f.write_str("namespace is invalid"),
            RolloutError::CreateClient(e) => write!(f, "create OME client: {e}"),
            RolloutError::Get(e) => f.write_str(e),
            RolloutError::NameMismatch => {
                f.write_str("returned inference service name does not match request")
            }
            RolloutError::NamespaceMismatch => {
                f.write_str("returned inference service namespace does not match request")
            }
            RolloutError::Projection(e) => write!(f, "project rollout status: {e}"),
            RolloutError::Write(e) => write!(f, "write rollout status: {e}"),
            RolloutError::WriteTable(e) => write!(f, "write report table: {e}"),
        }
    }
}
