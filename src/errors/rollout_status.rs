//! `kubectl ome rollout status` errors (read-commands.md §5.1).

use super::read_preamble::{PLAIN, ReadPreamble, Wording, returned_service};
use super::{OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// `rollout status`'s words for the shared steps (read-commands.md §5.1): a kubeconfig failure
/// is shown as it is.
const WORDING: Wording = Wording {
    formats: "table, wide, json, yaml",
    resolve: None,
    write: "write rollout status",
    ..PLAIN
};

/// A `rollout status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RolloutStatusError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the JSON/YAML report's
    /// write.
    Read(ReadPreamble),
    /// The InferenceService GET failed (shown as is, after the OME-not-installed rewrite).
    Get(Box<ApiError>),
    /// The returned service is not the one requested (any present UID binds).
    Binding(BindingProblem),
    /// The wide table could not be written.
    WriteTable(OutputError),
}

impl fmt::Display for RolloutStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RolloutStatusError::Read(e) => e.show(&WORDING, f),
            RolloutStatusError::Get(e) => ShownApiError(e.as_ref()).fmt(f),
            // The reference's words for a service without a UID (rollout-explain.md §2 step 7).
            RolloutStatusError::Binding(BindingProblem::MissingUid) => {
                f.write_str("inference service UID is required")
            }
            RolloutStatusError::Binding(problem) => f.write_str(returned_service(*problem)),
            RolloutStatusError::WriteTable(e) => write!(f, "write report table: {e}"),
        }
    }
}

impl std::error::Error for RolloutStatusError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RolloutStatusError::Read(e) => e.cause(),
            RolloutStatusError::Get(e) => Some(e.as_ref()),
            RolloutStatusError::WriteTable(e) => Some(e),
            RolloutStatusError::Binding(_) => None,
        }
    }
}
