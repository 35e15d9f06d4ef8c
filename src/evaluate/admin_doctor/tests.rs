//! The doctor projection on hand-built discovery documents.

use super::*;
use serde_json::json;

fn now() -> jiff::Timestamp {
    "2026-08-31T18:30:00Z".parse().unwrap()
}

fn request(isvc: Option<&str>) -> Request {
    Request {
        context: "local".into(),
        workload_namespace: "team-a".into(),
        ome_namespace: "control".into(),
        isvc: isvc.map(str::to_string),
    }
}

/// A discovery document listing every catalogue entry of the group version except `missing`.
fn doc(group_version: &str, missing: &[&str]) -> Value {
    let resources: Vec<Value> = catalogue::CATALOGUE
        .iter()
        .filter(|e| e.group_version == group_version && !missing.contains(&e.resource))
        .map(|e| json!({"name": e.resource, "kind": e.kind, "namespaced": e.namespaced}))
        .collect();
    json!({"kind": "APIResourceList", "groupVersion": group_version, "resources": resources})
}

fn evidence(missing: &[&str]) -> Evidence {
    Evidence {
        discovery: catalogue::GROUP_VERSIONS
            .iter()
            .map(|gv| (*gv, Ok(doc(gv, missing))))
            .collect(),
        manager: Ok(json!({"spec": {"template": {"spec": {"containers": [
            {"name": "manager", "image": "ghcr.io/ome/manager:v1.2.3"}]}}}})),
        isvc: None,
        access: None,
    }
}

#[test]
fn everything_discoverable_is_still_incomplete() {
    let report = project(&request(None), &evidence(&[]), "1.2.0", now());
    let s = &report.content.summary;
    assert_eq!(s.state, State::Incomplete);
    assert_eq!(s.required_api_violations, 0);
    // skew + the unselected service + 11 unselected features.
    assert_eq!(s.unavailable_evidence, 13);
    assert_eq!(verdict(&report), Verdict::Clean);
    assert_eq!(
        report.content.version.image_tag_comparison,
        "WithinOneMinor"
    );
    assert_eq!(report.sources.len(), 8);
    assert!(report.warnings.is_empty());
}

#[test]
fn a_missing_required_api_is_a_violation() {
    let report = project(
        &request(None),
        &evidence(&["servingruntimes"]),
        "1.2.0",
        now(),
    );
    assert_eq!(report.content.summary.state, State::Violations);
    assert_eq!(report.content.summary.required_api_violations, 1);
    assert_eq!(verdict(&report), Verdict::RequiredApiViolations);
    // An optional one is only unavailable evidence.
    let report = project(
        &request(None),
        &evidence(&["inferencereplicas"]),
        "1.2.0",
        now(),
    );
    assert_eq!(verdict(&report), Verdict::Clean);
    // A forbidden document never is a violation.
    let mut forbidden = evidence(&[]);
    forbidden.discovery[2].1 = Err(ApiError::Forbidden {
        message: "no".into(),
    });
    let report = project(&request(None), &forbidden, "1.2.0", now());
    assert_eq!(verdict(&report), Verdict::Clean);
    assert_eq!(report.warnings, [WARN_UNAVAILABLE]);
}

fn features_present(status: Value) -> Vec<&'static str> {
    let mut e = evidence(&[]);
    e.isvc = Some(Ok(json!({"status": status})));
    let report = project(&request(Some("chat")), &e, "1.2.0", now());
    report
        .content
        .features
        .iter()
        .filter(|f| f.availability == "Present")
        .map(|f| f.id)
        .collect()
}

#[test]
fn component_features_count_on_ome_components_and_the_sync_token_is_a_pin() {
    // Empty blocks on an engine entry are present; the same blocks on another key are not.
    assert_eq!(
        features_present(json!({"components": {"engine": {
            "lifecycle": {}, "autoscaler": {}, "scaleTargetRef": {}}}})),
        ["Components", "Lifecycle", "Autoscaling", "ScaleTarget"]
    );
    assert_eq!(
        features_present(json!({"components": {"predictor": {
            "lifecycle": {"replicas": 1}, "autoscaler": {"class": "HPA"},
            "scaleTargetRef": {"name": "x"}}}})),
        Vec::<&str>::new()
    );
    assert_eq!(
        features_present(json!({"lastRuntimeSyncToken": "srt/7"})),
        ["RuntimePin"]
    );
}

#[test]
fn features_of_the_selected_service_and_access() {
    let mut e = evidence(&[]);
    e.isvc = Some(Ok(json!({"status": {"components": {"engine": {
        "lifecycle": {"replicas": 2}, "autoscaler": {"class": "HPA"},
        "scaleTargetRef": {"name": "chat-engine"}, "traffic": [{"percent": 100}]}},
        "pinnedRevisionName": "srt-abc"}})));
    let checks = access::plan("team-a", Some("chat"), Some("engine"));
    let allowed = json!({"kind": "SelfSubjectAccessReview", "status": {"allowed": true}});
    let not_allowed = json!({"kind": "SelfSubjectAccessReview", "status": {"allowed": false}});
    e.access = Some(
        checks
            .into_iter()
            .map(|c| {
                let answer = if c.verb == "patch" {
                    not_allowed.clone()
                } else {
                    allowed.clone()
                };
                (c, Ok(answer))
            })
            .collect(),
    );
    let report = project(&request(Some("chat")), &e, "1.2.0", now());
    let present: Vec<&str> = report
        .content
        .features
        .iter()
        .filter(|f| f.availability == "Present")
        .map(|f| f.id)
        .collect();
    assert_eq!(
        present,
        [
            "Components",
            "Lifecycle",
            "Autoscaling",
            "ScaleTarget",
            "Traffic",
            "RuntimePin"
        ]
    );
    assert_eq!(report.content.reads[1].outcome, "Available");
    assert_eq!(report.content.summary.access_denied, Some(1));
    assert_eq!(report.content.summary.state, State::Violations);
    let Verdict::AccessViolations(shortfall) = verdict(&report) else {
        panic!("{:?}", verdict(&report));
    };
    assert_eq!(
        shortfall.lines(),
        [
            "admin doctor check: access verb=patch resource=inferencereplicas/scale namespace=team-a name=chat-engine outcome=NotAllowed",
            "admin doctor check: access grant=docs/rbac/scaler.yaml (docs/rbac/README.md)",
        ]
    );
    let json = serde_json::to_value(&report).unwrap();
    let keys: Vec<&str> = json["content"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "context", "summary", "apis", "reads", "version", "features", "access"
        ]
    );
}

#[test]
fn a_context_name_that_is_not_a_safe_scalar_is_redacted() {
    assert_eq!(super::context_name("alice:s3cret@prod"), "[REDACTED]");
    assert_eq!(
        super::context_name("sk-proj-0123456789abcdefghijklmn"),
        "[REDACTED]"
    );
    assert_eq!(super::context_name("https://alice@prod"), "[OMITTED]");
    assert_eq!(super::context_name("kind-prod"), "kind-prod");
}
