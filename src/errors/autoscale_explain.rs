//! `kubectl ome autoscale explain` errors (diagnose.md §2.2), in the order they are checked.

use super::read_check::ReadKind;
use super::read_preamble::{ReadPreamble, ServiceGet, WORKLOAD, Wording, returned_service};
use crate::ome::binding::BindingProblem;
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
    /// More selection candidates than the budget (runtime-selection.md §2.4).
    SelectionTruncated,
    /// The candidate pages do not form one view.
    SnapshotChanged,
    /// A candidate list or item is not what was asked for, or names a runtime twice.
    UnexpectedIdentity,
}

/// `autoscale explain`'s words for the shared steps (diagnose.md §2.2 steps 1–6).
const WORDING: Wording = Wording {
    write: "write autoscale explain report",
    ..WORKLOAD
};

/// An `autoscale explain` failure (exit 1).
#[derive(Debug)]
pub(crate) enum AutoscaleExplainError {
    /// `-o`, the name, the kubeconfig, the namespaces, the client, or the report's write.
    Read(ReadPreamble),
    /// The 10 s acquisition deadline expired.
    DeadlineExceeded,
    /// The InferenceService GET failed.
    Get(ServiceGet),
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service is not the one requested.
    Binding(BindingProblem),
    /// The returned service has no resourceVersion.
    NoResourceVersion,
    /// The active runtime configuration could not be established.
    Runtime(RuntimeFailure),
    /// A LIST of selection candidates failed (`kind` names which; the line before the error
    /// names it too).
    SelectionRead {
        kind: ReadKind,
        cause: Box<crate::ome::evidence::ApiError>,
    },
}

impl fmt::Display for AutoscaleExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutoscaleExplainError::Read(e) => e.show(&WORDING, f),
            AutoscaleExplainError::DeadlineExceeded => f.write_str("context deadline exceeded"),
            AutoscaleExplainError::Get(e) => e.fmt(f),
            AutoscaleExplainError::NoObject => {
                f.write_str("autoscale projection requires an InferenceService")
            }
            AutoscaleExplainError::Binding(problem) => f.write_str(returned_service(*problem)),
            AutoscaleExplainError::NoResourceVersion => {
                f.write_str("returned inference service has no resourceVersion")
            }
            AutoscaleExplainError::Runtime(failure) => f.write_str(failure.message()),
            AutoscaleExplainError::SelectionRead { .. } => {
                f.write_str(RuntimeFailure::Unavailable.message())
            }
        }
    }
}

impl RuntimeFailure {
    fn message(self) -> &'static str {
        match self {
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
            RuntimeFailure::SelectionTruncated => {
                "collect active runtime configuration: runtime selection candidates exceeded the CLI collection limit"
            }
            RuntimeFailure::SnapshotChanged => {
                "collect active runtime configuration: runtime API snapshot changed during collection"
            }
            RuntimeFailure::UnexpectedIdentity => {
                "collect active runtime configuration: runtime API returned an object with an unexpected identity"
            }
        }
    }
}

impl std::error::Error for AutoscaleExplainError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AutoscaleExplainError::Read(e) => e.cause(),
            AutoscaleExplainError::Get(e) => e.source(),
            AutoscaleExplainError::SelectionRead { cause, .. } => Some(cause.as_ref()),
            _ => None,
        }
    }
}
