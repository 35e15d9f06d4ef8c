//! The `AutoscaleExplainReport` shape (diagnose.md §2.4, §2.5): field order is the JSON key
//! order.

use crate::evaluate::autoscale::{Conditions, Replicas, Target as ReportedTarget};
use crate::render::Report;
use serde::Serialize;

pub const KIND: &str = "AutoscaleExplainReport";

pub type ExplainReport = Report<Source, ExplainContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ExplainContent {
    pub summary: Summary,
    pub active_configuration: ActiveConfiguration,
    pub scaling_policy: ScalingPolicy,
    pub components: Vec<ComponentExplain>,
    pub issues: Vec<Issue>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub state: &'static str,
    pub status_freshness: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ObjectRef {
    pub api_version: String,
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RevisionRef {
    pub namespace: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    pub role: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Inheritance {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<&'static str>,
    pub sources: Vec<ObjectRef>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActiveConfiguration {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consistency: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime: Option<ObjectRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<RevisionRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inheritance: Option<Inheritance>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ScalingPolicy {
    pub state: &'static str,
    pub mode: String,
    pub source: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    pub api_version: String,
    pub kind: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Bounds {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_replicas: Option<i64>,
}

impl Bounds {
    pub fn state(state: &'static str) -> Bounds {
        Bounds {
            state,
            min_replicas: None,
            max_replicas: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Desired {
    pub state: &'static str,
    pub class: String,
    pub managed_by: &'static str,
    pub spec_source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    pub bounds: Bounds,
    pub scale_to_zero: &'static str,
    /// `null` for a policy or an unresolved source.
    pub metric_count: Option<i64>,
    pub trigger_count: Option<i64>,
}

/// What the parent reports, as `autoscale status` projects it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Reported {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub managed_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<ReportedTarget>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replicas: Option<Replicas>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditions: Option<Conditions>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Reconciliation {
    pub state: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ComponentExplain {
    #[serde(rename = "type")]
    pub type_: &'static str,
    pub deployment_mode: String,
    pub deployment_mode_source: &'static str,
    pub desired: Desired,
    pub reported: Reported,
    pub reconciliation: Reconciliation,
    pub issues: Vec<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Issue {
    pub code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<&'static str>,
}

/// A runtime-source: `{kind, namespace?, name, uid?, generation?, evidence, collectedAt}`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    pub evidence: &'static str,
    pub collected_at: String,
}
