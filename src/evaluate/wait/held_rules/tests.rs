use super::*;
use serde_json::json;

const REV: &str = "chat-engine-0a1b2c3d";

fn now() -> jiff::Timestamp {
    "2026-11-30T12:00:00Z".parse().unwrap()
}

fn parent() -> Value {
    json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
           "metadata": {"name": "chat", "namespace": "prod", "uid": "isvc-uid",
                        "resourceVersion": "10", "generation": 7}})
}

fn ir(blocks: Value) -> Value {
    json!({"metadata": {"name": "chat-engine", "namespace": "prod", "uid": "ir-uid", "generation": 2,
                        "labels": {"ome.io/inferenceservice": "chat"},
                        "annotations": {"ome.io/parent-generation": "7", "ome.io/controller-write": "true"},
                        "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                                             "name": "chat", "uid": "isvc-uid", "controller": true}]},
           "spec": {"parentRef": {"name": "chat"}, "component": "engine"},
           "status": {"observedGeneration": 2, "retryBlocks": blocks}})
}

fn request() -> HeldRequest<'static> {
    HeldRequest {
        component: "engine",
        revision: REV,
        ir_name: "chat-engine",
        ir_uid: "ir-uid",
    }
}

fn verdict(ir: Option<&Value>, again: &Value) -> HeldVerdict {
    let p = parent();
    evaluate(
        HeldReads {
            parent: &p,
            ir,
            parent_again: again,
            instances_decoded: true,
            now: now(),
        },
        request(),
    )
    .0
}

fn block(state: &str) -> Value {
    json!({"targetRevision": REV, "state": state, "attemptsStarted": 3,
           "firstFailureAt": "2026-11-30T11:00:00Z", "lastFailureAt": "2026-11-30T11:50:00Z",
           "nextRetryAt": if state == "Backoff" { json!("2026-11-30T12:05:00Z") } else { Value::Null }})
}

#[test]
fn held_unheld_and_mailboxes() {
    use HeldVerdict::*;
    assert_eq!(
        verdict(Some(&ir(json!([block("Backoff")]))), &parent()),
        Unheld
    );
    assert_eq!(
        verdict(Some(&ir(json!([block("RetryInProgress")]))), &parent()),
        Unheld
    );
    assert_eq!(verdict(Some(&ir(json!([]))), &parent()), Unheld);
    assert_eq!(verdict(Some(&ir(json!([block("Held")]))), &parent()), Held);
    let mut pending = ir(json!([block("Held")]));
    pending["metadata"]["annotations"]["ome.io/release-held-revision"] = json!(REV);
    assert_eq!(verdict(Some(&pending), &parent()), MailboxPending);
    pending["metadata"]["annotations"]["ome.io/release-held-revision"] =
        json!("chat-engine-22222222");
    assert_eq!(verdict(Some(&pending), &parent()), MailboxSuperseded);
}

#[test]
fn sources_in_order() {
    use HeldVerdict::*;
    let good = ir(json!([]));
    assert_eq!(verdict(None, &parent()), ReplicaMissing);
    let mut moved = parent();
    moved["metadata"]["resourceVersion"] = json!("11");
    assert_eq!(verdict(Some(&good), &moved), SourceIncomplete);
    let mut replaced = good.clone();
    replaced["metadata"]["uid"] = json!("other");
    assert_eq!(verdict(Some(&replaced), &parent()), ReplicaReplaced);
    let mut stale = good.clone();
    stale["status"]["observedGeneration"] = json!(1);
    assert_eq!(verdict(Some(&stale), &parent()), SourceStale);
    let mut unstamped = good.clone();
    unstamped["metadata"]["annotations"]["ome.io/controller-write"] = Value::Null;
    assert_eq!(verdict(Some(&unstamped), &parent()), SourceInvalid);
    let mut placed = good.clone();
    placed["metadata"]["labels"]["ome.io/placement-control-plane"] = json!("cp-a");
    assert_eq!(verdict(Some(&placed), &parent()), UnsupportedPlacement);
    let mut foreign = good;
    foreign["metadata"]["ownerReferences"][0]["uid"] = json!("x");
    assert_eq!(verdict(Some(&foreign), &parent()), SourceInvalid);
}

#[test]
fn every_retry_block_is_checked() {
    let cases = [
        json!([{"targetRevision": REV, "attemptsStarted": 2}]),
        json!([{"targetRevision": REV, "state": "Held", "attemptsStarted": 0}]),
        json!([{"targetRevision": REV, "state": "Held", "attemptsStarted": 1, "nextRetryAt": "2026-11-30T12:05:00Z"}]),
        json!([{"targetRevision": REV, "state": "Backoff"}]),
        json!([{"targetRevision": "chat-decoder-0a1b2c3d", "state": "RetryInProgress"}]),
        json!([block("Held"), block("Held")]),
        json!([{"targetRevision": REV, "state": "RetryInProgress", "firstFailureAt": "2026-11-30T13:00:00Z"}]),
        json!([{"targetRevision": REV, "state": "RetryInProgress", "firstFailureAt": "2026-11-30T11:00:00Z", "lastFailureAt": "2026-11-30T10:00:00Z"}]),
    ];
    for blocks in cases {
        assert_eq!(
            verdict(Some(&ir(blocks.clone())), &parent()),
            HeldVerdict::InvalidRetryBlocks,
            "{blocks}"
        );
    }
}
