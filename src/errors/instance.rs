//! `kubectl ome instance list` errors (read-commands.md §3.2).

use super::read_preamble::{PLAIN, ReadPreamble, ServiceGet, Wording, returned_service};
use crate::ome::binding::BindingProblem;
use std::fmt;

/// `instance list`'s words for the shared steps (read-commands.md §3.2).
const WORDING: Wording = Wording {
    write: "write instance list",
    ..PLAIN
};

/// An `instance list` failure (exit 1).
#[derive(Debug)]
pub(crate) enum InstanceError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the report's write.
    Read(ReadPreamble),
    /// The InferenceService GET failed.
    Get(ServiceGet),
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service is not the one requested.
    Binding(BindingProblem),
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceError::Read(e) => e.show(&WORDING, f),
            InstanceError::Get(e) => e.fmt(f),
            InstanceError::NoObject => f.write_str("returned inference service is nil"),
            InstanceError::Binding(problem) => f.write_str(returned_service(*problem)),
        }
    }
}

impl std::error::Error for InstanceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InstanceError::Read(e) => e.cause(),
            InstanceError::Get(e) => e.source(),
            _ => None,
        }
    }
}
