//! The `InstanceListReport` shape (read-commands.md §3.6): field order is the JSON key order.

use crate::ome::report::Report;
use serde::Serialize;

/// The report kind.
pub(crate) const KIND: &str = "InstanceListReport";

/// The `InstanceListReport` (read-commands.md §3.6).
pub(crate) type InstanceListReport = Report<InstanceListContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceListContent {
    pub summary: Summary,
    pub components: Vec<ComponentReport>,
    pub instances: Vec<InstanceReport>,
    pub issues: Vec<Issue>,
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
    pub state: SummaryState,
    pub components: usize,
    pub instances: usize,
    pub truncated: bool,
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
    pub type_: String,
    pub state: ComponentState,
    pub inference_replica: String,
    pub generation: i64,
    pub observed_generation: i64,
    pub index_set: IndexSet,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_revision: Option<String>,
    pub replicas: i64,
    pub ready_replicas: i64,
    pub serving_replicas: i64,
    pub available_replicas: i64,
    pub updated_replicas: i64,
    pub updated_ready_replicas: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub(crate) struct Pods {
    pub total: i64,
    pub serving: i64,
    pub available: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceReport {
    pub component: String,
    pub inference_replica: String,
    pub index: i64,
    pub incarnation: i64,
    pub phase: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_revision: Option<String>,
    pub pods: Pods,
    pub admitted: bool,
    pub operation_present: bool,
    pub last_failure_present: bool,
    pub evidence: ComponentState,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Issue {
    pub code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inference_replica: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejection_reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<&'static str>,
}

impl Issue {
    pub(crate) fn report(code: &'static str) -> Issue {
        Issue {
            code,
            component: None,
            inference_replica: None,
            index: None,
            rejection_reason: None,
            unavailable_reason: None,
        }
    }

    pub(crate) fn scoped(code: &'static str, component: &str, inference_replica: &str) -> Issue {
        Issue {
            component: Some(component.to_string()),
            inference_replica: Some(inference_replica.to_string()),
            ..Issue::report(code)
        }
    }
}

/// Issue codes (read-commands.md §3.4).
pub(crate) mod code {
    pub(crate) const COLLECTION_UNAVAILABLE: &str = "CollectionUnavailable";
    pub(crate) const COLLECTION_TRUNCATED: &str = "CollectionTruncated";
    pub(crate) const IDENTITY_REJECTED: &str = "IdentityRejected";
    pub(crate) const OUTPUT_TRUNCATED: &str = "OutputTruncated";
    pub(crate) const PARENT_GENERATION_MISSING: &str = "ParentGenerationMissing";
    pub(crate) const PARENT_GENERATION_INVALID: &str = "ParentGenerationInvalid";
    pub(crate) const PARENT_GENERATION_STALE: &str = "ParentGenerationStale";
    pub(crate) const PARENT_GENERATION_AHEAD: &str = "ParentGenerationAhead";
    pub(crate) const STATUS_UNOBSERVED: &str = "StatusUnobserved";
    pub(crate) const OBSERVED_GENERATION_INVALID: &str = "ObservedGenerationInvalid";
    pub(crate) const STALE_GENERATION: &str = "StaleGeneration";
    pub(crate) const AGGREGATE_INVALID: &str = "AggregateInvalid";
    pub(crate) const REVISION_INVALID: &str = "RevisionInvalid";
    pub(crate) const STATUSES_NOT_REPORTED: &str = "StatusesNotReported";
    pub(crate) const DUPLICATE_COMPONENT: &str = "DuplicateComponent";
    pub(crate) const STATUS_ROWS_TRUNCATED: &str = "StatusRowsTruncated";
    pub(crate) const DUPLICATE_INDEX: &str = "DuplicateIndex";
    pub(crate) const INDEX_INVALID: &str = "IndexInvalid";
    pub(crate) const INCARNATION_INVALID: &str = "IncarnationInvalid";
    pub(crate) const PHASE_INVALID: &str = "PhaseInvalid";
    pub(crate) const INSTANCE_REVISION_INVALID: &str = "InstanceRevisionInvalid";
    pub(crate) const POD_COUNTS_INVALID: &str = "PodCountsInvalid";
    pub(crate) const SPARSE_INDICES: &str = "SparseIndices";
}
