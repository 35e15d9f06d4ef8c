//! The `InstanceListReport` shape (read-commands.md §3.6): field order is the JSON key order.

use crate::ome::report::Report;
use serde::Serialize;

/// The report kind.
pub const KIND: &str = "InstanceListReport";

/// The `InstanceListReport` (read-commands.md §3.6).
pub type InstanceListReport = Report<InstanceListContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InstanceListContent {
    pub summary: Summary,
    pub components: Vec<ComponentReport>,
    pub instances: Vec<InstanceReport>,
    pub issues: Vec<Issue>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub enum SummaryState {
    Reported,
    Partial,
    Unavailable,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub state: SummaryState,
    pub components: usize,
    pub instances: usize,
    pub truncated: bool,
}

/// Evidence state of one accepted InferenceReplica, inherited by its Instances.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum ComponentState {
    Reported,
    Stale,
    Unavailable,
    Malformed,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub enum IndexSet {
    Dense,
    Sparse,
    Empty,
    Malformed,
    NotReported,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ComponentReport {
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
pub struct Pods {
    pub total: i64,
    pub serving: i64,
    pub available: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InstanceReport {
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
pub struct Issue {
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
    pub fn report(code: &'static str) -> Issue {
        Issue {
            code,
            component: None,
            inference_replica: None,
            index: None,
            rejection_reason: None,
            unavailable_reason: None,
        }
    }

    pub fn scoped(code: &'static str, component: &str, inference_replica: &str) -> Issue {
        Issue {
            component: Some(component.to_string()),
            inference_replica: Some(inference_replica.to_string()),
            ..Issue::report(code)
        }
    }
}

/// Issue codes (read-commands.md §3.4).
pub mod code {
    pub const COLLECTION_UNAVAILABLE: &str = "CollectionUnavailable";
    pub const COLLECTION_TRUNCATED: &str = "CollectionTruncated";
    pub const IDENTITY_REJECTED: &str = "IdentityRejected";
    pub const OUTPUT_TRUNCATED: &str = "OutputTruncated";
    pub const PARENT_GENERATION_MISSING: &str = "ParentGenerationMissing";
    pub const PARENT_GENERATION_INVALID: &str = "ParentGenerationInvalid";
    pub const PARENT_GENERATION_STALE: &str = "ParentGenerationStale";
    pub const PARENT_GENERATION_AHEAD: &str = "ParentGenerationAhead";
    pub const STATUS_UNOBSERVED: &str = "StatusUnobserved";
    pub const OBSERVED_GENERATION_INVALID: &str = "ObservedGenerationInvalid";
    pub const STALE_GENERATION: &str = "StaleGeneration";
    pub const AGGREGATE_INVALID: &str = "AggregateInvalid";
    pub const REVISION_INVALID: &str = "RevisionInvalid";
    pub const STATUSES_NOT_REPORTED: &str = "StatusesNotReported";
    pub const DUPLICATE_COMPONENT: &str = "DuplicateComponent";
    pub const STATUS_ROWS_TRUNCATED: &str = "StatusRowsTruncated";
    pub const DUPLICATE_INDEX: &str = "DuplicateIndex";
    pub const INDEX_INVALID: &str = "IndexInvalid";
    pub const INCARNATION_INVALID: &str = "IncarnationInvalid";
    pub const PHASE_INVALID: &str = "PhaseInvalid";
    pub const INSTANCE_REVISION_INVALID: &str = "InstanceRevisionInvalid";
    pub const POD_COUNTS_INVALID: &str = "PodCountsInvalid";
    pub const SPARSE_INDICES: &str = "SparseIndices";
}
