//! `kubectl ome instance status` errors (diagnose.md §1.2), in the order they are checked.

use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use crate::ome::names::{NameProblem, Problems};
use std::fmt;

/// An `instance status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum InstanceStatusError {
    /// Not exactly two positional arguments.
    ArgCount(usize),
    /// `-o` is not table, wide, json or yaml; the trimmed, lower-cased value.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName,
    /// `--component` is empty or blank.
    ComponentRequired,
    /// `--component` is not one of the three.
    InvalidComponent,
    /// The index is not an integer from 0 through 2147483647.
    InvalidIndex,
    /// The kubeconfig could not be loaded.
    ResolveNamespace(ConnectError),
    /// The resolved namespace is empty or not a DNS label.
    InvalidNamespace,
    /// `--ome-namespace` is empty.
    EmptyOmeNamespace,
    /// `--ome-namespace` is not a DNS label; the value is the user's own input.
    InvalidOmeNamespace {
        /// The value as typed.
        value: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// The client could not be built.
    CreateClient(ConnectError),
    /// The InferenceService GET's deadline expired.
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
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl fmt::Display for InstanceStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceStatusError::ArgCount(n) => write!(f, "accepts 2 arg(s), received {n}"),
            InstanceStatusError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, json, yaml)"
            ),
            InstanceStatusError::InvalidName => f.write_str("inference service name is invalid"),
            InstanceStatusError::ComponentRequired => f.write_str("--component is required"),
            InstanceStatusError::InvalidComponent => {
                f.write_str("component must be engine, decoder, or router")
            }
            InstanceStatusError::InvalidIndex => {
                f.write_str("instance index must be an integer from 0 through 2147483647")
            }
            InstanceStatusError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            InstanceStatusError::InvalidNamespace => f.write_str("namespace is invalid"),
            InstanceStatusError::EmptyOmeNamespace => {
                f.write_str("OME namespace must not be empty")
            }
            InstanceStatusError::InvalidOmeNamespace { value, problems } => write!(
                f,
                "OME namespace \"{value}\" is invalid: {}",
                Problems(problems)
            ),
            InstanceStatusError::CreateClient(e) => write!(f, "create OME client: {e}"),
            InstanceStatusError::DeadlineExceeded => f.write_str("context deadline exceeded"),
            InstanceStatusError::Get {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "get InferenceService \"{namespace}/{name}\": {}",
                ShownApiError(cause)
            ),
            InstanceStatusError::NoObject => f.write_str("returned inference service is nil"),
            InstanceStatusError::Binding(problem) => f.write_str(match problem {
                BindingProblem::NameMismatch => {
                    "returned inference service name does not match request"
                }
                BindingProblem::NamespaceMismatch => {
                    "returned inference service namespace does not match request"
                }
                BindingProblem::MissingUid => "returned inference service has no UID",
                BindingProblem::UnsafeUid => "returned inference service has an unsafe UID",
            }),
            InstanceStatusError::Write(e) => write!(f, "write instance status: {e}"),
        }
    }
}

impl std::error::Error for InstanceStatusError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InstanceStatusError::ResolveNamespace(e) | InstanceStatusError::CreateClient(e) => {
                Some(e)
            }
            InstanceStatusError::Get { cause, .. } => Some(cause.as_ref()),
            InstanceStatusError::Write(e) => Some(e),
            _ => None,
        }
    }
}
