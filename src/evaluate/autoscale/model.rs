//! The `AutoscaleStatusReport` content (read-commands.md §2.9). Field order is the documented
//! JSON key order; optional keys are omitted when absent.

use crate::ome::report::{Source, SourceEvidence};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Summary {
    pub state: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PolicyEvidence {
    pub state: String,
    pub resolution: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portable_digest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub render_digest: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Target {
    pub state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl Target {
    pub(crate) fn is_ir(&self) -> bool {
        self.api_version.as_deref() == Some(crate::ome::API_VERSION)
            && self.kind.as_deref() == Some("InferenceReplica")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Replicas {
    pub state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub desired_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_scale_time: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LiveScale {
    pub evidence: String,
    pub count_comparison: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_replicas: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) struct ScalerCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LiveScaler {
    pub kind: String,
    pub evidence: String,
    pub generation_state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub desired_replicas: Option<i64>,
    pub conditions: Vec<ScalerCondition>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConditionItem {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Conditions {
    pub state: String,
    pub items: Vec<ConditionItem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentReport {
    #[serde(rename = "type")]
    pub type_: String,
    pub state: String,
    pub class: String,
    pub managed_by: String,
    pub spec_source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<PolicyEvidence>,
    pub target: Target,
    pub replicas: Replicas,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live_scale: Option<LiveScale>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live_scaler: Option<LiveScaler>,
    pub conditions: Conditions,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Issue {
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
}

impl Issue {
    pub(crate) fn new(code: &str, component: Option<&str>) -> Issue {
        Issue {
            code: code.to_string(),
            component: component.map(str::to_string),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct AutoscaleContent {
    pub summary: Summary,
    pub components: Vec<ComponentReport>,
    pub issues: Vec<Issue>,
}

/// An autoscale source: `uid` and `generation` are always present (possibly empty/0).
pub(crate) fn source(
    kind: &'static str,
    namespace: &str,
    name: &str,
    uid: &str,
    generation: i64,
    evidence: SourceEvidence,
) -> Source {
    let mut source = Source::named(kind, namespace, name).with_evidence(evidence);
    source.uid = Some(uid.to_string());
    source.generation = Some(generation);
    source
}

/// Sources sort by kind (service, IR, `/scale`, HPA, ScaledObject), then namespace, name, UID
/// and evidence.
pub(crate) fn source_order(a: &Source, b: &Source) -> std::cmp::Ordering {
    let kind_rank = |s: &Source| {
        [
            "InferenceService",
            "InferenceReplica",
            "InferenceReplicaScale",
            "HorizontalPodAutoscaler",
            "ScaledObject",
        ]
        .iter()
        .position(|k| *k == s.kind)
        .unwrap_or(5)
    };
    let key = |s: &Source| {
        (
            kind_rank(s),
            s.namespace.clone(),
            s.name.clone(),
            s.uid.clone(),
            s.evidence.map(SourceEvidence::as_str),
        )
    };
    key(a).cmp(&key(b))
}

/// Everything the report needs: content, sources and whether `PartialData` applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AutoscaleProjection {
    pub content: AutoscaleContent,
    pub sources: Vec<Source>,
    pub partial: bool,
}
