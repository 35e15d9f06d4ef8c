//! `kubectl ome runtime effective` errors (after-the-write.md §3.2), in the order they are
//! checked. Every runtime, model or revision read failure is evidence, not an error.

use super::FailedStep;
use super::read_check::ReadKind;
use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::evidence::ApiError;
use crate::ome::names::{NameProblem, Problems, dns1123_label_problems};
use std::fmt;

/// A `runtime effective` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RuntimeEffectiveError {
    /// `-o` is not table, wide, json or yaml; the value is the user's input.
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
    /// The resolved workload namespace is not a DNS label.
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
    /// The InferenceService GET failed (its 10 s ran out: `context deadline exceeded`).
    Get {
        /// The namespace read.
        namespace: String,
        /// The service read.
        name: String,
        /// `--context`, for the `next:` line.
        context: Option<String>,
        /// Why the read failed.
        cause: Box<ApiError>,
    },
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service has another name.
    NameMismatch,
    /// The returned service is in another namespace.
    NamespaceMismatch,
    /// The returned service has no UID.
    EmptyUid,
    /// The returned service has no resourceVersion.
    EmptyResourceVersion,
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl RuntimeEffectiveError {
    /// A namespace that is not a DNS label.
    pub(crate) fn namespace(namespace: &str) -> RuntimeEffectiveError {
        RuntimeEffectiveError::InvalidNamespace {
            namespace: namespace.to_string(),
            problems: dns1123_label_problems(namespace),
        }
    }

    /// The lines before the `error:` line (difference y): which read failed and why, then
    /// the command that helps next. No server text.
    pub(crate) fn check_lines(&self) -> Vec<String> {
        let RuntimeEffectiveError::Get {
            namespace,
            name,
            context,
            cause,
        } = self
        else {
            return Vec::new();
        };
        FailedStep::read(
            ReadKind::InferenceService,
            namespace,
            name,
            cause,
            context.as_deref(),
        )
        .lines("runtime effective")
    }
}

impl fmt::Display for RuntimeEffectiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuntimeEffectiveError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, wide, json, yaml)"
            ),
            RuntimeEffectiveError::InvalidName { name, problems } => write!(
                f,
                "InferenceService name \"{name}\" is invalid: {}",
                Problems(problems)
            ),
            RuntimeEffectiveError::ResolveNamespace(e) => {
                write!(f, "resolve workload namespace: {e}")
            }
            RuntimeEffectiveError::EmptyOmeNamespace => {
                f.write_str("OME namespace must not be empty")
            }
            RuntimeEffectiveError::InvalidNamespace {
                namespace,
                problems,
            } => write!(
                f,
                "workload namespace \"{namespace}\" is invalid: {}",
                Problems(problems)
            ),
            RuntimeEffectiveError::InvalidOmeNamespace { value, problems } => write!(
                f,
                "OME namespace \"{value}\" is invalid: {}",
                Problems(problems)
            ),
            RuntimeEffectiveError::CreateClient(e) => write!(f, "construct OME client: {e}"),
            RuntimeEffectiveError::Get { cause, .. } if matches!(**cause, ApiError::TimedOut) => {
                f.write_str("get InferenceService: context deadline exceeded")
            }
            RuntimeEffectiveError::Get { cause, .. } => {
                write!(f, "get InferenceService: {}", ShownApiError(cause))
            }
            RuntimeEffectiveError::NoObject => {
                f.write_str("InferenceService GET returned no object")
            }
            RuntimeEffectiveError::NameMismatch => {
                f.write_str("InferenceService GET returned a different name")
            }
            RuntimeEffectiveError::NamespaceMismatch => {
                f.write_str("InferenceService GET returned a different namespace")
            }
            RuntimeEffectiveError::EmptyUid => {
                f.write_str("InferenceService GET returned an empty UID")
            }
            RuntimeEffectiveError::EmptyResourceVersion => {
                f.write_str("InferenceService GET returned an empty resourceVersion")
            }
            RuntimeEffectiveError::Write(e) => write!(f, "write effective runtime report: {e}"),
        }
    }
}

impl std::error::Error for RuntimeEffectiveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RuntimeEffectiveError::ResolveNamespace(e) | RuntimeEffectiveError::CreateClient(e) => {
                Some(e)
            }
            RuntimeEffectiveError::Get { cause, .. } => Some(cause.as_ref()),
            RuntimeEffectiveError::Write(e) => Some(e),
            _ => None,
        }
    }
}
