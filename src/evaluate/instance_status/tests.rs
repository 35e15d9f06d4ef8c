//! The authority rules and the report on hand-built evidence.

use super::*;
use crate::evaluate::instance_list::tests::{collection, ir, isvc, now, row};
use crate::ome::evidence::ApiError;
use crate::ome::listing::EventTarget;
use serde_json::{Value, json};

const ENGINE_1: Request = Request {
    component: Component::Engine,
    index: 1,
};

fn native() -> Mode {
    Mode::Resolved {
        mode: "OMENative".into(),
        source: "ServiceSpec",
        origin: "LiveRuntime",
    }
}

fn engine(rows: Vec<Value>) -> Value {
    ir("engine", 3, 3, "7", rows)
}

fn pod(name: &str) -> Value {
    json!({
        "metadata": {"name": name, "namespace": "prod", "uid": format!("{name}-uid"),
            "labels": {"ome.io/inferenceservice": "chat", "component": "engine",
                "ome.io/managed-by": "OMENative", "ome.io/instance-index": "1",
                "ome.io/instance-incarnation": "1", "ome.io/runner": "default",
                "ome.io/pod-ordinal": "0", "ome.io/revision-hash": "7f9c4d2b"},
            "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
                "name": "chat-engine", "uid": "engine-uid", "controller": true}]},
        "status": {"phase": "Running", "conditions": [
            {"type": "Ready", "status": "True"}, {"type": "ome.io/serving", "status": "True"}]}
    })
}

fn report(
    items: Vec<Value>,
    pods: Option<Listed>,
    events: Vec<TargetEvents>,
) -> InstanceStatusReport {
    let isvc = isvc(7);
    let selection = select(&isvc, &collection(items), ENGINE_1, now());
    project(
        Evidence {
            isvc: &isvc,
            request: ENGINE_1,
            mode: native(),
            selection: Some(selection),
            pods,
            events,
        },
        now(),
    )
}

fn codes(r: &InstanceStatusReport) -> Vec<&'static str> {
    r.content.issues.iter().map(|i| i.code.as_str()).collect()
}

#[test]
fn the_selected_instance_with_its_pod_and_events() {
    let rows = vec![
        row(0, "Ready", "chat-engine-a"),
        row(1, "Ready", "chat-engine-a"),
    ];
    let items = vec![engine(rows)];
    let isvc = isvc(7);
    let selection = select(&isvc, &collection(items.clone()), ENGINE_1, now());
    let owner = selection.owner("prod", "chat").unwrap();
    assert_eq!((owner.index, owner.ir_uid), (1, "engine-uid"));
    let pod = pod("chat-engine-1");
    let reads = vec![TargetEvents {
        target: EventTarget {
            kind: "Pod",
            name: "chat-engine-1".into(),
            uid: "chat-engine-1-uid".into(),
        },
        listed: Listed {
            items: vec![json!({"metadata": {"namespace": "prod"}, "type": "Warning",
                "reason": "BackOff", "count": 4,
                "involvedObject": {"kind": "Pod", "name": "chat-engine-1", "uid": "chat-engine-1-uid"}})],
            ..Listed::default()
        },
    }];
    let r = report(
        items,
        Some(Listed {
            items: vec![pod],
            ..Listed::default()
        }),
        reads,
    );
    let c = &r.content;
    assert_eq!(c.summary.state, State::Reported);
    assert_eq!(c.summary.evidence, "Reported");
    assert_eq!(c.encoding.name, Some("DenseV1"));
    assert_eq!(c.instance.as_ref().unwrap().instance.index, 1);
    assert_eq!(c.pods.len(), 1);
    assert_eq!(c.events[0].reason, "BackOff");
    assert!(c.issues.is_empty(), "{:?}", c.issues);
    let kinds: Vec<&str> = r.sources.iter().map(|s| s.kind.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "InferenceService",
            "InferenceReplica",
            "PodList",
            "EventList"
        ]
    );
    assert_eq!(r.sources[2].name, "chat/engine/1");
}

#[test]
fn authority_rules_in_order() {
    // No IR for the component.
    let r = report(vec![], None, vec![]);
    assert_eq!(r.content.summary.state, State::NotProjected);
    assert_eq!(codes(&r), ["InstanceMissing"]);
    // No row with the index.
    let r = report(
        vec![engine(vec![row(0, "Ready", "chat-engine-a")])],
        None,
        vec![],
    );
    assert_eq!(r.content.summary.state, State::Missing);
    assert_eq!(codes(&r), ["InstanceMissing"]);
    // Duplicate rows make the component malformed.
    let dup = engine(vec![
        row(1, "Ready", "chat-engine-a"),
        row(1, "Ready", "chat-engine-a"),
    ]);
    let r = report(vec![dup], None, vec![]);
    assert_eq!(r.content.summary.state, State::Partial);
    assert!(
        codes(&r).contains(&"AuthoritativeInvalid"),
        "{:?}",
        codes(&r)
    );
    assert!(r.content.instance.is_none());
    // A stale IR still shows the row.
    let stale = ir("engine", 4, 3, "7", vec![row(1, "Ready", "chat-engine-a")]);
    let r = report(vec![stale], None, vec![]);
    assert_eq!(r.content.summary.state, State::Partial);
    assert_eq!(r.content.summary.evidence, "Stale");
    assert!(r.content.instance.is_some());
    assert!(r.warnings.iter().any(|w| w.code == "StaleEvidence"));
    // A failed LIST.
    let isvc = isvc(7);
    let mut failed = collection(vec![]);
    failed.error = Some(ApiError::Forbidden {
        message: "no".into(),
    });
    let selection = select(&isvc, &failed, ENGINE_1, now());
    assert!(selection.owner("prod", "chat").is_none());
    let r = project(
        Evidence {
            isvc: &isvc,
            request: ENGINE_1,
            mode: native(),
            selection: Some(selection),
            pods: None,
            events: vec![],
        },
        now(),
    );
    assert_eq!(r.content.summary.state, State::Unavailable);
    assert_eq!(
        r.content.issues,
        [Issue::unavailable(Code::CollectionUnavailable, "Forbidden")]
    );
}

#[test]
fn pods_that_cannot_be_read_and_services_that_are_not_native() {
    let items = vec![engine(vec![row(1, "Ready", "chat-engine-a")])];
    let r = report(
        items,
        Some(Listed {
            error: Some(ApiError::Forbidden {
                message: "no".into(),
            }),
            ..Listed::default()
        }),
        vec![],
    );
    assert_eq!(r.content.summary.state, State::Partial);
    assert_eq!(
        r.content.issues,
        [
            Issue::unavailable(Code::PodsUnavailable, "Forbidden"),
            Issue::unavailable(Code::EventsUnavailable, "Forbidden")
        ]
    );
    let pod_list = r.sources.iter().find(|s| s.kind == "PodList").unwrap();
    assert_eq!(pod_list.unavailable_reason, Some("Forbidden"));
    let warnings: Vec<&str> = r.warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(warnings, ["SourceUnavailable"]);

    let isvc = isvc(7);
    let r = project(
        Evidence {
            isvc: &isvc,
            request: ENGINE_1,
            mode: Mode::Resolved {
                mode: "RawDeployment".into(),
                source: "ComponentAnnotation",
                origin: "InferenceService",
            },
            selection: None,
            pods: None,
            events: vec![],
        },
        now(),
    );
    assert_eq!(r.content.summary.state, State::NotOmeNative);
    assert_eq!(r.content.deployment.evidence, "Reported");
    assert_eq!(
        r.content.issues,
        [Issue::unavailable(Code::NotOmeNative, "NotConfigured")]
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["content"]["summary"]["state"], "NotOMENative");
    assert_eq!(
        json["content"]["encoding"],
        json!({"evidence": "Unavailable", "unavailableReason": "UnsupportedAPI"})
    );
}

#[test]
fn an_impostor_or_rejected_replica_of_the_component_is_reported() {
    // The only engine IR is owned by something else: rejected, so the component is not
    // projected, and the report says why.
    let mut impostor = engine(vec![row(1, "Ready", "chat-engine-a")]);
    impostor["metadata"]["ownerReferences"][0]["uid"] = json!("someone-else");
    let r = report(vec![impostor.clone()], None, vec![]);
    assert_eq!(r.content.summary.state, State::NotProjected);
    assert_eq!(
        r.content.issues,
        [
            Issue::new(Code::IdentityRejected),
            Issue::unavailable(Code::InstanceMissing, "NotFound")
        ]
    );
    assert!(r.warnings.iter().any(|w| w.code == "PartialData"));
    // Next to the real engine IR, an impostor under another name that claims the component.
    impostor["metadata"]["name"] = json!("chat-engine-copy");
    impostor["metadata"]["uid"] = json!("copy-uid");
    let real = engine(vec![row(1, "Ready", "chat-engine-a")]);
    let r = report(vec![real.clone(), impostor], None, vec![]);
    assert_eq!(r.content.summary.state, State::Partial);
    assert_eq!(r.content.issues, [Issue::new(Code::IdentityRejected)]);
    assert!(r.content.instance.is_some());
    // A rejected IR of another component is not this Instance's business.
    let mut decoder = ir("decoder", 3, 3, "7", vec![]);
    decoder["spec"]["parentRef"]["name"] = json!("other");
    let r = report(vec![real, decoder], None, vec![]);
    assert_eq!(r.content.summary.state, State::Reported);
    assert!(r.content.issues.is_empty(), "{:?}", r.content.issues);
}

#[test]
fn a_list_code_reads_as_the_list_writes_it_and_a_shared_one_is_one_code() {
    use crate::evaluate::instance_list::Code as ListCode;
    let copied = Issue::new(ListCode::ParentGenerationStale);
    assert_eq!(copied.code.as_str(), "ParentGenerationStale");
    assert_eq!(
        serde_json::to_value(&copied).unwrap(),
        json!({"code": "ParentGenerationStale"})
    );
    // `IdentityRejected` is in both sets: copied from the list, it equals (and dedups with)
    // the one `instance status` raises itself.
    assert_eq!(
        Issue::new(ListCode::IdentityRejected),
        Issue::new(Code::IdentityRejected)
    );
}
