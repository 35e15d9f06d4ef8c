//! `kubectl ome instance retry-blocks` errors (after-the-write.md §2.2).

use super::FailedStep;
use super::read_check::ReadKind;
use super::{ConnectError, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// An `instance retry-blocks` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RetryBlocksError {
    /// `-o` is not table, json or yaml; the value is the user's input.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName,
    /// `--component` is empty or blank.
    ComponentRequired,
    /// `--component` is not engine, decoder or router.
    InvalidComponent,
    /// The kubeconfig could not be loaded.
    ResolveNamespace(ConnectError),
    /// The resolved namespace is not a DNS-1123 label.
    InvalidNamespace,
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
    /// The returned service is not the one requested.
    Binding(BindingProblem),
    /// The service has no usable generation.
    Projection {
        /// The namespace read.
        namespace: String,
        /// The service read.
        name: String,
    },
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl fmt::Display for RetryBlocksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetryBlocksError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, json, yaml)"
            ),
            RetryBlocksError::InvalidName => f.write_str("inference service name is invalid"),
            RetryBlocksError::ComponentRequired => f.write_str("--component is required"),
            RetryBlocksError::InvalidComponent => {
                f.write_str("component must be engine, decoder, or router")
            }
            RetryBlocksError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            RetryBlocksError::InvalidNamespace => f.write_str("namespace is invalid"),
            RetryBlocksError::CreateClient(e) => write!(f, "create OME client: {e}"),
            RetryBlocksError::Get { cause, .. } if matches!(**cause, ApiError::TimedOut) => {
                f.write_str("context deadline exceeded")
            }
            RetryBlocksError::Get {
                namespace,
                name,
                cause,
                ..
            } => write!(
                f,
                "get InferenceService \"{namespace}/{name}\": {}",
                ShownApiError(cause)
            ),
            RetryBlocksError::NoObject => f.write_str("returned inference service is nil"),
            RetryBlocksError::Binding(problem) => f.write_str(match problem {
                BindingProblem::NameMismatch => {
                    "returned inference service name does not match request"
                }
                BindingProblem::NamespaceMismatch => {
                    "returned inference service namespace does not match request"
                }
                BindingProblem::MissingUid => "returned inference service has no UID",
                BindingProblem::UnsafeUid => "returned inference service has an unsafe UID",
            }),
            RetryBlocksError::Projection { namespace, name } => write!(
                f,
                "project retry blocks for InferenceService \"{namespace}/{name}\": retry-block projection requires a safe InferenceService identity"
            ),
            RetryBlocksError::Write(e) => write!(f, "write instance retry blocks: {e}"),
        }
    }
}

impl RetryBlocksError {
    /// The lines before the `error:` line (difference y, the `read` row of diagnose.md §5.1):
    /// which read failed and why, then the command that helps next. No server text.
    pub(crate) fn check_lines(&self) -> Vec<String> {
        let RetryBlocksError::Get {
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
        .lines("instance retry-blocks")
    }
}

impl std::error::Error for RetryBlocksError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RetryBlocksError::ResolveNamespace(e) | RetryBlocksError::CreateClient(e) => Some(e),
            RetryBlocksError::Get { cause, .. } => Some(cause.as_ref()),
            RetryBlocksError::Write(e) => Some(e),
            _ => None,
        }
    }
}
