//! The `AutoscaleStatusReport` content (read-commands.md §2.9). Field order is the documented
//! JSON key order; optional keys are omitted when absent.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub state: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyEvidence {
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
pub struct Target {
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
    pub fn is_ir(&self) -> bool {
        self.api_version.as_deref() == Some(crate::ome::API_VERSION)
            && self.kind.as_deref() == Some("InferenceReplica")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Replicas {
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
pub struct LiveScale {
    pub evidence: String,
    pub count_comparison: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_replicas: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ScalerCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveScaler {
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
pub struct ConditionItem {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conditions {
    pub state: String,
    pub items: Vec<ConditionItem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentReport {
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
pub struct Issue {
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
}

impl Issue {
    pub fn new(code: &str, component: Option<&str>) -> Issue {
        Issue {
            code: code.to_string(),
            component: component.map(str::to_string),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AutoscaleContent {
    pub summary: Summary,
    pub components: Vec<ComponentReport>,
    pub issues: Vec<Issue>,
}

/// A source entry: `uid` and `generation` are always present (possibly empty/0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub kind: String,
    pub namespace: String,
    pub name: String,
    pub uid: String,
    pub generation: i64,
    pub evidence: String,
    pub collected_at: String,
}

impl Source {
    pub fn new(
        kind: &str,
        namespace: &str,
        name: &str,
        uid: &str,
        generation: i64,
        evidence: &str,
    ) -> Source {
        Source {
            kind: kind.to_string(),
            namespace: namespace.to_string(),
            name: name.to_string(),
            uid: uid.to_string(),
            generation,
            evidence: evidence.to_string(),
            collected_at: String::new(),
        }
    }

    fn kind_rank(&self) -> usize {
        [
            "InferenceService",
            "InferenceReplica",
            "InferenceReplicaScale",
            "HorizontalPodAutoscaler",
            "ScaledObject",
        ]
        .iter()
        .position(|k| *k == self.kind)
        .unwrap_or(5)
    }

    pub fn sort_key(&self) -> (usize, String, String, String, String) {
        (
            self.kind_rank(),
            self.namespace.clone(),
            self.name.clone(),
            self.uid.clone(),
            self.evidence.clone(),
        )
    }
}

/// Everything the report needs: content, sources and whether `PartialData` applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoscaleProjection {
    pub content: AutoscaleContent,
    pub sources: Vec<Source>,
    pub partial: bool,
}
