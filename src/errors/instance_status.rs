//! `kubectl ome instance status` errors (diagnose.md §1.2), in the order they are checked.

use super::read_preamble::{PLAIN, ReadPreamble, ServiceGet, Wording, returned_service};
use crate::ome::binding::BindingProblem;
use std::fmt;

/// `instance status`'s words for the shared steps (diagnose.md §1.2 steps 2–8).
const WORDING: Wording = Wording {
    write: "write instance status",
    ..PLAIN
};

/// An `instance status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum InstanceStatusError {
    /// Not exactly two positional arguments.
    ArgCount(usize),
    /// `-o` (trimmed and lower-cased), the name, the kubeconfig, the namespaces, the client, or
    /// the report's write.
    Read(ReadPreamble),
    /// `--component` is empty or blank.
    ComponentRequired,
    /// `--component` is not one of the three.
    InvalidComponent,
    /// The index is not an integer from 0 through 2147483647.
    InvalidIndex,
    /// The InferenceService GET's deadline expired.
    DeadlineExceeded,
    /// The InferenceService GET failed.
    Get(ServiceGet),
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service is not the one requested.
    Binding(BindingProblem),
}

impl fmt::Display for InstanceStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            InstanceStatusError::ArgCount(n) => return write!(f, "accepts 2 arg(s), received {n}"),
            InstanceStatusError::Read(e) => return e.show(&WORDING, f),
            InstanceStatusError::ComponentRequired => "--component is required",
            InstanceStatusError::InvalidComponent => "component must be engine, decoder, or router",
            InstanceStatusError::InvalidIndex => {
                "instance index must be an integer from 0 through 2147483647"
            }
            InstanceStatusError::DeadlineExceeded => "context deadline exceeded",
            InstanceStatusError::Get(e) => return e.fmt(f),
            InstanceStatusError::NoObject => "returned inference service is nil",
            InstanceStatusError::Binding(problem) => returned_service(*problem),
        };
        f.write_str(text)
    }
}

impl std::error::Error for InstanceStatusError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InstanceStatusError::Read(e) => e.cause(),
            InstanceStatusError::Get(e) => e.source(),
            _ => None,
        }
    }
}
