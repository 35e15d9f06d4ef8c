//! Projection rules on hand-built evidence; the table and JSON goldens are beside the
//! renderer (`render::migration_status`).

use super::*;
use crate::evaluate::instance_list::tests::{collection, ir, isvc, now, row};
use serde_json::{Value, json};

pub(crate) const ID: &str = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

pub(crate) fn engine_with(records: Vec<Value>) -> Value {
    let mut engine = ir("engine", 3, 3, "7", vec![row(0, "Ready", "chat-engine-a")]);
    engine["status"]["migrations"] = json!(records);
    engine
}

/// A record shaped as OME writes it (evidence-strictness.md §2.6): a manual surge migration
/// (attempt 0) of Instance 0, with the surge and its allocation from `SurgePending` on and
/// `completedAt` once terminal. Times are before [`now`].
pub(crate) fn record(phase: &str) -> Value {
    let mut r = json!({"requestUUID": ID, "trigger": "Manual", "sourceInstance": 0,
        "phase": phase, "startedAt": "2026-08-31T18:10:00Z", "deadline": "2026-08-31T18:25:00Z",
        "attempt": 0});
    if ["SurgePending", "SurgeReady", "Draining", "Completed"].contains(&phase) {
        r["surgeInstance"] = json!(1);
        r["allocatedAt"] = json!("2026-08-31T18:10:05Z");
    }
    if ["Completed", "Failed", "Relocated"].contains(&phase) {
        r["completedAt"] = json!("2026-08-31T18:13:00Z");
    }
    r
}

pub(crate) fn report_of(items: Vec<Value>, component: Option<Component>) -> MigrationStatusReport {
    project(&isvc(7), &collection(items), component, now())
}

#[test]
fn relocated_and_shape_checks() {
    let mut auto = record("Relocated");
    auto["trigger"] = json!("Auto");
    auto["attempt"] = json!(1);
    auto["succeeded"] = json!(true);
    auto["requestUUID"] = json!("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0");
    auto["hintTargetNodes"] = json!(["gpu-node-b", "gpu-node-a", "gpu-node-b", "Bad Node"]);
    let report = report_of(vec![engine_with(vec![auto])], None);
    let r = &report.content.migrations[0];
    assert_eq!(r.target_node_hints, ["gpu-node-a", "gpu-node-b"]);
    assert_eq!(r.issues[0].code, IssueCode::NodeHintInvalid);
    assert_eq!(r.classification, Classification::Invalid);

    let mut conflict = record("Relocated");
    conflict["requestUUID"] = json!("not-a-uuid");
    conflict["completedAt"] = Value::Null;
    let report = report_of(vec![engine_with(vec![conflict])], None);
    let codes: Vec<_> = report.content.migrations[0]
        .issues
        .iter()
        .map(|i| i.code)
        .collect();
    assert_eq!(
        codes,
        [
            IssueCode::RequestIDInvalid,
            IssueCode::TriggerPhaseConflict,
            IssueCode::TerminalShapeInvalid
        ]
    );
    assert_eq!(report.content.migrations[0].request_id, "INVALID");
    assert!(
        !serde_json::to_string(&report)
            .unwrap()
            .contains("not-a-uuid")
    );
}

#[test]
fn duplicate_request_ids_are_invalid() {
    let report = report_of(
        vec![engine_with(vec![record("Accepted"), record("Draining")])],
        None,
    );
    assert!(report.content.migrations.iter().all(|r| {
        r.classification == Classification::Invalid
            && r.issues
                .iter()
                .any(|i| i.code == IssueCode::RequestIDDuplicate)
    }));
}
