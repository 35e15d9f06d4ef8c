//! Replica inspection of the selected InferenceReplica (scale.md §2.5 step 3): identity,
//! bounds, controller ownership, freshness stamps, counters, Instance rows (both encodings),
//! operations and migration records. Failures are `ErrStale`, bounds failures `ErrBounds`.

use super::payload;
use crate::errors::ScaleError;
use crate::evaluate::migration::shape::{self, Reader};
use crate::ome::Component;
use crate::ome::instances::{self, DecodeError, InstanceOperation, InstanceRow};
use crate::ome::names::{is_canonical_uuid, is_safe_scalar};
use crate::ome::replica::{
    ACTIVE_MIGRATION_PHASES, INSTANCE_PHASES, MigrationRecord, TERMINAL_MIGRATION_PHASES,
    is_revision_of,
};
use crate::ome::{InferenceReplica, InferenceService, keys};
use jiff::Timestamp;
use serde_json::Value;

/// What inspection learned about the IR.
#[derive(Debug, Clone)]
pub(crate) struct ReplicaFacts {
    /// Controller-reported work in progress (a revision rollout, an active operation, a
    /// non-terminal migration).
    pub(crate) active_work: bool,
    pub(crate) rows: Vec<InstanceRow>,
}

const STALE: ScaleError = ScaleError::Stale;
const MAX_ROWS: usize = 2048;
const MAX_STATUS_STRING: usize = 4096;

pub(crate) fn inspect(
    ir: &InferenceReplica,
    raw: &Value,
    isvc: &InferenceService,
    component: Component,
    now: Timestamp,
) -> Result<ReplicaFacts, ScaleError> {
    check_identity(ir, isvc)?;
    check_bounds(ir, raw)?;
    let rows = match instances::decode(&ir.status, MAX_ROWS) {
        Ok(decoded) => decoded.rows,
        Err(DecodeError::TooMany) => return Err(ScaleError::Bounds),
        Err(DecodeError::Malformed(_)) => return Err(STALE),
    };
    check_owner(ir, isvc)?;
    check_freshness(ir, isvc)?;
    let name = crate::ome::meta_name(&ir.metadata);
    let isvc_name = crate::ome::meta_name(&isvc.metadata);
    let component_name = ir.spec.component.as_deref().unwrap_or_default();
    if Component::parse(component_name).is_none()
        || name != format!("{isvc_name}-{component_name}")
        || component_name != component.as_str()
    {
        return Err(STALE);
    }
    let status = &ir.status;
    let current = status.current_revision.as_deref().unwrap_or_default();
    let update = status.update_revision.as_deref().unwrap_or_default();
    let revision_ok = |r: &str| r.is_empty() || is_revision_of(name, r);
    if !revision_ok(current) || !revision_ok(update) {
        return Err(STALE);
    }
    check_counters(ir)?;
    let mut active_work = !update.is_empty() && update != current;
    let mut indexes = std::collections::BTreeSet::new();
    for row in &rows {
        if row.index < 0 || row.incarnation < 0 || !indexes.insert(row.index) {
            return Err(STALE);
        }
        if !revision_ok(&row.running_revision)
            || !revision_ok(&row.target_revision)
            || row.conditions.len() > 64
            || !INSTANCE_PHASES.contains(&row.phase.as_str())
        {
            return Err(STALE);
        }
        if let Some(op) = &row.operation {
            active_work |= check_operation(op, row, name, now)?;
        }
    }
    active_work |= check_migrations(&status.migrations, &rows, now)?;
    Ok(ReplicaFacts { active_work, rows })
}

fn check_identity(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), ScaleError> {
    let meta = &ir.metadata;
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let kind_ok = ir
        .kind
        .as_deref()
        .is_none_or(|k| k.is_empty() || k == "InferenceReplica");
    let api_ok = ir
        .api_version
        .as_deref()
        .is_none_or(|a| a.is_empty() || a == crate::ome::API_VERSION);
    let parent = ir
        .spec
        .parent_ref
        .as_ref()
        .and_then(|p| p.name.clone())
        .unwrap_or_default();
    if ![
        text(&meta.name),
        text(&meta.uid),
        text(&meta.resource_version),
    ]
    .iter()
    .all(|v| is_safe_scalar(v))
        || meta.namespace != isvc.metadata.namespace
        || parent != crate::ome::meta_name(&isvc.metadata)
        || meta.generation.unwrap_or(0) <= 0
        || meta.deletion_timestamp.is_some()
        || !kind_ok
        || !api_ok
    {
        return Err(STALE);
    }
    Ok(())
}

fn check_bounds(ir: &InferenceReplica, raw: &Value) -> Result<(), ScaleError> {
    let meta = &ir.metadata;
    let status = &ir.status;
    let map_bytes = |m: Option<&std::collections::BTreeMap<String, String>>| {
        m.map_or(0, |m| {
            m.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
        })
    };
    let hints_ok = status.migrations.iter().all(|m| {
        m.hint_target_nodes.len() <= 64 && m.hint_target_nodes.iter().all(|h| h.len() <= 256)
    });
    let strings_ok = status_strings_within_bounds(&raw["status"]);
    let within = meta.owner_references.as_ref().is_none_or(|o| o.len() <= 16)
        && meta.annotations.as_ref().is_none_or(|a| a.len() <= 256)
        && meta.labels.as_ref().is_none_or(|l| l.len() <= 256)
        && map_bytes(meta.annotations.as_ref()) + map_bytes(meta.labels.as_ref()) <= 65536
        && status.migrations.len() <= 256
        && status.conditions.len() <= 64
        && status.retry_blocks.len() <= 64
        && status.traffic.len() <= 8
        && hints_ok
        && strings_ok
        && payload::within_bounds(raw);
    if within {
        Ok(())
    } else {
        Err(ScaleError::Bounds)
    }
}

/// Each status string ≤ 4096 bytes and their total ≤ 1 MiB.
fn status_strings_within_bounds(status: &Value) -> bool {
    fn walk(v: &Value, total: &mut usize) -> bool {
        match v {
            Value::String(s) => {
                *total += s.len();
                s.len() <= MAX_STATUS_STRING
            }
            Value::Array(items) => items.iter().all(|i| walk(i, total)),
            Value::Object(map) => map.values().all(|i| walk(i, total)),
            _ => true,
        }
    }
    let mut total = 0;
    walk(status, &mut total) && total <= (1 << 20)
}

/// Exactly one controller reference, to this ISVC by UID.
fn check_owner(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), ScaleError> {
    let owners = ir.metadata.owner_references.as_deref().unwrap_or_default();
    let controllers: Vec<_> = owners
        .iter()
        .filter(|o| o.controller == Some(true))
        .collect();
    match controllers.as_slice() {
        [owner]
            if owner.api_version == crate::ome::API_VERSION
                && owner.kind == "InferenceService"
                && owner.name == crate::ome::meta_name(&isvc.metadata)
                && owner.uid == crate::ome::meta_uid(&isvc.metadata) =>
        {
            Ok(())
        }
        _ => Err(STALE),
    }
}

/// The IR status reflects its spec, and the projector stamped the current ISVC generation.
fn check_freshness(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), ScaleError> {
    let stamp = crate::ome::meta_annotation(&ir.metadata, keys::ANNOTATION_PARENT_GENERATION);
    let isvc_generation = isvc.metadata.generation.unwrap_or(0).to_string();
    if ir.status.observed_generation != ir.metadata.generation
        || stamp != Some(isvc_generation.as_str())
    {
        return Err(STALE);
    }
    Ok(())
}

fn check_counters(ir: &InferenceReplica) -> Result<(), ScaleError> {
    let s = &ir.status;
    let replicas = s.replicas.unwrap_or(0);
    let within = |v: Option<i64>| (0..=replicas).contains(&v.unwrap_or(0));
    let updated = s.updated_replicas.unwrap_or(0);
    if replicas < 0
        || !within(s.updated_replicas)
        || !within(s.ready_replicas)
        || !within(s.serving_replicas)
        || !within(s.available_replicas)
        || !within(s.updated_ready_replicas)
        || s.updated_ready_replicas.unwrap_or(0) > updated
    {
        return Err(STALE);
    }
    Ok(())
}

fn parse_time(value: Option<&str>) -> Option<Timestamp> {
    value.filter(|v| !v.is_empty())?.parse().ok()
}

/// Validates an Instance operation; returns whether it counts as active work.
fn check_operation(
    op: &InstanceOperation,
    row: &InstanceRow,
    ir_name: &str,
    now: Timestamp,
) -> Result<bool, ScaleError> {
    let started = parse_time(op.started_at.as_deref()).ok_or(STALE)?;
    let progress = parse_time(op.last_progress_at.as_deref()).ok_or(STALE)?;
    let deadline_ok = match op.deadline.as_deref() {
        None | Some("") => true,
        Some(d) => parse_time(Some(d)).is_some_and(|d| d >= started),
    };
    let target_ok = op
        .target_revision
        .as_deref()
        .is_none_or(|r| r.is_empty() || is_revision_of(ir_name, r));
    let hints_ok =
        op.hint_target_nodes.len() <= 64 && op.hint_target_nodes.iter().all(|h| h.len() <= 256);
    if !is_safe_scalar(&op.id)
        || !is_safe_scalar(&op.step)
        || started > progress
        || progress > now
        || !deadline_ok
        || !target_ok
        || op.retry_count.unwrap_or(0) < 0
        || op.reason.as_deref().is_some_and(|r| r.len() > 4096)
        || op.from_node.as_deref().is_some_and(|n| n.len() > 256)
        || !hints_ok
    {
        return Err(STALE);
    }
    let phase = row.phase.as_str();
    let fits = match op.type_.as_str() {
        "Create" => matches!(phase, "Creating" | "Failed"),
        "Restart" => matches!(phase, "Restarting" | "Failed"),
        "Update" => matches!(phase, "Updating" | "Creating" | "Failed"),
        "Migrate" => matches!(phase, "Migrating" | "Creating"),
        "Delete" => matches!(phase, "Deleting" | "Failed"),
        _ => false,
    };
    if !fits {
        return Err(STALE);
    }
    if op.type_ == "Migrate" {
        let uuid_ok = op.request_uuid.as_deref().is_some_and(is_canonical_uuid);
        let surge_ok = op.surge_index.is_some_and(|s| s >= 0 && s != row.index);
        if !uuid_ok || !surge_ok {
            return Err(STALE);
        }
    }
    Ok(match op.type_.as_str() {
        "Create" | "Restart" => phase != "Failed",
        "Update" | "Migrate" => true,
        _ => false,
    })
}

/// Validates the migration records (evidence-strictness.md §2.6: each record consistent, the
/// request IDs unique); returns whether one is still in progress.
fn check_migrations(
    records: &[MigrationRecord],
    rows: &[InstanceRow],
    now: Timestamp,
) -> Result<bool, ScaleError> {
    let mut uuids = std::collections::BTreeSet::new();
    let mut active = false;
    for record in records {
        let uuid = record.request_uuid.clone().unwrap_or_default();
        if !uuids.insert(uuid) || !shape::issues(record, now, Reader::Scale).is_empty() {
            return Err(STALE);
        }
        let phase = record.phase.as_deref().unwrap_or_default();
        active |= !TERMINAL_MIGRATION_PHASES.contains(&phase);
    }
    // A Migrate operation must pair with a non-terminal manual record.
    for row in rows {
        if let Some(op) = row.operation.as_ref().filter(|o| o.type_ == "Migrate") {
            let paired = records.iter().any(|r| {
                r.request_uuid == op.request_uuid
                    && r.trigger.as_deref() == Some("Manual")
                    && r.phase
                        .as_deref()
                        .is_some_and(|p| ACTIVE_MIGRATION_PHASES.contains(&p))
            });
            if !paired {
                return Err(STALE);
            }
        }
    }
    Ok(active)
}
