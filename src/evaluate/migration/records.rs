//! One `status.migrations[]` entry → one reported record (read-commands.md §6.3): phase
//! classification, outcome, evidence of reason and message, and the shape checks.

use super::report::{Classification, MigrationRecord, RecordIssue, code};
use crate::ome::names::{is_canonical_uuid, is_dns1123_subdomain};
use crate::ome::replica::{
    ACTIVE_MIGRATION_PHASES, MigrationRecord as Stored, TERMINAL_MIGRATION_PHASES,
};
use crate::ome::report::Freshness;
use crate::text::bounded;

/// Node hints shown per record, and scanned at most.
pub(super) const MAX_HINTS: usize = 8;
pub(super) const MAX_HINTS_SCANNED: usize = 64;
/// Messages are shown sanitised, at most this many display columns.
pub(super) const MAX_MESSAGE: usize = 256;

/// Issues that only bound the output; every other issue makes the record Invalid.
fn is_invalidating(code: &str) -> bool {
    code != code::NODE_HINTS_TRUNCATED
}

fn known<'a>(value: Option<&str>, allowed: &[&'a str]) -> Option<&'a str> {
    value.and_then(|v| allowed.iter().find(|a| **a == v).copied())
}

/// A timestamp re-printed as RFC 3339 UTC, or `Err` when present but unparseable.
fn timestamp(value: Option<&String>) -> Result<Option<jiff::Timestamp>, ()> {
    match value {
        None => Ok(None),
        Some(text) => text.parse::<jiff::Timestamp>().map(Some).map_err(|_| ()),
    }
}

pub(super) fn project_record(
    stored: &Stored,
    source_name: &str,
    component: &str,
    freshness: Freshness,
) -> MigrationRecord {
    let mut issues: Vec<&'static str> = Vec::new();

    let request_id = match stored.request_uuid.as_deref() {
        Some(id) if is_canonical_uuid(id) => id.to_string(),
        _ => {
            issues.push(code::REQUEST_ID_INVALID);
            "INVALID".to_string()
        }
    };
    let trigger = known(stored.trigger.as_deref(), &["Manual", "Auto"]);
    if trigger.is_none() {
        issues.push(code::TRIGGER_INVALID);
    }
    let active = known(stored.phase.as_deref(), &ACTIVE_MIGRATION_PHASES);
    let terminal = known(stored.phase.as_deref(), &TERMINAL_MIGRATION_PHASES);
    let phase = active.or(terminal);
    if phase.is_none() {
        issues.push(code::PHASE_INVALID);
    }
    if let (Some(trigger), Some(phase)) = (trigger, phase) {
        // An automatic migration is created already Relocated; a manual one never is.
        if (trigger == "Auto") != (phase == "Relocated") {
            issues.push(code::TRIGGER_PHASE_CONFLICT);
        }
    }
    let source_instance = stored.source_instance.unwrap_or(-1);
    if source_instance < 0 || source_instance > i64::from(i32::MAX) {
        issues.push(code::SOURCE_INDEX_INVALID);
    }
    let surge_instance = stored.surge_instance;
    if surge_instance.is_some_and(|s| s < 0 || s > i64::from(i32::MAX) || s == source_instance) {
        issues.push(code::SURGE_INDEX_INVALID);
    }
    if stored.allocated_at.is_some() && surge_instance.is_none() {
        issues.push(code::ALLOCATION_INVALID);
    }
    if stored.attempt.is_some_and(|a| a < 1) {
        issues.push(code::ATTEMPT_INVALID);
    }

    let started = timestamp(stored.started_at.as_ref());
    let allocated = timestamp(stored.allocated_at.as_ref());
    let deadline = timestamp(stored.deadline.as_ref());
    let completed = timestamp(stored.completed_at.as_ref());
    let ordered = match (&started, &completed) {
        (Ok(Some(s)), Ok(Some(c))) => c >= s,
        _ => true,
    };
    if [&started, &allocated, &deadline, &completed]
        .iter()
        .any(|t| t.is_err())
        || !ordered
    {
        issues.push(code::TIMESTAMP_INVALID);
    }
    let shown = |t: &Result<Option<jiff::Timestamp>, ()>| t.ok().flatten().map(|t| t.to_string());

    if let Some(phase) = phase {
        let is_terminal = terminal.is_some();
        if is_terminal != stored.completed_at.is_some() {
            issues.push(code::TERMINAL_SHAPE_INVALID);
        }
        let succeeded_ok = match (phase, stored.succeeded) {
            ("Completed", Some(false)) | ("Failed", Some(true)) => false,
            (_, Some(true)) if !is_terminal => false,
            _ => true,
        };
        if !succeeded_ok {
            issues.push(code::SUCCEEDED_INVALID);
        }
    }

    let mut from_node = stored.from_node.clone().filter(|n| !n.is_empty());
    let mut hint_invalid = false;
    if from_node
        .as_deref()
        .is_some_and(|n| !is_dns1123_subdomain(n))
    {
        from_node = None;
        hint_invalid = true;
    }
    let mut hints: Vec<String> = Vec::new();
    for hint in stored.hint_target_nodes.iter().take(MAX_HINTS_SCANNED) {
        if is_dns1123_subdomain(hint) {
            hints.push(hint.clone());
        } else {
            hint_invalid = true;
        }
    }
    hints.sort();
    hints.dedup();
    if hint_invalid {
        issues.push(code::NODE_HINT_INVALID);
    }
    if stored.hint_target_nodes.len() > MAX_HINTS_SCANNED || hints.len() > MAX_HINTS {
        hints.truncate(MAX_HINTS);
        issues.push(code::NODE_HINTS_TRUNCATED);
    }

    let invalid = issues.iter().any(|c| is_invalidating(c));
    let classification = if invalid {
        Classification::Invalid
    } else if active.is_some() {
        Classification::Active
    } else {
        Classification::Terminal
    };
    let outcome = match (invalid, phase) {
        (true, _) | (false, None) => "Unknown",
        (false, Some("Completed")) => "Completed",
        (false, Some("Failed")) => "Failed",
        (false, Some("Relocated")) if stored.succeeded == Some(true) => "RelocationConfirmed",
        (false, Some("Relocated")) => "Relocated",
        (false, Some(_)) => "InProgress",
    };
    let reason_evidence = match (stored.reason.as_deref().filter(|r| !r.is_empty()), trigger) {
        (None, _) => "Unavailable",
        (Some(_), Some("Manual")) => "OperatorSupplied",
        (Some(_), Some("Auto")) => "AutoRecover",
        (Some(_), _) => "ControllerReported",
    };
    let message = stored
        .message
        .as_deref()
        .filter(|m| !m.is_empty())
        .map(|m| bounded(m, MAX_MESSAGE));

    MigrationRecord {
        request_id,
        source_name: source_name.to_string(),
        component: component.to_string(),
        source_instance: source_instance.max(-1),
        surge_instance,
        trigger: trigger.unwrap_or("Unknown"),
        phase: phase.unwrap_or("Unknown"),
        classification,
        freshness,
        from_node,
        target_node_hints: hints,
        attempt: stored.attempt,
        requested_at: None,
        requested_at_evidence: "Unavailable",
        started_at: shown(&started),
        allocated_at: shown(&allocated),
        deadline: shown(&deadline),
        completed_at: shown(&completed),
        reason_evidence,
        message_evidence: if message.is_some() {
            "Present"
        } else {
            "Absent"
        },
        message,
        outcome,
        issues: issues
            .into_iter()
            .map(|code| RecordIssue { code })
            .collect(),
    }
}

/// Marks records whose request ID appears more than once as duplicates (and so Invalid).
pub(super) fn mark_duplicates(records: &mut [MigrationRecord]) {
    let ids: Vec<String> = records.iter().map(|r| r.request_id.clone()).collect();
    for record in records.iter_mut() {
        if record.request_id != "INVALID"
            && ids.iter().filter(|id| **id == record.request_id).count() > 1
        {
            record.issues.push(RecordIssue {
                code: code::REQUEST_ID_DUPLICATE,
            });
            record.classification = Classification::Invalid;
            record.outcome = "Unknown";
        }
    }
}
