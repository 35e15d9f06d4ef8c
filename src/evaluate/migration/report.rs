//! The `MigrationStatusReport` shape (read-commands.md §6.3, §6.5): field order is the JSON key
//! order.

use crate::ome::report::{Freshness, Report};
use serde::Serialize;

/// The report kind.
pub(crate) const KIND: &str = "MigrationStatusReport";

/// The `MigrationStatusReport` (read-commands.md §6.5).
pub(crate) type MigrationStatusReport = Report<MigrationStatusContent>;

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub(crate) enum SummaryState {
    Reported,
    Partial,
    Empty,
}

impl SummaryState {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SummaryState::Reported => "Reported",
            SummaryState::Partial => "Partial",
            SummaryState::Empty => "Empty",
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub(crate) struct Summary {
    pub(crate) state: SummaryState,
    pub(crate) records: usize,
    pub(crate) active: usize,
    pub(crate) terminal: usize,
    pub(crate) invalid: usize,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Capacity {
    pub(crate) evidence: &'static str,
    pub(crate) active_allocated: usize,
    pub(crate) concurrency_limit_evidence: &'static str,
    pub(crate) rate_limit_evidence: &'static str,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub(crate) enum Classification {
    Active,
    Terminal,
    Invalid,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct RecordIssue {
    pub(crate) code: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationRecord {
    #[serde(rename = "requestID")]
    pub(crate) request_id: String,
    pub(crate) source_name: String,
    pub(crate) component: String,
    pub(crate) source_instance: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) surge_instance: Option<i64>,
    pub(crate) trigger: &'static str,
    pub(crate) phase: &'static str,
    pub(crate) classification: Classification,
    pub(crate) freshness: Freshness,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) from_node: Option<String>,
    pub(crate) target_node_hints: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) attempt: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) requested_at: Option<String>,
    pub(crate) requested_at_evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) started_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) allocated_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) deadline: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) completed_at: Option<String>,
    pub(crate) reason_evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
    pub(crate) message_evidence: &'static str,
    pub(crate) outcome: &'static str,
    pub(crate) issues: Vec<RecordIssue>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Issue {
    pub(crate) code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source_name: Option<String>,
    #[serde(rename = "requestID", skip_serializing_if = "Option::is_none")]
    pub(crate) request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<String>,
}

impl Issue {
    pub(crate) fn report(code: &'static str) -> Issue {
        Issue {
            code,
            source_name: None,
            request_id: None,
            component: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub(crate) struct MigrationStatusContent {
    pub(crate) summary: Summary,
    pub(crate) capacity: Capacity,
    pub(crate) migrations: Vec<MigrationRecord>,
    pub(crate) issues: Vec<Issue>,
}

/// Issue codes (read-commands.md §6.3).
pub(crate) mod code {
    pub(crate) const SOURCE_IDENTITY_INVALID: &str = "SourceIdentityInvalid";
    pub(crate) const SOURCE_LABEL_MISMATCH: &str = "SourceLabelMismatch";
    pub(crate) const SOURCE_PARENT_MISMATCH: &str = "SourceParentMismatch";
    pub(crate) const SOURCE_OWNER_MISMATCH: &str = "SourceOwnerMismatch";
    pub(crate) const SOURCE_COMPONENT_INVALID: &str = "SourceComponentInvalid";
    pub(crate) const SOURCE_COMPONENT_DUPLICATE: &str = "SourceComponentDuplicate";
    pub(crate) const SOURCE_GENERATION_UNOBSERVED: &str = "SourceGenerationUnobserved";
    pub(crate) const SOURCE_GENERATION_STALE: &str = "SourceGenerationStale";
    pub(crate) const SOURCE_GENERATION_INVALID: &str = "SourceGenerationInvalid";
    pub(crate) const REQUEST_ID_INVALID: &str = "RequestIDInvalid";
    pub(crate) const REQUEST_ID_DUPLICATE: &str = "RequestIDDuplicate";
    pub(crate) const TRIGGER_INVALID: &str = "TriggerInvalid";
    pub(crate) const PHASE_INVALID: &str = "PhaseInvalid";
    pub(crate) const TRIGGER_PHASE_CONFLICT: &str = "TriggerPhaseConflict";
    pub(crate) const SOURCE_INDEX_INVALID: &str = "SourceIndexInvalid";
    pub(crate) const SURGE_INDEX_INVALID: &str = "SurgeIndexInvalid";
    pub(crate) const ALLOCATION_INVALID: &str = "AllocationInvalid";
    pub(crate) const ATTEMPT_INVALID: &str = "AttemptInvalid";
    pub(crate) const TIMESTAMP_INVALID: &str = "TimestampInvalid";
    pub(crate) const TERMINAL_SHAPE_INVALID: &str = "TerminalShapeInvalid";
    pub(crate) const SUCCEEDED_INVALID: &str = "SucceededInvalid";
    pub(crate) const NODE_HINT_INVALID: &str = "NodeHintInvalid";
    pub(crate) const NODE_HINTS_TRUNCATED: &str = "NodeHintsTruncated";
    pub(crate) const RECORDS_TRUNCATED: &str = "RecordsTruncated";
    pub(crate) const SOURCES_TRUNCATED: &str = "SourcesTruncated";
}
