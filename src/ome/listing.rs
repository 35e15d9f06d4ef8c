//! What a bounded LIST read, and the Warning-event reads of chosen objects: the collectors fill
//! these, the evaluators judge them, so neither imports the other. A failed page is evidence,
//! never an error: the items of earlier pages are kept beside it.

use super::evidence::ApiError;
use serde_json::Value;

/// What a LIST returned.
#[derive(Debug, Clone, Default)]
pub(crate) struct Listed {
    pub(crate) items: Vec<Value>,
    /// More items or pages existed than the bounds allow.
    pub(crate) truncated: bool,
    /// The failure of the last page read, if any.
    pub(crate) error: Option<ApiError>,
    /// LIST requests sent.
    pub(crate) pages: usize,
}

/// An object whose Warning events are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EventTarget {
    /// `InferenceService` or `Pod`.
    pub(crate) kind: &'static str,
    pub(crate) name: String,
    pub(crate) uid: String,
}

/// The Warning events listed for one target.
#[derive(Debug, Clone)]
pub(crate) struct TargetEvents {
    pub(crate) target: EventTarget,
    pub(crate) listed: Listed,
}
