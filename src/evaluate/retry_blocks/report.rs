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

closed_set! {
    /// The selected IR's freshness, copied to every block.
    pub(crate) enum Freshness {
        Current => "Current",
        Stale => "Stale",
        Unobserved => "Unobserved",
        Invalid => "Invalid",
    }
}

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
    pub(crate) code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) inference_replica: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
}

/// The issue codes of §2.4, in the order of their table aliases (§2.5).
pub(crate) const CODES: [(&str, &str); 18] = [
    ("CollectionUnavailable", "COLL_UNAV"),
    ("CollectionTruncated", "COLL_TRUNC"),
    ("IdentityRejected", "ID_REJECT"),
    ("ComponentNotProjected", "NO_COMPONENT"),
    ("DuplicateComponent", "DUP_COMP"),
    ("RetryBlocksTruncated", "BLOCK_TRUNC"),
    ("ParentGenerationMissing", "PARENT_MISS"),
    ("ParentGenerationInvalid", "PARENT_BAD"),
    ("ParentGenerationStale", "PARENT_STALE"),
    ("ParentGenerationAhead", "PARENT_AHEAD"),
    ("StatusUnobserved", "STATUS_UNOBS"),
    ("ObservedGenerationInvalid", "OBSGEN_BAD"),
    ("StatusStale", "STATUS_STALE"),
    ("TargetRevisionInvalid", "TARGET_BAD"),
    ("StateInvalid", "STATE_BAD"),
    ("AttemptsInvalid", "ATT_BAD"),
    ("TimestampsInvalid", "TIME_BAD"),
    ("DuplicateTarget", "DUP_TARGET"),
];

/// The codes by name.
pub(crate) mod code {
    pub(crate) const COLLECTION_UNAVAILABLE: &str = "CollectionUnavailable";
    pub(crate) const COLLECTION_TRUNCATED: &str = "CollectionTruncated";
    pub(crate) const IDENTITY_REJECTED: &str = "IdentityRejected";
    pub(crate) const COMPONENT_NOT_PROJECTED: &str = "ComponentNotProjected";
    pub(crate) const DUPLICATE_COMPONENT: &str = "DuplicateComponent";
    pub(crate) const RETRY_BLOCKS_TRUNCATED: &str = "RetryBlocksTruncated";
    pub(crate) const PARENT_GENERATION_MISSING: &str = "ParentGenerationMissing";
    pub(crate) const PARENT_GENERATION_INVALID: &str = "ParentGenerationInvalid";
    pub(crate) const PARENT_GENERATION_STALE: &str = "ParentGenerationStale";
    pub(crate) const PARENT_GENERATION_AHEAD: &str = "ParentGenerationAhead";
    pub(crate) const STATUS_UNOBSERVED: &str = "StatusUnobserved";
    pub(crate) const OBSERVED_GENERATION_INVALID: &str = "ObservedGenerationInvalid";
    pub(crate) const STATUS_STALE: &str = "StatusStale";
    pub(crate) const TARGET_REVISION_INVALID: &str = "TargetRevisionInvalid";
    pub(crate) const STATE_INVALID: &str = "StateInvalid";
    pub(crate) const ATTEMPTS_INVALID: &str = "AttemptsInvalid";
    pub(crate) const TIMESTAMPS_INVALID: &str = "TimestampsInvalid";
    pub(crate) const DUPLICATE_TARGET: &str = "DuplicateTarget";
}
