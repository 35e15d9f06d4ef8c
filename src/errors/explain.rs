//! `kubectl ome autoscale explain` errors (diagnose.md §2.2), in the order they are checked.

use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use crate::ome::names::{NameProblem, Problems, dns1123_label_problems};
use std::fmt;

/// Why the active runtime configuration could not be used (§2.2 steps 10–13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RuntimeFailure {
    /// A runtime or pin read was refused by the API server.
    ReadForbidden,
    /// A runtime or pin read failed otherwise.
    ReadFailed,
    /// No active configuration exists (a missing runtime or pinned revision, no runtime
    /// named, a disabled runtime, an inheritance chain the CLI does not follow).
    Unavailable,
    /// The reads do not bind to one consistent snapshot.
    Unbound,
}

/// An `autoscale explain` failure (exit 1).
#[derive(Debug)]
pub(crate) enum ExplainError {
    /// `-o` is not table, json or yaml; the value is the user's input.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName {
        /// The name as typed.
        name: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// The kubeconfig could not be loaded.
    ResolveNamespace(ConnectError),
    /// `--ome-namespace` is empty.
    EmptyOmeNamespace,
    /// The resolved workload namespace is empty or not a DNS label.
    InvalidNamespace {
        /// The namespace resolved.
        namespace: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// `--ome-namespace` is not a DNS label; the value is the user's own input.
    InvalidOmeNamespace {
        /// The value as typed.
        value: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// The client could not be built.
    CreateClient(ConnectError),
    /// The 10 s acquisition deadline expired.
    DeadlineExceeded,
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
    /// The returned service has no resourceVersion.
    NoResourceVersion,
    /// The active runtime configuration could not be established.
    Runtime(RuntimeFailure),
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl ExplainError {
    /// The resolved workload namespace is empty or not a DNS label.
    pub(crate) fn namespace(namespace: &str) -> ExplainError {
        ExplainError::InvalidNamespace {
            namespace: namespace.to_string(),
            problems: dns1123_label_problems(namespace),
        }
    }
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplainError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, json, yaml)"
            ),
            ExplainError::InvalidName { name, problems } => write!(
                f,
                "InferenceService name \"{name}\" is invalid: {}",
                Problems(problems)
            ),
            ExplainError::ResolveNamespace(e) => write!(f, "resolve workload namespace: {e}"),
            ExplainError::EmptyOmeNamespace => f.write_str("OME namespace must not be empty"),
            ExplainError::InvalidNamespace {
                namespace,
                problems,
            } => write!(
                f,
                "workload namespace \"{namespace}\" is invalid: {}",
                Problems(problems)
            ),
            ExplainError::InvalidOmeNamespace { value, problems } => write!(
                f,
                "OME namespace \"{value}\" is invalid: {}",
                Problems(problems)
            ),
            ExplainError::CreateClient(e) => write!(f, "construct OME client: {e}"),
            ExplainError::DeadlineExceeded => f.write_str("context deadline exceeded"),
            ExplainError::Get {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "get InferenceService \"{namespace}/{name}\": {}",
                ShownApiError(cause)
            ),
            ExplainError::NoObject => f.write_str("autoscale projection requires an InferenceService"),
            ExplainError::Binding(problem) => f.write_str(match problem {
                BindingProblem::NameMismatch => {
                    "returned inference service name does not match request"
                }
                BindingProblem::NamespaceMismatch => {
                    "returned inference service namespace does not match request"
                }
                BindingProblem::MissingUid | BindingProblem::UnsafeUid => {
                    "returned inference service has no UID"
                }
            }),
            ExplainError::NoResourceVersion => {
                f.write_str("returned inference service has no resourceVersion")
            }
            ExplainError::Runtime(failure) => f.write_str(match failure {
                RuntimeFailure::ReadForbidden => {
                    "collect active runtime configuration: runtime read was forbidden"
                }
                RuntimeFailure::ReadFailed => {
                    "collect active runtime configuration: runtime read failed"
                }
                RuntimeFailure::Unavailable => {
                    "require active runtime configuration: active runtime configuration is unavailable"
                }
                RuntimeFailure::Unbound => {
                    "bind active runtime configuration: runtime API snapshot could not be safely bound"
                }
            }),
            ExplainError::Write(e) => write!(f, "write autoscale explain report: {e}"),
        }
    }
}

impl std::error::Error for ExplainError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExplainError::ResolveNamespace(e) | ExplainError::CreateClient(e) => Some(e),
            ExplainError::Get { cause, .. } => Some(cause.as_ref()),
            ExplainError::Write(e) => Some(e),
            _ => None,
        }
    }
}
