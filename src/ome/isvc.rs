//! InferenceService view (api-contract.md §3).

use super::Condition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InferenceService {
    #[serde(default)]
    pub api_version: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: IsvcSpec,
    #[serde(default)]
    pub status: IsvcStatus,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct IsvcSpec {
    #[serde(default)]
    pub deployment_mode: Option<String>,
    #[serde(default)]
    pub model: Option<ModelRef>,
    #[serde(default)]
    pub runtime: Option<RuntimeRef>,
    #[serde(default)]
    pub engine: Option<ComponentSpec>,
    #[serde(default)]
    pub decoder: Option<ComponentSpec>,
    #[serde(default)]
    pub router: Option<ComponentSpec>,
    #[serde(default)]
    pub scaling_policy: Option<ScalingPolicy>,
    #[serde(default)]
    pub rollout: Option<RolloutSpec>,
    #[serde(default)]
    pub placement: Option<Value>,
}

impl IsvcSpec {
    pub(crate) fn component(&self, name: &str) -> Option<&ComponentSpec> {
        match name {
            "engine" => self.engine.as_ref(),
            "decoder" => self.decoder.as_ref(),
            "router" => self.router.as_ref(),
            _ => None,
        }
    }
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ModelRef {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub api_group: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeRef {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub api_group: Option<String>,
    #[serde(default)]
    pub auto_sync: Option<bool>,
    #[serde(default)]
    pub revision: Option<String>,
}

/// `spec.<component>` on the ISVC and `spec.<component>Config` on a runtime.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentSpec {
    #[serde(default)]
    pub min_replicas: Option<i64>,
    #[serde(default)]
    pub max_replicas: Option<i64>,
    /// Kept raw: scale compares it for deep equality with the IR's `spec.autoscaler`.
    #[serde(default)]
    pub autoscaler: Option<Value>,
    #[serde(default)]
    pub autoscaler_policy_ref: Option<PolicyRef>,
    #[serde(default)]
    pub lifecycle: Option<Value>,
    #[serde(default)]
    pub annotations: Option<BTreeMap<String, String>>,
    #[serde(default)]
    pub labels: Option<BTreeMap<String, String>>,
    #[serde(default)]
    pub leader: Option<Value>,
    #[serde(default)]
    pub worker: Option<Value>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PolicyRef {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScalingPolicy {
    #[serde(default)]
    pub mode: Option<String>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutSpec {
    #[serde(default)]
    pub groups: Vec<RolloutGroupSpec>,
    #[serde(default)]
    pub pairing_protocol: Option<String>,
    #[serde(default)]
    pub group_ordering: Option<String>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutGroupSpec {
    #[serde(default)]
    pub components: Vec<String>,
    #[serde(default)]
    pub order: Vec<String>,
    #[serde(default)]
    pub canary: Option<CanarySpec>,
    #[serde(default)]
    pub blue_green: Option<Value>,
    #[serde(default)]
    pub rolling_update: Option<Value>,
    #[serde(default)]
    pub policy_ref: Option<PolicyRef>,
    #[serde(default)]
    pub soak: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CanarySpec {
    #[serde(default)]
    pub steps: Vec<CanaryStep>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CanaryStep {
    /// int-or-string
    #[serde(default)]
    pub capacity: Option<Value>,
    #[serde(default)]
    pub traffic: Option<i64>,
    #[serde(default)]
    pub pause: Option<Value>,
    #[serde(default)]
    pub analysis: Option<Value>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct IsvcStatus {
    #[serde(default)]
    pub observed_generation: Option<i64>,
    #[serde(default)]
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub components: BTreeMap<String, ComponentStatus>,
    #[serde(default)]
    pub rollout: Option<RolloutStatus>,
    #[serde(default)]
    pub rollout_coordination: Option<RolloutCoordination>,
    #[serde(default)]
    pub last_runtime_sync_token: Option<String>,
    #[serde(default)]
    pub pinned_revision_name: Option<String>,
    #[serde(default)]
    pub placement: Option<Value>,
    #[serde(default)]
    pub canary: Option<CanaryStatus>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentStatus {
    #[serde(default)]
    pub lifecycle: Option<LifecycleStatus>,
    #[serde(default)]
    pub autoscaler: Option<AutoscalerStatus>,
    #[serde(default)]
    pub scale_target_ref: Option<ScaleTargetRef>,
    #[serde(default)]
    pub rollout_phase: Option<String>,
    #[serde(default)]
    pub latest_ready_revision: Option<String>,
    #[serde(default)]
    pub latest_rolledout_revision: Option<String>,
    #[serde(default)]
    pub previous_rolledout_revision: Option<String>,
    #[serde(default)]
    pub traffic: Vec<TrafficTarget>,
    #[serde(default)]
    pub canary: Option<CanaryStatus>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LifecycleStatus {
    #[serde(default)]
    pub observed_generation: Option<i64>,
    #[serde(default)]
    pub current_revision: Option<String>,
    #[serde(default)]
    pub update_revision: Option<String>,
    #[serde(default)]
    pub label_selector: Option<String>,
    #[serde(default)]
    pub replicas: Option<i64>,
    #[serde(default)]
    pub ready_replicas: Option<i64>,
    #[serde(default)]
    pub serving_replicas: Option<i64>,
    #[serde(default)]
    pub available_replicas: Option<i64>,
    #[serde(default)]
    pub updated_replicas: Option<i64>,
    #[serde(default)]
    pub updated_ready_replicas: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AutoscalerStatus {
    #[serde(default)]
    pub class: Option<String>,
    #[serde(default)]
    pub managed_by: Option<String>,
    #[serde(default)]
    pub spec_source: Option<String>,
    #[serde(default)]
    pub current_replicas: Option<i64>,
    #[serde(default)]
    pub desired_replicas: Option<i64>,
    #[serde(default)]
    pub last_scale_time: Option<String>,
    #[serde(default)]
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub policy: Option<PolicyStatus>,
    #[serde(default)]
    pub shadowed_policy_ref: Option<ShadowedPolicyRef>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PolicyStatus {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub observed_generation: Option<i64>,
    #[serde(default)]
    pub portable_digest: Option<String>,
    #[serde(default)]
    pub resolved_digest: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ShadowedPolicyRef {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub portable_digest: Option<String>,
    #[serde(default)]
    pub would_render_digest: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScaleTargetRef {
    #[serde(default)]
    pub api_version: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
}

impl ScaleTargetRef {
    /// True for `{ome.io/v1beta1, InferenceReplica, _}`.
    pub(crate) fn is_inference_replica(&self) -> bool {
        self.api_version.as_deref() == Some(super::API_VERSION)
            && self.kind.as_deref() == Some("InferenceReplica")
    }
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TrafficTarget {
    #[serde(default)]
    pub revision_name: Option<String>,
    #[serde(default)]
    pub percent: Option<i64>,
    #[serde(default)]
    pub tag: Option<String>,
    #[serde(default)]
    pub latest_revision: Option<bool>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CanaryStatus {
    #[serde(default)]
    pub target_id: Option<String>,
    #[serde(default)]
    pub canary_revision_hash: Option<String>,
    #[serde(default)]
    pub stable_revision_hash: Option<String>,
    #[serde(default)]
    pub current_step: Option<i64>,
    #[serde(default)]
    pub step_entered_time: Option<String>,
    #[serde(default)]
    pub observed_traffic_weight: Option<i64>,
    #[serde(default)]
    pub promoted_through: Option<i64>,
    #[serde(default)]
    pub pre_step_hold: Option<Value>,
    #[serde(default)]
    pub rolled_back_revision_hash: Option<String>,
    #[serde(default)]
    pub analysis_failed_checks: Option<Value>,
    #[serde(default)]
    pub metric_results: Vec<Value>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutStatus {
    #[serde(default)]
    pub active_run: Option<Value>,
    #[serde(default)]
    pub last_run: Option<Value>,
    #[serde(default)]
    pub groups: Vec<Value>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutCoordination {
    #[serde(default)]
    pub groups: Vec<CoordinationGroup>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CoordinationGroup {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub components: Vec<String>,
    #[serde(default)]
    pub policy: Option<String>,
    #[serde(default)]
    pub order: Vec<String>,
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default)]
    pub composite_phase: Option<String>,
    #[serde(default)]
    pub current_component: Option<String>,
    #[serde(default)]
    pub previous_component: Option<String>,
    #[serde(default)]
    pub observed_surge: Option<Value>,
    #[serde(default)]
    pub last_transition_time: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
}
