//! The `StatusReport` shape (diagnose.md §3.3, §3.4): field order is the JSON key order.

use crate::evaluate::rollout::{RolloutIssue, RolloutSummary};
use crate::evaluate::wait::condition::Inspection;
use crate::render::Report;
use serde::Serialize;

pub const KIND: &str = "StatusReport";

pub type StatusReport = Report<Source, StatusContent>;

/// The one InferenceService source, without a UID.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub kind: &'static str,
    pub namespace: String,
    pub name: String,
    pub generation: i64,
    pub evidence: &'static str,
    pub collected_at: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StatusContent {
    pub ready: Ready,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    pub generation: i64,
    pub observed_generation: i64,
    pub generation_freshness: &'static str,
    pub components: Vec<ComponentStatus>,
    pub pods: Observation,
    pub events: Observation,
    pub recent_events: Vec<RecentEvent>,
    pub rollout: RolloutFamily,
    pub autoscale: AutoscaleFamily,
    pub placement: Placement,
    pub traffic: Traffic,
    pub runtime_summary: RuntimeSummary,
    pub accelerator: Accelerator,
    pub issues: Vec<Issue>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Ready {
    pub status: &'static str,
    pub validity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub inspection: Inspection,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct PodCounts {
    pub total: i64,
    pub ready: i64,
    pub restarts: i64,
    pub running: i64,
    pub pending: i64,
    pub failed: i64,
    pub succeeded: i64,
    pub unknown: i64,
    pub terminating: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ComponentStatus {
    #[serde(rename = "type")]
    pub type_: String,
    pub ready: &'static str,
    pub validity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub pods: PodCounts,
    pub evidence: &'static str,
}

/// How the Pod or Event reads went.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Observation {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    pub count: usize,
    pub truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped_targets: Option<usize>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RecentEvent {
    pub kind: &'static str,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_seen: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RolloutFamily {
    pub summary: RolloutSummary,
    pub issues: Vec<RolloutIssue>,
    pub warnings: Vec<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AutoscaleComponent {
    #[serde(rename = "type")]
    pub type_: String,
    pub state: String,
    pub class: String,
    pub managed_by: String,
    pub target_evidence: String,
    pub replica_evidence: String,
    pub condition_evidence: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub desired_replicas: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct AutoscaleFamily {
    pub summary: String,
    pub evidence: &'static str,
    pub components: Vec<AutoscaleComponent>,
    pub issues: Vec<crate::evaluate::autoscale::Issue>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Placement {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TrafficComponent {
    #[serde(rename = "type")]
    pub type_: String,
    pub targets: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latest_percent: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Traffic {
    pub state: &'static str,
    pub components: Vec<TrafficComponent>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RuntimeSummary {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_origin: Option<&'static str>,
    pub active_state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pin_state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_freshness: Option<&'static str>,
    pub evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AcceleratorComponent {
    #[serde(rename = "type")]
    pub type_: String,
    pub class: String,
    pub state: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Accelerator {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_freshness: Option<&'static str>,
    pub evidence: &'static str,
    pub components: Vec<AcceleratorComponent>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Issue {
    pub code: &'static str,
}

/// The closed set of issue codes (diagnose.md §3.3).
pub mod code {
    pub const UNSUPPORTED_DATA: &str = "UnsupportedData";
    pub const UNSUPPORTED_COMPONENT: &str = "UnsupportedComponent";
    pub const POD_IDENTITY_REJECTED: &str = "PodIdentityRejected";
    pub const POD_MALFORMED: &str = "PodMalformed";
    pub const EVENT_IDENTITY_REJECTED: &str = "EventIdentityRejected";
    pub const EVENT_MALFORMED: &str = "EventMalformed";
    pub const COLLECTION_LIMIT_EXCEEDED: &str = "CollectionLimitExceeded";
    pub const ROLLOUT_UNAVAILABLE: &str = "RolloutUnavailable";
    pub const AUTOSCALE_UNAVAILABLE: &str = "AutoscaleUnavailable";
    pub const PLACEMENT_UNAVAILABLE: &str = "PlacementUnavailable";
    pub const INVALID_GENERATION: &str = "InvalidGeneration";
}
