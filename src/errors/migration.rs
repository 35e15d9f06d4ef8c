//! `kubectl ome migration status` errors (read-commands.md §6.1).

use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// A `migration status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum MigrationError {
    /// `-o` is not one of the accepted formats; the value is the user's input.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName,
    /// `--component` is not a component.
    InvalidComponent,
    /// The kubeconfig could not be loaded.
    ResolveNamespace(ConnectError),
    /// The resolved namespace is not a DNS-1123 label.
    InvalidNamespace,
    /// The client could not be built.
    CreateClient(ConnectError),
    /// The InferenceService GET failed.
    Get(Box<ApiError>),
    /// The returned service is not the one requested.
    Binding(BindingProblem),
    /// The InferenceReplica LIST failed (fatal here, unlike `instance list`).
    List(Box<ApiError>),
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl fmt::Display for MigrationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const COLLECT: &str = "collect migration status";
        match self {
            MigrationError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, json, yaml)"
            ),
            MigrationError::InvalidName => f.write_str("inference service name is invalid"),
            MigrationError::InvalidComponent => {
                f.write_str("component must be engine, decoder, or router")
            }
            MigrationError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            MigrationError::InvalidNamespace => f.write_str("namespace is invalid"),
            MigrationError::CreateClient(e) => write!(f, "create OME client: {e}"),
            MigrationError::Get(e) => {
                write!(
                    f,
                    "{COLLECT}: get InferenceService: {}",
                    ShownApiError(e.as_ref())
                )
            }
            MigrationError::Binding(problem) => write!(
                f,
                "{COLLECT}: {}",
                match problem {
                    BindingProblem::NameMismatch =>
                        "returned inference service name does not match request",
                    BindingProblem::NamespaceMismatch =>
                        "returned inference service namespace does not match request",
                    BindingProblem::MissingUid => "returned inference service has no UID",
                    BindingProblem::UnsafeUid => "returned inference service UID is invalid",
                }
            ),
            MigrationError::List(e) => write!(
                f,
                "{COLLECT}: list related InferenceReplicas: {}",
                ShownApiError(e.as_ref())
            ),
            MigrationError::Write(e) => write!(f, "write migration status: {e}"),
        }
    }
}

impl std::error::Error for MigrationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MigrationError::ResolveNamespace(e) | MigrationError::CreateClient(e) => Some(e),
            MigrationError::Get(e) | MigrationError::List(e) => Some(e.as_ref()),
            MigrationError::Write(e) => Some(e),
            _ => None,
        }
    }
}
