//! `kubectl ome wait` against the real API server: every predicate matching and timing out,
//! binding to the first UID seen, and Ctrl-C.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{support, wait_support};
use ome_testenv::{Component, Controller, shared};
use serde_json::{Value, json};

use support::spawn;
use support::terminal::plugin_on_terminal;
use wait_support::{
    assert_matched, assert_read_by, assert_unmet, await_request, await_requests, count_requests,
    engine_reports_three, field, lists_irs, plugin, reads_ir, reads_service, set_migration_phase,
    set_ready, setup,
};

#[tokio::test]
async fn replicas_current_matches_once_the_controller_reports_the_count() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-current").await;
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component=engine",
            "--replicas=3",
            "--timeout=30s",
        ],
    );
    await_request(cluster, &ns, "reader", reads_ir).await;
    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Requested"), "Replicas=Current");
    assert_eq!(field(&run.stdout, "Spec replicas"), "3");
    assert_eq!(field(&run.stdout, "Current replicas"), "3");
    // The new Instance is not ready yet: a match does not wait for readiness.
    assert_eq!(field(&run.stdout, "Ready replicas"), "2");
    assert_eq!(field(&run.stdout, "Status encoding"), "DenseV1");
    assert_eq!(field(&run.stdout, "Reason"), "ReplicaScaleMatched");
    // The status write reached the wait as a watch event of the InferenceReplica; the one
    // further GET re-read the service after it, as a poll does after its IR read.
    assert_read_by(&run, "Watch", "2 / 2 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    assert_eq!(
        field(&run.stdout, "Interpretation"),
        "Exact desired and current count at IR snapshot"
    );
    // A wait only reads.
    cluster.audit().sync().await.unwrap();
    assert!(cluster.audit().writes_by(&ns, "reader").unwrap().is_empty());
}

#[tokio::test]
async fn replicas_current_already_true_matches_at_the_first_read() {
    let (_cluster, ns, _controller, kubeconfig) = setup("wait-current-now").await;
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component=engine",
            "--replicas=2",
            "-o",
            "json",
        ],
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["kind"], "WaitReport");
    assert_eq!(report["sources"], json!([]));
    assert_eq!(report["warnings"], json!([]));
    let content = &report["content"];
    assert_eq!(content["outcome"], "Matched");
    assert_eq!(content["sourceMethod"], "InitialGET");
    assert_eq!(
        content["counts"],
        json!({"gets": 1, "watches": 0, "polls": 0, "events": 0, "observations": 1})
    );
    assert_eq!(
        content["scale"],
        json!({"component": "engine", "requested": 2, "specReplicas": 2, "currentReplicas": 2,
               "readyReplicas": 2, "encoding": "DenseV1", "validity": "Valid", "freshness": "Current"})
    );
    let keys: Vec<&str> = content
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "requested",
            "outcome",
            "reason",
            "observed",
            "scale",
            "evidence",
            "elapsedMilliseconds",
            "counts",
            "sourceMethod",
            "pollingFallback"
        ]
    );
}

#[tokio::test]
async fn replicas_current_times_out_with_the_last_observation() {
    let (_cluster, ns, _controller, kubeconfig) = setup("wait-current-timeout").await;
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component=engine",
            "--replicas=3",
            "--timeout=6s",
        ],
    )
    .await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Spec replicas"), "2");
    assert_eq!(field(&run.stdout, "Current replicas"), "2");
    assert_eq!(field(&run.stdout, "Validity"), "Valid");
    assert_eq!(field(&run.stdout, "Reason"), "ReplicaScaleNotMatched");
    assert_eq!(
        field(&run.stdout, "Interpretation"),
        "Last observation; currentness unverified"
    );
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    assert_eq!(field(&run.stdout, "GET / WATCH / polls"), "1 / 2 / 0");
    assert_eq!(field(&run.stdout, "Events / observations"), "0 / 1");
}

#[tokio::test]
async fn a_replica_deleted_and_recreated_during_the_wait_never_matches() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-current-replaced").await;
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component=engine",
            "--replicas=3",
            // Room for the five writes below to reach the watch on a loaded machine.
            "--timeout=20s",
        ],
    );
    await_request(cluster, &ns, "reader", reads_ir).await;
    controller
        .delete_and_recreate_ir(&ns, "chat-engine")
        .await
        .unwrap();
    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    let recreated = controller
        .observe_replica(&ns, "chat-engine")
        .await
        .unwrap();
    // The new object would satisfy the count; it is simply not the one the wait is bound to.
    assert_eq!(recreated["spec"]["replicas"], 3);
    assert_eq!(recreated["status"]["replicas"], 3);
    let run = wait.finish().await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Validity"), "Invalid");
    assert_eq!(field(&run.stdout, "Reason"), "InvalidReplicaScaleEvidence");
    assert_eq!(field(&run.stdout, "Spec replicas"), "<unavailable>");
    // Every change reached the wait through the watch of the InferenceReplica (its deletion,
    // the new object, its scale and status); none was even a candidate for a match, so no
    // confirming read was made.
    assert_read_by(&run, "Watch", "1 / 2 / 0");
    let events: u64 = field(&run.stdout, "Events / observations")
        .split(" / ")
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(events >= 4, "{}", run.stdout);
}

#[tokio::test]
async fn replicas_ready_counts_exactly_the_ready_instances() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-ready").await;
    let args = |n: &'static str, timeout: &'static str| {
        vec![
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=ready",
            "--component=engine",
            n,
            timeout,
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let run_args = |v: Vec<String>| {
        let kubeconfig = kubeconfig.clone();
        async move {
            let refs: Vec<&str> = v.iter().map(String::as_str).collect();
            plugin(&kubeconfig, &refs).await
        }
    };
    let run = run_args(args("--replicas=2", "--timeout=30s")).await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Observed ready"), "2");
    assert_eq!(
        field(&run.stdout, "Interpretation"),
        "Exact at observed IR snapshot"
    );

    let run = run_args(args("--replicas=1", "--timeout=3s")).await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Observed ready"), "2");
    assert_eq!(field(&run.stdout, "Reason"), "ReplicaReadyNotMatched");

    // Both Instances start an update: zero are ready, and a wait for zero matches that zero.
    let listed_before = count_requests(cluster, &ns, "reader", lists_irs).await;
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=ready",
            "--component=engine",
            "--replicas=0",
            "--timeout=30s",
        ],
    );
    // This run's own LIST (the runs above listed too).
    await_requests(cluster, &ns, "reader", lists_irs, listed_before + 1).await;
    for index in 0..2 {
        controller
            .set_instance_phase(&ns, "chat-engine", index, "Updating", Some("Update"))
            .await
            .unwrap();
    }
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Observed ready"), "0");
    assert_eq!(field(&run.stdout, "Reason"), "ReplicaReadyMatched");
    // The service and its InferenceReplicas (by the LIST's label selector) are watched; the
    // two phase changes arrive as events and no poll is made.
    assert_read_by(&run, "Watch", "1 / 2 / 0");
}

#[tokio::test]
async fn condition_ready_matches_from_a_watch_event() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-cond").await;
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=condition=Ready=False",
            "--timeout=30s",
        ],
    );
    await_request(cluster, &ns, "reader", reads_service).await;
    set_ready(&controller, &ns, "False").await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Requested"), "Ready=False");
    assert_eq!(field(&run.stdout, "Observed Ready"), "False");
    assert_eq!(field(&run.stdout, "Reason"), "ConditionMatched");
    assert_read_by(&run, "Watch", "1 / 1 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
}

#[tokio::test]
async fn condition_ready_times_out_when_it_never_holds() {
    let (_cluster, ns, _controller, kubeconfig) = setup("wait-cond-timeout").await;
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=condition=Ready=Unknown",
            "--timeout=3s",
        ],
    )
    .await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Observed Ready"), "True");
    assert_eq!(field(&run.stdout, "Reason"), "ConditionNotMatched");
}

#[tokio::test]
async fn rollout_stable_matches_when_the_rollout_settles() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-rollout").await;
    controller
        .set_rollout_phase(&ns, "chat", Component::Engine, Some("Canarying"))
        .await
        .unwrap();
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=rollout=stable",
            "--timeout=30s",
        ],
    );
    await_request(cluster, &ns, "reader", reads_service).await;
    controller
        .set_rollout_phase(&ns, "chat", Component::Engine, Some("Stable"))
        .await
        .unwrap();
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Reported rollout"), "Succeeded");
    assert_eq!(field(&run.stdout, "Reason"), "RolloutMatched");
}

#[tokio::test]
async fn rollout_stable_after_a_failure_runs_to_the_timeout() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-rollout-timeout").await;
    // A blue-green group over the engine that the controller reports Failed (an ungrouped
    // engine's phase comes from its lifecycle, so a Failed rolloutPhase there would only be a
    // contradiction).
    controller
        .patch_isvc(
            &ns,
            "chat",
            json!({"spec": {"rollout": {"groups": [{"components": ["engine"], "blueGreen": {}}]}}}),
        )
        .await
        .unwrap();
    controller.observe_isvc(&ns, "chat").await.unwrap();
    controller
        .set_group_phase(&ns, "chat", "0", &[Component::Engine], "Failed")
        .await
        .unwrap();
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=rollout=stable",
            "--timeout=3s",
        ],
    )
    .await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Reported rollout"), "Failed");
    assert_eq!(field(&run.stdout, "Reason"), "RolloutNotMatched");
}

#[tokio::test]
async fn migration_terminal_matches_when_the_record_completes() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-migration").await;
    let id = controller
        .add_migration(&ns, "chat-engine", "Draining")
        .await
        .unwrap();
    let for_id = format!("--request-id={id}");
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=migration=terminal",
            &for_id,
            "--timeout=30s",
        ],
    );
    await_request(cluster, &ns, "reader", lists_irs).await;
    set_migration_phase(&controller, &ns, &id, "Completed").await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Request ID"), id);
    assert_eq!(field(&run.stdout, "Migration phase"), "Completed");
    assert_eq!(field(&run.stdout, "Migration outcome"), "Completed");
    assert_eq!(field(&run.stdout, "Component"), "engine");
    assert_eq!(
        field(&run.stdout, "Attribution"),
        "Exact request ID in live IR status"
    );
    assert_read_by(&run, "Watch", "1 / 2 / 0");
}

#[tokio::test]
async fn migration_terminal_times_out_while_in_progress() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-migration-timeout").await;
    let id = controller
        .add_migration(&ns, "chat-engine", "Accepted")
        .await
        .unwrap();
    let for_id = format!("--request-id={id}");
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=migration=terminal",
            &for_id,
            "--timeout=3s",
        ],
    )
    .await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Migration phase"), "Accepted");
    assert_eq!(field(&run.stdout, "Reason"), "MigrationInProgress");
}

#[tokio::test]
async fn a_missing_service_is_reported_as_not_found() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("wait-missing").await.unwrap();
    let kubeconfig = cluster.kubeconfig("reader").unwrap();
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "absent",
            "-n",
            &ns,
            "--for=condition=Ready",
            "--timeout=30s",
        ],
    )
    .await;
    // Never seen is an error, as in `kubectl wait` (difference x; tests/it/check_lines.rs).
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(field(&run.stdout, "Outcome"), "NotFound");
    assert_eq!(field(&run.stdout, "Reason"), "ConditionNotRecorded");
}

#[tokio::test]
async fn ctrl_c_ends_the_wait_promptly_without_a_report() {
    let (cluster, ns, _controller, kubeconfig) = setup("wait-sigint").await;
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component=engine",
            "--replicas=5",
            "--timeout=10m",
        ],
    );
    await_request(cluster, &ns, "reader", reads_ir).await;
    let status = std::process::Command::new("kill")
        .args(["-INT", &wait.pid().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // `finish` is bounded far below the 10 minute timeout.
    let run = wait.finish().await;
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "error: Canceled\n");
}

/// `wait chat --for=replicas=ready --component=engine --replicas=2` with `timeout`.
async fn engine_ready_two(kubeconfig: &std::path::Path, ns: &str, timeout: &str) -> support::Run {
    let args = [
        "wait",
        "chat",
        "-n",
        ns,
        "--for=replicas=ready",
        "--component=engine",
        "--replicas=2",
        timeout,
    ];
    plugin(kubeconfig, &args).await
}

#[tokio::test]
async fn replicas_ready_is_invalid_while_any_indices_are_sparse() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-ready-sparse").await;
    // The decoder's only Instance moves to index 1 (as after a surge migration): sparse.
    let decoder = controller.ir(&ns, "chat-decoder").await.unwrap();
    let mut rows = decoder["status"]["instanceStatuses"]
        .as_array()
        .cloned()
        .unwrap();
    rows[0]["index"] = json!(1);
    controller
        .patch_ir_status(
            &ns,
            "chat-decoder",
            json!({"status": {"instanceStatuses": rows}}),
        )
        .await
        .unwrap();
    let run = engine_ready_two(&kubeconfig, &ns, "--timeout=3s").await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Observed ready"), "<unavailable>");
    assert_eq!(field(&run.stdout, "Count validity"), "Invalid");
    assert_eq!(field(&run.stdout, "Reason"), "InvalidReplicaReadyEvidence");
    // Sparse indices are a report issue, not one component's evidence: no IR is named.
    assert!(!run.stdout.contains("Blocked by"), "{}", run.stdout);
}

#[tokio::test]
async fn replicas_ready_names_the_other_component_whose_stale_evidence_blocks_it() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-ready-blocked").await;
    // The engine is ready at 2; the decoder's controller has not observed its latest spec.
    let decoder = controller.ir(&ns, "chat-decoder").await.unwrap();
    let generation = decoder["metadata"]["generation"].as_i64().unwrap();
    controller
        .set_ir_observed_generation(&ns, "chat-decoder", generation - 1)
        .await
        .unwrap();
    let run = engine_ready_two(&kubeconfig, &ns, "--timeout=3s").await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Reason"), "InvalidReplicaReadyEvidence");
    assert_eq!(field(&run.stdout, "Blocked by"), "chat-decoder (decoder)");
    assert_eq!(
        field(&run.stdout, "Blocked because"),
        format!(
            "observedGeneration {}, generation {generation}",
            generation - 1
        )
    );
    // Once the decoder is observed again, the same wait matches.
    controller
        .set_ir_observed_generation(&ns, "chat-decoder", generation)
        .await
        .unwrap();
    let run = engine_ready_two(&kubeconfig, &ns, "--timeout=10s").await;
    assert_matched(&run);
    assert!(!run.stdout.contains("Blocked by"), "{}", run.stdout);
}

#[tokio::test]
async fn an_unmet_wait_prints_the_structured_report_before_the_error() {
    let (_cluster, ns, _controller, kubeconfig) = setup("wait-yaml").await;
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=condition=Ready=False",
            "--timeout=2s",
            "-o",
            "yaml",
        ],
    )
    .await;
    assert_unmet(&run);
    assert!(
        run.stdout
            .starts_with("apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \""),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\n  outcome: TimedOut\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\n  reason: ConditionNotMatched\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\nkind: WaitReport\n"));
    assert!(
        run.stdout.ends_with("sources: []\nwarnings: []\n"),
        "{}",
        run.stdout
    );
}

#[tokio::test]
async fn replicas_current_binds_to_the_exact_replica_it_was_given() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-current-bound").await;
    let engine = controller.ir(&ns, "chat-engine").await.unwrap();
    let uid = engine["metadata"]["uid"].as_str().unwrap().to_string();
    let base = [
        "wait",
        "chat",
        "-n",
        ns.as_str(),
        "--for=replicas=current",
        "--component=engine",
        "--replicas=2",
        "--ir-name=chat-engine",
    ];
    let right = format!("--ir-uid={uid}");
    let run = plugin(
        &kubeconfig,
        &[&base[..], &[right.as_str(), "--timeout=5s"]].concat(),
    )
    .await;
    assert_matched(&run);
    // Another UID (e.g. the object a scale targeted was since replaced) never matches.
    let run = plugin(
        &kubeconfig,
        &[&base[..], &["--ir-uid=0000-other", "--timeout=2s"]].concat(),
    )
    .await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Validity"), "Invalid");
    assert_eq!(field(&run.stdout, "Reason"), "InvalidReplicaScaleEvidence");
}

#[tokio::test]
async fn a_service_deleted_during_the_wait_ends_it_as_deleted() {
    let (cluster, ns, _controller, kubeconfig) = setup("wait-deleted").await;
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=condition=Ready=False",
            "--timeout=30s",
        ],
    );
    await_request(cluster, &ns, "reader", reads_service).await;
    let admin = cluster.admin().await.unwrap();
    ome_testenv::objects::delete(
        &admin,
        &ome_testenv::crds::isvc_resource(),
        Some(&ns),
        "chat",
    )
    .await
    .unwrap();
    let run = wait.finish().await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "Deleted");
    assert_eq!(field(&run.stdout, "Observed Ready"), "NotRecorded");
    assert_eq!(field(&run.stdout, "Reason"), "ConditionNotRecorded");
}

#[tokio::test]
async fn a_read_the_user_may_not_make_is_an_error_without_a_report() {
    let (_cluster, ns, _controller, _) = setup("wait-forbidden").await;
    let nobody = shared().unwrap().kubeconfig("nobody").unwrap();
    let run = plugin(
        &nobody,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=condition=Ready",
            "--timeout=5s",
        ],
    )
    .await;
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "wait check: read object=InferenceService/{ns}/chat cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}\nerror: AcquisitionFailed\n"
        )
    );
}

#[tokio::test]
async fn a_terminal_shows_progress_while_waiting_and_erases_it() {
    let (_cluster, ns, _controller, kubeconfig) = setup("wait-tty").await;
    let args = [
        "wait",
        "chat",
        "-n",
        &ns,
        "--for=replicas=current",
        "--component=engine",
        "--replicas=3",
        "--timeout=2s",
    ];
    let shown = plugin_on_terminal(&kubeconfig, &args).await;
    let progress = format!("Waiting for Replicas=Current on {ns}/chat ...");
    assert!(shown.contains(&progress), "{shown:?}");
    assert!(shown.contains("\r\u{1b}[2K"), "{shown:?}");
    // The progress line is erased before the report starts.
    let report_at = shown.find("FIELD").unwrap();
    assert!(
        shown.get(..report_at).unwrap().ends_with("\r\u{1b}[2K"),
        "{shown:?}"
    );
    // With -o json nothing but the report and the error reach the terminal.
    let json = plugin_on_terminal(&kubeconfig, &[&args[..], &["-o", "json"]].concat()).await;
    assert!(!json.contains("Waiting for"), "{json:?}");
    assert!(json.starts_with('{'), "{json:?}");
}

const SYNC_ID: &str = "3f1c2b7a-9d4e-4a5b-8c6d-7e8f90a1b2c3";

/// The service pins its runtime (managed pin, reported by the controller) and has a runtime sync
/// requested for `SYNC_ID`.
async fn pending_runtime_sync(controller: &Controller, ns: &str) -> String {
    controller
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"runtime": {"autoSync": false}}}),
        )
        .await
        .unwrap();
    controller
        .patch_isvc_status(
            ns,
            "chat",
            json!({"status": {"pinnedRevisionName": "cr-srt-llama-3-2-1b-instruct-pd-7f9c4d2b"}}),
        )
        .await
        .unwrap();
    let token = format!("cli-runtime-sync-{SYNC_ID}");
    controller
        .set_runtime_sync(ns, "chat", Some(&token), Some("cli-runtime-sync-earlier"))
        .await
        .unwrap();
    token
}

#[tokio::test]
async fn runtime_sync_matches_once_the_controller_acknowledges_the_token() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-sync").await;
    let token = pending_runtime_sync(&controller, &ns).await;
    let id = format!("--request-id={SYNC_ID}");
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=runtime-sync=acknowledged",
            &id,
            "--timeout=30s",
        ],
    );
    await_request(cluster, &ns, "reader", reads_service).await;
    controller
        .set_runtime_sync(&ns, "chat", Some(&token), Some(&token))
        .await
        .unwrap();
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Requested"), "RuntimeSync=Acknowledged");
    assert_eq!(field(&run.stdout, "Token state"), "Acknowledged");
    assert_eq!(field(&run.stdout, "Managed pin"), "Managed");
    assert_eq!(field(&run.stdout, "Reason"), "RuntimeSyncObserved");
    assert_eq!(field(&run.stdout, "Source method"), "Watch");
}

#[tokio::test]
async fn runtime_sync_times_out_while_pending() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-sync-timeout").await;
    pending_runtime_sync(&controller, &ns).await;
    let id = format!("--request-id={SYNC_ID}");
    let run = plugin(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=runtime-sync=acknowledged",
            &id,
            "--timeout=2s",
        ],
    )
    .await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Token state"), "Pending");
    assert_eq!(field(&run.stdout, "Reason"), "RuntimeSyncNotAcknowledged");
}

/// A held update revision on the engine IR with a release requested; returns the wait's
/// arguments for it.
async fn held_engine_revision(controller: &Controller, ns: &str) -> (String, Vec<String>) {
    let engine = controller.ir(ns, "chat-engine").await.unwrap();
    let revision = engine["status"]["updateRevision"]
        .as_str()
        .unwrap()
        .to_string();
    let uid = engine["metadata"]["uid"].as_str().unwrap().to_string();
    controller
        .add_retry_block(ns, "chat-engine", &revision, "Held")
        .await
        .unwrap();
    controller
        .annotate_ir(
            ns,
            "chat-engine",
            "ome.io/release-held-revision",
            Some(&revision),
        )
        .await
        .unwrap();
    let args = [
        "wait".to_string(),
        "chat".into(),
        "-n".into(),
        ns.to_string(),
        "--for=held-revision=unheld".into(),
        "--component=engine".into(),
        format!("--revision={revision}"),
        "--ir-name=chat-engine".into(),
        format!("--ir-uid={uid}"),
    ];
    (revision, args.to_vec())
}

#[tokio::test]
async fn held_revision_matches_once_the_release_is_consumed() {
    let (cluster, ns, controller, kubeconfig) = setup("wait-held").await;
    let (revision, mut args) = held_engine_revision(&controller, &ns).await;
    args.push("--timeout=30s".into());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let wait = spawn(&kubeconfig, &refs);
    await_request(cluster, &ns, "reader", reads_ir).await;
    controller
        .patch_ir_status(
            &ns,
            "chat-engine",
            json!({"status": {"retryBlocks": [{"targetRevision": revision, "state": "RetryInProgress", "attemptsStarted": 1}]}}),
        )
        .await
        .unwrap();
    controller
        .annotate_ir(&ns, "chat-engine", "ome.io/release-held-revision", None)
        .await
        .unwrap();
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Requested"), "HeldRevision=Unheld");
    assert_eq!(field(&run.stdout, "Target state"), "RetryInProgress");
    assert_eq!(field(&run.stdout, "Mailbox"), "Absent");
    assert_eq!(field(&run.stdout, "Reason"), "Unheld");
    // The release reached the wait as an InferenceReplica event; one re-read of the service
    // confirmed it.
    assert_read_by(&run, "Watch", "2 / 2 / 0");
}

#[tokio::test]
async fn held_revision_times_out_while_held() {
    let (_cluster, ns, controller, kubeconfig) = setup("wait-held-timeout").await;
    let (_, mut args) = held_engine_revision(&controller, &ns).await;
    args.push("--timeout=2s".into());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = plugin(&kubeconfig, &refs).await;
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "TimedOut");
    assert_eq!(field(&run.stdout, "Target state"), "Held");
    assert_eq!(field(&run.stdout, "Mailbox"), "Pending");
    // A release requested for the held revision is pending (evidence-strictness.md §3.3).
    assert_eq!(field(&run.stdout, "Reason"), "MailboxPending");
}
