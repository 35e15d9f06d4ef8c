//! Shared helpers of the evidence-strictness tests (evidence-strictness.md): the three consumers
//! of one piece of evidence — `rollout status` (its issue codes), `wait` (it does not match and
//! says why) and `scale` (its refusal, with nothing written) — and the canary and coordination
//! states of the `chat` example the rules start from.

use crate::scale_support::*;
use crate::support::plugin_async;
use ome_testenv::util::rfc3339_in;
use serde_json::{Value, json};

pub const PLACEMENT: &str =
    "action refused: placement sources and derived services cannot be mutated";
pub const INSPECTION_BOUNDS: &str = "action refused: safety inputs exceed inspection bounds";

/// The stable revision hash of the fixture's engine, and a second one for a canary.
pub const H1: &str = "7f9c4d2b";
pub const H2: &str = "1a2b3c4d";

/// `content` of `rollout status chat -o json`, read as `reader` (exit 0, nothing on stderr but
/// the `rollout explain` pointer while something holds the rollout).
pub async fn rollout(env: &Env) -> Value {
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &["rollout", "status", "chat", "-n", &env.ns, "-o", "json"],
    )
    .await;
    let explain = format!("next: kubectl ome rollout explain chat -n {}\n", env.ns);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stderr.is_empty() || run.stderr == explain, "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).expect("rollout status JSON");
    report["content"].clone()
}

/// The issues of a rollout report as `(code, group, component)`.
pub fn issues(content: &Value) -> Vec<(String, Option<u64>, Option<String>)> {
    content["issues"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|i| {
            (
                i["code"].as_str().unwrap_or_default().to_string(),
                i["group"].as_u64(),
                i["component"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// The report carries the issue `code` with exactly this group and component.
pub fn assert_issue(content: &Value, code: &str, group: Option<u64>, component: Option<&str>) {
    let wanted = (code.to_string(), group, component.map(str::to_string));
    assert!(
        issues(content).contains(&wanted),
        "expected issue {wanted:?} in {}",
        content["issues"]
    );
}

/// No issue with this code at all.
pub fn assert_no_issue(content: &Value, code: &str) {
    assert!(
        issues(content).iter().all(|(c, _, _)| c != code),
        "unexpected {code} in {}",
        content["issues"]
    );
}

/// Only the always-present `EpochUnverifiable` (and tolerated codes) remain.
pub fn assert_clean(content: &Value) {
    let codes: Vec<String> = issues(content)
        .into_iter()
        .map(|(c, _, _)| c)
        .filter(|c| c != "EpochUnverifiable")
        .collect();
    assert!(codes.is_empty(), "issues: {}", content["issues"]);
}

pub fn reported(content: &Value) -> &str {
    content["summary"]["reportedState"]
        .as_str()
        .unwrap_or_default()
}

/// The JSON report of `wait chat --for=<predicate> <extra> -o json --timeout=3s` as `reader`,
/// asserting that it did not match: the report on stdout, then `RequestedConditionUnmet`, exit 2.
pub async fn wait_unmet(env: &Env, predicate: &str, extra: &[&str]) -> Value {
    let run = run_wait(env, predicate, extra).await;
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.stderr, "error: RequestedConditionUnmet\n", "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).expect("wait JSON");
    assert_ne!(report["content"]["outcome"], "Matched", "{}", run.stdout);
    report["content"].clone()
}

/// The JSON report of a wait that matched at once (exit 0).
pub async fn wait_matched(env: &Env, predicate: &str, extra: &[&str]) -> Value {
    let run = run_wait(env, predicate, extra).await;
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).expect("wait JSON");
    assert_eq!(report["content"]["outcome"], "Matched");
    report["content"].clone()
}

pub async fn run_wait(env: &Env, predicate: &str, extra: &[&str]) -> crate::support::Run {
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let for_ = format!("--for={predicate}");
    let mut args = vec![
        "wait",
        "chat",
        "-n",
        env.ns.as_str(),
        for_.as_str(),
        // Long enough for a first read on a busy machine (a first read past the timeout is
        // its own error, exit 1); the cases of a table run at once, so it is paid once.
        "--timeout=3s",
        "-o",
        "json",
    ];
    args.extend_from_slice(extra);
    plugin_async(Some(&kubeconfig), &args).await
}

/// `wait --for=rollout=stable` does not match: malformed evidence is `Invalid` with reason
/// `InvalidRollout` and the warning `InvalidRolloutRecord`.
pub async fn assert_wait_invalid(env: &Env) {
    let content = wait_unmet(env, "rollout=stable", &[]).await;
    assert_eq!(content["reason"], "InvalidRollout", "{content}");
    assert_eq!(content["rollout"]["validity"], "Invalid", "{content}");
    assert_warning(&content["rollout"], "InvalidRolloutRecord");
}

/// `wait --for=rollout=stable` does not match: missing evidence is `Unavailable` with reason
/// `RolloutNotRecorded` and the warning `MissingRolloutEvidence`.
pub async fn assert_wait_unrecorded(env: &Env) {
    let content = wait_unmet(env, "rollout=stable", &[]).await;
    assert_eq!(content["reason"], "RolloutNotRecorded", "{content}");
    assert_eq!(content["rollout"]["validity"], "Unavailable", "{content}");
    assert_warning(&content["rollout"], "MissingRolloutEvidence");
}

/// `warnings` (codes or `{code}` objects) contains `code`.
pub fn assert_warning(holder: &Value, code: &str) {
    let found = holder["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|w| w == code || w["code"] == code);
    assert!(found, "expected warning {code} in {holder}");
}

/// A client dry run of `scale chat --component C --replicas N` is accepted (exit 0), and writes
/// nothing.
pub async fn assert_scale_accepted(env: &Env, component: &str, replicas: &str) {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client"]);
    let run = plugin_async(
        Some(&kubeconfig),
        &args(&env.ns, component, replicas, &extra),
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(env.writes().await.is_empty());
}

/// A spec edit as the controller would see it: merge patch, then restamp everything.
pub async fn edit_spec(env: &Env, spec: Value) {
    env.ctl
        .patch_isvc(&env.ns, "chat", json!({"spec": spec}))
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
}

/// A status merge patch on the service (`status` content only).
pub async fn edit_status(env: &Env, status: Value) {
    env.ctl
        .patch_isvc_status(&env.ns, "chat", json!({"status": status}))
        .await
        .unwrap();
}

/// An IR status merge patch (`status` content only).
pub async fn edit_ir_status(env: &Env, ir: &str, status: Value) {
    env.ctl
        .patch_ir_status(&env.ns, ir, json!({"status": status}))
        .await
        .unwrap();
}

/// `T(<isvc>-<c>-rev-<h>)` for the short names of the `chat` example (≤ 63 bytes).
pub fn rev(component: &str, hash: &str) -> String {
    format!("chat-{component}-rev-{hash}")
}

/// The canary plan of the examples: a manual gate at 20%, a timed gate at 50%, then 100%.
pub fn canary_plan() -> Value {
    json!({"steps": [
        {"traffic": 20, "capacity": "25%", "pause": {}},
        {"traffic": 50, "capacity": "50%", "pause": {"duration": "10m"}},
        {"traffic": 100, "capacity": "100%"}
    ]})
}

/// Declares one canary group over the prefill-decode unit (`decoder`, `engine`: the engine is
/// the primary, K1) with [`canary_plan`].
pub async fn declare_canary(env: &Env) {
    edit_spec(
        env,
        json!({"rollout": {"groups": [{"components": ["decoder", "engine"], "canary": canary_plan()}]}}),
    )
    .await;
}

/// A valid canary paused at its manual gate (step 1 of 3): weight 20, canary H2 beside stable
/// H1, traffic exactly {H2: 20, H1: 80}.
pub fn paused_canary() -> Value {
    json!({"currentStep": 0, "observedTrafficWeight": 20, "canaryRevisionHash": H2,
           "stableRevisionHash": H1, "stepEnteredTime": rfc3339_in(-60)})
}

pub fn paused_traffic() -> Value {
    json!([{"revisionName": rev("engine", H2), "percent": 20},
           {"revisionName": rev("engine", H1), "percent": 80}])
}

/// The engine (primary) reports `phase` with canary status `canary` and `traffic`.
pub async fn report_canary(env: &Env, phase: &str, canary: Value, traffic: Value) {
    // Null first so that keys of an earlier canary block do not survive the merge.
    edit_status(env, json!({"components": {"engine": {"canary": null}}})).await;
    edit_status(
        env,
        json!({"components": {"engine": {"rolloutPhase": phase, "canary": canary, "traffic": traffic}}}),
    )
    .await;
}

/// The canary of the examples, declared and paused at its manual gate (valid evidence).
pub async fn paused_canary_env(prefix: &str) -> Env {
    let env = Env::new(prefix, chat()).await;
    declare_canary(&env).await;
    report_canary(&env, "Paused", paused_canary(), paused_traffic()).await;
    env
}

/// The canary of the examples, completed: Stable at step 3 of 3, weight 100, one traffic entry.
pub fn completed_canary() -> Value {
    json!({"currentStep": 3, "observedTrafficWeight": 100, "canaryRevisionHash": H1,
           "stepEnteredTime": rfc3339_in(-60)})
}

pub fn completed_traffic() -> Value {
    json!([{"revisionName": rev("engine", H1), "percent": 100, "latestRevision": true}])
}

/// One blue-green group over the engine with coordination status `phase` (the D2 example).
pub async fn blue_green_env(prefix: &str, phase: &str) -> Env {
    let env = Env::new(prefix, chat()).await;
    edit_spec(
        &env,
        json!({"rollout": {"groups": [{"components": ["engine"], "blueGreen": {}}]}}),
    )
    .await;
    set_coordination(
        &env,
        vec![coordination_entry("0", phase, "BlueGreen", &["engine"])],
    )
    .await;
    env
}

/// One `status.rolloutCoordination.groups[]` entry.
pub fn coordination_entry(name: &str, phase: &str, policy: &str, components: &[&str]) -> Value {
    json!({"name": name, "phase": phase, "policy": policy, "components": components,
           "lastTransitionTime": rfc3339_in(-120)})
}

/// Replaces `status.rolloutCoordination.groups`.
pub async fn set_coordination(env: &Env, groups: Vec<Value>) {
    edit_status(env, json!({"rolloutCoordination": null})).await;
    edit_status(env, json!({"rolloutCoordination": {"groups": groups}})).await;
}
