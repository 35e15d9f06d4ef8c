//! The `InstanceRetryBlocksReport` shape (after-the-write.md §2.6): field order is the JSON key
//! order.

use crate::ome::closed_set;
use crate::ome::report::Report;
use serde::Serialize;

/// The report kind.
pub(crate) const KIND: &str = "InstanceRetryBlocksReport";

/// The `InstanceRetryBlocksReport`.
pub(crate) type RetryBlocksReport = Report<RetryBlocksContent>;

closed_set! {
    /// `summary.state`.
    pub(crate) enum SummaryState {
        Unavailable => "Unavailable",
        Partial => "Partial",
        Reported => "Reported",
        Empty => "Empty",
    }
}

closed_set! {
    /// A block's `state`; anything else is `Invalid` (no raw invalid value is shown).
    pub(crate) enum BlockState {
        Backoff => "Backoff",
        Held => "Held",
        RetryInProgress => "RetryInProgress",
        Invalid => "Invalid",
    }
}

/// The selected IR's freshness, copied to every block.
pub(crate) use crate::ome::report::Freshness;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RetryBlocksContent {
    pub(crate) summary: Summary,
    pub(crate) blocks: Vec<Block>,
    pub(crate) issues: Vec<Issue>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Summary {
    pub(crate) state: SummaryState,
    pub(crate) blocks: usize,
    pub(crate) held: usize,
    pub(crate) eligible: usize,
    pub(crate) truncated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Block {
    pub(crate) component: &'static str,
    pub(crate) inference_replica: String,
    pub(crate) target_revision: String,
    pub(crate) state: BlockState,
    pub(crate) attempts_started: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) next_retry_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) first_failure_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_failure_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    pub(crate) reason_truncated: bool,
    pub(crate) release_eligible: bool,
    pub(crate) freshness: Freshness,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Issue {
    pub(crate) code: Code,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) inference_replica: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
}

closed_set! {
    /// The issue codes of §2.4.
    pub(crate) enum Code {
        CollectionUnavailable => "CollectionUnavailable",
        CollectionTruncated => "CollectionTruncated",
        IdentityRejected => "IdentityRejected",
        ComponentNotProjected => "ComponentNotProjected",
        DuplicateComponent => "DuplicateComponent",
        RetryBlocksTruncated => "RetryBlocksTruncated",
        ParentGenerationMissing => "ParentGenerationMissing",
        ParentGenerationInvalid => "ParentGenerationInvalid",
        ParentGenerationStale => "ParentGenerationStale",
        ParentGenerationAhead => "ParentGenerationAhead",
        StatusUnobserved => "StatusUnobserved",
        ObservedGenerationInvalid => "ObservedGenerationInvalid",
        StatusStale => "StatusStale",
        TargetRevisionInvalid => "TargetRevisionInvalid",
        StateInvalid => "StateInvalid",
        AttemptsInvalid => "AttemptsInvalid",
        TimestampsInvalid => "TimestampsInvalid",
        DuplicateTarget => "DuplicateTarget",
    }
}
