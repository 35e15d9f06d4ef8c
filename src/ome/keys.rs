//! Label and annotation keys (api-contract.md §6).

pub(crate) const LABEL_INFERENCESERVICE: &str = "ome.io/inferenceservice";
pub(crate) const LABEL_COMPONENT: &str = "component";
pub(crate) const LABEL_MANAGED_BY: &str = "ome.io/managed-by";
/// The labels of an OMENative Pod: its Instance's index and incarnation, its runner and
/// ordinal in the Instance, and its revision hash.
pub(crate) const LABEL_INSTANCE_INDEX: &str = "ome.io/instance-index";
pub(crate) const LABEL_INSTANCE_INCARNATION: &str = "ome.io/instance-incarnation";
pub(crate) const LABEL_RUNNER: &str = "ome.io/runner";
pub(crate) const LABEL_POD_ORDINAL: &str = "ome.io/pod-ordinal";
pub(crate) const LABEL_REVISION_HASH: &str = "ome.io/revision-hash";
/// The Pod condition of an Instance that serves traffic.
pub(crate) const CONDITION_SERVING: &str = "ome.io/serving";
pub(crate) const ANNOTATION_PARENT_GENERATION: &str = "ome.io/parent-generation";
pub(crate) const ANNOTATION_DEPLOYMENT_MODE: &str = "ome.io/deploymentMode";
/// The accelerator class a service asks for (runtime selection).
pub(crate) const ANNOTATION_ACCELERATOR_CLASS: &str = "ome.io/accelerator-class";
pub(crate) const ANNOTATION_ROLLOUT_PROMOTE: &str = "ome.io/rollout-promote";
pub(crate) const ANNOTATION_ROLLOUT_ROLLBACK: &str = "ome.io/rollout-rollback";
/// The service pause (after-the-write.md §4.1): exactly `true` or `freeze` pauses.
pub(crate) const ANNOTATION_ROLLOUT_PAUSED: &str = "ome.io/rollout-paused";
pub(crate) const ANNOTATION_RUNTIME_SYNC: &str = "ome.io/runtime-sync";
pub(crate) const ANNOTATION_INHERIT_FROM: &str = "ome.io/inherit-from";
pub(crate) const ANNOTATION_RELEASE_HELD_REVISION: &str = "ome.io/release-held-revision";
pub(crate) const ANNOTATION_CONTROLLER_WRITE: &str = "ome.io/controller-write";
/// The legacy autoscaler annotations (RawDeployment only; re-checked by `scale`).
pub(crate) const ANNOTATION_AUTOSCALER_CLASS: &str = "ome.io/autoscalerClass";
pub(crate) const ANNOTATION_METRICS: &str = "ome.io/metrics";
pub(crate) const ANNOTATION_TARGET_UTILIZATION: &str = "ome.io/targetUtilizationPercentage";
pub(crate) const FINALIZER_PLACEMENT: &str = "ome.io/placement";
/// Annotation or label keys that mark placement sources and derived services
/// (evidence-strictness.md §2.5: the control-plane identity label, and the execution annotation
/// kept as a safe superset).
pub(crate) const PLACEMENT_KEYS: [&str; 6] = [
    "ome.io/accelerator-requirements",
    "ome.io/cluster-selector",
    "ome.io/placement-origin",
    "ome.io/placement-origin-uid",
    "ome.io/placement-execution",
    "ome.io/placement-control-plane",
];
pub(crate) const CONDITION_RUNTIME_DRIFTED: &str = "RuntimeDrifted";
