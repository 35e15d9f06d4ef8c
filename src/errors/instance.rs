//! `kubectl ome instance list` errors (read-commands.md §3.2).

use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// An `instance list` failure (exit 1).
#[derive(Debug)]
pub(crate) enum InstanceError {
    /// `-o` is not one of the accepted formats; the value is the user's input.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName,
    /// The kubeconfig could not be loaded.
    ResolveNamespace(ConnectError),
    /// The resolved namespace is not a DNS-1123 label.
    InvalidNamespace,
    /// The client could not be built.
    CreateClient(ConnectError),
    /// The InferenceService GET failed.
    Get {
        /// The namespace read.
        namespace: String,
        /// The service read.
        name: String,
        /// Why the read failed.
        cause: Box<ApiError>,
    },
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service is not the one requested.
    Binding(BindingProblem),
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, json, yaml)"
            ),
            InstanceError::InvalidName => f.write_str("inference service name is invalid"),
            InstanceError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            InstanceError::InvalidNamespace => f.write_str("namespace is invalid"),
            InstanceError::CreateClient(e) => write!(f, "create OME client: {e}"),
            InstanceError::Get {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "get InferenceService \"{namespace}/{name}\": {}",
                ShownApiError(cause)
            ),
            InstanceError::NoObject => f.write_str("returned inference service is nil"),
            InstanceError::Binding(problem) => f.write_str(match problem {
                BindingProblem::NameMismatch => {
                    "returned inference service name does not match request"
                }
                BindingProblem::NamespaceMismatch => {
                    "returned inference service namespace does not match request"
                }
                BindingProblem::MissingUid => "returned inference service has no UID",
                BindingProblem::UnsafeUid => "returned inference service has an unsafe UID",
            }),
            InstanceError::Write(e) => write!(f, "write instance list: {e}"),
        }
    }
}

impl std::error::Error for InstanceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InstanceError::ResolveNamespace(e) | InstanceError::CreateClient(e) => Some(e),
            InstanceError::Get { cause, .. } => Some(cause.as_ref()),
            InstanceError::Write(e) => Some(e),
            _ => None,
        }
    }
}
