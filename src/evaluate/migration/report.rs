//! The `MigrationStatusReport` shape (read-commands.md §6.3, §6.5): field order is the JSON key
//! order.

use crate::ome::closed_set;
use crate::ome::report::{Freshness, Report};
use serde::Serialize;

/// The report kind.
pub(crate) const KIND: &str = "MigrationStatusReport";

/// The `MigrationStatusReport` (read-commands.md §6.5).
pub(crate) type MigrationStatusReport = Report<MigrationStatusContent>;

closed_set! {
    pub(crate) enum SummaryState {
        Reported => "Reported",
        Partial => "Partial",
        Empty => "Empty",
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
    pub(crate) code: IssueCode,
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
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source_name: Option<String>,
    #[serde(rename = "requestID", skip_serializing_if = "Option::is_none")]
    pub(crate) request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<String>,
}

impl Issue {
    pub(crate) fn report(code: IssueCode) -> Issue {
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

closed_set! {
    /// Issue codes (read-commands.md §6.3).
    pub(crate) enum IssueCode {
        SourceIdentityInvalid => "SourceIdentityInvalid",
        SourceLabelMismatch => "SourceLabelMismatch",
        SourceParentMismatch => "SourceParentMismatch",
        SourceOwnerMismatch => "SourceOwnerMismatch",
        SourceComponentInvalid => "SourceComponentInvalid",
        SourceComponentDuplicate => "SourceComponentDuplicate",
        SourceGenerationUnobserved => "SourceGenerationUnobserved",
        SourceGenerationStale => "SourceGenerationStale",
        SourceGenerationInvalid => "SourceGenerationInvalid",
        RequestIDInvalid => "RequestIDInvalid",
        RequestIDDuplicate => "RequestIDDuplicate",
        TriggerInvalid => "TriggerInvalid",
        PhaseInvalid => "PhaseInvalid",
        TriggerPhaseConflict => "TriggerPhaseConflict",
        SourceIndexInvalid => "SourceIndexInvalid",
        SurgeIndexInvalid => "SurgeIndexInvalid",
        AllocationInvalid => "AllocationInvalid",
        AttemptInvalid => "AttemptInvalid",
        TimestampInvalid => "TimestampInvalid",
        TerminalShapeInvalid => "TerminalShapeInvalid",
        SucceededInvalid => "SucceededInvalid",
        NodeHintInvalid => "NodeHintInvalid",
        NodeHintsTruncated => "NodeHintsTruncated",
        RecordsTruncated => "RecordsTruncated",
        SourcesTruncated => "SourcesTruncated",
    }
}
