//! The selected Instance (diagnose.md §1.4 "Instance"): the row's fields, its conditions,
//! the migrations it takes part in, its operation and its last failure, each kept only when
//! valid. Condition and failure messages are never copied; the operation's reason and a
//! migration's reason and message are (the likeliest explanation of a stuck Instance), and
//! reach the output only through the one sanitiser.

use super::report::{
    Code, ConditionReport, FailureReport, InstanceDetails, Issue, MigrationReport, OperationReport,
};
use crate::evaluate::instance_row::Instance;
use crate::ome::instances::InstanceOperation;
use crate::ome::names::{
    is_canonical_uuid, is_dns1123_label, is_dns1123_subdomain, is_safe_scalar,
};
use crate::ome::replica::{
    ACTIVE_MIGRATION_PHASES, MigrationRecord, TERMINAL_MIGRATION_PHASES, is_revision_of,
};
use crate::ome::{InferenceReplica, InstanceRow, meta_name};
use serde_json::Value;

/// Conditions, node hints and migrations shown for the selected row.
pub(crate) const MAX_SHOWN: usize = 16;
/// Conditions and migrations scanned at most.
pub(crate) const MAX_SCANNED: usize = 64;
/// The longest reason or message kept (evidence-strictness.md §2.6).
const MAX_TEXT_BYTES: usize = 4096;

/// The Instance block and what was wrong with it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Projected {
    pub(crate) instance: InstanceDetails,
    pub(crate) issues: Vec<Issue>,
    /// A condition reflects an older IR generation.
    pub(crate) stale: bool,
    /// More conditions, hints or migrations than are shown.
    pub(crate) truncated: bool,
}

pub(crate) fn project(ir: &InferenceReplica, row: &InstanceRow) -> Projected {
    let ir_name = meta_name(&ir.metadata).to_string();
    let generation = ir.metadata.generation.unwrap_or(0);
    let mut issues = Vec::new();
    let mut truncated = false;
    let (conditions, stale, invalid) = conditions(row, generation);
    if invalid {
        issues.push(Issue::new(Code::AuthoritativeInvalid));
    }
    if stale {
        issues.push(Issue::new(Code::ConditionGenerationStale));
    }
    if row.conditions.len() > MAX_SHOWN {
        truncated = true;
    }
    let active_ordinal = match row.active_ordinal {
        0 | 1 => Some(row.active_ordinal),
        _ => {
            issues.push(Issue::new(Code::AuthoritativeInvalid));
            None
        }
    };
    let (migrations, migration_invalid, more) = migrations(&ir.status.migrations, row.index);
    truncated |= more;
    if migration_invalid {
        issues.push(Issue::new(Code::MigrationInvalid));
    }
    let operation = row.operation.as_ref().and_then(|op| {
        let valid = operation(op, &ir_name, row.index);
        if valid.is_none() {
            issues.push(Issue::new(Code::OperationInvalid));
        }
        valid
    });
    if operation
        .as_ref()
        .is_some_and(|op| op.hint_target_nodes.len() < hints(row).len())
    {
        truncated = true;
    }
    let last_failure = row
        .last_failure
        .as_ref()
        .filter(|f| !f.is_null())
        .and_then(|f| {
            let valid = failure(f);
            if valid.is_none() {
                issues.push(Issue::new(Code::LastFailureInvalid));
            }
            valid
        });
    issues.dedup();
    Projected {
        instance: InstanceDetails {
            instance: Instance::of(row, &ir_name),
            ready_since: row.ready_since.as_deref().and_then(time),
            active_ordinal,
            conditions,
            migrations,
            operation,
            last_failure,
        },
        issues,
        stale,
        truncated,
    }
}

fn hints(row: &InstanceRow) -> &[String] {
    row.operation
        .as_ref()
        .map_or(&[][..], |op| op.hint_target_nodes.as_slice())
}

/// An RFC 3339 time, re-formatted in UTC; `None` when it does not parse.
pub(crate) fn time(value: &str) -> Option<String> {
    value.parse::<jiff::Timestamp>().ok().map(|t| t.to_string())
}

/// A metav1 condition reason: a letter, then letters, digits, `_`, `,` or `:` (at most 1024).
pub(crate) fn is_reason(value: &str) -> bool {
    let b = value.as_bytes();
    !b.is_empty()
        && b.len() <= 1024
        && b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b',' | b':'))
}

/// (shown conditions, stale, invalid): a type repeated with different statuses, a status
/// outside True/False/Unknown or an observedGeneration outside 0..=generation is dropped.
fn conditions(row: &InstanceRow, generation: i64) -> (Vec<ConditionReport>, bool, bool) {
    let mut invalid = row.conditions.len() > MAX_SCANNED;
    let mut stale = false;
    let mut shown: Vec<ConditionReport> = Vec::new();
    for c in row.conditions.iter().take(MAX_SCANNED) {
        let conflicting = row
            .conditions
            .iter()
            .any(|other| other.type_ == c.type_ && other.status != c.status);
        let status_ok = matches!(c.status.as_str(), "True" | "False" | "Unknown");
        let observed = c.observed_generation;
        let generation_ok = observed.is_none_or(|g| (0..=generation).contains(&g));
        if conflicting || !status_ok || !generation_ok || !is_reason(&c.type_) {
            invalid = true;
            continue;
        }
        if observed.is_some_and(|g| g > 0 && g < generation) {
            stale = true;
        }
        if shown.iter().any(|s| s.type_ == c.type_) || shown.len() >= MAX_SHOWN {
            continue;
        }
        shown.push(ConditionReport {
            type_: c.type_.clone(),
            status: c.status.clone(),
            reason: c.reason.clone().filter(|r| is_reason(r)),
            observed_generation: observed,
            last_transition_time: c.last_transition_time.as_deref().and_then(time),
        });
    }
    (shown, stale, invalid)
}

/// (shown migrations, any invalid, more than shown): records in which `index` is the source
/// or the surge.
fn migrations(records: &[MigrationRecord], index: i64) -> (Vec<MigrationReport>, bool, bool) {
    let mut invalid = false;
    let mut shown = Vec::new();
    let mut more = false;
    for record in records.iter().take(MAX_SCANNED) {
        let role = if record.source_instance == Some(index) {
            "Source"
        } else if record.surge_instance == Some(index) {
            "Surge"
        } else {
            continue;
        };
        match migration(record, role) {
            Some(report) if shown.len() < MAX_SHOWN => shown.push(report),
            Some(_) => more = true,
            None => invalid = true,
        }
    }
    (shown, invalid, more)
}

fn migration(record: &MigrationRecord, role: &'static str) -> Option<MigrationReport> {
    let uuid = record
        .request_uuid
        .clone()
        .filter(|u| is_canonical_uuid(u))?;
    let phase = record.phase.clone().filter(|p| {
        TERMINAL_MIGRATION_PHASES.contains(&p.as_str())
            || ACTIVE_MIGRATION_PHASES.contains(&p.as_str())
    })?;
    let trigger = record
        .trigger
        .clone()
        .filter(|t| matches!(t.as_str(), "Manual" | "Auto"))?;
    let source = record.source_instance.filter(|s| *s >= 0)?;
    let started = record.started_at.as_deref().and_then(time)?;
    let deadline = record.deadline.as_deref().and_then(time)?;
    let completed_at = match record.completed_at.as_deref() {
        None | Some("") => None,
        Some(text) => Some(time(text)?),
    };
    if record.surge_instance.is_some_and(|s| s < 0) || record.attempt.is_some_and(|a| a < 0) {
        return None;
    }
    let allocated_at = match record.allocated_at.as_deref() {
        None | Some("") => None,
        Some(text) => Some(time(text)?),
    };
    let from_node = free_text(&record.from_node)?;
    if from_node.as_deref().is_some_and(|n| !is_safe_scalar(n)) {
        return None;
    }
    let hints = node_hints(&record.hint_target_nodes)?;
    Some(MigrationReport {
        request_uuid: uuid,
        role,
        phase,
        trigger,
        source_instance: source,
        surge_instance: record.surge_instance,
        attempt: record.attempt,
        started_at: started,
        deadline,
        completed_at,
        allocated_at,
        from_node,
        target_node_hints: hints,
        reason: free_text(&record.reason)?,
        message: free_text(&record.message)?,
        succeeded: record.succeeded,
    })
}

/// Free text of the controller (a reason, a message): absent when empty; `None` (invalid)
/// over the 4096 bytes evidence-strictness.md §2.6 allows. It is shown sanitised.
fn free_text(value: &Option<String>) -> Option<Option<String>> {
    match value.as_deref() {
        None | Some("") => Some(None),
        Some(text) if text.len() <= MAX_TEXT_BYTES => Some(Some(text.to_string())),
        Some(_) => None,
    }
}

/// A migration's node hints, sorted and unique; `None` (invalid) when one is not a node name
/// or there are more than [`MAX_SCANNED`].
fn node_hints(hints: &[String]) -> Option<Vec<String>> {
    if hints.len() > MAX_SCANNED || !hints.iter().all(|h| is_dns1123_subdomain(h)) {
        return None;
    }
    let mut sorted = hints.to_vec();
    sorted.sort();
    sorted.dedup();
    Some(sorted)
}

fn operation(op: &InstanceOperation, ir_name: &str, index: i64) -> Option<OperationReport> {
    let type_ok = matches!(
        op.type_.as_str(),
        "Create" | "Update" | "Restart" | "Migrate" | "Delete"
    );
    let started = op.started_at.as_deref().and_then(time)?;
    let progress = op.last_progress_at.as_deref().and_then(time)?;
    let deadline = match op.deadline.as_deref() {
        None | Some("") => None,
        Some(text) => Some(time(text)?),
    };
    let revision = op.target_revision.clone().filter(|r| !r.is_empty());
    let token = |v: &Option<String>| v.clone().filter(|s| !s.is_empty());
    let waiting = token(&op.waiting);
    let strategy = token(&op.strategy);
    let from_node = token(&op.from_node);
    let reason = free_text(&op.reason)?;
    let valid = type_ok
        && is_safe_scalar(&op.id)
        && is_safe_scalar(&op.step)
        && op.retry_count.unwrap_or(0) >= 0
        && revision
            .as_deref()
            .is_none_or(|r| is_revision_of(ir_name, r))
        && waiting.as_deref().is_none_or(is_safe_scalar)
        && strategy.as_deref().is_none_or(is_safe_scalar)
        && from_node.as_deref().is_none_or(is_dns1123_subdomain)
        && op.hint_target_nodes.iter().all(|h| is_dns1123_subdomain(h))
        && op.hint_target_nodes.len() <= MAX_SCANNED
        && op.surge_index.is_none_or(|s| s >= 0 && s != index)
        && op.request_uuid.as_deref().is_none_or(is_canonical_uuid);
    if !valid {
        return None;
    }
    Some(OperationReport {
        id: op.id.clone(),
        type_: op.type_.clone(),
        step: op.step.clone(),
        started_at: started,
        last_progress_at: progress,
        deadline,
        retry_count: op.retry_count.unwrap_or(0),
        target_revision: revision,
        reason,
        strategy,
        waiting,
        surge_index: op.surge_index,
        from_node,
        hint_target_nodes: op
            .hint_target_nodes
            .iter()
            .take(MAX_SHOWN)
            .cloned()
            .collect(),
        request_uuid: op.request_uuid.clone(),
    })
}

fn failure(value: &Value) -> Option<FailureReport> {
    let text = |key: &str| -> Result<Option<String>, ()> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(()),
        }
    };
    let pod_name = text("podName").ok()?.filter(|n| is_dns1123_subdomain(n))?;
    let container_name = text("containerName").ok()?;
    if container_name
        .as_deref()
        .is_some_and(|c| !is_dns1123_label(c))
    {
        return None;
    }
    let reason = text("reason").ok()?;
    if reason.as_deref().is_some_and(|r| !is_reason(r)) {
        return None;
    }
    let exit_code = match value.get("exitCode") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_i64().filter(|c| i32::try_from(*c).is_ok())?),
    };
    let time = match text("time").ok()? {
        None => None,
        Some(t) => Some(time(&t)?),
    };
    Some(FailureReport {
        pod_name,
        container_name,
        reason,
        exit_code,
        time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ir(status_migrations: Value) -> InferenceReplica {
        serde_json::from_value(json!({
            "metadata": {"name": "chat-engine", "generation": 3},
            "status": {"migrations": status_migrations}
        }))
        .unwrap()
    }

    fn row(extra: Value) -> InstanceRow {
        let mut base = json!({"index": 1, "incarnation": 2, "phase": "Ready",
            "runningRevision": "chat-engine-7f9c4d2b", "podCount": 1, "servingPodCount": 1,
            "availablePodCount": 1, "admitted": true, "readySince": "2026-09-20T08:05:00Z"});
        if let (Some(b), Some(e)) = (base.as_object_mut(), extra.as_object()) {
            b.extend(e.clone());
        }
        serde_json::from_value(base).unwrap()
    }

    #[test]
    fn a_steady_row() {
        let p = project(&ir(json!([])), &row(json!({})));
        assert!(p.issues.is_empty());
        let i = p.instance;
        assert_eq!(i.ready_since.as_deref(), Some("2026-09-20T08:05:00Z"));
        assert_eq!(i.active_ordinal, Some(0));
        assert_eq!(i.instance.target_revision, None);
        assert_eq!(i.instance.pods.total, 1);
    }

    #[test]
    fn conditions_are_checked_and_messages_dropped() {
        let p = project(
            &ir(json!([])),
            &row(json!({"conditions": [
                {"type": "AllPodsReady", "status": "True", "reason": "AllReady", "message": "secret",
                 "observedGeneration": 2},
                {"type": "Drained", "status": "Maybe"},
                {"type": "Failed", "status": "False", "observedGeneration": 9}
            ]})),
        );
        assert_eq!(p.instance.conditions.len(), 1);
        assert_eq!(p.instance.conditions[0].reason.as_deref(), Some("AllReady"));
        assert!(p.stale);
        assert_eq!(
            p.issues,
            [
                Issue::new(Code::AuthoritativeInvalid),
                Issue::new(Code::ConditionGenerationStale)
            ]
        );
        let conflicting = project(
            &ir(json!([])),
            &row(json!({"conditions": [
                {"type": "AllPodsReady", "status": "True"},
                {"type": "AllPodsReady", "status": "False"}]})),
        );
        assert!(conflicting.instance.conditions.is_empty());
    }

    #[test]
    fn migrations_operation_and_failure() {
        let uuid = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
        let records = json!([
            {"requestUUID": uuid, "trigger": "Manual", "sourceInstance": 1, "surgeInstance": 2,
             "phase": "Draining", "startedAt": "2026-09-20T08:00:00Z",
             "deadline": "2026-09-20T09:00:00Z", "message": "secret"},
            {"requestUUID": "bad", "trigger": "Manual", "sourceInstance": 1, "phase": "Draining"},
            {"requestUUID": uuid, "trigger": "Manual", "sourceInstance": 0, "phase": "Draining",
             "startedAt": "2026-09-20T08:00:00Z", "deadline": "2026-09-20T09:00:00Z"}
        ]);
        let p = project(
            &ir(records),
            &row(json!({
                "operation": {"id": "migrate-0001", "type": "Migrate", "step": "DrainOld",
                    "startedAt": "2026-09-20T08:00:00Z", "lastProgressAt": "2026-09-20T08:01:00Z",
                    "deadline": null, "surgeIndex": 2, "fromNode": "gpu-node-a",
                    "hintTargetNodes": ["gpu-node-b"], "requestUUID": uuid, "reason": "secret"},
                "lastFailure": {"podName": "chat-engine-1", "reason": "OOMKilled",
                    "exitCode": 137, "message": "secret", "time": "2026-09-20T08:02:00Z"}
            })),
        );
        assert_eq!(p.instance.migrations.len(), 1);
        assert_eq!(p.instance.migrations[0].role, "Source");
        assert_eq!(p.issues, [Issue::new(Code::MigrationInvalid)]);
        let op = p.instance.operation.unwrap();
        assert_eq!(op.deadline, None);
        assert_eq!(op.hint_target_nodes, ["gpu-node-b"]);
        // The reasons and the migration's message are kept (the renderers sanitise them).
        assert_eq!(op.reason.as_deref(), Some("secret"));
        assert_eq!(p.instance.last_failure.unwrap().exit_code, Some(137));

        let shown = project(
            &ir(json!([
                {"requestUUID": uuid, "trigger": "Manual", "sourceInstance": 1,
                 "surgeInstance": 2, "phase": "Failed", "startedAt": "2026-09-20T08:00:00Z",
                 "deadline": "2026-09-20T09:00:00Z", "allocatedAt": "2026-09-20T08:00:05Z",
                 "completedAt": "2026-09-20T09:00:00Z", "fromNode": "gpu-node-a",
                 "hintTargetNodes": ["gpu-node-c", "gpu-node-b", "gpu-node-c"],
                 "reason": "SurgeNotReady", "message": "surge pod\u{1b}[31m never ready",
                 "succeeded": false}
            ])),
            &row(json!({})),
        );
        assert!(shown.issues.is_empty(), "{:?}", shown.issues);
        let m = &shown.instance.migrations[0];
        assert_eq!(m.allocated_at.as_deref(), Some("2026-09-20T08:00:05Z"));
        assert_eq!(m.from_node.as_deref(), Some("gpu-node-a"));
        assert_eq!(m.target_node_hints, ["gpu-node-b", "gpu-node-c"]);
        assert_eq!(m.reason.as_deref(), Some("SurgeNotReady"));
        assert_eq!(
            m.message.as_deref(),
            Some("surge pod\u{1b}[31m never ready")
        );
        assert_eq!(m.succeeded, Some(false));
        // A reason over 4096 bytes, an unparsable allocation time or a hint that is not a node
        // name makes the record invalid.
        for (key, value) in [
            ("reason", json!("x".repeat(4097))),
            ("allocatedAt", json!("yesterday")),
            ("hintTargetNodes", json!(["Not A Node"])),
        ] {
            let mut record = json!({"requestUUID": uuid, "trigger": "Manual",
                "sourceInstance": 1, "phase": "Draining", "startedAt": "2026-09-20T08:00:00Z",
                "deadline": "2026-09-20T09:00:00Z"});
            record[key] = value;
            let p = project(&ir(json!([record])), &row(json!({})));
            assert_eq!(p.issues, [Issue::new(Code::MigrationInvalid)], "{key}");
        }

        let bad = project(
            &ir(json!([])),
            &row(
                json!({"operation": {"id": "x y", "type": "Create", "step": "CreatePods",
                "startedAt": "2026-09-20T08:00:00Z", "lastProgressAt": "2026-09-20T08:01:00Z"},
                "lastFailure": {"podName": "Not A Name"}, "activeOrdinal": 2}),
            ),
        );
        assert!(bad.instance.operation.is_none() && bad.instance.last_failure.is_none());
        assert_eq!(bad.instance.active_ordinal, None);
        assert_eq!(
            bad.issues,
            [
                Issue::new(Code::AuthoritativeInvalid),
                Issue::new(Code::OperationInvalid),
                Issue::new(Code::LastFailureInvalid)
            ]
        );
    }
}
