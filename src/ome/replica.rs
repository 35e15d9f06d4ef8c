//! InferenceReplica view (api-contract.md §2).

use super::Condition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InferenceReplica {
    #[serde(default)]
    pub(crate) api_version: Option<String>,
    #[serde(default)]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) metadata: ObjectMeta,
    #[serde(default)]
    pub(crate) spec: ReplicaSpec,
    #[serde(default)]
    pub(crate) status: ReplicaStatus,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReplicaSpec {
    #[serde(default)]
    pub(crate) parent_ref: Option<ParentRef>,
    #[serde(default)]
    pub(crate) component: Option<String>,
    #[serde(default)]
    pub(crate) replicas: Option<i64>,
    /// Kept raw: compared for deep equality with the resolved autoscaler block.
    #[serde(default)]
    pub(crate) autoscaler: Option<Value>,
    #[serde(default)]
    pub(crate) lifecycle: Option<Value>,
    #[serde(default)]
    pub(crate) pacing: Option<Pacing>,
    #[serde(default)]
    pub(crate) paused: Option<bool>,
    #[serde(default)]
    pub(crate) pause_mode: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ParentRef {
    #[serde(default)]
    pub(crate) name: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pacing {
    #[serde(default)]
    pub(crate) partition: Option<i64>,
    #[serde(default)]
    pub(crate) rollback_to_revision: Option<String>,
}

#[expect(
    dead_code,
    reason = "decoded for its type check (a wrong JSON type makes the object malformed evidence); not all fields are read"
)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReplicaStatus {
    #[serde(default)]
    pub(crate) observed_generation: Option<i64>,
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
    #[serde(default)]
    pub(crate) current_revision: Option<String>,
    #[serde(default)]
    pub(crate) update_revision: Option<String>,
    #[serde(default)]
    pub(crate) label_selector: Option<String>,
    /// Kept raw; decoded by [`super::instances::decode`] together with the columns.
    #[serde(default)]
    pub(crate) instance_statuses: Option<Value>,
    #[serde(default)]
    pub(crate) instance_status_encoding: Option<String>,
    #[serde(default)]
    pub(crate) instance_status_columns: Option<Value>,
    #[serde(default)]
    pub(crate) retry_blocks: Vec<RetryBlock>,
    /// Kept raw: an invalid hold is dropped with an issue, it never makes the IR malformed.
    #[serde(default)]
    pub(crate) rollout_hold: Option<Value>,
    #[serde(default)]
    pub(crate) migrations: Vec<MigrationRecord>,
    #[serde(default)]
    pub(crate) conditions: Vec<Condition>,
    #[serde(default)]
    pub(crate) traffic: Vec<Value>,
}

/// `status.retryBlocks[]` (api-contract.md §2.7, after-the-write.md §2).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RetryBlock {
    #[serde(default)]
    pub(crate) target_revision: Option<String>,
    #[serde(default)]
    pub(crate) state: Option<String>,
    #[serde(default)]
    pub(crate) attempts_started: Option<i64>,
    #[serde(default)]
    pub(crate) first_failure_at: Option<String>,
    #[serde(default)]
    pub(crate) last_failure_at: Option<String>,
    #[serde(default)]
    pub(crate) next_retry_at: Option<String>,
    #[serde(default)]
    pub(crate) reason: Option<String>,
}

/// `status.migrations[]` (api-contract.md §2.7).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationRecord {
    #[serde(default, rename = "requestUUID")]
    pub(crate) request_uuid: Option<String>,
    #[serde(default)]
    pub(crate) trigger: Option<String>,
    #[serde(default)]
    pub(crate) source_instance: Option<i64>,
    #[serde(default)]
    pub(crate) surge_instance: Option<i64>,
    #[serde(default)]
    pub(crate) allocated_at: Option<String>,
    #[serde(default)]
    pub(crate) from_node: Option<String>,
    #[serde(default)]
    pub(crate) hint_target_nodes: Vec<String>,
    #[serde(default)]
    pub(crate) phase: Option<String>,
    #[serde(default)]
    pub(crate) attempt: Option<i64>,
    #[serde(default)]
    pub(crate) reason: Option<String>,
    #[serde(default)]
    pub(crate) message: Option<String>,
    #[serde(default)]
    pub(crate) started_at: Option<String>,
    #[serde(default)]
    pub(crate) deadline: Option<String>,
    #[serde(default)]
    pub(crate) completed_at: Option<String>,
    #[serde(default)]
    pub(crate) succeeded: Option<bool>,
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
