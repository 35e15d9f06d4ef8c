//! The `InstanceStatusReport` shape (diagnose.md §1.5): field order is the JSON key order.

use crate::evaluate::instance::Source;
use crate::render::Report;
use serde::Serialize;

pub const KIND: &str = "InstanceStatusReport";

pub type InstanceStatusReport = Report<Source, InstanceStatusContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InstanceStatusContent {
    pub summary: Summary,
    pub deployment: Deployment,
    pub encoding: Encoding,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<Instance>,
    pub pods: Vec<PodReport>,
    pub events: Vec<EventReport>,
    pub issues: Vec<Issue>,
}

/// What the report as a whole could establish.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub enum State {
    Reported,
    Partial,
    Unavailable,
    NotProjected,
    Missing,
    #[serde(rename = "NotOMENative")]
    NotOmeNative,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Reported => "Reported",
            State::Partial => "Partial",
            State::Unavailable => "Unavailable",
            State::NotProjected => "NotProjected",
            State::Missing => "Missing",
            State::NotOmeNative => "NotOMENative",
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub state: State,
    pub component: &'static str,
    pub index: i64,
    /// The evidence state of the selected component (`Reported`, `Stale`, `Unavailable`,
    /// `Malformed`), `Unavailable` when none was projected.
    pub evidence: &'static str,
    pub truncated: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Deployment {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<&'static str>,
    pub evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Encoding {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    pub evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PodCounts {
    pub total: i64,
    pub serving: i64,
    pub available: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    pub inference_replica: String,
    pub index: i64,
    pub incarnation: i64,
    pub phase: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_revision: Option<String>,
    pub pods: PodCounts,
    pub admitted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_since: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_ordinal: Option<i64>,
    pub conditions: Vec<ConditionReport>,
    pub migrations: Vec<MigrationReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation: Option<OperationReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_failure: Option<FailureReport>,
}

/// An Instance condition; its message is never copied.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConditionReport {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<String>,
}

/// A migration in which the Instance is the source or the surge.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MigrationReport {
    #[serde(rename = "requestUUID")]
    pub request_uuid: String,
    pub role: &'static str,
    pub phase: String,
    pub trigger: String,
    pub source_instance: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surge_instance: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempt: Option<i64>,
    pub started_at: String,
    pub deadline: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<String>,
}

/// The in-flight operation; its free-text reason is never copied.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OperationReport {
    pub id: String,
    #[serde(rename = "type")]
    pub type_: String,
    pub step: String,
    pub started_at: String,
    pub last_progress_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    pub retry_count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiting: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surge_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_node: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hint_target_nodes: Vec<String>,
    #[serde(rename = "requestUUID", skip_serializing_if = "Option::is_none")]
    pub request_uuid: Option<String>,
}

/// The last termination; its message is never copied.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FailureReport {
    pub pod_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PodReport {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<String>,
    pub incarnation: i64,
    pub phase: String,
    pub ready: &'static str,
    pub serving_ready: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    pub restart_count: i64,
    pub deleting: bool,
}

/// A Warning event of an accepted Pod; its message is never copied.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EventReport {
    pub target_kind: &'static str,
    pub target_name: String,
    pub reason: String,
    pub count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_seen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_seen: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub struct Issue {
    pub code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<&'static str>,
}

impl Issue {
    pub fn new(code: &'static str) -> Issue {
        Issue {
            code,
            unavailable_reason: None,
        }
    }

    pub fn unavailable(code: &'static str, reason: &'static str) -> Issue {
        Issue {
            code,
            unavailable_reason: Some(reason),
        }
    }
}

/// Issue codes of `instance status` (diagnose.md §1.4).
pub mod code {
    pub const NOT_OME_NATIVE: &str = "NotOMENative";
    pub const COLLECTION_UNAVAILABLE: &str = "CollectionUnavailable";
    pub const COLLECTION_TRUNCATED: &str = "CollectionTruncated";
    pub const INSTANCE_MISSING: &str = "InstanceMissing";
    pub const AUTHORITATIVE_INVALID: &str = "AuthoritativeInvalid";
    pub const ENCODING_UNSUPPORTED: &str = "EncodingUnsupported";
    pub const CONDITION_GENERATION_STALE: &str = "ConditionGenerationStale";
    pub const MIGRATION_INVALID: &str = "MigrationInvalid";
    pub const OPERATION_INVALID: &str = "OperationInvalid";
    pub const LAST_FAILURE_INVALID: &str = "LastFailureInvalid";
    pub const POD_IDENTITY_REJECTED: &str = "PodIdentityRejected";
    pub const POD_DETAILS_TRUNCATED: &str = "PodDetailsTruncated";
    pub const PODS_TRUNCATED: &str = "PodsTruncated";
    pub const PODS_UNAVAILABLE: &str = "PodsUnavailable";
    pub const EVENT_IDENTITY_REJECTED: &str = "EventIdentityRejected";
    pub const EVENTS_TRUNCATED: &str = "EventsTruncated";
    pub const EVENTS_UNAVAILABLE: &str = "EventsUnavailable";
}
