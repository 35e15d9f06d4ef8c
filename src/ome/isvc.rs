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
    pub(crate) api_version: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) metadata: ObjectMeta,
    #[serde(default)]
    pub(crate) spec: IsvcSpec,
    #[serde(default)]
    pub(crate) status: IsvcStatus,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct IsvcSpec {
    #[serde(default)]
    pub(crate) deployment_mode: Option<String>,
    #[serde(default)]
    pub(crate) model: Option<ModelRef>,
    #[serde(default)]
    pub(crate) runtime: Option<RuntimeRef>,
    #[serde(default)]
    pub(crate) engine: Option<ComponentSpec>,
    #[serde(default)]
    pub(crate) decoder: Option<ComponentSpec>,
    #[serde(default)]
    pub(crate) router: Option<ComponentSpec>,
    #[serde(default)]
    pub(crate) scaling_policy: Option<ScalingPolicy>,
    #[serde(default)]
    pub(crate) rollout: Option<RolloutSpec>,
    #[serde(default)]
    pub(crate) placement: Option<Value>,
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
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) api_group: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeRef {
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) api_group: Option<String>,
    #[serde(default)]
    pub(crate) auto_sync: Option<bool>,
    #[serde(default)]
    pub(crate) revision: Option<String>,
}

/// `spec.<component>` on the ISVC and `spec.<component>Config` on a runtime.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentSpec {
    #[serde(default)]
    pub(crate) min_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) max_replicas: Option<i64>,
    /// Kept raw: scale compares it for deep equality with the IR's `spec.autoscaler`.
    #[serde(default)]
    pub(crate) autoscaler: Option<Value>,
    #[serde(default)]
    pub(crate) autoscaler_policy_ref: Option<PolicyRef>,
    #[serde(default)]
    pub(crate) lifecycle: Option<Value>,
    #[serde(default)]
    pub(crate) annotations: Option<BTreeMap<String, String>>,
    #[serde(default)]
    pub(crate) labels: Option<BTreeMap<String, String>>,
    #[serde(default)]
    pub(crate) leader: Option<Value>,
    #[serde(default)]
    pub(crate) worker: Option<Value>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PolicyRef {
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScalingPolicy {
    #[serde(default)]
    pub(crate) mode: Option<String>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutSpec {
    #[serde(default)]
    pub(crate) groups: Vec<RolloutGroupSpec>,
    #[serde(default)]
    pub(crate) pairing_protocol: Option<String>,
    #[serde(default)]
    pub(crate) group_ordering: Option<String>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutGroupSpec {
    #[serde(default)]
    pub(crate) components: Vec<String>,
    #[serde(default)]
    pub(crate) order: Vec<String>,
    #[serde(default)]
    pub(crate) canary: Option<CanarySpec>,
    #[serde(default)]
    pub(crate) blue_green: Option<Value>,
    #[serde(default)]
    pub(crate) rolling_update: Option<Value>,
    #[serde(default)]
    pub(crate) policy_ref: Option<PolicyRef>,
    #[serde(default)]
    pub(crate) soak: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CanarySpec {
    #[serde(default)]
    pub(crate) steps: Vec<CanaryStep>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CanaryStep {
    /// int-or-string
    #[serde(default)]
    pub(crate) capacity: Option<Value>,
    #[serde(default)]
    pub(crate) traffic: Option<i64>,
    #[serde(default)]
    pub(crate) pause: Option<Value>,
    #[serde(default)]
    pub(crate) analysis: Option<Value>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct IsvcStatus {
    #[serde(default)]
    pub(crate) observed_generation: Option<i64>,
    #[serde(default)]
    pub(crate) conditions: Vec<Condition>,
    #[serde(default)]
    pub(crate) components: BTreeMap<String, ComponentStatus>,
    #[serde(default)]
    pub(crate) rollout: Option<RolloutStatus>,
    #[serde(default)]
    pub(crate) rollout_coordination: Option<RolloutCoordination>,
    #[serde(default)]
    pub(crate) last_runtime_sync_token: Option<String>,
    #[serde(default)]
    pub(crate) pinned_revision_name: Option<String>,
    #[serde(default)]
    pub(crate) placement: Option<Value>,
    #[serde(default)]
    pub(crate) canary: Option<CanaryStatus>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentStatus {
    #[serde(default)]
    pub(crate) lifecycle: Option<LifecycleStatus>,
    #[serde(default)]
    pub(crate) autoscaler: Option<AutoscalerStatus>,
    #[serde(default)]
    pub(crate) scale_target_ref: Option<ScaleTargetRef>,
    #[serde(default)]
    pub(crate) rollout_phase: Option<String>,
    #[serde(default)]
    pub(crate) latest_ready_revision: Option<String>,
    #[serde(default)]
    pub(crate) latest_rolledout_revision: Option<String>,
    #[serde(default)]
    pub(crate) previous_rolledout_revision: Option<String>,
    #[serde(default)]
    pub(crate) traffic: Vec<TrafficTarget>,
    #[serde(default)]
    pub(crate) canary: Option<CanaryStatus>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LifecycleStatus {
    #[serde(default)]
    pub(crate) observed_generation: Option<i64>,
    #[serde(default)]
    pub(crate) current_revision: Option<String>,
    #[serde(default)]
    pub(crate) update_revision: Option<String>,
    #[serde(default)]
    pub(crate) label_selector: Option<String>,
    #[serde(default)]
    pub(crate) replicas: Option<i64>,
    #[serde(default)]
    pub(crate) ready_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) serving_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) available_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) updated_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) updated_ready_replicas: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AutoscalerStatus {
    #[serde(default)]
    pub(crate) class: Option<String>,
    #[serde(default)]
    pub(crate) managed_by: Option<String>,
    #[serde(default)]
    pub(crate) spec_source: Option<String>,
    #[serde(default)]
    pub(crate) current_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) desired_replicas: Option<i64>,
    #[serde(default)]
    pub(crate) last_scale_time: Option<String>,
    #[serde(default)]
    pub(crate) conditions: Vec<Condition>,
    #[serde(default)]
    pub(crate) policy: Option<PolicyStatus>,
    #[serde(default)]
    pub(crate) shadowed_policy_ref: Option<ShadowedPolicyRef>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PolicyStatus {
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) observed_generation: Option<i64>,
    #[serde(default)]
    pub(crate) portable_digest: Option<String>,
    #[serde(default)]
    pub(crate) resolved_digest: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ShadowedPolicyRef {
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) portable_digest: Option<String>,
    #[serde(default)]
    pub(crate) would_render_digest: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScaleTargetRef {
    #[serde(default)]
    pub(crate) api_version: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) name: Option<String>,
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
    pub(crate) revision_name: Option<String>,
    #[serde(default)]
    pub(crate) percent: Option<i64>,
    #[serde(default)]
    pub(crate) tag: Option<String>,
    #[serde(default)]
    pub(crate) latest_revision: Option<bool>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CanaryStatus {
    #[serde(default)]
    pub(crate) target_id: Option<String>,
    #[serde(default)]
    pub(crate) canary_revision_hash: Option<String>,
    #[serde(default)]
    pub(crate) stable_revision_hash: Option<String>,
    #[serde(default)]
    pub(crate) current_step: Option<i64>,
    #[serde(default)]
    pub(crate) step_entered_time: Option<String>,
    #[serde(default)]
    pub(crate) observed_traffic_weight: Option<i64>,
    #[serde(default)]
    pub(crate) promoted_through: Option<i64>,
    #[serde(default)]
    pub(crate) pre_step_hold: Option<Value>,
    #[serde(default)]
    pub(crate) rolled_back_revision_hash: Option<String>,
    #[serde(default)]
    pub(crate) analysis_failed_checks: Option<Value>,
    #[serde(default)]
    pub(crate) metric_results: Vec<Value>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutStatus {
    #[serde(default)]
    pub(crate) active_run: Option<Value>,
    #[serde(default)]
    pub(crate) last_run: Option<Value>,
    #[serde(default)]
    pub(crate) groups: Vec<Value>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutCoordination {
    #[serde(default)]
    pub(crate) groups: Vec<CoordinationGroup>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CoordinationGroup {
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) components: Vec<String>,
    #[serde(default)]
    pub(crate) policy: Option<String>,
    #[serde(default)]
    pub(crate) order: Vec<String>,
    #[serde(default)]
    pub(crate) phase: Option<String>,
    #[serde(default)]
    pub(crate) composite_phase: Option<String>,
    #[serde(default)]
    pub(crate) current_component: Option<String>,
    #[serde(default)]
    pub(crate) previous_component: Option<String>,
    #[serde(default)]
    pub(crate) observed_surge: Option<Value>,
    #[serde(default)]
    pub(crate) last_transition_time: Option<String>,
    #[serde(default)]
    pub(crate) message: Option<String>,
}
