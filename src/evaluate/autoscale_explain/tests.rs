//! Explain projections of hand-built services.

use super::*;
use serde_json::{Value, json};

fn now() -> jiff::Timestamp {
    "2026-08-31T18:30:00Z".parse().unwrap()
}

/// The contract's golden service: a RawDeployment engine, 1..4, the default HPA, reported 2/2.
pub(crate) fn raw_engine() -> Value {
    json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": "chat", "namespace": "prod", "uid": "isvc-uid", "generation": 7},
        "spec": {"deploymentMode": "RawDeployment", "runtime": {"name": "srt"},
                 "engine": {"minReplicas": 1, "maxReplicas": 4}},
        "status": {"observedGeneration": 7, "components": {"engine": {
            "autoscaler": {"class": "HPA", "managedBy": "ome", "specSource": "default",
                "currentReplicas": 2, "desiredReplicas": 2,
                "conditions": [{"type": "AbleToScale", "status": "True",
                                "lastTransitionTime": "2026-08-31T18:15:00Z"}]},
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "chat-engine"}}}}
    })
}

pub(crate) fn explain(isvc: Value, spec: &RuntimeSpec) -> ExplainReport {
    let isvc = Fetched::from_raw(isvc).unwrap();
    let active = Active {
        origin: Origin::LiveRuntime,
        runtime: RuntimeObject {
            kind: SourceKind::ClusterServingRuntime,
            namespace: None,
            name: "srt".into(),
            uid: Some("rt-uid".into()),
            generation: Some(2),
        },
        revision: None,
        parents: vec![],
        spec,
        model: None,
        inheritance_unavailable: None,
    };
    project(&isvc, Some(&active), now())
}

#[test]
fn the_golden_service_is_consistent() {
    let report = explain(raw_engine(), &RuntimeSpec::default());
    let c = &report.content;
    assert_eq!(
        (
            c.summary.state.as_str(),
            c.summary.status_freshness.as_str()
        ),
        ("Consistent", "Current")
    );
    let engine = &c.components[0];
    assert_eq!(engine.deployment_mode, "RawDeployment");
    assert_eq!(engine.deployment_mode_source, "ServiceSpec");
    assert_eq!(engine.reconciliation.state, "Consistent");
    assert!(engine.issues.is_empty());
    assert!(c.issues.is_empty());
    assert!(report.warnings.is_empty());
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(
        json["content"]["activeConfiguration"],
        json!({"state": "Available", "origin": "LiveRuntime", "consistency": "Consistent",
               "runtime": {"apiVersion": "ome.io/v1beta1", "kind": "ClusterServingRuntime",
                           "name": "srt", "uid": "rt-uid", "generation": 2},
               "inheritance": {"state": "Observed", "sources": []}})
    );
    assert_eq!(
        json["content"]["components"][0]["desired"],
        json!({"state": "Resolved", "class": "HPA", "managedBy": "ome", "specSource": "default",
               "target": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "chat-engine"},
               "bounds": {"state": "Resolved", "minReplicas": 1, "maxReplicas": 4},
               "scaleToZero": "NotRequested", "metricCount": 1, "triggerCount": 0})
    );
    assert_eq!(json["sources"][1]["kind"], "ClusterServingRuntime");
}

#[test]
fn a_reported_component_the_runtime_does_not_declare_is_a_mismatch() {
    let mut isvc = raw_engine();
    isvc["status"]["components"]["router"] = isvc["status"]["components"]["engine"].clone();
    isvc["status"]["components"]["router"]["scaleTargetRef"]["name"] = json!("chat-router");
    let report = explain(isvc, &RuntimeSpec::default());
    assert!(
        report
            .content
            .issues
            .iter()
            .any(|i| i.code == IssueCode::ReportedComponentUnexpected
                && i.component == Some("router")),
        "{:?}",
        report.content.issues
    );
    assert_eq!(report.content.summary.state, "ReportedMismatch");
}

#[test]
fn mismatches_and_stale_status() {
    let mut isvc = raw_engine();
    isvc["status"]["components"]["engine"]["autoscaler"]["class"] = json!("KEDA");
    isvc["status"]["components"]["engine"]["scaleTargetRef"]["name"] = json!("other");
    let report = explain(isvc, &RuntimeSpec::default());
    let engine = &report.content.components[0];
    assert_eq!(engine.reconciliation.state, "ReportedMismatch");
    // KEDA does not report AbleToScale: the reported evidence is partial as well.
    assert_eq!(
        engine.issues,
        [
            IssueCode::ReportedClassMismatch,
            IssueCode::ReportedEvidencePartial,
            IssueCode::ReportedTargetMismatch
        ]
    );
    assert_eq!(report.content.summary.state, "ReportedMismatch");

    let mut stale = raw_engine();
    stale["metadata"]["generation"] = json!(8);
    let report = explain(stale, &RuntimeSpec::default());
    assert_eq!(report.content.summary.status_freshness, "Stale");
    assert_eq!(report.content.summary.state, "Partial");
    assert_eq!(report.content.components[0].reported.state, "Unavailable");
    assert_eq!(
        report.content.issues,
        [Issue {
            code: IssueCode::StatusStale,
            component: Some("engine")
        }]
    );

    let mut proportional = raw_engine();
    proportional["spec"]["scalingPolicy"] = json!({"mode": "Proportional"});
    let report = explain(proportional, &RuntimeSpec::default());
    assert_eq!(report.content.summary.state, "Unsupported");
    assert_eq!(
        report.content.components[0].issues,
        [IssueCode::ScalingPolicyUnsupported]
    );
    assert!(report.content.issues.contains(&Issue {
        code: IssueCode::ScalingPolicyUnsupported,
        component: None
    }));
}

#[test]
fn a_virtual_service() {
    let mut isvc = raw_engine();
    isvc["metadata"]["annotations"] = json!({"ome.io/deploymentMode": "VirtualDeployment"});
    isvc["spec"]["decoder"] = json!({});
    let isvc = Fetched::from_raw(isvc).unwrap();
    let report = project(&isvc, None, now());
    let c = &report.content;
    assert_eq!(c.components.len(), 2);
    assert!(
        c.components
            .iter()
            .all(|c| c.desired.state == "Unsupported")
    );
    assert_eq!(c.summary.state, "Unsupported");
    assert_eq!(c.active_configuration.state, "Unavailable");
    assert_eq!(report.sources.len(), 1);
}
