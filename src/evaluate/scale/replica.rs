//! Replica inspection of the selected InferenceReplica (scale.md §2.5 step 3): identity,
//! bounds, controller ownership, freshness stamps, counters, Instance rows (both encodings),
//! operations and migration records. Failures are `ErrStale`, bounds failures `ErrBounds`.

use super::checks::{bounds, stale};
use super::payload;
use crate::errors::Refusal;
use crate::errors::scale_check::Evidence;
use crate::evaluate::migration::shape::{self, Reader};
use crate::ome::Component;
use crate::ome::instances::{self, DecodeError, InstanceOperation, InstanceRow};
use crate::ome::names::{is_canonical_uuid, is_safe_scalar};
use crate::ome::replica::{
    ACTIVE_MIGRATION_PHASES, INSTANCE_PHASES, MigrationRecord, TERMINAL_MIGRATION_PHASES,
    is_revision_of,
};
use crate::ome::{InferenceReplica, InferenceService, keys, meta_name};
use jiff::Timestamp;
use serde_json::Value;

/// Controller-reported work in progress on the IR, the first one found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Work {
    /// A revision rollout: `updateRevision` is not `currentRevision`.
    UpdateRevision { current: String, update: String },
    /// An Instance with an active operation or in a transient phase.
    Instance {
        index: i64,
        phase: String,
        operation: Option<(String, String)>,
    },
    /// A migration that is not terminal.
    Migration { phase: String, source: Option<i64> },
}

/// What inspection learned about the IR.
#[derive(Debug, Clone)]
pub(crate) struct ReplicaFacts {
    /// Controller-reported work in progress (a revision rollout, an active operation, a
    /// non-terminal migration).
    pub(crate) work: Option<Work>,
    pub(crate) rows: Vec<InstanceRow>,
}

const MAX_ROWS: usize = 2048;
const MAX_STATUS_STRING: usize = 4096;

/// A stale-evidence refusal about this IR that names only its cause.
fn stale_because(ir: &InferenceReplica, cause: &'static str) -> Refusal {
    stale(meta_name(&ir.metadata), cause, Evidence::new())
}

pub(crate) fn inspect(
    ir: &InferenceReplica,
    raw: &Value,
    isvc: &InferenceService,
    component: Component,
    now: Timestamp,
) -> Result<ReplicaFacts, Refusal> {
    check_identity(ir, isvc)?;
    check_bounds(ir, raw)?;
    let rows = match instances::decode(&ir.status, MAX_ROWS) {
        Ok(decoded) => decoded.rows,
        Err(DecodeError::TooMany) => {
            return Err(bounds(
                "InferenceReplica",
                "status.instances",
                MAX_ROWS + 1,
                MAX_ROWS,
            ));
        }
        Err(DecodeError::Malformed(_)) => return Err(stale_because(ir, "StatusMalformed")),
    };
    check_operation_hints(&rows)?;
    check_owner(ir, isvc)?;
    check_freshness(ir, isvc)?;
    let name = meta_name(&ir.metadata);
    let isvc_name = meta_name(&isvc.metadata);
    let component_name = ir.spec.component.as_deref().unwrap_or_default();
    if Component::parse(component_name).is_none()
        || name != format!("{isvc_name}-{component_name}")
        || component_name != component.as_str()
    {
        return Err(stale_because(ir, "IRIdentity"));
    }
    let status = &ir.status;
    let current = status.current_revision.as_deref().unwrap_or_default();
    let update = status.update_revision.as_deref().unwrap_or_default();
    let revision_ok = |r: &str| r.is_empty() || is_revision_of(name, r);
    if !revision_ok(current) || !revision_ok(update) {
        return Err(stale_because(ir, "RevisionInvalid"));
    }
    check_counters(ir)?;
    let mut work = (!update.is_empty() && update != current).then(|| Work::UpdateRevision {
        current: current.to_string(),
        update: update.to_string(),
    });
    let mut indexes = std::collections::BTreeSet::new();
    for row in &rows {
        let row_ok = row.index >= 0
            && row.incarnation >= 0
            && indexes.insert(row.index)
            && revision_ok(&row.running_revision)
            && revision_ok(&row.target_revision)
            && row.conditions.len() <= 64
            && INSTANCE_PHASES.contains(&row.phase.as_str());
        if !row_ok {
            return Err(stale(
                name,
                "InstanceInvalid",
                Evidence::new().int("index", row.index),
            ));
        }
        if let Some(op) = &row.operation
            && check_operation(op, row, name, now)?
            && work.is_none()
        {
            work = Some(Work::Instance {
                index: row.index,
                phase: row.phase.clone(),
                operation: Some((op.type_.clone(), op.step.clone())),
            });
        }
    }
    let migration = check_migrations(ir, &status.migrations, &rows, now)?;
    Ok(ReplicaFacts {
        work: work.or(migration),
        rows,
    })
}

fn check_identity(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), Refusal> {
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
        return Err(stale_because(ir, "IRIdentity"));
    }
    Ok(())
}

/// The bounds and the IR payload bound of step 3 (also `release-held`'s, unblock.md §3.4 row 4).
pub(crate) fn check_bounds(ir: &InferenceReplica, raw: &Value) -> Result<(), Refusal> {
    let meta = &ir.metadata;
    let status = &ir.status;
    let map_bytes = |m: Option<&std::collections::BTreeMap<String, String>>| {
        m.map_or(0, |m| {
            m.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
        })
    };
    let most_hints = status
        .migrations
        .iter()
        .map(|m| m.hint_target_nodes.len())
        .max()
        .unwrap_or(0);
    let checks = [
        (
            "metadata.ownerReferences",
            meta.owner_references.as_ref().map_or(0, Vec::len),
            16,
        ),
        (
            "metadata.annotations",
            meta.annotations.as_ref().map_or(0, |a| a.len()),
            256,
        ),
        (
            "metadata.labels",
            meta.labels.as_ref().map_or(0, |l| l.len()),
            256,
        ),
        (
            "metadata.bytes",
            map_bytes(meta.annotations.as_ref()) + map_bytes(meta.labels.as_ref()),
            65536,
        ),
        ("status.migrations", status.migrations.len(), 256),
        ("status.conditions", status.conditions.len(), 64),
        ("status.retryBlocks", status.retry_blocks.len(), 64),
        ("status.traffic", status.traffic.len(), 8),
        ("status.migrations.hintTargetNodes", most_hints, 64),
    ];
    if let Some((limit, observed, max)) = checks.into_iter().find(|(_, n, max)| n > max) {
        return Err(bounds("InferenceReplica", limit, observed, max));
    }
    let hint_lengths_ok = status
        .migrations
        .iter()
        .all(|m| m.hint_target_nodes.iter().all(|h| h.len() <= 256));
    if !hint_lengths_ok || !status_strings_within_bounds(&raw["status"]) {
        return Err(bounds("InferenceReplica", "status.strings", 1, 0));
    }
    if !payload::within_bounds(raw) {
        return Err(bounds("InferenceReplica", "payload", 1, 0));
    }
    Ok(())
}

/// The payload bound on each Instance operation's `hintTargetNodes`, before any row is
/// interpreted (conformance.md §5b): at most 64 entries of at most 256 bytes, whichever
/// encoding carried them.
fn check_operation_hints(rows: &[InstanceRow]) -> Result<(), Refusal> {
    const LIMIT: &str = "status.instanceStatuses.operation.hintTargetNodes";
    for op in rows.iter().filter_map(|r| r.operation.as_ref()) {
        let hints = &op.hint_target_nodes;
        if hints.len() > 64 {
            return Err(bounds("InferenceReplica", LIMIT, hints.len(), 64));
        }
        if let Some(long) = hints.iter().map(String::len).find(|n| *n > 256) {
            return Err(bounds("InferenceReplica", LIMIT, long, 256));
        }
    }
    Ok(())
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
fn check_owner(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), Refusal> {
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
        _ => Err(stale_because(ir, "OwnerReference")),
    }
}

/// The IR status reflects its spec, and the projector stamped the current ISVC generation.
fn check_freshness(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), Refusal> {
    let name = meta_name(&ir.metadata);
    let generation = ir.metadata.generation.unwrap_or(0);
    let observed = ir.status.observed_generation;
    if observed != ir.metadata.generation {
        return Err(stale(
            name,
            "ObservedGeneration",
            Evidence::new()
                .int("observed", observed.unwrap_or(0))
                .int("generation", generation),
        ));
    }
    let stamp = crate::ome::meta_annotation(&ir.metadata, keys::ANNOTATION_PARENT_GENERATION);
    let parent = isvc.metadata.generation.unwrap_or(0);
    if stamp != Some(parent.to_string().as_str()) {
        return Err(stale(
            name,
            "ParentStamp",
            Evidence::new()
                .name("stamp", stamp.unwrap_or("-"))
                .int("parent", parent),
        ));
    }
    Ok(())
}

fn check_counters(ir: &InferenceReplica) -> Result<(), Refusal> {
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
        return Err(stale_because(ir, "CountersInvalid"));
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
) -> Result<bool, Refusal> {
    let invalid = || {
        stale(
            ir_name,
            "OperationInvalid",
            Evidence::new().int("index", row.index),
        )
    };
    let started = parse_time(op.started_at.as_deref()).ok_or_else(invalid)?;
    let progress = parse_time(op.last_progress_at.as_deref()).ok_or_else(invalid)?;
    let deadline_ok = match op.deadline.as_deref() {
        None | Some("") => true,
        Some(d) => parse_time(Some(d)).is_some_and(|d| d >= started),
    };
    let target_ok = op
        .target_revision
        .as_deref()
        .is_none_or(|r| r.is_empty() || is_revision_of(ir_name, r));
    if !is_safe_scalar(&op.id)
        || !is_safe_scalar(&op.step)
        || started > progress
        || progress > now
        || !deadline_ok
        || !target_ok
        || op.retry_count.unwrap_or(0) < 0
        || op.reason.as_deref().is_some_and(|r| r.len() > 4096)
        || op.from_node.as_deref().is_some_and(|n| n.len() > 256)
    {
        return Err(invalid());
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
        return Err(invalid());
    }
    if op.type_ == "Migrate" {
        let uuid_ok = op.request_uuid.as_deref().is_some_and(is_canonical_uuid);
        let surge_ok = op.surge_index.is_some_and(|s| s >= 0 && s != row.index);
        if !uuid_ok || !surge_ok {
            return Err(invalid());
        }
    }
    Ok(match op.type_.as_str() {
        "Create" | "Restart" => phase != "Failed",
        "Update" | "Migrate" => true,
        _ => false,
    })
}

/// Validates the migration records (evidence-strictness.md §2.6: each record consistent, the
/// request IDs unique); returns the first still in progress.
fn check_migrations(
    ir: &InferenceReplica,
    records: &[MigrationRecord],
    rows: &[InstanceRow],
    now: Timestamp,
) -> Result<Option<Work>, Refusal> {
    let invalid = || stale_because(ir, "MigrationInvalid");
    let mut uuids = std::collections::BTreeSet::new();
    let mut active = None;
    for record in records {
        let uuid = record.request_uuid.clone().unwrap_or_default();
        if !uuids.insert(uuid) || !shape::issues(record, now, Reader::Scale).is_empty() {
            return Err(invalid());
        }
        let phase = record.phase.as_deref().unwrap_or_default();
        if !TERMINAL_MIGRATION_PHASES.contains(&phase) && active.is_none() {
            active = Some(Work::Migration {
                phase: phase.to_string(),
                source: record.source_instance,
            });
        }
    }
    // A Migrate operation must pair with a non-terminal manual record, in the role the row
    // plays in it (conformance.md §5a): stale evidence, before any active work is refused.
    for row in rows {
        if let Some(op) = row.operation.as_ref().filter(|o| o.type_ == "Migrate") {
            let candidates: Vec<&MigrationRecord> = records
                .iter()
                .filter(|r| {
                    r.request_uuid == op.request_uuid
                        && r.trigger.as_deref() == Some("Manual")
                        && r.phase
                            .as_deref()
                            .is_some_and(|p| ACTIVE_MIGRATION_PHASES.contains(&p))
                })
                .collect();
            if candidates.is_empty() {
                return Err(invalid());
            }
            if !candidates.iter().any(|r| plays_its_role(r, row, op)) {
                return Err(stale(
                    meta_name(&ir.metadata),
                    "MigrateRole",
                    Evidence::new().int("index", row.index),
                ));
            }
        }
    }
    Ok(active)
}

/// The row is the record's source (`Migrating`) or its surge (`Creating`); a queued record
/// (no surge yet) never pairs.
fn plays_its_role(record: &MigrationRecord, row: &InstanceRow, op: &InstanceOperation) -> bool {
    let Some(surge) = record.surge_instance.filter(|s| *s >= 0) else {
        return false;
    };
    let source = record.source_instance;
    let as_source =
        source == Some(row.index) && Some(surge) == op.surge_index && row.phase == "Migrating";
    let as_surge = surge == row.index && source == op.surge_index && row.phase == "Creating";
    as_source || as_surge
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::ScaleError;

    fn row_with_hints(hints: Vec<String>) -> InstanceRow {
        InstanceRow {
            operation: Some(InstanceOperation {
                hint_target_nodes: hints,
                ..InstanceOperation::default()
            }),
            ..InstanceRow::default()
        }
    }

    #[test]
    fn operation_hints_over_the_bound_are_bounds_not_stale() {
        let many = row_with_hints(vec!["node".to_string(); 65]);
        let refusal = check_operation_hints(&[many]).unwrap_err();
        assert_eq!(refusal.error, ScaleError::Bounds);
        let lines = refusal
            .check
            .map(|c| c.lines())
            .unwrap_or_default()
            .join("\n");
        assert!(
            lines.contains(
                "inspection-bounds object=InferenceReplica \
                 limit=status.instanceStatuses.operation.hintTargetNodes observed=65 max=64"
            ),
            "{lines}"
        );
        let long = row_with_hints(vec!["n".repeat(257)]);
        assert_eq!(
            check_operation_hints(&[long]).unwrap_err().error,
            ScaleError::Bounds
        );
        let fine = row_with_hints(vec!["node".to_string(); 64]);
        assert!(check_operation_hints(&[fine, InstanceRow::default()]).is_ok());
    }

    #[test]
    fn a_migrate_operation_pairs_only_in_its_role() {
        let record = MigrationRecord {
            source_instance: Some(0),
            surge_instance: Some(4),
            ..MigrationRecord::default()
        };
        let row = |index: i64, phase: &str| InstanceRow {
            index,
            phase: phase.to_string(),
            ..InstanceRow::default()
        };
        let op = |surge: i64| InstanceOperation {
            surge_index: Some(surge),
            ..InstanceOperation::default()
        };
        assert!(plays_its_role(&record, &row(0, "Migrating"), &op(4)));
        assert!(plays_its_role(&record, &row(4, "Creating"), &op(0)));
        // Neither the source nor the surge, the wrong phase, or a queued record.
        assert!(!plays_its_role(&record, &row(2, "Migrating"), &op(4)));
        assert!(!plays_its_role(&record, &row(0, "Creating"), &op(4)));
        let queued = MigrationRecord {
            surge_instance: Some(-1),
            ..record.clone()
        };
        assert!(!plays_its_role(&queued, &row(0, "Migrating"), &op(-1)));
    }
}
