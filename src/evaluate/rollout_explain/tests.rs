use super::*;
use serde_json::json;

/// The golden fixture `explainInferenceService` (rollout-explain.md §3.4).
pub(crate) fn golden() -> Value {
    json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7,
            "resourceVersion": "4242",
            "annotations": {"ome.io/rollout-promote": "secret-token-abcdef"}},
        "spec": {"deploymentMode": "OMENative", "engine": {},
            "rollout": {"groups": [{"components": ["engine"], "canary": {"steps": [
                {"capacity": "25%", "traffic": 10, "pause": {}},
                {"capacity": "100%", "traffic": 100}]}}]}},
        "status": {
            "observedGeneration": 7,
            "rollout": {"activeRun": {"runID": "redacted-by-contract", "plan": {"groups": [{
                "source": "Policy",
                "policyRef": {"kind": "RolloutPolicy", "name": "guarded", "progression": "canary"},
                "policyGeneration": 4,
                "portableDigest": "rp1:aaaaaaaaaaaa",
                "group": {"components": ["engine"], "canary": {"steps": [
                    {"capacity": "50%", "traffic": 20, "pause": {}},
                    {"capacity": "100%", "traffic": 100}]}}}]}}},
            "components": {"engine": {
                "rolloutPhase": "Canarying",
                "latestRolledoutRevision": "chat-engine-rev-aaaaaaaa",
                "latestReadyRevision": "chat-engine-rev-bbbbbbbb",
                "traffic": [
                    {"revisionName": "chat-engine-rev-aaaaaaaa", "percent": 80},
                    {"revisionName": "chat-engine-rev-bbbbbbbb", "percent": 20}]}},
            "canary": {"stableRevisionHash": "aaaaaaaa", "canaryRevisionHash": "bbbbbbbb",
                "currentStep": 0, "observedTrafficWeight": 20},
            "conditions": [
                {"type": "RolloutPlanReady", "status": "True", "reason": "Pinned",
                 "message": "secret message"},
                {"type": "RolloutPlanDrift", "status": "True", "reason": "SpecNewerThanRun"}]
        }
    })
}

#[test]
fn the_golden_fixture_has_no_explain_issue() {
    let (content, cut) = explain(&golden());
    assert!(!cut);
    assert_eq!(content.issues, []);
    assert_eq!(content.holds, []);
    assert_eq!(content.declared_groups, content.live_groups);
    assert_eq!(content.effective_groups.len(), 1);
}

fn with_conditions(run: bool, conditions: Value) -> Value {
    let mut isvc = json!({"metadata": {"name": "chat"}, "spec": {"engine": {}},
                          "status": {"conditions": conditions}});
    if run {
        isvc["status"]["rollout"] = json!({"activeRun": {}});
    }
    isvc
}

fn states(isvc: &Value) -> (String, String) {
    let summary = explain(isvc).0.summary;
    let show = |c: &model::PlanCondition| {
        format!(
            "{}/{}",
            c.state,
            c.reason.map_or("-", model::PlanReason::as_str)
        )
    };
    (show(&summary.plan_ready), show(&summary.plan_drift))
}

#[test]
fn plan_conditions_need_one_record_of_the_status_their_reason_needs() {
    let ready = |s: &str, r: &str| json!({"type": "RolloutPlanReady", "status": s, "reason": r});
    let drift = |s: &str, r: &str| json!({"type": "RolloutPlanDrift", "status": s, "reason": r});
    let cases = [
        (false, json!([]), ("Unobserved/-", "Unobserved/-")),
        (
            false,
            json!([ready("True", "NoActiveRun"), drift("False", "InSync")]),
            ("True/NoActiveRun", "False/InSync"),
        ),
        (
            false,
            json!([ready("False", "ProviderUnbound")]),
            ("False/ProviderUnbound", "Unobserved/-"),
        ),
        (
            true,
            json!([ready("True", "Pinned"), drift("True", "PolicyNewerThanRun")]),
            ("True/Pinned", "True/PolicyNewerThanRun"),
        ),
        // The status a reason needs.
        (
            false,
            json!([ready("True", "PolicyNotFound")]),
            ("Invalid/Unknown", "Unobserved/-"),
        ),
        (
            false,
            json!([ready("Unknown", "NoActiveRun")]),
            ("Invalid/Unknown", "Unobserved/-"),
        ),
        (
            false,
            json!([ready("True", "Whatever")]),
            ("Invalid/Unknown", "Unobserved/-"),
        ),
        // The mode: a run needs True/Pinned; none needs no Pinned and an InSync drift.
        (
            true,
            json!([ready("True", "NoActiveRun")]),
            ("Invalid/Unknown", "Unobserved/-"),
        ),
        (
            false,
            json!([drift("True", "SpecNewerThanRun")]),
            ("Unobserved/-", "Invalid/Unknown"),
        ),
        (
            false,
            json!([ready("True", "NoActiveRun"), ready("True", "NoActiveRun")]),
            ("Invalid/Unknown", "Unobserved/-"),
        ),
    ];
    for (run, conditions, (r, d)) in cases {
        let isvc = with_conditions(run, conditions.clone());
        assert_eq!(
            states(&isvc),
            (r.to_string(), d.to_string()),
            "{conditions}"
        );
        let malformed = explain(&isvc)
            .0
            .issues
            .iter()
            .any(|i| i.code == model::IssueCode::PlanConditionMalformed);
        assert_eq!(
            malformed,
            r.starts_with("Invalid") || d.starts_with("Invalid")
        );
    }
}

#[test]
fn a_run_without_groups_pins_an_empty_plan() {
    let mut isvc = golden();
    isvc["status"]["rollout"]["activeRun"]["plan"]["groups"] = json!([]);
    let (content, _) = explain(&isvc);
    assert_eq!(content.effective_groups, []);
    assert_eq!(content.declared_groups.len(), 1);
    assert_eq!(content.summary.effective_plan.mode, model::PlanMode::Pinned);
}

#[test]
fn holds_of_the_paused_golden() {
    let mut isvc = golden();
    isvc["metadata"]["annotations"]["ome.io/rollout-paused"] = json!("freeze");
    isvc["status"]["components"]["engine"]["rolloutPhase"] = json!("Paused");
    let kinds: Vec<&str> = holds_of(&isvc).iter().map(|h| h.kind.as_str()).collect();
    assert_eq!(kinds, ["GlobalPause", "ObservedPaused"]);
    isvc["metadata"]["annotations"]["ome.io/rollout-paused"] = json!("True");
    let kinds: Vec<&str> = holds_of(&isvc).iter().map(|h| h.kind.as_str()).collect();
    assert_eq!(kinds, ["ObservedPaused"]);
}
