//! Every refusal of the guide and the refusal catalogue, each built from real evidence on the
//! API server with the fixtures and controller stand-ins, each proving that nothing was written.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::{AutoscalerClass, ChatFixture, Component, Encoding};
use scale_support::*;
use serde_json::json;
use support::plugin_async;

const ENGINE: Component = Component::Engine;

/// Every ownership class needs both flags (refused after the reads without them) and is
/// accepted in a dry run with them.
#[tokio::test]
async fn every_ownership_class_needs_override_and_yes() {
    let cases = [
        (Some(AutoscalerClass::Hpa), "HPA / ome", "isvc"),
        (Some(AutoscalerClass::Keda), "KEDA / ome", "isvc"),
        (
            Some(AutoscalerClass::External),
            "External / external",
            "isvc",
        ),
        (Some(AutoscalerClass::None), "None / none", "isvc"),
        (None, "HPA / ome", "default"),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (class, ownership, source)| async move {
        let env = Env::new("scale-class", chat().autoscaler(ENGINE, class)).await;
        assert_refusal(&env, "engine", "3", &["--yes"], OWNERSHIP).await;
        assert_refusal(&env, "engine", "3", &[], OWNERSHIP).await;
        let kubeconfig = cluster().kubeconfig("scaler").unwrap();
        let run = plugin_async(
            Some(&kubeconfig),
            &args(
                &env.ns,
                "engine",
                "3",
                &["--override-autoscaler", "--yes", "--dry-run", "client"],
            ),
        )
        .await;
        assert_eq!(run.code, 0, "{run:?}");
        assert!(
            run.stdout.contains(&row("class / owner", ownership)),
            "{}",
            run.stdout
        );
        assert!(
            run.stdout.contains(&row("source", source)),
            "{}",
            run.stdout
        );
        assert!(
            run.stderr
                .contains(&format!("verified ownership      {ownership}\n"))
        );
        assert!(env.writes().await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn out_of_bounds_and_partition_above_the_request() {
    let env = Env::new("scale-bounds", chat()).await;
    assert_refusal(&env, "engine", "5", &CONFIRMED, BOUNDS).await;
    assert_refusal(&env, "engine", "1", &CONFIRMED, BOUNDS).await;
    // Without maxReplicas only the minimum is accepted.
    let env = Env::new("scale-nomax", chat().bounds(ENGINE, Some(2), None)).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, BOUNDS).await;
    // A rolling-update partition of 4 holds above a request of 3.
    let env = Env::new("scale-partition", chat()).await;
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"pacing": {"partition": 4}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, BOUNDS).await;
}

#[tokio::test]
async fn instances_being_created_or_deleted_in_both_encodings() {
    let cases = [Encoding::DenseV1, Encoding::ColumnarV2]
        .into_iter()
        .flat_map(|encoding| {
            [
                ("Creating", None),
                ("Creating", Some("Create")),
                ("Deleting", None),
                ("Deleting", Some("Delete")),
                ("Updating", Some("Update")),
            ]
            .map(|(phase, op)| {
                (
                    format!("{encoding:?} {phase} {op:?}"),
                    (encoding, phase, op),
                )
            })
        });
    support::each_case(cases, |_, (encoding, phase, op)| async move {
        let env = Env::new("scale-work", chat().encoding(encoding)).await;
        env.ctl
            .set_instance_phase(&env.ns, "chat-engine", 1, phase, op)
            .await
            .unwrap();
        assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    })
    .await;
}

#[tokio::test]
async fn an_active_migration_is_work() {
    let env = Env::new("scale-migration", chat()).await;
    env.ctl
        .add_migration(&env.ns, "chat-engine", "Draining")
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    // A legacy phase on an IR record is inconsistent evidence.
    let env = Env::new("scale-legacy", chat()).await;
    env.ctl
        .add_migration(&env.ns, "chat-engine", "InProgress")
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn rollouts_that_are_not_stable() {
    // An ungrouped engine with a lifecycle takes its phase from the lifecycle; a rolloutPhase
    // that contradicts it is inconsistent evidence (evidence-strictness.md §1.3 R-c).
    let env = Env::new("scale-rollout", chat()).await;
    env.ctl
        .set_rollout_phase(&env.ns, "chat", ENGINE, Some("Canarying"))
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;

    // A declared blue-green group holding the engine, observed by the controller.
    let env = Env::new("scale-group", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"rollout": {"groups": [
                {"components": ["engine", "decoder"], "blueGreen": {}}]}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
    let members = [ENGINE, Component::Decoder];
    env.ctl
        .set_group_phase(&env.ns, "chat", "0", &members, "Idle")
        .await
        .unwrap();
    // A coordination group rests Idle, never Stable (§1.5): a member is always work.
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    env.ctl
        .set_group_phase(&env.ns, "chat", "0", &members, "Surging")
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    // The ungrouped router is still scalable.
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client"]);
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "router", "1", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");

    // Coordination status for a group the spec does not declare is inconsistent evidence.
    let env = Env::new("scale-stray", chat()).await;
    env.ctl
        .set_group_phase(&env.ns, "chat", "0", &[ENGINE], "Surging")
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;

    let env = Env::new("scale-run", chat()).await;
    env.ctl
        .set_active_run(&env.ns, "chat", Some("chat-0123456789ab"))
        .await
        .unwrap();
    // A run without a recomputable digest never checks out (conformance.md §2.2).
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn promote_and_rollback_mailboxes() {
    for (key, value) in [
        ("ome.io/rollout-promote", "7f9c4d2b"),
        ("ome.io/rollout-rollback", "true"),
        ("ome.io/rollout-rollback", ""),
    ] {
        let env = Env::new("scale-mailbox", chat()).await;
        env.ctl
            .annotate_isvc(&env.ns, "chat", key, Some(value))
            .await
            .unwrap();
        assert_refusal(&env, "engine", "3", &CONFIRMED, PENDING).await;
    }
}

#[tokio::test]
async fn a_pending_runtime_sync() {
    for (annotation, token) in [
        (Some("cli-runtime-sync-1"), None),
        (None, Some("old")),
        (Some("b"), Some("a")),
    ] {
        let env = Env::new("scale-sync", chat()).await;
        env.ctl
            .set_runtime_sync(&env.ns, "chat", annotation, token)
            .await
            .unwrap();
        assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
    }
    // An acknowledged sync is fine.
    let env = Env::new("scale-synced", chat()).await;
    env.ctl
        .set_runtime_sync(&env.ns, "chat", Some("t1"), Some("t1"))
        .await
        .unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client"]);
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
}

#[tokio::test]
async fn stale_generations_and_a_wrong_owner() {
    let env = Env::new("scale-observed", chat()).await;
    let generation = env.ir("chat-engine").await["metadata"]["generation"]
        .as_i64()
        .unwrap();
    env.ctl
        .set_ir_observed_generation(&env.ns, "chat-engine", generation - 1)
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;

    let env = Env::new("scale-stamp", chat()).await;
    env.ctl
        .bump_isvc_generation_without_restamp(&env.ns, "chat")
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    // Once the controller catches up, the same request is accepted.
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client"]);
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");

    let env = Env::new("scale-owner", chat()).await;
    env.ctl
        .set_owner_uid(
            &env.ns,
            "chat-engine",
            "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22",
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn runtime_missing_auto_selected_or_not_native() {
    let env = Env::new("scale-noruntime", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"runtime": {"name": "no-such-runtime"}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    let env = Env::new("scale-autoselect", chat()).await;
    env.ctl
        .patch_isvc(&env.ns, "chat", json!({"spec": {"runtime": null}}))
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    let env = Env::new("scale-raw", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"deploymentMode": "RawDeployment"}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    // Only the engine opts out: the others stay native, the engine's entry is not.
    let env = Env::new("scale-rawengine", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"engine": {"annotations": {"ome.io/deploymentMode": "RawDeployment"}}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;

    // A disabled namespaced runtime.
    let env = Env::new("scale-disabled", chat().namespaced_runtime()).await;
    let admin = env.admin.clone();
    ome_testenv::objects::merge_patch(
        &admin,
        &ome_testenv::crds::serving_runtime_resource(),
        Some(&env.ns),
        ome_testenv::fixtures::CHAT_RUNTIME,
        json!({"spec": {"disabled": true}}),
    )
    .await
    .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
}

#[tokio::test]
async fn unverifiable_autoscaling_evidence() {
    // The parent's status mirror disagrees with the resolved class.
    let env = Env::new("scale-mirror", chat()).await;
    env.ctl
        .set_autoscaler_status(
            &env.ns,
            "chat",
            ENGINE,
            json!({"class": "HPA", "managedBy": "ome", "specSource": "isvc"}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;

    // An AutoscalerPolicy ref wins for the decoder (no inline block).
    let env = Env::new("scale-policy", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"decoder": {"autoscalerPolicyRef": {"name": "burst"}}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "decoder", "1", &CONFIRMED, POLICY).await;

    // The IR's autoscaler block differs from the resolved one.
    let env = Env::new("scale-irblock", chat()).await;
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"autoscaler": {"class": "None"}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, EVIDENCE).await;

    // The parent publishes another scale target than the built IR name.
    let env = Env::new("scale-target", chat()).await;
    env.ctl
        .patch_isvc_status(
            &env.ns,
            "chat",
            json!({"status": {"components": {"engine": {"scaleTargetRef": {"name": "chat-engine-v2"}}}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, EVIDENCE).await;
}

#[tokio::test]
async fn failed_reads_are_the_generic_api_error() {
    let env = Env::new("scale-reads", ChatFixture::new()).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "scale",
            "missing",
            "-n",
            &env.ns,
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
        ],
    )
    .await;
    assert_refused(&run, API);
    let nobody = cluster().kubeconfig("nobody").unwrap();
    let run = plugin_async(Some(&nobody), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_refused(&run, API);
    // The component has no IR.
    let env = Env::new("scale-noir", ChatFixture::new().without(Component::Router)).await;
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "router", "1", &CONFIRMED)).await;
    assert_refused(&run, SOURCE);
    assert!(env.writes().await.is_empty());
}
