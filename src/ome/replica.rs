//! InferenceReplica view (api-contract.md §2).

use super::Condition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InferenceReplica {
    #[serde(default)]
    pub api_version: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ReplicaSpec,
    #[serde(default)]
    pub status: ReplicaStatus,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReplicaSpec {
    #[serde(default)]
    pub parent_ref: Option<ParentRef>,
    #[serde(default)]
    pub component: Option<String>,
    #[serde(default)]
    pub replicas: Option<i64>,
    /// Kept raw: compared for deep equality with the resolved autoscaler block.
    #[serde(default)]
    pub autoscaler: Option<Value>,
    #[serde(default)]
    pub lifecycle: Option<Value>,
    #[serde(default)]
    pub pacing: Option<Pacing>,
    #[serde(default)]
    pub paused: Option<bool>,
    #[serde(default)]
    pub pause_mode: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ParentRef {
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pacing {
    #[serde(default)]
    pub partition: Option<i64>,
    #[serde(default)]
    pub rollback_to_revision: Option<String>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReplicaStatus {
    #[serde(default)]
    pub observed_generation: Option<i64>,
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
    #[serde(default)]
    pub current_revision: Option<String>,
    #[serde(default)]
    pub update_revision: Option<String>,
    #[serde(default)]
    pub label_selector: Option<String>,
    /// Kept raw; decoded by [`super::instances::decode`] together with the columns.
    #[serde(default)]
    pub instance_statuses: Option<Value>,
    #[serde(default)]
    pub instance_status_encoding: Option<String>,
    #[serde(default)]
    pub instance_status_columns: Option<Value>,
    #[serde(default)]
    pub retry_blocks: Vec<RetryBlock>,
    #[serde(default)]
    pub migrations: Vec<MigrationRecord>,
    #[serde(default)]
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub traffic: Vec<Value>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RetryBlock {
    #[serde(default)]
    pub target_revision: Option<String>,
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default)]
    pub attempts_started: Option<i64>,
}

/// `status.migrations[]` (api-contract.md §2.7).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationRecord {
    #[serde(default, rename = "requestUUID")]
    pub request_uuid: Option<String>,
    #[serde(default)]
    pub trigger: Option<String>,
    #[serde(default)]
    pub source_instance: Option<i64>,
    #[serde(default)]
    pub surge_instance: Option<i64>,
    #[serde(default)]
    pub allocated_at: Option<String>,
    #[serde(default)]
    pub from_node: Option<String>,
    #[serde(default)]
    pub hint_target_nodes: Vec<String>,
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default)]
    pub attempt: Option<i64>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub started_at: Option<String>,
    #[serde(default)]
    pub deadline: Option<String>,
    #[serde(default)]
    pub completed_at: Option<String>,
    #[serde(default)]
    pub succeeded: Option<bool>,
}

/// Migration phases that end a migration.
pub(crate) const TERMINAL_MIGRATION_PHASES: [&str; 3] = ["Completed", "Failed", "Relocated"];
/// Migration phases of a migration still in progress on an IR record.
pub(crate) const ACTIVE_MIGRATION_PHASES: [&str; 4] =
    ["Accepted", "SurgePending", "SurgeReady", "Draining"];
/// The Instance phases of the CRD.
pub(crate) const INSTANCE_PHASES: [&str; 8] = [
    "Pending",
    "Creating",
    "Ready",
    "Updating",
    "Restarting",
    "Migrating",
    "Failed",
    "Deleting",
];

/// True for a revision name `<irName>-<8 lowercase hex>`.
pub(crate) fn is_revision_of(ir_name: &str, revision: &str) -> bool {
    revision
        .strip_prefix(ir_name)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|hash| {
            hash.len() == 8
                && hash
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}
