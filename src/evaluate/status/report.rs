//! The `StatusReport` shape (diagnose.md §3.3, §3.4): field order is the JSON key order.

use crate::evaluate::autoscale_status;
use crate::evaluate::condition::Inspection;
use crate::evaluate::rollout::RolloutIssue;
use crate::evaluate::rollout::model::RolloutSummary;
use crate::ome::closed_set;
use crate::ome::report::Report;
use serde::Serialize;

pub(crate) const KIND: &str = "StatusReport";

pub(crate) type StatusReport = Report<StatusContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StatusContent {
    pub(crate) ready: Ready,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) runtime: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) model: Option<String>,
    pub(crate) generation: i64,
    pub(crate) observed_generation: i64,
    pub(crate) generation_freshness: &'static str,
    pub(crate) components: Vec<ComponentStatus>,
    pub(crate) pods: Observation,
    pub(crate) events: Observation,
    pub(crate) recent_events: Vec<RecentEvent>,
    pub(crate) rollout: RolloutFamily,
    pub(crate) autoscale: AutoscaleFamily,
    pub(crate) placement: Placement,
    pub(crate) traffic: Traffic,
    pub(crate) runtime_summary: RuntimeSummary,
    pub(crate) accelerator: Accelerator,
    pub(crate) issues: Vec<Issue>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Ready {
    pub(crate) status: &'static str,
    pub(crate) validity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
    pub(crate) inspection: Inspection,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PodCounts {
    pub(crate) total: i64,
    pub(crate) ready: i64,
    pub(crate) restarts: i64,
    pub(crate) running: i64,
    pub(crate) pending: i64,
    pub(crate) failed: i64,
    pub(crate) succeeded: i64,
    pub(crate) unknown: i64,
    pub(crate) terminating: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentStatus {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) ready: &'static str,
    pub(crate) validity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    pub(crate) pods: PodCounts,
    pub(crate) evidence: &'static str,
}

closed_set! {
    /// How completely a read observed what it was after.
    pub(crate) enum ObservationState {
        Reported => "Reported",
        Partial => "Partial",
        Unavailable => "Unavailable",
    }
}

/// How the Pod or Event reads went.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Observation {
    pub(crate) state: ObservationState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<&'static str>,
    pub(crate) count: usize,
    pub(crate) truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) skipped_targets: Option<usize>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecentEvent {
    pub(crate) kind: &'static str,
    pub(crate) name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
    pub(crate) count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_seen: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct RolloutFamily {
    pub(crate) summary: RolloutSummary,
    pub(crate) issues: Vec<RolloutIssue>,
    pub(crate) warnings: Vec<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AutoscaleComponent {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) state: autoscale_status::ComponentState,
    pub(crate) class: autoscale_status::Class,
    pub(crate) managed_by: autoscale_status::ManagedBy,
    pub(crate) target_evidence: autoscale_status::EvidenceState,
    pub(crate) replica_evidence: autoscale_status::EvidenceState,
    pub(crate) condition_evidence: autoscale_status::EvidenceState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) desired_replicas: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct AutoscaleFamily {
    pub(crate) summary: autoscale_status::ServiceState,
    pub(crate) evidence: &'static str,
    pub(crate) components: Vec<AutoscaleComponent>,
    pub(crate) issues: Vec<autoscale_status::Issue>,
}

closed_set! {
    /// The state of a family summary: a closed vocabulary (website.md §1), the same words in
    /// every output format.
    pub(crate) enum FamilyState {
        Reported => "Reported",
        Partial => "Partial",
        NotConfigured => "NotConfigured",
        Invalid => "Invalid",
        Unavailable => "Unavailable",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Placement {
    pub(crate) state: FamilyState,
    /// `Reported` (the parent reports a placement status), `Unavailable` (placement signals
    /// without one) or `NotApplicable` (no placement configured).
    pub(crate) evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) phase: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TrafficComponent {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) targets: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) latest_percent: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct Traffic {
    pub(crate) state: FamilyState,
    /// `Reported`, or `Unavailable` when the parent reports no traffic.
    pub(crate) evidence: &'static str,
    pub(crate) components: Vec<TrafficComponent>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeSummary {
    pub(crate) state: FamilyState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) active_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) active_kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) active_origin: Option<&'static str>,
    pub(crate) active_state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pin_state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status_freshness: Option<&'static str>,
    pub(crate) evidence: &'static str,
}

closed_set! {
    /// The read of one selected AcceleratorClass: `Available` only when the object read is the
    /// class named.
    pub(crate) enum AcceleratorClassState {
        Available => "Available",
        Invalid => "Invalid",
        Forbidden => "Forbidden",
        NotFound => "NotFound",
        UnsupportedAPI => "UnsupportedAPI",
        Unreadable => "Unreadable",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AcceleratorComponent {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) class: String,
    pub(crate) state: AcceleratorClassState,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Accelerator {
    pub(crate) state: FamilyState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status_freshness: Option<&'static str>,
    pub(crate) evidence: &'static str,
    pub(crate) components: Vec<AcceleratorComponent>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Issue {
    pub(crate) code: Code,
}

closed_set! {
    /// The closed set of issue codes (diagnose.md §3.3).
    pub(crate) enum Code {
        /// In the contract's closed set, which names no condition for it.
        UnsupportedData => "UnsupportedData",
        UnsupportedComponent => "UnsupportedComponent",
        PodIdentityRejected => "PodIdentityRejected",
        PodMalformed => "PodMalformed",
        EventIdentityRejected => "EventIdentityRejected",
        EventMalformed => "EventMalformed",
        CollectionLimitExceeded => "CollectionLimitExceeded",
        RolloutUnavailable => "RolloutUnavailable",
        AutoscaleUnavailable => "AutoscaleUnavailable",
        PlacementUnavailable => "PlacementUnavailable",
        InvalidGeneration => "InvalidGeneration",
    }
}
