//! `logs` (after-the-write.md §1): which pods' logs, and how much of each.

use crate::ome::Component;
use crate::ome::keys::{
    LABEL_COMPONENT, LABEL_INFERENCESERVICE, LABEL_INSTANCE_INDEX, LABEL_MANAGED_BY,
    LABEL_REVISION_HASH,
};
/// The container read when the pod has it and `--container` is not given.
pub(crate) const DEFAULT_CONTAINER: &str = "ome-container";

/// What `kubectl ome logs` was asked for, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LogsRequest {
    /// The InferenceService.
    pub(crate) name: String,
    /// `-c`, or the component of a full `--revision`.
    pub(crate) component: Option<Component>,
    /// `--instance`, when given.
    pub(crate) instance: Option<i64>,
    /// The 8-hex hash of `--revision`.
    pub(crate) revision_hash: Option<String>,
    /// `--container`, a DNS-1123 label.
    pub(crate) container: Option<String>,
    /// `--follow`.
    pub(crate) follow: bool,
    /// `--tail` when ≥ 0.
    pub(crate) tail_lines: Option<i64>,
    /// A positive `--since` in whole seconds (at least 1).
    pub(crate) since_seconds: Option<i64>,
    /// `--max-log-requests` (> 0).
    pub(crate) max_log_requests: i64,
    /// `--limit-bytes` when > 0.
    pub(crate) limit_bytes: Option<i64>,
}

impl LogsRequest {
    /// The label set pods are selected by, keys in byte order.
    pub(crate) fn selector(&self) -> Vec<(&'static str, String)> {
        let mut labels = vec![(LABEL_INFERENCESERVICE, self.name.clone())];
        if let Some(component) = self.component {
            labels.push((LABEL_COMPONENT, component.as_str().to_string()));
        }
        if self.instance.is_some() || self.revision_hash.is_some() {
            labels.push((LABEL_MANAGED_BY, "OMENative".to_string()));
        }
        if let Some(index) = self.instance {
            labels.push((LABEL_INSTANCE_INDEX, index.to_string()));
        }
        if let Some(hash) = &self.revision_hash {
            labels.push((LABEL_REVISION_HASH, hash.clone()));
        }
        labels.sort();
        labels
    }

    /// The selector as printed and sent: `key=value` joined by `,`.
    pub(crate) fn selector_text(&self) -> String {
        self.selector()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}
