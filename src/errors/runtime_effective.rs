//! `kubectl ome runtime effective` errors (after-the-write.md §3.2), in the order they are
//! checked. Every runtime, model or revision read failure is evidence, not an error.

use super::ShownApiError;
use super::read_preamble::{ReadPreamble, ServiceGet, WORKLOAD, Wording};
use std::fmt;

/// `runtime effective`'s words for the shared steps (after-the-write.md §3.2 steps 1–5).
const WORDING: Wording = Wording {
    formats: "table, wide, json, yaml",
    write: "write effective runtime report",
    ..WORKLOAD
};

/// A `runtime effective` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RuntimeEffectiveError {
    /// `-o`, the name, the kubeconfig, the namespaces, the client, or the report's write.
    Read(ReadPreamble),
    /// The InferenceService GET failed (its 10 s ran out: `context deadline exceeded`);
    /// `--context`, for the `next:` line.
    Get(ServiceGet, Option<String>),
    /// The GET returned no InferenceService-shaped object.
    NoObject,
    /// The returned service has another name.
    NameMismatch,
    /// The returned service is in another namespace.
    NamespaceMismatch,
    /// The returned service has no UID.
    EmptyUid,
    /// The returned service has no resourceVersion.
    EmptyResourceVersion,
}

impl RuntimeEffectiveError {
    /// The lines before the `error:` line (difference y): which read failed and why, then
    /// the command that helps next. No server text.
    pub(crate) fn check_lines(&self) -> Vec<String> {
        match self {
            RuntimeEffectiveError::Get(get, context) => {
                get.check_lines("runtime effective", context.as_deref())
            }
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for RuntimeEffectiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            RuntimeEffectiveError::Read(e) => return e.show(&WORDING, f),
            RuntimeEffectiveError::Get(get, _) if get.timed_out() => {
                "get InferenceService: context deadline exceeded"
            }
            RuntimeEffectiveError::Get(get, _) => {
                return write!(f, "get InferenceService: {}", ShownApiError(&get.cause));
            }
            RuntimeEffectiveError::NoObject => "InferenceService GET returned no object",
            RuntimeEffectiveError::NameMismatch => "InferenceService GET returned a different name",
            RuntimeEffectiveError::NamespaceMismatch => {
                "InferenceService GET returned a different namespace"
            }
            RuntimeEffectiveError::EmptyUid => "InferenceService GET returned an empty UID",
            RuntimeEffectiveError::EmptyResourceVersion => {
                "InferenceService GET returned an empty resourceVersion"
            }
        };
        f.write_str(text)
    }
}

impl std::error::Error for RuntimeEffectiveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RuntimeEffectiveError::Read(e) => e.cause(),
            RuntimeEffectiveError::Get(get, _) => get.source(),
            _ => None,
        }
    }
}
