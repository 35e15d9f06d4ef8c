//! The status projection of hand-built evidence.

use super::*;
use serde_json::{Value, json};

fn now() -> jiff::Timestamp {
    "2026-09-20T09:00:00Z".parse().unwrap()
}

pub(crate) fn chat() -> Fetched<InferenceService> {
    Fetched::from_raw(json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": "chat", "namespace": "prod", "uid": "isvc-uid", "generation": 7},
        "spec": {"model": {"name": "llama"}, "runtime": {"name": "srt"},
                 "engine": {"minReplicas": 2}, "decoder": {}},
        "status": {"observedGeneration": 7, "conditions": [
            {"type": "Ready", "status": "False", "reason": "EngineNotReady",
             "message": "see https://user:pw@x", "lastTransitionTime": "2026-09-20T08:00:00Z"},
            {"type": "EngineReady", "status": "False", "reason": "PodsNotReady"},
            {"type": "DecoderReady", "status": "True"}],
            "components": {"engine": {"selectedAccelerator": "h100",
                "traffic": [{"revisionName": "chat-engine-rev-1", "percent": 100, "latestRevision": true}]}}}
    }))
    .unwrap()
}

fn pod(name: &str, component: &str, ready: &str) -> Value {
    json!({"metadata": {"name": name, "namespace": "prod", "uid": format!("{name}-uid"),
            "labels": {"ome.io/inferenceservice": "chat", "component": component}},
           "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": ready}],
                      "containerStatuses": [{"restartCount": 3}]}})
}

fn evidence<'a>(isvc: &'a Fetched<InferenceService>, pods: Vec<Value>) -> Evidence<'a> {
    Evidence {
        isvc,
        pods: Listed {
            items: pods,
            ..Listed::default()
        },
        events: vec![],
        skipped_targets: 0,
        runtime: RuntimeEvidence::Resolved {
            name: "srt".into(),
            kind: "ClusterServingRuntime",
            origin: crate::evaluate::scale::runtime::Origin::LiveRuntime,
            pin: "AutoSync",
        },
        accelerators: vec![AcceleratorRead {
            component: Component::Engine,
            class: "h100".into(),
            read: Err(ApiError::Forbidden {
                message: "no".into(),
            }),
        }],
    }
}

#[test]
fn readiness_components_and_families() {
    let isvc = chat();
    let e = evidence(
        &isvc,
        vec![
            pod("chat-engine-0", "engine", "True"),
            pod("chat-engine-1", "engine", "False"),
        ],
    );
    let report = project(&e, now());
    let c = &report.content;
    assert_eq!((c.ready.status, c.ready.validity), ("False", "Valid"));
    assert_eq!(c.ready.reason.as_deref(), Some("EngineNotReady"));
    assert_eq!(c.ready.message.as_deref(), Some("[OMITTED]"));
    assert_eq!(c.runtime.as_deref(), Some("srt"));
    assert_eq!(c.components.len(), 2);
    assert_eq!(c.components[0].ready, "False");
    assert_eq!(c.components[0].pods.total, 2);
    assert_eq!(c.components[0].pods.restarts, 6);
    assert_eq!(c.components[1].pods.total, 0);
    assert_eq!((c.pods.state.as_str(), c.pods.count), ("Reported", 2));
    assert_eq!(c.traffic.state, "Reported");
    assert_eq!(c.placement.state, "NotConfigured");
    assert_eq!(c.runtime_summary.state, "Reported");
    assert_eq!(c.runtime_summary.status_freshness, Some("Current"));
    assert_eq!(c.accelerator.state, "Partial");
    assert_eq!(c.accelerator.components[0].state, "Forbidden");
    assert_eq!(report.sources.len(), 1);
    assert!(report.warnings.is_empty());
    let (targets, skipped) =
        event_targets(&isvc.view, &pods::accept(&e.pods.items, "prod", "chat"));
    let names: Vec<&str> = targets.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["chat", "chat-engine-1", "chat-engine-0"]);
    assert_eq!(skipped, 0);
    assert_eq!(
        selected_accelerators(&isvc.raw),
        [(Component::Engine, "h100".to_string())]
    );
}

#[test]
fn failed_reads_are_observations() {
    let isvc = chat();
    let mut e = evidence(&isvc, vec![]);
    e.pods.error = Some(ApiError::Forbidden {
        message: "no".into(),
    });
    e.events = vec![TargetEvents {
        target: EventTarget {
            kind: "InferenceService",
            name: "chat".into(),
            uid: "isvc-uid".into(),
        },
        listed: Listed {
            error: Some(ApiError::Forbidden {
                message: "no".into(),
            }),
            ..Listed::default()
        },
    }];
    e.runtime = RuntimeEvidence::ReadFailed;
    let report = project(&e, now());
    let c = &report.content;
    assert_eq!(
        (c.pods.state.as_str(), c.pods.reason),
        ("Unavailable", Some("Forbidden"))
    );
    assert_eq!(
        (c.events.state.as_str(), c.events.reason),
        ("Unavailable", Some("Forbidden"))
    );
    assert_eq!(c.components[0].evidence, "Unavailable");
    assert_eq!(c.runtime_summary.reason, Some("ReadFailed"));
    assert_eq!(c.accelerator.reason, Some("ReadFailed"));
    let json = serde_json::to_value(&report).unwrap();
    let keys: Vec<&str> = json["content"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys[..3], ["ready", "runtime", "model"]);
    assert_eq!(keys.last(), Some(&"issues"));
}

#[test]
fn accelerator_classes_are_read_only_on_a_resolved_runtime() {
    let isvc = chat();
    let resolved = evidence(&isvc, vec![]).runtime;
    assert_eq!(
        accelerators_to_read(&isvc.raw, &resolved),
        [(Component::Engine, "h100".to_string())]
    );
    for (runtime, state, reason) in [
        (
            RuntimeEvidence::Virtual,
            "NotConfigured",
            "VirtualDeployment",
        ),
        (
            RuntimeEvidence::AutoSelection,
            "Unavailable",
            "AutoSelectionNotProbed",
        ),
        (RuntimeEvidence::Invalid, "Unavailable", "ProjectionInvalid"),
        (RuntimeEvidence::ReadFailed, "Unavailable", "ReadFailed"),
    ] {
        assert!(accelerators_to_read(&isvc.raw, &runtime).is_empty());
        let mut e = evidence(&isvc, vec![]);
        e.runtime = runtime;
        e.accelerators = vec![];
        let a = project(&e, now()).content.accelerator;
        assert_eq!((a.state.as_str(), a.reason), (state, Some(reason)));
        assert!(a.components.is_empty());
    }
    // Nothing selected: nothing to read, whatever the runtime.
    let mut plain = chat();
    plain.raw["status"]["components"] = json!({});
    assert!(accelerators_to_read(&plain.raw, &resolved).is_empty());
    let mut e = evidence(&plain, vec![]);
    e.runtime = RuntimeEvidence::Virtual;
    e.accelerators = vec![];
    assert_eq!(
        project(&e, now()).content.accelerator.state,
        "NotConfigured"
    );
    // A runtime OME selects is not probed, so neither are the classes, selected or not
    // (runtime-selection.md §6.3).
    e.runtime = RuntimeEvidence::AutoSelection;
    let a = project(&e, now()).content.accelerator;
    assert_eq!(
        (a.state.as_str(), a.reason, a.evidence),
        ("Unavailable", Some("AutoSelectionNotProbed"), "Unavailable")
    );
}

#[test]
fn absent_autoscaling_is_unavailable_without_an_issue_and_oversized_status_is_one() {
    // No autoscaling status at all: the family is Unavailable, its evidence too, no issue.
    let mut plain = chat();
    plain.raw["status"]["components"] = json!({});
    let plain = Fetched::<InferenceService>::from_raw(plain.raw).unwrap();
    let report = project(&evidence(&plain, vec![]), now());
    let a = &report.content.autoscale;
    assert_eq!(
        (a.summary.as_str(), a.evidence),
        ("Unavailable", "Unavailable")
    );
    assert!(
        report.content.issues.is_empty(),
        "{:?}",
        report.content.issues
    );
    // A status too large to read: the autoscaling and rollout families say so.
    let mut big = chat();
    let deep = (0..40).fold(json!("x"), |inner, _| json!({ "a": inner }));
    big.raw["status"]["deep"] = deep;
    let report = project(&evidence(&big, vec![]), now());
    let codes: Vec<&str> = report
        .content
        .issues
        .iter()
        .map(|i| i.code.as_str())
        .collect();
    assert_eq!(
        codes,
        [
            "AutoscaleUnavailable",
            "CollectionLimitExceeded",
            "RolloutUnavailable"
        ]
    );
}
