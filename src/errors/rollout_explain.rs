//! `kubectl ome rollout explain` errors (rollout-explain.md §1.2), in the order they are checked.

use super::read_preamble::{PLAIN, ReadPreamble, Wording, returned_service};
use super::{OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// `rollout explain`'s words for the shared steps: `rollout status`'s (§1.2 steps 2–5, 8).
const WORDING: Wording = Wording {
    formats: "table, wide, json, yaml",
    resolve: None,
    write: "write rollout explain",
    ..PLAIN
};

/// A `rollout explain` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RolloutExplainError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the JSON/YAML report's
    /// write.
    Read(ReadPreamble),
    /// The InferenceService GET failed (shown as is, after the OME-not-installed rewrite).
    Get(Box<ApiError>),
    /// The returned service is not the one requested, or has no UID.
    Binding(BindingProblem),
    /// The wide table could not be written.
    WriteTable(OutputError),
}

impl fmt::Display for RolloutExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RolloutExplainError::Read(e) => e.show(&WORDING, f),
            RolloutExplainError::Get(e) => ShownApiError(e.as_ref()).fmt(f),
            RolloutExplainError::Binding(BindingProblem::MissingUid) => {
                f.write_str("inference service UID is required")
            }
            RolloutExplainError::Binding(problem) => f.write_str(returned_service(*problem)),
            RolloutExplainError::WriteTable(e) => write!(f, "write report table: {e}"),
        }
    }
}

impl std::error::Error for RolloutExplainError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RolloutExplainError::Read(e) => e.cause(),
            RolloutExplainError::Get(e) => Some(e.as_ref()),
            RolloutExplainError::WriteTable(e) => Some(e),
            RolloutExplainError::Binding(_) => None,
        }
    }
}
