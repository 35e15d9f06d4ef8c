//! `kubectl ome rollout status` errors (read-commands.md §5.1).

use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// A `rollout status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RolloutError {
    /// `-o` is not one of the accepted formats; the value is the user's input.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName,
    /// The kubeconfig could not be loaded (shown as is).
    ResolveNamespace(ConnectError),
    /// The resolved namespace is not a DNS-1123 label.
    InvalidNamespace,
    /// The client could not be built.
    CreateClient(ConnectError),
    /// The InferenceService GET failed (shown as is, after the OME-not-installed rewrite).
    Get(Box<ApiError>),
    /// The returned service has another name.
    NameMismatch,
    /// The returned service is in another namespace.
    NamespaceMismatch,
    /// The projection rejected the service: it has no UID.
    MissingUid,
    /// The JSON/YAML report could not be rendered or written.
    Write(OutputError),
    /// The wide table could not be written.
    WriteTable(OutputError),
}

impl RolloutError {
    /// The binding problems this command checks; an unsafe UID is not one of them.
    pub(crate) fn binding(problem: BindingProblem) -> Option<RolloutError> {
        match problem {
            BindingProblem::NameMismatch => Some(RolloutError::NameMismatch),
            BindingProblem::NamespaceMismatch => Some(RolloutError::NamespaceMismatch),
            BindingProblem::MissingUid => Some(RolloutError::MissingUid),
            BindingProblem::UnsafeUid => None,
        }
    }
}

impl fmt::Display for RolloutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RolloutError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, wide, json, yaml)"
            ),
            RolloutError::InvalidName => f.write_str("inference service name is invalid"),
            RolloutError::ResolveNamespace(e) => e.fmt(f),
            RolloutError::InvalidNamespace => f.write_str("namespace is invalid"),
            RolloutError::CreateClient(e) => write!(f, "create OME client: {e}"),
            RolloutError::Get(e) => ShownApiError(e.as_ref()).fmt(f),
            RolloutError::NameMismatch => {
                f.write_str("returned inference service name does not match request")
            }
            RolloutError::NamespaceMismatch => {
                f.write_str("returned inference service namespace does not match request")
            }
            RolloutError::MissingUid => {
                f.write_str("project rollout status: inference service UID is missing")
            }
            RolloutError::Write(e) => write!(f, "write rollout status: {e}"),
            RolloutError::WriteTable(e) => write!(f, "write report table: {e}"),
        }
    }
}

impl std::error::Error for RolloutError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RolloutError::ResolveNamespace(e) | RolloutError::CreateClient(e) => Some(e),
            RolloutError::Get(e) => Some(e.as_ref()),
            RolloutError::Write(e) | RolloutError::WriteTable(e) => Some(e),
            _ => None,
        }
    }
}
