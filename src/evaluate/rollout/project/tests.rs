use super::names::truncate_service_name;
use super::*;
use serde_json::{Value, json};

const H1: &str = "7f9c4d2b";
const H2: &str = "1a2b3c4d";

fn stable(c: &str, hash: &str) -> Value {
    json!({
        "latestReadyRevision": format!("chat-{c}-rev-{hash}"),
        "latestRolledoutRevision": format!("chat-{c}-rev-{hash}"),
        "traffic": [{"revisionName": format!("chat-{c}-rev-{hash}"), "percent": 100}],
        "lifecycle": {"currentRevision": format!("chat-{c}-{hash}"),
                      "updateRevision": format!("chat-{c}-{hash}")}
    })
}

/// The guide's `chat` service: three independent, stable OMENative components.
fn chat() -> Value {
    json!({
        "metadata": {"name": "chat", "namespace": "prod", "uid": "u", "generation": 7},
        "spec": {"deploymentMode": "OMENative", "engine": {}, "decoder": {}, "router": {}},
        "status": {"components": {
            "engine": stable("engine", H1),
            "decoder": stable("decoder", "3b1e9a60"),
            "router": stable("router", "c4d58e12")}}
    })
}

/// `base` with the value at `pointer` replaced (objects on the way are created).
fn with(mut base: Value, pointer: &str, value: Value) -> Value {
    if let Some(existing) = base.pointer_mut(pointer) {
        *existing = value;
        return base;
    }
    let mut target = &mut base;
    for key in pointer.split('/').filter(|k| !k.is_empty()) {
        if target.get(key).is_none() {
            target[key] = json!({});
        }
        target = &mut target[key];
    }
    *target = value;
    base
}

fn issues(p: &RolloutProjection) -> Vec<(String, Option<usize>, Option<String>)> {
    p.issues
        .iter()
        .map(|i| (i.code.to_string(), i.group, i.component.clone()))
        .collect()
}

fn has(p: &RolloutProjection, code: &str, group: Option<usize>, component: Option<&str>) -> bool {
    issues(p).contains(&(code.to_string(), group, component.map(str::to_string)))
}

fn component<'a>(
    p: &'a RolloutProjection,
    name: &str,
) -> &'a crate::evaluate::rollout::ComponentProjection {
    p.component(name).expect("component row")
}

#[test]
fn the_chat_example_is_independent_and_stable() {
    let p = project(&chat());
    assert_eq!(p.summary.reported_state, "Succeeded");
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    let e = component(&p, "engine");
    assert_eq!(
        (e.strategy.as_str(), e.phase.as_str()),
        ("Independent", "Stable")
    );
    assert_eq!(e.rolled_out_revision_hash.as_deref(), Some(H1));
    assert_eq!(e.traffic[0].role, "Current");
}

#[test]
fn not_configured_only_when_every_component_is_explicitly_not_native() {
    let raw = json!({"metadata": {"name": "chat"},
        "spec": {"engine": {"annotations": {"ome.io/deploymentMode": "RawDeployment"}}}});
    let p = project(&raw);
    assert_eq!(p.summary.state, "NotConfigured");
    assert_eq!(p.summary.evidence, "Declared");
    assert!(p.issues.is_empty() && p.components.is_empty());
    // Implicitly RawDeployment is not explicit: missing evidence, Unknown.
    let p = project(&json!({"metadata": {"name": "chat"}, "spec": {"engine": {}}}));
    assert_eq!(p.summary.reported_state, "Unknown");
    assert!(has(&p, "ComponentStatusMissing", None, Some("engine")));
}

#[test]
fn rollout_phases_outside_groups() {
    for phase in ["Progressing", "Unknown", "Paused", "Canarying"] {
        let p = project(&with(
            chat(),
            "/status/components/engine/rolloutPhase",
            json!(phase),
        ));
        assert!(has(&p, "StatusMalformed", None, Some("engine")), "{phase}");
        assert_eq!(component(&p, "engine").phase, "Unknown", "{phase}");
        assert_eq!(p.summary.reported_state, "Unknown");
    }
    let p = project(&with(
        chat(),
        "/status/components/engine/rolloutPhase",
        json!("Stable"),
    ));
    assert_eq!(p.summary.reported_state, "Succeeded");
}

#[test]
fn the_lifecycle_decides_and_never_yields() {
    let updating = with(
        chat(),
        "/status/components/engine/lifecycle/updateRevision",
        json!(format!("chat-engine-{H2}")),
    );
    let p = project(&updating);
    assert_eq!(component(&p, "engine").phase, "Updating");
    assert_eq!(p.summary.reported_state, "InProgress");
    let p = project(&with(
        updating,
        "/status/components/engine/rolloutPhase",
        json!("Stable"),
    ));
    assert!(has(&p, "StatusMalformed", None, Some("engine")));
    assert_eq!(component(&p, "engine").phase, "Unknown");
    let p = project(&with(
        chat(),
        "/status/components/engine/lifecycle/currentRevision",
        json!("chat-engine-zzzzzzzz"),
    ));
    assert!(has(&p, "RevisionNameInvalid", None, Some("engine")));
    let p = project(&with(
        chat(),
        "/status/components/engine/lifecycle",
        Value::Null,
    ));
    assert!(has(&p, "ComponentStatusMissing", None, Some("engine")));
    assert_eq!(component(&p, "engine").strategy, "Unknown");
    assert_eq!(
        p.summary.reported_state, "Succeeded",
        "the engine no longer contributes"
    );
}

#[test]
fn status_keys_entries_and_revision_names() {
    let p = project(&with(chat(), "/status/components/prefill", json!({})));
    assert!(has(&p, "StatusMalformed", None, None));
    let p = project(&with(chat(), "/status/components/decoder", Value::Null));
    assert!(has(&p, "ComponentStatusMissing", None, Some("decoder")));
    let p = project(&with(
        chat(),
        "/status/components/engine/traffic",
        json!([{"revisionName": format!("chat-engine-rev-{H1}"), "percent": 60},
               {"revisionName": format!("chat-engine-rev-{H1}"), "percent": 40}]),
    ));
    assert!(has(&p, "TrafficInvalid", None, Some("engine")));
    let p = project(&with(
        chat(),
        "/status/components/engine/latestReadyRevision",
        json!(format!("chat-decoder-rev-{H1}")),
    ));
    assert!(has(&p, "RevisionNameInvalid", None, Some("engine")));
}

fn canary_plan() -> Value {
    json!({"steps": [
        {"traffic": 20, "capacity": "25%", "pause": {}},
        {"traffic": 50, "capacity": "50%", "pause": {"duration": "10m"}},
        {"traffic": 100, "capacity": "100%"}]})
}

/// The engine+decoder canary paused at its manual gate.
fn paused() -> Value {
    let raw = with(
        chat(),
        "/spec/rollout",
        json!({"groups": [{"components": ["decoder", "engine"], "canary": canary_plan()}]}),
    );
    let raw = with(
        raw,
        "/status/components/engine/rolloutPhase",
        json!("Paused"),
    );
    let raw = with(
        raw,
        "/status/components/engine/canary",
        json!({"currentStep": 0, "observedTrafficWeight": 20, "canaryRevisionHash": H2,
               "stableRevisionHash": H1, "stepEnteredTime": "2026-11-30T12:00:00Z"}),
    );
    with(
        raw,
        "/status/components/engine/traffic",
        json!([{"revisionName": format!("chat-engine-rev-{H2}"), "percent": 20},
               {"revisionName": format!("chat-engine-rev-{H1}"), "percent": 80}]),
    )
}

#[test]
fn a_paused_canary_is_valid_evidence() {
    let p = project(&paused());
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    assert_eq!(p.summary.reported_state, "Paused");
    let g = &p.groups[0];
    assert_eq!(
        (g.strategy.as_str(), g.phase.as_str()),
        ("Canary", "Paused")
    );
    let step = g.step.as_ref().expect("step");
    assert_eq!(
        (step.index, step.total, step.gate.as_str()),
        (0, 3, "Manual")
    );
    assert_eq!(component(&p, "decoder").phase, "Paused");
}

#[test]
fn canary_status_rules() {
    let canary = "/status/components/engine/canary";
    // (rule, service, issue code, group, component)
    type Case<'a> = (&'a str, Value, &'a str, Option<usize>, Option<&'a str>);
    let cases: Vec<Case> = vec![
        (
            "K4",
            with(
                paused(),
                "/status/components/engine/rolloutPhase",
                json!("BlueGreenStandby"),
            ),
            "StatusMalformed",
            Some(0),
            None,
        ),
        (
            "K3 secondary",
            with(
                paused(),
                "/status/components/decoder/rolloutPhase",
                json!("Canarying"),
            ),
            "StatusMalformed",
            Some(0),
            Some("decoder"),
        ),
        (
            "K3 empty primary",
            with(
                paused(),
                "/status/components/engine/rolloutPhase",
                Value::Null,
            ),
            "ComponentStatusMissing",
            Some(0),
            Some("engine"),
        ),
        (
            "K5 iii",
            with(
                paused(),
                "/status/components/decoder/canary",
                json!({"currentStep": 0, "observedTrafficWeight": 0}),
            ),
            "CanaryStatusUnexpected",
            None,
            Some("decoder"),
        ),
        (
            "K5 iv",
            with(
                paused(),
                "/status/components/engine/rolloutPhase",
                Value::Null,
            ),
            "CanaryStatusUnexpected",
            Some(0),
            None,
        ),
        (
            "K6",
            with(paused(), canary, Value::Null),
            "CanaryStatusMissing",
            Some(0),
            None,
        ),
        (
            "K7",
            with(
                paused(),
                "/status/components/engine/rolloutPhase",
                json!("Stable"),
            ),
            "CanaryStepInvalid",
            Some(0),
            None,
        ),
        (
            "K8",
            with(paused(), &format!("{canary}/currentStep"), json!(3)),
            "CanaryStepInvalid",
            Some(0),
            None,
        ),
        (
            "K9 hold",
            with(paused(), &format!("{canary}/preStepHold"), json!(true)),
            "StatusMalformed",
            Some(0),
            None,
        ),
        (
            "K10",
            with(
                paused(),
                "/status/components/engine/traffic",
                json!([{"revisionName": format!("chat-engine-rev-{H1}"), "percent": 100}]),
            ),
            "StatusMalformed",
            Some(0),
            None,
        ),
        (
            "K12 weight",
            with(
                paused(),
                &format!("{canary}/observedTrafficWeight"),
                json!(150),
            ),
            "TrafficInvalid",
            Some(0),
            None,
        ),
        (
            "hash",
            with(paused(), &format!("{canary}/canaryRevisionHash"), json!("")),
            "RevisionNameInvalid",
            Some(0),
            None,
        ),
    ];
    for (label, raw, code, group, c) in cases {
        let p = project(&raw);
        assert!(has(&p, code, group, c), "{label}: {:?}", issues(&p));
    }
    // K5 (i): no groups, a service-level canary block.
    let p = project(&with(
        chat(),
        "/status/canary",
        json!({"currentStep": 0, "observedTrafficWeight": 0}),
    ));
    assert!(has(&p, "CanaryStatusUnexpected", None, None));
}

#[test]
fn a_completed_canary_is_stable() {
    let raw = with(
        paused(),
        "/status/components/engine/rolloutPhase",
        json!("Stable"),
    );
    let raw = with(
        raw,
        "/status/components/engine/canary",
        json!({"currentStep": 3, "observedTrafficWeight": 100, "canaryRevisionHash": H1}),
    );
    let raw = with(
        raw,
        "/status/components/engine/traffic",
        json!([{"revisionName": format!("chat-engine-rev-{H1}"), "percent": 100}]),
    );
    let p = project(&raw);
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    assert_eq!(p.summary.reported_state, "Succeeded");
    assert_eq!(p.groups[0].phase, "Stable");
}

fn blue_green(phase: &str) -> Value {
    let raw = with(
        chat(),
        "/spec/rollout",
        json!({"groups": [{"components": ["engine"], "blueGreen": {}}]}),
    );
    with(
        raw,
        "/status/rolloutCoordination",
        json!({"groups": [{"name": "0", "phase": phase, "policy": "BlueGreen",
                           "components": ["engine"]}]}),
    )
}

#[test]
fn coordination_groups_never_become_stable() {
    let p = project(&blue_green("Idle"));
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    assert_eq!(p.groups[0].phase, "Idle");
    assert_eq!(p.summary.reported_state, "Succeeded");
    assert_eq!(p.summary.coordination_ready, "Unobserved");
    let p = project(&blue_green("Staged"));
    assert_eq!(p.summary.reported_state, "Staged");
    let p = project(&blue_green(""));
    assert!(has(&p, "GroupStatusMissing", Some(0), None));
    let p = project(&blue_green("Progressing"));
    assert!(has(&p, "StatusMalformed", Some(0), None));
    let p = project(&with(
        blue_green("Idle"),
        "/status/components/engine/rolloutPhase",
        json!("Canarying"),
    ));
    assert!(has(&p, "StatusMalformed", Some(0), Some("engine")));
    let p = project(&with(
        blue_green("Idle"),
        "/status/rolloutCoordination/groups/0/policy",
        json!("RollingUpdate"),
    ));
    assert!(has(&p, "StatusMalformed", Some(0), None));
    let ready = |status: &str| {
        with(
            blue_green("Idle"),
            "/status/conditions",
            json!([{"type": "RolloutCoordinationReady", "status": status}]),
        )
    };
    assert_eq!(project(&ready("True")).summary.coordination_ready, "True");
    let p = project(&ready("False"));
    assert_eq!(p.summary.coordination_ready, "Invalid");
    assert!(has(&p, "StatusMalformed", None, None));
}

#[test]
fn sequential_groups_collapse() {
    let raw = with(
        chat(),
        "/spec/rollout",
        json!({"groups": [{"components": ["engine"]}, {"components": ["decoder"]}]}),
    );
    let raw = with(
        raw,
        "/status/rolloutCoordination",
        json!({"groups": [{"name": "0", "phase": "Idle", "policy": "Sequential",
                           "components": ["engine", "decoder"], "order": ["engine", "decoder"]}]}),
    );
    let p = project(&raw);
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    assert_eq!(p.groups.len(), 1);
    assert_eq!(p.groups[0].strategy, "Sequential");
    let p = project(&with(
        raw,
        "/status/rolloutCoordination/groups/0/phase",
        json!("Surging"),
    ));
    assert!(
        has(&p, "StatusMalformed", Some(0), None),
        "no current component"
    );
}

#[test]
fn spec_validity() {
    let rollout = |groups: Value| with(chat(), "/spec/rollout", json!({"groups": groups}));
    let cases = [
        json!([{"components": ["engine"], "order": ["engine"], "blueGreen": {}}]),
        json!([{"components": ["engine"], "blueGreen": {}, "rollingUpdate": {}}]),
        json!([{"components": ["engine"], "canary": {"steps": [{"traffic": 100, "capacity": "100%"}]}}]),
        json!([{"components": ["engine", "decoder"], "canary": {"steps": [{"traffic": 50, "capacity": "100%"}]}}]),
        json!([{"components": ["engine"], "rollingUpdate": {"maxSurge": 0, "maxUnavailable": "0%"}}]),
        json!([{"components": ["engine", "decoder"], "blueGreen": {}}, {"components": ["router"]}]),
        json!([{"components": ["prefill"]}]),
    ];
    for groups in cases {
        let p = project(&rollout(groups.clone()));
        assert!(
            p.issues.iter().any(|i| i.code == IssueCode::SpecMalformed),
            "{groups}: {:?}",
            issues(&p)
        );
        assert_eq!(p.summary.reported_state, "Unknown");
    }
    let p = project(&with(
        chat(),
        "/spec/decoder/lifecycle",
        json!({"updateStrategy": {"rollingUpdate": {"maxSurge": "25"}}}),
    ));
    assert!(has(&p, "SpecMalformed", None, Some("decoder")));
}

#[test]
fn an_active_run_projects_the_pinned_plan() {
    let raw = with(
        paused(),
        "/status/rollout/activeRun",
        json!({"runID": "chat-0123456789ab",
               "plan": {"groups": [{"source": "Inline", "group":
                   {"components": ["decoder", "engine"], "canary": canary_plan()}}]}}),
    );
    let raw = with(raw, "/spec/rollout", Value::Null);
    let p = project(&raw);
    assert_eq!(p.groups.len(), 1);
    assert_eq!(p.groups[0].phase, "Paused");
    let raw = with(
        raw,
        "/status/rollout/activeRun/plan/groups/0/group",
        json!({"components": ["engine"], "order": ["engine"], "blueGreen": {}}),
    );
    assert!(has(&project(&raw), "SpecMalformed", Some(0), None));
}

#[test]
fn long_service_names_are_read_truncated() {
    let name = format!("chat-{}", "x".repeat(45));
    let full = format!("{name}-engine-rev-{H1}");
    let short = truncate_service_name(&full);
    let raw = json!({
        "metadata": {"name": name},
        "spec": {"deploymentMode": "OMENative", "engine": {}},
        "status": {"components": {"engine": {
            "latestReadyRevision": short,
            "traffic": [{"revisionName": short, "percent": 100}],
            "lifecycle": {"currentRevision": format!("{name}-engine-{H1}"),
                          "updateRevision": format!("{name}-engine-{H1}")}}}}
    });
    let p = project(&raw);
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    let raw = with(
        raw,
        "/status/components/engine/latestReadyRevision",
        json!(full),
    );
    assert!(has(
        &project(&raw),
        "RevisionNameInvalid",
        None,
        Some("engine")
    ));
}

#[test]
fn analysis_evidence_inconclusive_or_malformed() {
    let plan = json!({"steps": [
        {"traffic": 20, "capacity": "25%", "pause": {}},
        {"traffic": 50, "capacity": "50%", "analysis": {"interval": "1m", "failureLimit": 2,
            "metrics": [{"name": "p99", "query": "q", "threshold": "0.5", "operator": "LT"}]}},
        {"traffic": 100, "capacity": "100%"}]});
    let at = "2026-11-30T11:59:30Z";
    let analysed = |results: Value| {
        let raw = with(
            chat(),
            "/spec/rollout",
            json!({"groups": [{"components": ["decoder", "engine"], "canary": plan.clone()}]}),
        );
        let raw = with(
            raw,
            "/status/components/engine/rolloutPhase",
            json!("Canarying"),
        );
        let raw = with(
            raw,
            "/status/components/engine/canary",
            json!({"currentStep": 1, "observedTrafficWeight": 50, "canaryRevisionHash": H2,
                   "stableRevisionHash": H1, "promotedThrough": H2, "analysisFailedChecks": 0,
                   "lastEvaluationTime": at, "stepEnteredTime": "2026-11-30T11:59:00Z",
                   "metricResults": results}),
        );
        with(
            raw,
            "/status/components/engine/traffic",
            json!([{"revisionName": format!("chat-engine-rev-{H2}"), "percent": 50},
                   {"revisionName": format!("chat-engine-rev-{H1}"), "percent": 50}]),
        )
    };
    let p = project(&analysed(
        json!([{"name": "p50", "value": "0.1", "passed": true, "time": at}]),
    ));
    assert!(
        has(&p, "AnalysisInconclusive", Some(0), None),
        "{:?}",
        issues(&p)
    );
    assert!(
        !p.issues
            .iter()
            .any(|i| i.code == IssueCode::StatusMalformed),
        "{:?}",
        issues(&p)
    );
    let p = project(&analysed(
        json!([{"name": "p99", "value": "", "passed": true, "time": at}]),
    ));
    assert!(has(&p, "StatusMalformed", Some(0), None));
    // A passing evaluation is conclusive at the same time.
    let p = project(&analysed(
        json!([{"name": "p99", "value": "0.2", "passed": true, "time": at}]),
    ));
    assert!(has(&p, "StatusMalformed", Some(0), None));
    let conclusive = with(
        analysed(json!([{"name": "p99", "value": "0.2", "passed": true, "time": at}])),
        "/status/components/engine/canary/lastConclusiveEvaluationTime",
        json!(at),
    );
    let p = project(&conclusive);
    assert_eq!(issues(&p), [("EpochUnverifiable".to_string(), None, None)]);
    let wrong = with(
        conclusive,
        "/status/components/engine/canary/metricResults/0/passed",
        json!(false),
    );
    assert!(has(&project(&wrong), "StatusMalformed", Some(0), None));
}
