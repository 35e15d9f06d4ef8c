//! `kubectl ome instance retry-blocks` errors (after-the-write.md §2.2).

use super::read_preamble::{PLAIN, ReadPreamble, ServiceGet, Wording, returned_service};
use crate::ome::binding::BindingProblem;
use std::fmt;

/// `instance retry-blocks`'s words for the shared steps (after-the-write.md §2.2 steps 1–6).
const WORDING: Wording = Wording {
    write: "write instance retry blocks",
    ..PLAIN
};

/// An `instance retry-blocks` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RetryBlocksError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the report's write.
    Read(ReadPreamble),
    /// `--component` is empty or blank.
    ComponentRequired,
    /// `--component` is not engine, decoder or router.
    InvalidComponent,
    /// The InferenceService GET failed (its 10 s ran out: `context deadline exceeded`);
    /// `--context`, for the `next:` line.
    Get(ServiceGet, Option<String>),
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
}

impl fmt::Display for RetryBlocksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetryBlocksError::Read(e) => e.show(&WORDING, f),
            RetryBlocksError::ComponentRequired => f.write_str("--component is required"),
            RetryBlocksError::InvalidComponent => {
                f.write_str("component must be engine, decoder, or router")
            }
            RetryBlocksError::Get(get, _) if get.timed_out() => {
                f.write_str("context deadline exceeded")
            }
            RetryBlocksError::Get(get, _) => get.fmt(f),
            RetryBlocksError::NoObject => f.write_str("returned inference service is nil"),
            RetryBlocksError::Binding(problem) => f.write_str(returned_service(*problem)),
            RetryBlocksError::Projection { namespace, name } => write!(
                f,
                "project retry blocks for InferenceService \"{namespace}/{name}\": retry-block projection requires a safe InferenceService identity"
            ),
        }
    }
}

impl RetryBlocksError {
    /// The lines before the `error:` line (difference y, the `read` row of diagnose.md §5.1):
    /// which read failed and why, then the command that helps next. No server text.
    pub(crate) fn check_lines(&self) -> Vec<String> {
        match self {
            RetryBlocksError::Get(get, context) => {
                get.check_lines("instance retry-blocks", context.as_deref())
            }
            _ => Vec::new(),
        }
    }
}

impl std::error::Error for RetryBlocksError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RetryBlocksError::Read(e) => e.cause(),
            RetryBlocksError::Get(get, _) => get.source(),
            _ => None,
        }
    }
}
