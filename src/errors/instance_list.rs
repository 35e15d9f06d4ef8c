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
pub(crate) enum InstanceListError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the report's write.
    Read(ReadPreamble),
    /// The InferenceService GET failed.
    Get(ServiceGet),
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service is not the one requested.
    Binding(BindingProblem),
}

impl fmt::Display for InstanceListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceListError::Read(e) => e.show(&WORDING, f),
            InstanceListError::Get(e) => e.fmt(f),
            InstanceListError::NoObject => f.write_str("returned inference service is nil"),
            InstanceListError::Binding(problem) => f.write_str(returned_service(*problem)),
        }
    }
}

impl std::error::Error for InstanceListError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InstanceListError::Read(e) => e.cause(),
            InstanceListError::Get(e) => e.source(),
            _ => None,
        }
    }
}
