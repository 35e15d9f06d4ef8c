//! Projection rules and table goldens on hand-built evidence.

use super::*;
use crate::evaluate::instance::tests::{collection, ir, isvc, now, row};
use crate::render::{TableStyle, Tabular, to_json};
use serde_json::{Value, json};

const ID: &str = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

fn engine_with(records: Vec<Value>) -> Value {
    let mut engine = ir("engine", 3, 3, "7", vec![row(0, "Ready", "chat-engine-a")]);
    engine["status"]["migrations"] = json!(records);
    engine
}

fn record(phase: &str) -> Value {
    let mut r = json!({"requestUUID": ID, "trigger": "Manual", "sourceInstance": 0,
        "phase": phase, "startedAt": "2026-09-21T09:10:00Z", "deadline": "2026-09-21T09:25:00Z",
        "attempt": 1});
    if ["Completed", "Failed", "Relocated"].contains(&phase) {
        r["completedAt"] = json!("2026-09-21T09:13:00Z");
        r["succeeded"] = json!(phase != "Failed");
    }
    r
}

fn report_of(items: Vec<Value>, component: Option<Component>) -> MigrationStatusReport {
    project(&isvc(7), &collection(items), component, now())
}

fn render(report: &MigrationStatusReport) -> String {
    report.table().render(TableStyle::default())
}

#[test]
fn golden_surge_pending() {
    let mut r = record("SurgePending");
    r["surgeInstance"] = json!(2);
    r["allocatedAt"] = json!("2026-09-21T09:10:05Z");
    r["message"] = json!("surge allocated; waiting for Ready");
    let report = report_of(vec![engine_with(vec![r])], None);
    assert_eq!(
        render(&report),
        "SUBJECT/COMP      STATUS                        DETAIL\n\
         7c9e6679/engine   SurgePending/Active/Current   MSG: surge allocated; w...\n"
    );
    assert_eq!(report.content.summary.state, SummaryState::Reported);
    assert_eq!(report.content.summary.active, 1);
    assert_eq!(report.content.capacity.active_allocated, 1);
    assert_eq!(report.content.capacity.evidence, "Computed");
}

#[test]
fn golden_completed() {
    let mut r = record("Completed");
    r["message"] = json!("migrated to instance 3");
    let report = report_of(vec![engine_with(vec![r])], None);
    assert_eq!(
        render(&report),
        "SUBJECT/COMP      STATUS                       DETAIL\n\
         7c9e6679/engine   Completed/Terminal/Current   MSG: migrated to instan...\n"
    );
    assert_eq!(report.content.migrations[0].outcome, "Completed");
}

#[test]
fn golden_empty() {
    let report = report_of(vec![engine_with(vec![])], None);
    assert_eq!(
        render(&report),
        "SUBJECT/COMP   STATUS          DETAIL\n\
         -/-            Empty/Current   -\n"
    );
    assert_eq!(report.content.summary.state, SummaryState::Empty);
}

#[test]
fn constructed_failed_with_truncated_sources() {
    let mut r = record("Failed");
    r["message"] = json!("deadline exceeded...");
    let mut c = collection(vec![engine_with(vec![r])]);
    c.truncated = true;
    let report = project(&isvc(7), &c, None, now());
    assert_eq!(
        render(&report),
        "SUBJECT/COMP      STATUS                    DETAIL\n\
         7c9e6679/engine   Failed/Terminal/Current   MSG: deadline exceeded...\n\
         REPORT/-          Partial/Current           SourcesTruncated\n"
    );
    let warnings: Vec<_> = report.warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(warnings, ["PartialData", "Truncated"]);
    assert_eq!(report.content.capacity.evidence, "Unavailable");
}

#[test]
fn legacy_pending_is_unknown_phase_invalid() {
    let report = report_of(vec![engine_with(vec![record("Pending")])], None);
    let r = &report.content.migrations[0];
    assert_eq!(r.phase, "Unknown");
    assert_eq!(r.classification, Classification::Invalid);
    assert_eq!(r.outcome, "Unknown");
    assert_eq!(r.issues[0].code, code::PHASE_INVALID);
    assert_eq!(
        render(&report),
        "SUBJECT/COMP      STATUS              DETAIL\n\
         7c9e6679/engine   ?/Invalid/Current   PhaseInvalid\n"
    );
    assert_eq!(
        report.content.issues,
        vec![Issue {
            code: code::PHASE_INVALID,
            source_name: Some("chat-engine".into()),
            request_id: Some(ID.into()),
            component: Some("engine".into()),
        }]
    );
    assert_eq!(report.content.summary.invalid, 1);
}

#[test]
fn relocated_and_shape_checks() {
    let mut auto = record("Relocated");
    auto["trigger"] = json!("Auto");
    auto["requestUUID"] = json!("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0");
    auto["hintTargetNodes"] = json!(["gpu-node-b", "gpu-node-a", "gpu-node-b", "Bad Node"]);
    let report = report_of(vec![engine_with(vec![auto])], None);
    let r = &report.content.migrations[0];
    assert_eq!(r.target_node_hints, ["gpu-node-a", "gpu-node-b"]);
    assert_eq!(r.issues[0].code, code::NODE_HINT_INVALID);
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
            code::REQUEST_ID_INVALID,
            code::TRIGGER_PHASE_CONFLICT,
            code::TERMINAL_SHAPE_INVALID
        ]
    );
    assert_eq!(report.content.migrations[0].request_id, "INVALID");
    assert!(!to_json(&report).unwrap().contains("not-a-uuid"));
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
                .any(|i| i.code == code::REQUEST_ID_DUPLICATE)
    }));
}

#[test]
fn source_validation_and_freshness() {
    let mut stale = engine_with(vec![record("Accepted")]);
    stale["metadata"]["generation"] = json!(4);
    let mut unobserved = ir("decoder", 2, 0, "7", vec![]);
    unobserved["status"]["migrations"] = json!([record("Accepted")]);
    let mut foreign = ir("router", 1, 1, "7", vec![]);
    foreign["metadata"]["labels"]["ome.io/inferenceservice"] = json!("other");
    let report = report_of(vec![stale, unobserved, foreign], None);
    assert_eq!(
        report.content.migrations.len(),
        1,
        "only the stale source is usable"
    );
    assert_eq!(report.content.migrations[0].freshness, Freshness::Stale);
    let codes: Vec<_> = report.content.issues.iter().map(|i| i.code).collect();
    assert_eq!(
        codes,
        [
            code::SOURCE_GENERATION_STALE,
            code::SOURCE_GENERATION_UNOBSERVED,
            code::SOURCE_LABEL_MISMATCH
        ]
    );
    let table = render(&report);
    assert_eq!(
        table,
        "SUBJECT/COMP       STATUS                  DETAIL\n\
         7c9e6679/engine    Accepted/Active/Stale   -\n\
         cha...ne/engine    Partial/Invalid         SourceGenerationStale\n\
         cha...er/decoder   Partial/Invalid         SourceGenerationUnobserved\n\
         cha...er/router    Partial/Invalid         SourceLabelMismatch\n"
    );

    let router_only = report_of(
        vec![
            engine_with(vec![record("Accepted")]),
            ir("router", 1, 1, "7", vec![]),
        ],
        Some(Component::Router),
    );
    assert_eq!(router_only.content.summary.state, SummaryState::Empty);
    assert_eq!(router_only.sources.len(), 2);
}

#[test]
fn json_key_order() {
    let report = report_of(vec![engine_with(vec![record("Accepted")])], None);
    let json: Value = serde_json::from_str(&to_json(&report).unwrap()).unwrap();
    let keys = |v: &Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(
        keys(&json["content"]),
        ["summary", "capacity", "migrations", "issues"]
    );
    assert_eq!(
        keys(&json["content"]["migrations"][0]),
        [
            "requestID",
            "sourceName",
            "component",
            "sourceInstance",
            "trigger",
            "phase",
            "classification",
            "freshness",
            "targetNodeHints",
            "attempt",
            "requestedAtEvidence",
            "startedAt",
            "deadline",
            "reasonEvidence",
            "messageEvidence",
            "outcome",
            "issues"
        ]
    );
    assert_eq!(
        json["sources"][1],
        json!({"kind": "InferenceReplica", "namespace": "prod", "name": "chat-engine",
               "uid": "engine-uid", "generation": 3, "observedGeneration": 3,
               "freshness": "Current", "collectedAt": "2026-08-31T18:30:00Z"})
    );
    assert_eq!(
        json["content"]["summary"],
        json!({"state": "Reported", "records": 1, "active": 1, "terminal": 0, "invalid": 0})
    );
}
