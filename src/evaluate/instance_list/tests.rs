//! Projection rules on hand-built evidence (api-contract.md §9 shapes).

use super::*;
use crate::ome::evidence::ApiError;
use crate::ome::evidence::ReplicaCollection;
use serde_json::{Value, json};

pub(crate) const NOW: &str = "2026-08-31T18:30:00Z";

pub(crate) fn now() -> jiff::Timestamp {
    NOW.parse().unwrap()
}

pub(crate) fn isvc(generation: i64) -> Fetched<InferenceService> {
    Fetched::from_raw(json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": "chat", "namespace": "prod", "uid": "isvc-uid", "generation": generation},
        "spec": {}
    }))
    .unwrap()
}

pub(crate) fn row(index: i64, phase: &str, rev: &str) -> Value {
    json!({"index": index, "incarnation": 1, "phase": phase, "runningRevision": rev,
           "podCount": 1, "servingPodCount": 1, "availablePodCount": 1, "admitted": true})
}

/// An IR of `chat` bound to the service at `parent_generation`, with `rows`.
pub(crate) fn ir(
    component: &str,
    generation: i64,
    observed: i64,
    parent: &str,
    rows: Vec<Value>,
) -> Value {
    let n = rows.len() as i64;
    let name = format!("chat-{component}");
    json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
        "metadata": {
            "name": name, "namespace": "prod", "uid": format!("{component}-uid"),
            "generation": generation,
            "labels": {"ome.io/inferenceservice": "chat", "component": component},
            "annotations": {"ome.io/parent-generation": parent},
            "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                "name": "chat", "uid": "isvc-uid", "controller": true}]
        },
        "spec": {"parentRef": {"name": "chat"}, "component": component, "replicas": n},
        "status": {"observedGeneration": observed, "replicas": n, "readyReplicas": n,
            "servingReplicas": n, "availableReplicas": n, "updatedReplicas": n,
            "updatedReadyReplicas": n, "currentRevision": format!("{name}-a"),
            "updateRevision": format!("{name}-a"), "instanceStatuses": rows}
    })
}

pub(crate) fn collection(items: Vec<Value>) -> ReplicaCollection {
    ReplicaCollection {
        items,
        selector_used: true,
        truncated: false,
        error: None,
        foreign_type: false,
        pages: 1,
        resource_version: None,
    }
}

fn codes(report: &InstanceListReport) -> Vec<Code> {
    report.content.issues.iter().map(|i| i.code).collect()
}

#[test]
fn steady_engine_is_reported_and_dense() {
    let items = vec![ir(
        "engine",
        3,
        3,
        "7",
        vec![row(0, "Ready", "chat-engine-a")],
    )];
    let report = project(&isvc(7), &collection(items), ROW_BUDGET, now());
    assert_eq!(report.content.summary.state, SummaryState::Reported);
    assert_eq!(report.content.components[0].index_set, IndexSet::Dense);
    assert_eq!(report.content.instances.len(), 1);
    assert!(report.content.issues.is_empty());
    assert!(report.warnings.is_empty());
    assert_eq!(report.sources.len(), 2);
}

#[test]
fn sparse_indices_keep_reported_state_with_an_issue() {
    let items = vec![ir(
        "router",
        1,
        1,
        "7",
        vec![row(1, "Ready", "chat-router-a")],
    )];
    let report = project(&isvc(7), &collection(items), ROW_BUDGET, now());
    assert_eq!(report.content.components[0].index_set, IndexSet::Sparse);
    assert_eq!(report.content.components[0].state, ComponentState::Reported);
    assert_eq!(codes(&report), vec![Code::SparseIndices]);
    assert_eq!(report.content.summary.state, SummaryState::Reported);
}

#[test]
fn parent_generation_checks_in_order() {
    let cases = [
        ("", ComponentState::Malformed, Code::ParentGenerationInvalid),
        (
            "07",
            ComponentState::Malformed,
            Code::ParentGenerationInvalid,
        ),
        ("6", ComponentState::Stale, Code::ParentGenerationStale),
        ("8", ComponentState::Malformed, Code::ParentGenerationAhead),
    ];
    for (parent, state, expected) in cases {
        let items = vec![ir(
            "engine",
            3,
            3,
            parent,
            vec![row(0, "Ready", "chat-engine-a")],
        )];
        let report = project(&isvc(7), &collection(items), ROW_BUDGET, now());
        assert_eq!(report.content.components[0].state, state, "{parent}");
        assert_eq!(codes(&report), vec![expected], "{parent}");
        assert_eq!(report.content.summary.state, SummaryState::Partial);
    }
    let mut missing = ir("engine", 3, 3, "7", vec![]);
    missing["metadata"]["annotations"] = json!({});
    let report = project(&isvc(7), &collection(vec![missing]), ROW_BUDGET, now());
    assert_eq!(codes(&report), vec![Code::ParentGenerationMissing]);
    assert_eq!(
        report.content.components[0].state,
        ComponentState::Unavailable
    );
}

#[test]
fn generation_checks() {
    let stale = ir("engine", 4, 3, "7", vec![row(0, "Ready", "chat-engine-a")]);
    let report = project(&isvc(7), &collection(vec![stale]), ROW_BUDGET, now());
    assert_eq!(report.content.components[0].state, ComponentState::Stale);
    assert_eq!(report.content.instances[0].evidence, ComponentState::Stale);
    assert_eq!(codes(&report), vec![Code::StaleGeneration]);
    assert_eq!(report.warnings[0].code, "StaleEvidence");

    let unobserved = ir(
        "decoder",
        2,
        0,
        "7",
        vec![row(0, "Ready", "chat-decoder-a")],
    );
    let report = project(&isvc(7), &collection(vec![unobserved]), ROW_BUDGET, now());
    assert_eq!(codes(&report), vec![Code::StatusUnobserved]);
    assert!(report.content.instances.is_empty());

    let ahead = ir(
        "decoder",
        2,
        3,
        "7",
        vec![row(0, "Ready", "chat-decoder-a")],
    );
    let report = project(&isvc(7), &collection(vec![ahead]), ROW_BUDGET, now());
    assert_eq!(codes(&report), vec![Code::ObservedGenerationInvalid]);
}

#[test]
fn aggregate_revision_and_row_checks() {
    let mut bad_counts = ir("engine", 1, 1, "7", vec![row(0, "Ready", "chat-engine-a")]);
    bad_counts["status"]["availableReplicas"] = json!(5);
    let report = project(&isvc(7), &collection(vec![bad_counts]), ROW_BUDGET, now());
    assert_eq!(codes(&report), vec![Code::AggregateInvalid]);

    let mut bad_rev = ir("engine", 1, 1, "7", vec![row(0, "Ready", "chat-engine-a")]);
    bad_rev["status"]["currentRevision"] = json!("Not A Revision");
    let report = project(&isvc(7), &collection(vec![bad_rev]), ROW_BUDGET, now());
    assert_eq!(codes(&report), vec![Code::RevisionInvalid]);
    assert_eq!(report.content.components[0].current_revision, None);
    let json = serde_json::to_string_pretty(&report).unwrap();
    assert!(!json.contains("Not A Revision"));

    let mut no_rows = ir("engine", 1, 1, "7", vec![]);
    no_rows["status"]["replicas"] = json!(1);
    let report = project(&isvc(7), &collection(vec![no_rows]), ROW_BUDGET, now());
    assert_eq!(codes(&report), vec![Code::StatusesNotReported]);

    let rows = vec![
        row(0, "Ready", "chat-engine-a"),
        row(0, "Ready", "chat-engine-a"),
    ];
    let report = project(
        &isvc(7),
        &collection(vec![ir("engine", 1, 1, "7", rows)]),
        ROW_BUDGET,
        now(),
    );
    assert_eq!(codes(&report), vec![Code::DuplicateIndex]);
    assert_eq!(report.content.issues[0].index, Some(0));

    let rows = vec![
        row(0, "Pending", "chat-engine-a"),
        row(1, "Sleeping", "chat-engine-a"),
    ];
    let report = project(
        &isvc(7),
        &collection(vec![ir("engine", 1, 1, "7", rows)]),
        ROW_BUDGET,
        now(),
    );
    assert_eq!(codes(&report), vec![Code::PhaseInvalid]);
    assert_eq!(report.content.issues[0].index, Some(1));
    assert_eq!(report.content.components[0].index_set, IndexSet::Malformed);
}

#[test]
fn duplicate_components_are_both_malformed() {
    let a = ir("engine", 1, 1, "7", vec![row(0, "Ready", "chat-engine-a")]);
    let mut b = a.clone();
    b["metadata"]["name"] = json!("chat-engine-2");
    b["metadata"]["uid"] = json!("engine-2-uid");
    let report = project(&isvc(7), &collection(vec![a, b]), ROW_BUDGET, now());
    assert!(
        report
            .content
            .components
            .iter()
            .all(|c| c.state == ComponentState::Malformed)
    );
    assert_eq!(
        codes(&report),
        vec![Code::DuplicateComponent, Code::DuplicateComponent]
    );
}

#[test]
fn identity_rejections_are_reported_not_shown() {
    let mut foreign = ir("engine", 1, 1, "7", vec![row(0, "Ready", "chat-engine-a")]);
    foreign["metadata"]["ownerReferences"][0]["uid"] = json!("other");
    let mut bad_comp = ir("decoder", 1, 1, "7", vec![]);
    bad_comp["metadata"]["labels"]["component"] = json!("engine");
    let mut bad_name = ir("router", 1, 1, "7", vec![]);
    bad_name["metadata"]["name"] = json!("Bad_Name");
    let report = project(
        &isvc(7),
        &collection(vec![foreign, bad_comp, bad_name]),
        ROW_BUDGET,
        now(),
    );
    assert!(report.content.components.is_empty());
    let reasons: Vec<_> = report
        .content
        .issues
        .iter()
        .map(|i| {
            (
                i.inference_replica.clone().unwrap(),
                i.rejection_reason.unwrap().as_str(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        vec![
            ("chat-engine".to_string(), "OwnerReference"),
            ("chat-decoder".to_string(), "Component"),
            ("INVALID".to_string(), "Metadata"),
        ]
    );
    assert_eq!(report.content.summary.state, SummaryState::Partial);
    assert_eq!(report.warnings[0].code, "PartialData");
}

#[test]
fn row_budget_truncates_a_component() {
    let rows: Vec<Value> = (0..5).map(|i| row(i, "Ready", "chat-engine-a")).collect();
    let report = project(
        &isvc(7),
        &collection(vec![ir("engine", 1, 1, "7", rows)]),
        4,
        now(),
    );
    assert!(report.content.summary.truncated);
    assert_eq!(
        codes(&report),
        vec![Code::StatusRowsTruncated, Code::OutputTruncated]
    );
    assert_eq!(
        report.content.components[0].index_set,
        IndexSet::NotReported
    );
    let warnings: Vec<_> = report.warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(warnings, vec!["SourceUnavailable", "Truncated"]);
}

#[test]
fn list_failures_and_undecodable_status_are_evidence() {
    let mut c = collection(vec![]);
    c.error = Some(ApiError::Forbidden {
        message: "forbidden".into(),
    });
    let report = project(&isvc(7), &c, ROW_BUDGET, now());
    assert_eq!(report.content.summary.state, SummaryState::Unavailable);
    assert_eq!(
        report.content.issues[0].unavailable_reason,
        Some("Forbidden")
    );
    assert_eq!(report.sources[1].kind, "InferenceReplicaList");

    let mut bad = ir("engine", 1, 1, "7", vec![]);
    bad["status"]["instanceStatuses"] = Value::Null;
    bad["status"]["instanceStatusEncoding"] = json!("ColumnarV2");
    bad["status"]["instanceStatusColumns"] =
        json!({"members": "1-0", "phases": [{"value": "Ready", "indexes": "SECRET"}]});
    let report = project(&isvc(7), &collection(vec![bad]), ROW_BUDGET, now());
    assert_eq!(report.content.summary.state, SummaryState::Unavailable);
    assert_eq!(
        report.content.issues[0].unavailable_reason,
        Some("Unreadable")
    );
    assert!(
        !serde_json::to_string_pretty(&report)
            .unwrap()
            .contains("SECRET")
    );
}
