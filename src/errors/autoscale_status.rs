//! `kubectl ome autoscale status` errors (read-commands.md §2.2).

use super::read_preamble::{Invalid, PLAIN, ReadPreamble, ServiceGet, Wording, returned_service};
use crate::ome::binding::BindingProblem;
use std::fmt;

/// `autoscale status`'s words for the shared steps (read-commands.md §2.2 steps 1–4).
const WORDING: Wording = Wording {
    formats: "table, wide, json, yaml",
    name: Invalid::EchoedAfter("InferenceService name"),
    namespace: Invalid::Problems {
        empty: "resolved namespace must not be empty",
        what: "resolved namespace",
    },
    write: "write autoscale status",
    ..PLAIN
};

/// An `autoscale status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum AutoscaleStatusError {
    /// `-o`, the name, the kubeconfig, the namespace, the client, or the report's write.
    Read(ReadPreamble),
    /// The InferenceService GET failed.
    Get(ServiceGet),
    /// The returned service is not the one requested (any present UID binds).
    Binding(BindingProblem),
}

impl fmt::Display for AutoscaleStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutoscaleStatusError::Read(e) => e.show(&WORDING, f),
            AutoscaleStatusError::Get(e) => e.fmt(f),
            AutoscaleStatusError::Binding(problem) => f.write_str(returned_service(*problem)),
        }
    }
}

impl std::error::Error for AutoscaleStatusError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AutoscaleStatusError::Read(e) => e.cause(),
            AutoscaleStatusError::Get(e) => e.source(),
            AutoscaleStatusError::Binding(_) => None,
        }
    }
}
