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
