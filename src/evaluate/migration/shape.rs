//! The consistency of one `status.migrations[]` record (evidence-strictness.md §2.6, and the
//! shape checks of read-commands.md §6.3 that `migration status` and `wait migration=terminal`
//! share). Each violation is one §6.3 issue code.

use super::report::IssueCode;
use crate::ome::replica::{ACTIVE_MIGRATION_PHASES, MigrationRecord, TERMINAL_MIGRATION_PHASES};
use jiff::Timestamp;

/// Who reads the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    /// `migration status` and its wait: no queued form.
    Report,
    /// `scale`'s replica inspection: the queued form (`Accepted`, `surgeInstance: -1`, no
    /// `allocatedAt`) is allowed, and reason, message, hints and the source node are bounded.
    Scale,
}

const MAX_TEXT: usize = 4096;
const MAX_HINTS: usize = 64;

/// A lowercase canonical UUID.
pub(crate) fn is_request_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
        && groups.iter().all(|g| {
            g.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}

/// A set timestamp: `None` when absent, `Some(Err(()))` when unreadable or the zero time.
fn time(text: Option<&str>) -> Option<Result<Timestamp, ()>> {
    let text = text.filter(|t| !t.is_empty())?;
    Some(text.parse::<Timestamp>().map_err(|_| ()).and_then(|t| {
        if t.as_second() == -62_135_596_800 {
            Err(())
        } else {
            Ok(t)
        }
    }))
}

/// The issue codes of `record`, in a fixed order, de-duplicated.
pub(crate) fn issues(record: &MigrationRecord, now: Timestamp, reader: Reader) -> Vec<IssueCode> {
    let mut out: Vec<IssueCode> = Vec::new();
    if !record.request_uuid.as_deref().is_some_and(is_request_uuid) {
        out.push(IssueCode::RequestIDInvalid);
    }
    let phase = record.phase.as_deref().unwrap_or_default();
    let terminal = TERMINAL_MIGRATION_PHASES.contains(&phase);
    let active = ACTIVE_MIGRATION_PHASES.contains(&phase);
    if !terminal && !active {
        out.push(IssueCode::PhaseInvalid);
    }
    let auto = match record.trigger.as_deref() {
        Some("Manual") => false,
        Some("Auto") => true,
        _ => {
            out.push(IssueCode::TriggerInvalid);
            false
        }
    };
    if record.trigger.is_some() && (auto != (phase == "Relocated")) {
        out.push(IssueCode::TriggerPhaseConflict);
    }
    let attempt_ok = match (auto, record.attempt.unwrap_or(0)) {
        (false, a) => a == 0,
        (true, a) => a > 0,
    };
    if !attempt_ok {
        out.push(IssueCode::AttemptInvalid);
    }
    let source = record.source_instance.unwrap_or(-1);
    if !(0..=i64::from(i32::MAX)).contains(&source) {
        out.push(IssueCode::SourceIndexInvalid);
    }
    allocation(record, phase, source, reader, &mut out);
    timestamps(record, terminal, now, &mut out);
    if terminal
        != record
            .completed_at
            .as_deref()
            .is_some_and(|c| !c.is_empty())
    {
        out.push(IssueCode::TerminalShapeInvalid);
    }
    let succeeded_ok = match record.succeeded {
        None => true,
        Some(value) => value && auto && phase == "Relocated",
    };
    if !succeeded_ok {
        out.push(IssueCode::SucceededInvalid);
    }
    if reader == Reader::Scale && !scale_bounds_ok(record, terminal, auto) {
        out.push(IssueCode::NodeHintInvalid);
    }
    out.dedup();
    out
}

/// `surgeInstance` and `allocatedAt` come together (the phases that surge carry both, the others
/// neither); a surge is a valid index other than the source.
fn allocation(
    record: &MigrationRecord,
    phase: &str,
    source: i64,
    reader: Reader,
    out: &mut Vec<IssueCode>,
) {
    let surge = record.surge_instance;
    let allocated = record
        .allocated_at
        .as_deref()
        .is_some_and(|a| !a.is_empty());
    let queued = reader == Reader::Scale && phase == "Accepted" && surge == Some(-1) && !allocated;
    if queued {
        return;
    }
    if surge.is_some_and(|s| !(0..=i64::from(i32::MAX)).contains(&s) || s == source) {
        out.push(IssueCode::SurgeIndexInvalid);
    }
    let pairing_ok = match phase {
        "SurgePending" | "SurgeReady" | "Draining" | "Completed" => surge.is_some() && allocated,
        "Accepted" | "Relocated" => surge.is_none() && !allocated,
        _ => surge.is_some() == allocated,
    };
    if !pairing_ok {
        out.push(IssueCode::AllocationInvalid);
    }
}

/// `startedAt` and `deadline` present, none after now, each in order.
fn timestamps(record: &MigrationRecord, terminal: bool, now: Timestamp, out: &mut Vec<IssueCode>) {
    let started = time(record.started_at.as_deref());
    let deadline = time(record.deadline.as_deref());
    let allocated = time(record.allocated_at.as_deref());
    let completed = time(record.completed_at.as_deref());
    let ok = (|| {
        let started = started?.ok()?;
        let deadline = deadline?.ok()?;
        let allocated = allocated.transpose().ok()?;
        let completed = completed.transpose().ok()?;
        let in_order = started <= now
            && deadline >= started
            && allocated.is_none_or(|a| a >= started && a <= now)
            && completed
                .is_none_or(|c| c >= started && allocated.is_none_or(|a| c >= a) && c <= now);
        (in_order && (terminal || completed.is_none())).then_some(())
    })();
    if ok.is_none() {
        out.push(IssueCode::TimestampInvalid);
    }
}

/// Reason and message ≤ 4096 bytes, at most 64 hints, and a safe source node on a record that
/// is still running (manual, per the trigger rule).
fn scale_bounds_ok(record: &MigrationRecord, terminal: bool, auto: bool) -> bool {
    let short = |t: &Option<String>| t.as_ref().is_none_or(|t| t.len() <= MAX_TEXT);
    let node_ok = terminal
        || (!auto
            && record
                .from_node
                .as_deref()
                .is_some_and(crate::ome::names::is_safe_scalar));
    short(&record.reason)
        && short(&record.message)
        && record.hint_target_nodes.len() <= MAX_HINTS
        && node_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> Timestamp {
        "2026-11-30T12:00:00Z".parse().unwrap()
    }

    fn completed() -> MigrationRecord {
        serde_json::from_value(completed_json()).unwrap()
    }

    fn with(change: serde_json::Value) -> MigrationRecord {
        let mut value = completed_json();
        for (k, v) in change.as_object().unwrap() {
            value[k] = v.clone();
        }
        serde_json::from_value(value).unwrap()
    }

    fn completed_json() -> serde_json::Value {
        serde_json::json!({
            "requestUUID": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "trigger": "Manual",
            "phase": "Completed", "sourceInstance": 0, "attempt": 0, "fromNode": "gpu-node-a",
            "startedAt": "2026-11-30T11:50:00Z", "deadline": "2026-11-30T12:05:00Z",
            "surgeInstance": 2, "allocatedAt": "2026-11-30T11:50:10Z",
            "completedAt": "2026-11-30T11:59:00Z"})
    }

    #[test]
    fn a_consistent_record_has_no_issue() {
        assert!(issues(&completed(), now(), Reader::Report).is_empty());
        assert!(issues(&completed(), now(), Reader::Scale).is_empty());
        let relocated = with(serde_json::json!({"trigger": "Auto", "phase": "Relocated",
            "attempt": 1, "succeeded": true, "surgeInstance": null, "allocatedAt": null}));
        assert!(issues(&relocated, now(), Reader::Report).is_empty());
    }

    #[test]
    fn the_specs_example_and_each_rule() {
        let bare: MigrationRecord = serde_json::from_value(serde_json::json!({
            "requestUUID": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "phase": "Completed"}))
        .unwrap();
        let found = issues(&bare, now(), Reader::Report);
        for c in [
            IssueCode::TriggerInvalid,
            IssueCode::TimestampInvalid,
            IssueCode::TerminalShapeInvalid,
            IssueCode::AllocationInvalid,
        ] {
            assert!(found.contains(&c), "{c}: {found:?}");
        }
        let cases = [
            (
                serde_json::json!({"requestUUID": "7C9E6679-7425-40DE-944B-E07FC1F90AE7"}),
                IssueCode::RequestIDInvalid,
            ),
            (serde_json::json!({"attempt": 1}), IssueCode::AttemptInvalid),
            (
                serde_json::json!({"succeeded": true}),
                IssueCode::SucceededInvalid,
            ),
            (
                serde_json::json!({"surgeInstance": 0}),
                IssueCode::SurgeIndexInvalid,
            ),
            (
                serde_json::json!({"allocatedAt": null}),
                IssueCode::AllocationInvalid,
            ),
            (
                serde_json::json!({"deadline": "2026-11-30T11:00:00Z"}),
                IssueCode::TimestampInvalid,
            ),
            (
                serde_json::json!({"startedAt": "2026-11-30T13:00:00Z"}),
                IssueCode::TimestampInvalid,
            ),
            (
                serde_json::json!({"completedAt": "2026-11-30T11:50:05Z"}),
                IssueCode::TimestampInvalid,
            ),
            (
                serde_json::json!({"completedAt": null}),
                IssueCode::TerminalShapeInvalid,
            ),
            (
                serde_json::json!({"phase": "Relocated", "surgeInstance": null, "allocatedAt": null}),
                IssueCode::TriggerPhaseConflict,
            ),
            (
                serde_json::json!({"sourceInstance": -1}),
                IssueCode::SourceIndexInvalid,
            ),
        ];
        for (change, c) in cases {
            let found = issues(&with(change.clone()), now(), Reader::Report);
            assert!(found.contains(&c), "{change}: {found:?}");
        }
    }

    #[test]
    fn the_queued_form_only_for_scale() {
        let queued = with(serde_json::json!({"phase": "Accepted", "surgeInstance": -1,
            "allocatedAt": null, "completedAt": null}));
        assert!(issues(&queued, now(), Reader::Scale).is_empty());
        assert!(!issues(&queued, now(), Reader::Report).is_empty());
        let long = with(serde_json::json!({"reason": "r".repeat(4097)}));
        assert!(!issues(&long, now(), Reader::Scale).is_empty());
        assert!(issues(&long, now(), Reader::Report).is_empty());
    }
}
