//! Lifecycle validation (scale.md §6a) against the real API server: rolling-update budgets and
//! `minReadySeconds` that OME refuses, stored on the selected IR (a bounds refusal) and on any
//! component of the InferenceService (stale evidence, with and without rollout groups). Each
//! refusal proves that nothing was written; the valid budgets `25%`/`1` still scale.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::{scale_support, support};
use scale_support::*;
use serde_json::{Value, json};
use support::plugin_async;

/// The malformed lifecycles of issue 17, each with a label for failure messages.
fn malformed() -> Vec<(&'static str, Value)> {
    let budgets = |rolling: Value| json!({"updateStrategy": {"rollingUpdate": rolling}});
    vec![
        (
            "both budgets zero",
            budgets(json!({"maxSurge": 0, "maxUnavailable": "0%"})),
        ),
        (
            "maxUnavailable above 100%",
            budgets(json!({"maxUnavailable": "150%"})),
        ),
        (
            "negative maxUnavailable",
            budgets(json!({"maxUnavailable": -1})),
        ),
        (
            "maxSurge not a percentage",
            budgets(json!({"maxSurge": "25"})),
        ),
        ("negative minReadySeconds", json!({"minReadySeconds": -1})),
    ]
}

/// Valid budgets: the control case.
fn valid() -> Value {
    json!({"minReadySeconds": 0,
           "updateStrategy": {"rollingUpdate": {"maxUnavailable": "25%", "maxSurge": 1}}})
}

/// Stores `lifecycle` in the IR's spec as the controller would project it: the spec change
/// bumps the generation and the IR controller observes it.
async fn set_ir_lifecycle(env: &Env, ir: &str, lifecycle: Value) {
    env.ctl
        .patch_ir_observed(&env.ns, ir, json!({"spec": {"lifecycle": lifecycle}}))
        .await
        .unwrap();
}

/// Stores `lifecycle` on `spec.<component>` of the service; the controller restamps.
async fn set_isvc_lifecycle(env: &Env, component: &str, lifecycle: Value) {
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {component: {"lifecycle": lifecycle}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
}

/// A canary group over the router, settled (`Stable`, no canary status): a valid rollout
/// configuration that leaves the engine free to scale.
async fn add_router_canary_group(env: &Env) {
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"rollout": {"groups": [{"components": ["router"],
                "canary": {"steps": [{"traffic": 100, "capacity": "100%"}]}}]}}}),
        )
        .await
        .unwrap();
    env.ctl
        .set_rollout_phase(
            &env.ns,
            "chat",
            ome_testenv::Component::Router,
            Some("Stable"),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
}

/// Scales the engine 2 → 3 for real and checks that the server stored it.
async fn assert_scales(env: &Env) {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(&row("replicas", "2 -> 3")),
        "{}",
        run.stdout
    );
    assert_eq!(env.stored("chat-engine").await.0, 3);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert_eq!(writes[0].resource(), "inferencereplicas/scale");
}

#[tokio::test]
async fn a_malformed_ir_lifecycle_is_a_bounds_refusal() {
    let cases = malformed().into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, lifecycle)| async move {
        let env = Env::new("lc-ir", chat()).await;
        set_ir_lifecycle(&env, "chat-engine", lifecycle).await;
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, BOUNDS).await;
    })
    .await;
}

#[tokio::test]
async fn a_malformed_lifecycle_on_another_component_is_stale_evidence() {
    let cases = malformed().into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, lifecycle)| async move {
        let env = Env::new("lc-decoder", chat()).await;
        set_isvc_lifecycle(&env, "decoder", lifecycle).await;
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn a_malformed_lifecycle_on_the_selected_component_is_stale_evidence() {
    let cases = malformed().into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, lifecycle)| async move {
        let env = Env::new("lc-engine", chat()).await;
        set_isvc_lifecycle(&env, "engine", lifecycle).await;
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn a_malformed_lifecycle_is_stale_evidence_with_rollout_groups() {
    let cases = malformed().into_iter().flat_map(|(label, lifecycle)| {
        ["router", "decoder"].map(|c| (format!("{label} on {c}"), (c, lifecycle.clone())))
    });
    support::each_case(cases, |_, (component, lifecycle)| async move {
        let env = Env::new("lc-groups", chat()).await;
        add_router_canary_group(&env).await;
        set_isvc_lifecycle(&env, component, lifecycle).await;
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn valid_budgets_still_scale() {
    // 25% / 1 on the IR and on every component of the service.
    let env = Env::new("lc-valid", chat()).await;
    set_ir_lifecycle(&env, "chat-engine", valid()).await;
    for component in ["engine", "decoder", "router"] {
        set_isvc_lifecycle(&env, component, valid()).await;
    }
    assert_scales(&env).await;

    // The same with a settled canary group beside the engine.
    let env = Env::new("lc-valid-groups", chat()).await;
    add_router_canary_group(&env).await;
    set_ir_lifecycle(&env, "chat-engine", valid()).await;
    set_isvc_lifecycle(&env, "decoder", valid()).await;
    assert_scales(&env).await;

    // One explicit zero beside a positive budget can start a rollout.
    let env = Env::new("lc-one-zero", chat()).await;
    let lifecycle =
        json!({"updateStrategy": {"rollingUpdate": {"maxUnavailable": "-0%", "maxSurge": "+25%"}}});
    set_ir_lifecycle(&env, "chat-engine", lifecycle.clone()).await;
    set_isvc_lifecycle(&env, "decoder", lifecycle).await;
    assert_scales(&env).await;
}
