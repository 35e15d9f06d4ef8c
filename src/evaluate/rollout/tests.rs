use super::*;
use crate::ome::InferenceService;
use serde_json::{Value, json};

fn isvc(value: Value) -> InferenceService {
    serde_json::from_value(value).unwrap()
}

fn stable(c: &str, hash: &str) -> Value {
    json!({
        "latestReadyRevision": format!("chat-{c}-rev-{hash}"),
        "latestRolledoutRevision": format!("chat-{c}-rev-{hash}"),
        "traffic": [{"revisionName": format!("chat-{c}-rev-{hash}"), "percent": 100, "latestRevision": true}],
        "lifecycle": {"currentRevision": format!("chat-{c}-{hash}"), "updateRevision": format!("chat-{c}-{hash}")}
    })
}

fn codes(p: &RolloutProjection) -> Vec<String> {
    p.issues.iter().map(|i| i.code.clone()).collect()
}

#[test]
fn not_configured_without_rollout_evidence() {
    let p = project(&isvc(
        json!({"metadata": {"name": "chat", "uid": "u"}, "spec": {"engine": {}}}),
    ));
    assert_eq!(p.summary.state, "NotConfigured");
    assert_eq!(p.summary.reported_state, "NotConfigured");
    assert_eq!(p.summary.evidence, "Declared");
    assert_eq!(p.summary.epoch, "NotApplicable");
    assert_eq!(p.summary.coordination_ready, "NotApplicable");
    assert!(p.components.is_empty() && p.issues.is_empty());
}

#[test]
fn chat_is_independent_stable() {
    let p = project(&isvc(json!({
        "spec": {"engine": {}, "decoder": {}, "router": {}},
        "status": {"components": {"engine": stable("engine", "7f9c4d2b"), "decoder": stable("decoder", "3b1e9a60"), "router": stable("router", "c4d58e12")}}
    })));
    assert_eq!(p.summary.state, "Unknown");
    assert_eq!(p.summary.reported_state, "Succeeded");
    assert_eq!(p.summary.evidence, "Reported");
    assert_eq!(p.summary.epoch, "Unverifiable");
    assert_eq!(codes(&p), ["EpochUnverifiable"]);
    let names: Vec<_> = p.components.iter().map(|c| c.type_.as_str()).collect();
    assert_eq!(names, ["engine", "decoder", "router"]);
    let e = &p.components[0];
    assert_eq!(
        (e.strategy.as_str(), e.phase.as_str()),
        ("Independent", "Stable")
    );
    assert_eq!(e.rolled_out_revision_hash.as_deref(), Some("7f9c4d2b"));
    assert_eq!(e.traffic[0].role, "Current");
    assert_eq!(e.traffic[0].percent, 100);
}

#[test]
fn updating_independent_component_is_in_progress() {
    let mut engine = stable("engine", "aaaa1111");
    engine["lifecycle"]["updateRevision"] = json!("chat-engine-bbbb2222");
    let p = project(&isvc(
        json!({"spec": {"engine": {}}, "status": {"components": {"engine": engine}}}),
    ));
    assert_eq!(p.components[0].phase, "Updating");
    assert_eq!(p.summary.reported_state, "InProgress");
}

fn canary_isvc(phase: &str, step: i64, pause: Value) -> InferenceService {
    let mut engine = stable("engine", "7f9c4d2b");
    engine["rolloutPhase"] = json!(phase);
    engine["canary"] = json!({"currentStep": step, "observedTrafficWeight": 10, "canaryRevisionHash": "abcdef12", "stableRevisionHash": "7f9c4d2b"});
    isvc(json!({
        "spec": {"engine": {}, "rollout": {"groups": [{"components": ["engine"], "canary": {"steps": [
            {"capacity": "25%", "traffic": 10, "pause": pause},
            {"capacity": "100%", "traffic": 100}
        ]}}]}},
        "status": {"components": {"engine": engine}}
    }))
}

#[test]
fn canary_paused_at_manual_gate() {
    let p = project(&canary_isvc("Canarying", 0, json!({})));
    assert_eq!(p.summary.reported_state, "Paused");
    let g = &p.groups[0];
    assert_eq!(
        (g.strategy.as_str(), g.phase.as_str()),
        ("Canary", "Paused")
    );
    let s = g.step.as_ref().unwrap();
    assert_eq!(
        (s.index, s.total, s.capacity.as_str(), s.gate.as_str()),
        (0, 2, "25%", "Manual")
    );
    assert_eq!((s.target_traffic, s.observed_traffic), (10, 10));
    assert_eq!(p.components[0].phase, "Paused");
    assert_eq!(p.components[0].group, Some(0));
    assert_eq!(p.summary.coordination_ready, "NotApplicable");
    assert_eq!(codes(&p), ["EpochUnverifiable"]);
}

#[test]
fn canary_after_final_gate_is_promoting() {
    let p = project(&canary_isvc("Canarying", 2, json!({})));
    assert_eq!(p.groups[0].phase, "Promoting");
    assert_eq!(p.summary.reported_state, "InProgress");
    let p = project(&canary_isvc("Canarying", 5, json!({})));
    assert!(codes(&p).contains(&"CanaryStepInvalid".to_string()));
}

#[test]
fn canary_without_status_is_flagged() {
    let mut engine = stable("engine", "7f9c4d2b");
    engine["rolloutPhase"] = json!("Canarying");
    let p = project(&isvc(json!({
        "spec": {"rollout": {"groups": [{"components": ["engine"], "canary": {"steps": [{"traffic": 10}]}}]}},
        "status": {"components": {"engine": engine}}
    })));
    assert!(codes(&p).contains(&"CanaryStatusMissing".to_string()));
}

#[test]
fn coordinated_group_phases() {
    let v = |phase: &str, cond: Option<&str>| {
        let mut status = json!({
            "components": {"engine": stable("engine", "7f9c4d2b"), "decoder": stable("decoder", "3b1e9a60")},
            "rolloutCoordination": {"groups": [{"name": "0", "components": ["engine", "decoder"], "phase": phase}]}
        });
        if let Some(c) = cond {
            status["conditions"] = json!([{"type": "RolloutCoordinationReady", "status": c}]);
        }
        isvc(
            json!({"spec": {"rollout": {"groups": [{"components": ["decoder", "engine"], "blueGreen": {}}]}}, "status": status}),
        )
    };
    let p = project(&v("Shifting", Some("True")));
    assert_eq!(p.groups[0].strategy, "BlueGreen");
    assert_eq!(p.groups[0].phase, "Shifting");
    assert_eq!(p.groups[0].components, ["engine", "decoder"]);
    assert_eq!(p.components[0].phase, "Shifting");
    assert_eq!(p.summary.reported_state, "InProgress");
    assert_eq!(p.summary.coordination_ready, "True");
    let p = project(&v("Idle", None));
    assert_eq!(p.groups[0].phase, "Stable");
    assert_eq!(p.summary.reported_state, "Succeeded");
    assert_eq!(p.summary.coordination_ready, "Unobserved");
    let p = project(&v("Failed", Some("True")));
    assert_eq!(p.summary.reported_state, "Failed");
    assert_eq!(p.summary.coordination_ready, "Invalid");
    let p = project(&v("Bogus", Some("False")));
    assert_eq!(p.groups[0].phase, "Unknown");
    assert_eq!(p.summary.reported_state, "Unknown");
}

#[test]
fn group_without_status_is_unknown() {
    let p = project(&isvc(json!({
        "spec": {"rollout": {"groups": [{"components": ["engine"], "rollingUpdate": {}}]}},
        "status": {"components": {"engine": stable("engine", "7f9c4d2b")}}
    })));
    assert_eq!(p.groups[0].phase, "Unknown");
    assert_eq!(p.groups[0].strategy, "RollingUpdate");
    let issue = p
        .issues
        .iter()
        .find(|i| i.code == "GroupStatusMissing")
        .unwrap();
    assert_eq!(issue.group, Some(0));
    assert_eq!(p.summary.reported_state, "Unknown");
}

#[test]
fn malformed_forces_unknown() {
    let p = project(&isvc(json!({
        "spec": {"rollout": {"groups": [{"components": ["engine", "engine"]}]}},
        "status": {"components": {"engine": stable("engine", "7f9c4d2b")}, "rolloutCoordination": {"groups": [{"name": "0", "phase": "Idle"}]}}
    })));
    assert_eq!(p.summary.reported_state, "Unknown");
    assert!(codes(&p).contains(&"SpecMalformed".to_string()));
}

#[test]
fn missing_component_status_and_bad_revisions() {
    let mut engine = stable("engine", "7f9c4d2b");
    engine["latestReadyRevision"] = json!("Bad_Name");
    engine["traffic"] = json!([{"revisionName": "chat-engine-rev-7f9c4d2b", "percent": 90}]);
    let p = project(&isvc(
        json!({"spec": {"engine": {}, "router": {}}, "status": {"components": {"engine": engine}}}),
    ));
    let mut got: Vec<(String, Option<String>)> = p
        .issues
        .iter()
        .map(|i| (i.code.clone(), i.component.clone()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("ComponentStatusMissing".into(), Some("router".into())),
            ("EpochUnverifiable".into(), None),
            ("RevisionNameInvalid".into(), Some("engine".into())),
            ("TrafficInvalid".into(), Some("engine".into())),
        ]
    );
    assert_eq!(p.component("router").unwrap().phase, "Unknown");
}

#[test]
fn issues_sort_by_code_group_component() {
    let p = project(&isvc(json!({
        "spec": {"engine": {}, "router": {}, "rollout": {"groups": [{"components": ["decoder"], "rollingUpdate": {}}]}},
        "status": {"components": {"engine": {"lifecycle": {"currentRevision": "a-1", "updateRevision": "a-1"}}},
            "rolloutCoordination": {"groups": [{"name": "2", "phase": "Idle"}]}}
    })));
    let got: Vec<(String, Option<usize>, Option<String>)> = p
        .issues
        .iter()
        .map(|i| (i.code.clone(), i.group, i.component.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("ComponentStatusMissing".into(), None, Some("router".into())),
            (
                "ComponentStatusMissing".into(),
                Some(0),
                Some("decoder".into())
            ),
            ("EpochUnverifiable".into(), None, None),
            ("GroupStatusMissing".into(), Some(0), None),
            ("GroupStatusUnexpected".into(), Some(2), None),
        ]
    );
}
