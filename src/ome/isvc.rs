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

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
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
    /// The accelerator class the service asks for (runtime selection's check 2).
    #[serde(default)]
    pub(crate) accelerator_selector: Option<AcceleratorChoice>,
    /// Read from the stored JSON by the rollout projection (`evaluate::rollout::project`).
    #[serde(default)]
    pub(crate) rollout: Option<Value>,
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
    /// A component's own accelerator class (runtime selection's check 2).
    #[serde(default)]
    pub(crate) accelerator_override: Option<AcceleratorChoice>,
}

/// `spec.acceleratorSelector` and `spec.<component>.acceleratorOverride`: the class asked for.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AcceleratorChoice {
    #[serde(default)]
    pub(crate) accelerator_class: Option<String>,
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
pub(crate) struct IsvcStatus {
    #[serde(default)]
    pub(crate) observed_generation: Option<i64>,
    #[serde(default)]
    pub(crate) conditions: Vec<Condition>,
    #[serde(default)]
    pub(crate) components: BTreeMap<String, ComponentStatus>,
    /// The rollout status parts are read from the stored JSON by the rollout projection.
    #[serde(default)]
    pub(crate) rollout: Option<Value>,
    #[serde(default)]
    pub(crate) rollout_coordination: Option<Value>,
    #[serde(default)]
    pub(crate) last_runtime_sync_token: Option<String>,
    #[serde(default)]
    pub(crate) pinned_revision_name: Option<String>,
    #[serde(default)]
    pub(crate) placement: Option<Value>,
    #[serde(default)]
    pub(crate) canary: Option<Value>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentStatus {
    // The lifecycle mirror is read from the stored JSON by the rollout projection.
    #[serde(default)]
    pub(crate) autoscaler: Option<AutoscalerStatus>,
    #[serde(default)]
    pub(crate) scale_target_ref: Option<ScaleTargetRef>,
    // Rollout phase, revisions, traffic and canary status are read from the stored JSON by the
    // rollout projection, which reports a wrongly typed value as an issue.
}

/// Who manages the scaler of an autoscaling `class` (HPA and KEDA are OME's), or `None` for a
/// class outside the vocabulary.
pub(crate) fn managed_by_class(class: &str) -> Option<&'static str> {
    match class {
        "HPA" | "KEDA" => Some("ome"),
        "External" => Some("external"),
        "None" => Some("none"),
        _ => None,
    }
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
