use super::*;
use crate::ome::evidence::ReplicaCollection;
use serde_json::{Value, json};

const AT: &str = "2026-09-20T08:00:00Z";

fn isvc() -> Fetched<InferenceService> {
    Fetched::from_raw(
        json!({"metadata": {"name": "chat", "namespace": "prod", "uid": "u-1",
        "generation": 5}}),
    )
    .unwrap()
}

fn ir(component: &str, blocks: Value) -> Value {
    json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
        "metadata": {"name": format!("chat-{component}"), "namespace": "prod", "uid": "ir-1",
            "generation": 3,
            "labels": {"ome.io/inferenceservice": "chat", "component": component},
            "annotations": {"ome.io/parent-generation": "5"},
            "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                "name": "chat", "uid": "u-1", "controller": true}]},
        "spec": {"parentRef": {"name": "chat"}, "component": component, "replicas": 1},
        "status": {"observedGeneration": 3, "retryBlocks": blocks}
    })
}

fn run(items: Vec<Value>, c: Component) -> RetryBlocksReport {
    let collection = ReplicaCollection {
        items,
        selector_used: true,
        ..ReplicaCollection::default()
    };
    project(&isvc(), &collection, c, AT.parse().unwrap()).unwrap()
}

#[test]
fn a_held_block_is_eligible() {
    let blocks = json!([{"targetRevision": "chat-engine-aaaaaaaa", "state": "Held",
        "attemptsStarted": 3, "reason": "image pull failed",
        "firstFailureAt": "2026-09-20T07:00:00Z", "lastFailureAt": "2026-09-20T07:50:00Z"}]);
    let r = run(vec![ir("engine", blocks)], Component::Engine);
    assert_eq!(r.content.summary.state, SummaryState::Reported);
    assert_eq!(r.content.summary.eligible, 1);
    let b = &r.content.blocks[0];
    assert!(b.release_eligible);
    assert_eq!(b.reason.as_deref(), Some("image pull failed"));
    assert!(r.warnings.is_empty());
}

#[test]
fn invalid_blocks_are_shown_with_issues_and_never_eligible() {
    let blocks = json!([
        {"targetRevision": "Bad Name", "state": "Held", "attemptsStarted": 1},
        {"targetRevision": "chat-engine-bbbbbbbb", "state": "Exploded", "attemptsStarted": 0},
        {"targetRevision": "chat-engine-cccccccc", "state": "Backoff", "attemptsStarted": 1},
        {"targetRevision": "chat-engine-cccccccc", "state": "Held", "attemptsStarted": 1,
            "nextRetryAt": "2026-09-20T09:00:00Z"}
    ]);
    let r = run(vec![ir("engine", blocks)], Component::Engine);
    // Identical issues (the same code on the same target) are listed once.
    let codes: Vec<&str> = r.content.issues.iter().map(|i| i.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "AttemptsInvalid",
            "DuplicateTarget",
            "StateInvalid",
            "TargetRevisionInvalid",
            "TimestampsInvalid"
        ]
    );
    assert!(r.content.blocks.iter().all(|b| !b.release_eligible));
    assert_eq!(r.content.summary.state, SummaryState::Partial);
    assert!(
        r.content
            .blocks
            .iter()
            .any(|b| b.state == BlockState::Invalid)
    );
    assert!(
        r.content
            .blocks
            .iter()
            .any(|b| b.target_revision.starts_with("invalid-"))
    );
}

#[test]
fn missing_component_and_stale_status() {
    let r = run(vec![ir("engine", json!([]))], Component::Decoder);
    assert_eq!(r.content.summary.state, SummaryState::Partial);
    assert_eq!(r.content.issues[0].code, "ComponentNotProjected");
    let mut stale = ir("engine", json!([]));
    stale["status"]["observedGeneration"] = json!(2);
    let r = run(vec![stale], Component::Engine);
    assert_eq!(r.content.issues[0].code, "StatusStale");
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].code, "StaleEvidence");
    let empty = run(vec![ir("engine", json!([]))], Component::Engine);
    assert_eq!(empty.content.summary.state, SummaryState::Empty);
}

#[test]
fn a_service_without_generation_cannot_be_projected() {
    let isvc = Fetched::from_raw(json!({"metadata": {"name": "chat", "namespace": "prod",
        "uid": "u-1"}}))
    .unwrap();
    let error = project(
        &isvc,
        &ReplicaCollection::default(),
        Component::Engine,
        AT.parse().unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "project retry blocks for InferenceService \"prod/chat\": retry-block projection requires a safe InferenceService identity"
    );
}
