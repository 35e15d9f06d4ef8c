//! One `status.migrations[]` entry → one reported record (read-commands.md §6.3): phase
//! classification, outcome, evidence of reason and message, and the shape checks.

use super::report::{Classification, IssueCode, MigrationRecord, RecordIssue};
use super::shape::{self, Reader};
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
fn is_invalidating(code: IssueCode) -> bool {
    code != IssueCode::NodeHintsTruncated
}

fn known(value: Option<&str>, allowed: &[&'static str]) -> Option<&'static str> {
    value.and_then(|v| allowed.iter().find(|a| **a == v).copied())
}

/// A timestamp re-printed as RFC 3339 UTC, or `Err` when present but unparseable.
fn timestamp(value: Option<&String>) -> Time {
    match value {
        None => Ok(None),
        Some(text) => text.parse::<jiff::Timestamp>().map(Some).map_err(|_| ()),
    }
}

/// A stored timestamp: absent, valid, or present but unparseable.
type Time = Result<Option<jiff::Timestamp>, ()>;

/// The record's timestamps as shown.
struct Times {
    started: Time,
    allocated: Time,
    deadline: Time,
    completed: Time,
}

impl Times {
    fn read(stored: &Stored) -> Times {
        Times {
            started: timestamp(stored.started_at.as_ref()),
            allocated: timestamp(stored.allocated_at.as_ref()),
            deadline: timestamp(stored.deadline.as_ref()),
            completed: timestamp(stored.completed_at.as_ref()),
        }
    }
}

fn shown(time: &Time) -> Option<String> {
    time.ok().flatten().map(|t| t.to_string())
}

/// The request ID, trigger and phase, each from its closed set, and whether an automatic
/// trigger and the `Relocated` phase go together.
struct Identity {
    request_id: String,
    trigger: Option<&'static str>,
    active: Option<&'static str>,
    terminal: Option<&'static str>,
}

impl Identity {
    fn phase(&self) -> Option<&'static str> {
        self.active.or(self.terminal)
    }
}

fn identity(stored: &Stored) -> Identity {
    let request_id = match stored.request_uuid.as_deref() {
        Some(id) if is_canonical_uuid(id) => id.to_string(),
        _ => "INVALID".to_string(),
    };
    Identity {
        request_id,
        trigger: known(stored.trigger.as_deref(), &["Manual", "Auto"]),
        active: known(stored.phase.as_deref(), &ACTIVE_MIGRATION_PHASES),
        terminal: known(stored.phase.as_deref(), &TERMINAL_MIGRATION_PHASES),
    }
}

/// The source node and the target hints: valid DNS names only, hints sorted, de-duplicated
/// and at most [`MAX_HINTS`].
fn nodes(stored: &Stored, issues: &mut Vec<IssueCode>) -> (Option<String>, Vec<String>) {
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
        issues.push(IssueCode::NodeHintInvalid);
    }
    if stored.hint_target_nodes.len() > MAX_HINTS_SCANNED || hints.len() > MAX_HINTS {
        hints.truncate(MAX_HINTS);
        issues.push(IssueCode::NodeHintsTruncated);
    }
    (from_node, hints)
}

fn outcome(invalid: bool, phase: Option<&str>, succeeded: Option<bool>) -> &'static str {
    match (invalid, phase) {
        (true, _) | (false, None) => "Unknown",
        (false, Some("Completed")) => "Completed",
        (false, Some("Failed")) => "Failed",
        (false, Some("Relocated")) if succeeded == Some(true) => "RelocationConfirmed",
        (false, Some("Relocated")) => "Relocated",
        (false, Some(_)) => "InProgress",
    }
}

fn reason_evidence(reason: Option<&str>, trigger: Option<&str>) -> &'static str {
    match (reason.filter(|r| !r.is_empty()), trigger) {
        (None, _) => "Unavailable",
        (Some(_), Some("Manual")) => "OperatorSupplied",
        (Some(_), Some("Auto")) => "AutoRecover",
        (Some(_), _) => "ControllerReported",
    }
}

pub(super) fn project_record(
    stored: &Stored,
    source_name: &str,
    component: &str,
    freshness: Freshness,
    now: jiff::Timestamp,
) -> MigrationRecord {
    // The shape checks shared with `scale` (evidence-strictness.md §2.6, §3.1).
    let mut issues: Vec<IssueCode> = shape::issues(stored, now, Reader::Report);
    let identity = identity(stored);
    let phase = identity.phase();
    let source_instance = stored.source_instance.unwrap_or(-1);
    let times = Times::read(stored);
    let (from_node, hints) = nodes(stored, &mut issues);
    let invalid = issues.iter().any(|c| is_invalidating(*c));
    let classification = if invalid {
        Classification::Invalid
    } else if identity.active.is_some() {
        Classification::Active
    } else {
        Classification::Terminal
    };
    let message = stored
        .message
        .as_deref()
        .filter(|m| !m.is_empty())
        .map(|m| bounded(m, MAX_MESSAGE));
    MigrationRecord {
        request_id: identity.request_id,
        source_name: source_name.to_string(),
        component: component.to_string(),
        source_instance: source_instance.max(-1),
        surge_instance: stored.surge_instance,
        trigger: identity.trigger.unwrap_or("Unknown"),
        phase: phase.unwrap_or("Unknown"),
        classification,
        freshness,
        from_node,
        target_node_hints: hints,
        attempt: stored.attempt,
        requested_at: None,
        requested_at_evidence: "Unavailable",
        started_at: shown(&times.started),
        allocated_at: shown(&times.allocated),
        deadline: shown(&times.deadline),
        completed_at: shown(&times.completed),
        reason_evidence: reason_evidence(stored.reason.as_deref(), identity.trigger),
        message_evidence: if message.is_some() {
            "Present"
        } else {
            "Absent"
        },
        message,
        outcome: outcome(invalid, phase, stored.succeeded),
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
                code: IssueCode::RequestIDDuplicate,
            });
            record.classification = Classification::Invalid;
            record.outcome = "Unknown";
        }
    }
}
