//! `kubectl ome migration status` errors (read-commands.md §6.1).

use super::ShownApiError;
use super::read_preamble::{PLAIN, ReadPreamble, Wording, returned_service};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use std::fmt;

/// `migration status`'s words for the shared steps (read-commands.md §6.1).
const WORDING: Wording = Wording {
    write: "write migration status",
    ..PLAIN
};

/// A `migration status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum MigrationStatusError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the report's write.
    Read(ReadPreamble),
    /// `--component` is not a component.
    InvalidComponent,
    /// The InferenceService GET failed.
    Get(Box<ApiError>),
    /// The returned service is not the one requested.
    Binding(BindingProblem),
    /// The InferenceReplica LIST failed (fatal here, unlike `instance list`).
    List(Box<ApiError>),
}

impl fmt::Display for MigrationStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const COLLECT: &str = "collect migration status";
        match self {
            MigrationStatusError::Read(e) => e.show(&WORDING, f),
            MigrationStatusError::InvalidComponent => {
                f.write_str("component must be engine, decoder, or router")
            }
            MigrationStatusError::Get(e) => write!(
                f,
                "{COLLECT}: get InferenceService: {}",
                ShownApiError(e.as_ref())
            ),
            MigrationStatusError::Binding(BindingProblem::UnsafeUid) => {
                write!(f, "{COLLECT}: returned inference service UID is invalid")
            }
            MigrationStatusError::Binding(problem) => {
                write!(f, "{COLLECT}: {}", returned_service(*problem))
            }
            MigrationStatusError::List(e) => write!(
                f,
                "{COLLECT}: list related InferenceReplicas: {}",
                ShownApiError(e.as_ref())
            ),
        }
    }
}

impl std::error::Error for MigrationStatusError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MigrationStatusError::Read(e) => e.cause(),
            MigrationStatusError::Get(e) | MigrationStatusError::List(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}
