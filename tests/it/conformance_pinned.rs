//! Pinned rollout runs (conformance.md §1) against the real API server: a run whose
//! `portableDigest`, times and targets check out is trusted, so `wait --for=rollout=*` matches
//! the outcome the controller reports over the pinned groups (and `rollout status` agrees);
//! any failed check keeps the wait from matching.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::{evidence_support, scale_support};
use evidence_support::*;
use ome_testenv::util::rfc3339_in;
use scale_support::*;
use serde_json::{Value, json};

/// The V2 plan of conformance.md §1.4 (digest `rp1:3b53f9962fd8`).
fn v2_group() -> Value {
    json!({"components": ["decoder", "engine"], "canary": {"steps": [
        {"capacity": "50%", "traffic": 50}, {"capacity": "100%", "traffic": 100}]}})
}

/// A run over `groups` (`(digest, group)`) with `targets` (`(component, revision)`).
fn run(groups: &[(&str, Value)], targets: &[(&str, &str)]) -> Value {
    let groups: Vec<Value> = groups
        .iter()
        .map(
            |(digest, group)| json!({"source": "Inline", "portableDigest": digest, "group": group}),
        )
        .collect();
    let targets: Vec<Value> = targets
        .iter()
        .map(|(c, r)| json!({"component": c, "revision": r, "stableRevision": H1}))
        .collect();
    json!({"runID": "chat-0123456789ab", "openedAt": rfc3339_in(-300), "pinnedAt": rfc3339_in(-240),
           "plan": {"groups": groups}, "targetRevisions": targets})
}

fn canary_run() -> Value {
    run(
        &[("rp1:3b53f9962fd8", v2_group())],
        &[("engine", H1), ("decoder", H1)],
    )
}

/// The pinned V2 canary with the engine (primary) reporting `phase`, `canary` and `traffic`.
async fn pinned_canary(
    prefix: &str,
    active: Value,
    phase: &str,
    canary: Value,
    traffic: Value,
) -> Env {
    let env = Env::new(prefix, chat()).await;
    edit_status(&env, json!({"rollout": {"activeRun": active}})).await;
    report_canary(&env, phase, canary, traffic).await;
    env
}

fn completed() -> (Value, Value) {
    (
        json!({"currentStep": 2, "observedTrafficWeight": 100, "canaryRevisionHash": H1,
               "stepEnteredTime": rfc3339_in(-60)}),
        completed_traffic(),
    )
}

fn failed() -> (Value, Value) {
    (
        json!({"currentStep": 0, "observedTrafficWeight": 50, "canaryRevisionHash": H2,
               "stableRevisionHash": H1, "stepEnteredTime": rfc3339_in(-60)}),
        json!([{"revisionName": rev("engine", H2), "percent": 50},
               {"revisionName": rev("engine", H1), "percent": 50}]),
    )
}

fn rolled_back() -> (Value, Value) {
    (
        json!({"currentStep": 0, "observedTrafficWeight": 0, "canaryRevisionHash": H2,
               "stableRevisionHash": H1, "rolledBackRevisionHash": H2,
               "stepEnteredTime": rfc3339_in(-60)}),
        json!([{"revisionName": rev("engine", H1), "percent": 100}]),
    )
}

/// The wait for `predicate` matches with reason `RolloutMatched`, validity `Valid` and the
/// reported state `state`; `rollout status` reports the same state without issues.
async fn assert_matches(env: &Env, predicate: &str, state: &str) {
    let content = wait_matched(env, predicate, &[]).await;
    assert_eq!(content["reason"], "RolloutMatched", "{content}");
    assert_eq!(content["rollout"]["validity"], "Valid", "{content}");
    assert_eq!(content["rollout"]["summary"]["reportedState"], state);
    let status = rollout(env).await;
    assert_clean(&status);
    assert_eq!(reported(&status), state);
}

#[tokio::test]
async fn a_pinned_canary_run_matches_each_reported_outcome() {
    let (canary, traffic) = completed();
    let env = pinned_canary("pin-stable", canary_run(), "Stable", canary, traffic).await;
    assert_matches(&env, "rollout=stable", "Succeeded").await;
    let content = wait_unmet(&env, "rollout=failed", &[]).await;
    assert_eq!(content["reason"], "RolloutNotMatched", "{content}");
    assert_eq!(content["rollout"]["inspection"]["pinnedGroups"], 1);

    let (canary, traffic) = failed();
    let env = pinned_canary("pin-failed", canary_run(), "Failed", canary, traffic).await;
    assert_matches(&env, "rollout=failed", "Failed").await;

    let (canary, traffic) = rolled_back();
    let env = pinned_canary(
        "pin-rolledback",
        canary_run(),
        "RolledBack",
        canary,
        traffic,
    )
    .await;
    assert_matches(&env, "rollout=rolled-back", "RolledBack").await;
}

#[tokio::test]
async fn a_pinned_blue_green_run_matches_also_when_the_live_spec_drifted() {
    let blue_green = run(
        &[(
            "rp1:cca45ec1fb0f",
            json!({"components": ["engine"], "blueGreen": {}}),
        )],
        &[("engine", H1)],
    );
    for (phase, predicate, state) in [
        ("Idle", "rollout=stable", "Succeeded"),
        ("Failed", "rollout=failed", "Failed"),
    ] {
        let env = Env::new("pin-bg", chat()).await;
        // The live spec now holds a canary; the pinned plan is what the run follows.
        declare_canary(&env).await;
        edit_status(&env, json!({"rollout": {"activeRun": blue_green.clone()}})).await;
        set_coordination(
            &env,
            vec![coordination_entry("0", phase, "BlueGreen", &["engine"])],
        )
        .await;
        assert_matches(&env, predicate, state).await;
    }
}

#[tokio::test]
async fn a_run_that_does_not_check_out_never_matches() {
    let mut wrong_digest = canary_run();
    wrong_digest["plan"]["groups"][0]["portableDigest"] = json!("rp1:3b53f9962fd9");
    let mut wrong_target = canary_run();
    wrong_target["targetRevisions"][1]["revision"] = json!("BBBBBBBB");
    let mut future = canary_run();
    future["pinnedAt"] = json!(rfc3339_in(3600));
    let mut edited_plan = canary_run();
    edited_plan["plan"]["groups"][0]["group"]["canary"]["steps"][0]["traffic"] = json!(60);
    for (label, active) in [
        ("wrong digest", wrong_digest),
        ("wrong target", wrong_target),
        ("future pinnedAt", future),
        ("plan edited after pinning", edited_plan),
    ] {
        let (canary, traffic) = completed();
        let env = pinned_canary("pin-invalid", active, "Stable", canary, traffic).await;
        let content = wait_unmet(&env, "rollout=stable", &[]).await;
        assert_eq!(content["reason"], "InvalidRollout", "{label}: {content}");
        assert_eq!(content["rollout"]["validity"], "Invalid", "{label}");
        assert_warning(&content["rollout"], "InvalidPinnedRun");
        // The projection is still shown.
        assert_eq!(
            content["rollout"]["summary"]["reportedState"], "Succeeded",
            "{label}"
        );
    }
}

#[tokio::test]
async fn a_failed_unit_without_its_canary_status_is_unrecorded() {
    let (_, traffic) = failed();
    let env = pinned_canary("pin-missing", canary_run(), "Failed", Value::Null, traffic).await;
    let content = wait_unmet(&env, "rollout=failed", &[]).await;
    assert_eq!(content["reason"], "RolloutNotRecorded", "{content}");
    assert_eq!(content["rollout"]["validity"], "Unavailable");
    assert_warning(&content["rollout"], "MissingRolloutEvidence");
    assert_issue(&rollout(&env).await, "CanaryStatusMissing", Some(0), None);
}
