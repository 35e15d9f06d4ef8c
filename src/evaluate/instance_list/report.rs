//! The `InstanceListReport` shape (read-commands.md §3.6): field order is the JSON key order.

use crate::evaluate::instance_row::Instance;
use crate::evaluate::replica_identity::Rejection;
use crate::ome::closed_set;
use crate::ome::pause::{PauseDepth, RolloutHold};
use crate::ome::report::Report;
use serde::Serialize;

/// The report kind.
pub(crate) const KIND: &str = "InstanceListReport";

/// The `InstanceListReport` (read-commands.md §3.6).
pub(crate) type InstanceListReport = Report<InstanceListContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceListContent {
    pub(crate) summary: Summary,
    pub(crate) components: Vec<ComponentReport>,
    pub(crate) instances: Vec<InstanceReport>,
    pub(crate) issues: Vec<Issue>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub(crate) enum SummaryState {
    Reported,
    Partial,
    Unavailable,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Summary {
    pub(crate) state: SummaryState,
    pub(crate) components: usize,
    pub(crate) instances: usize,
    pub(crate) truncated: bool,
    /// The service's pause depth; omitted for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pause: Option<PauseDepth>,
}

/// Evidence state of one accepted InferenceReplica, inherited by its Instances.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ComponentState {
    Reported,
    Stale,
    Unavailable,
    Malformed,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub(crate) enum IndexSet {
    Dense,
    Sparse,
    Empty,
    Malformed,
    NotReported,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentReport {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) state: ComponentState,
    pub(crate) inference_replica: String,
    pub(crate) generation: i64,
    pub(crate) observed_generation: i64,
    pub(crate) index_set: IndexSet,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) update_revision: Option<String>,
    pub(crate) replicas: i64,
    pub(crate) ready_replicas: i64,
    pub(crate) serving_replicas: i64,
    pub(crate) available_replicas: i64,
    pub(crate) updated_replicas: i64,
    pub(crate) updated_ready_replicas: i64,
    /// The IR's projected pause (after-the-write.md §4.5); omitted for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pause: Option<PauseDepth>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rollout_hold: Option<RolloutHold>,
    /// Retry blocks in state `Held`; omitted when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) held_revisions: Option<usize>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceReport {
    pub(crate) component: String,
    #[serde(flatten)]
    pub(crate) instance: Instance,
    pub(crate) operation_present: bool,
    pub(crate) last_failure_present: bool,
    pub(crate) evidence: ComponentState,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Issue {
    pub(crate) code: Code,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) inference_replica: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rejection_reason: Option<Rejection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
}

impl Issue {
    pub(crate) fn report(code: Code) -> Issue {
        Issue {
            code,
            component: None,
            inference_replica: None,
            index: None,
            rejection_reason: None,
            unavailable_reason: None,
        }
    }

    pub(crate) fn scoped(code: Code, component: &str, inference_replica: &str) -> Issue {
        Issue {
            component: Some(component.to_string()),
            inference_replica: Some(inference_replica.to_string()),
            ..Issue::report(code)
        }
    }
}

closed_set! {
    /// Issue codes (read-commands.md §3.4).
    pub(crate) enum Code {
        CollectionUnavailable => "CollectionUnavailable",
        CollectionTruncated => "CollectionTruncated",
        IdentityRejected => "IdentityRejected",
        OutputTruncated => "OutputTruncated",
        ParentGenerationMissing => "ParentGenerationMissing",
        ParentGenerationInvalid => "ParentGenerationInvalid",
        ParentGenerationStale => "ParentGenerationStale",
        ParentGenerationAhead => "ParentGenerationAhead",
        StatusUnobserved => "StatusUnobserved",
        ObservedGenerationInvalid => "ObservedGenerationInvalid",
        StaleGeneration => "StaleGeneration",
        AggregateInvalid => "AggregateInvalid",
        RevisionInvalid => "RevisionInvalid",
        StatusesNotReported => "StatusesNotReported",
        DuplicateComponent => "DuplicateComponent",
        StatusRowsTruncated => "StatusRowsTruncated",
        DuplicateIndex => "DuplicateIndex",
        IndexInvalid => "IndexInvalid",
        IncarnationInvalid => "IncarnationInvalid",
        PhaseInvalid => "PhaseInvalid",
        InstanceRevisionInvalid => "InstanceRevisionInvalid",
        PodCountsInvalid => "PodCountsInvalid",
        SparseIndices => "SparseIndices",
        PauseProjectionPending => "PauseProjectionPending",
        PauseModeInvalid => "PauseModeInvalid",
        RolloutHoldInvalid => "RolloutHoldInvalid",
        RetryBlocksTruncated => "RetryBlocksTruncated",
    }
}
