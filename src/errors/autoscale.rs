//! `kubectl ome autoscale status` errors (read-commands.md §2.2).

use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use crate::ome::names::{NameProblem, NamespaceProblem, Problems};
use std::fmt;

/// An `autoscale status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum AutoscaleError {
    /// `-o` is not one of the accepted formats; the value is the user's input.
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
    /// The resolved namespace is empty.
    EmptyNamespace,
    /// The resolved namespace is not a DNS-1123 label.
    InvalidNamespace(Vec<NameProblem>),
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
    /// The returned service has another name.
    NameMismatch,
    /// The returned service is in another namespace.
    NamespaceMismatch,
    /// The returned service has no UID.
    NoUid,
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl AutoscaleError {
    /// The binding problems this command checks; an unsafe UID is not one of them.
    pub(crate) fn binding(problem: BindingProblem) -> Option<AutoscaleError> {
        match problem {
            BindingProblem::NameMismatch => Some(AutoscaleError::NameMismatch),
            BindingProblem::NamespaceMismatch => Some(AutoscaleError::NamespaceMismatch),
            BindingProblem::MissingUid => Some(AutoscaleError::NoUid),
            BindingProblem::UnsafeUid => None,
        }
    }
}

impl From<NamespaceProblem> for AutoscaleError {
    fn from(problem: NamespaceProblem) -> Self {
        match problem {
            NamespaceProblem::Empty => AutoscaleError::EmptyNamespace,
            NamespaceProblem::Invalid(problems) => AutoscaleError::InvalidNamespace(problems),
        }
    }
}

impl fmt::Display for AutoscaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutoscaleError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, wide, json, yaml)"
            ),
            AutoscaleError::InvalidName { name, problems } => write!(
                f,
                "invalid InferenceService name \"{name}\": {}",
                Problems(problems)
            ),
            AutoscaleError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            AutoscaleError::EmptyNamespace => f.write_str("resolved namespace must not be empty"),
            AutoscaleError::InvalidNamespace(p) => {
                write!(f, "invalid resolved namespace: {}", Problems(p))
            }
            AutoscaleError::CreateClient(e) => write!(f, "create OME client: {e}"),
            AutoscaleError::Get {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "get InferenceService \"{namespace}/{name}\": {}",
                ShownApiError(cause)
            ),
            AutoscaleError::NameMismatch => {
                f.write_str("returned inference service name does not match request")
            }
            AutoscaleError::NamespaceMismatch => {
                f.write_str("returned inference service namespace does not match request")
            }
            AutoscaleError::NoUid => f.write_str("returned inference service has no UID"),
            AutoscaleError::Write(e) => write!(f, "write autoscale status: {e}"),
        }
    }
}

impl std::error::Error for AutoscaleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AutoscaleError::ResolveNamespace(e) | AutoscaleError::CreateClient(e) => Some(e),
            AutoscaleError::Get { cause, .. } => Some(cause.as_ref()),
            AutoscaleError::Write(e) => Some(e),
            _ => None,
        }
    }
}
