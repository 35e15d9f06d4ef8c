//! The guide's walkthrough against the real API server: client dry run, server dry run, the
//! real scale 2 → 3 and the scale back 3 → 2, each checked on stdout, stderr, exit code, the
//! stored IR and the audit log.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use scale_support::*;
use serde_json::Value;
use support::plugin_async;

#[tokio::test]
async fn guide_walkthrough_dry_runs_scale_up_and_back() {
    let env = Env::new("scale-guide", chat()).await;
    let ns = env.ns.as_str();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let isvc = env.isvc().await;
    let ir = env.ir("chat-engine").await;
    let (_, rv0) = env.stored("chat-engine").await;

    // Step 1: client dry run — every check, no request.
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client"]);
    let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "3", &extra)).await;
    let client = Expect {
        context: "scaler",
        ns,
        isvc: &isvc,
        ir: &ir,
        component: "engine",
        prior: 2,
        requested: 3,
        bounds: "2..4",
        ownership: "External / external",
        source: "isvc",
        owner_warning: EXTERNAL_WARNING,
        dry_run: "client",
        instances: "2 total; 2 ready; 2 serving; 2 available",
    };
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, client.preview());
    assert_eq!(run.stdout, client.table(false, false));
    assert!(run.stdout.contains(&row("accepted", "No")));
    assert!(run.stdout.contains(&row("applied", "No")));
    assert_eq!(env.stored("chat-engine").await, (2, rv0.clone()));
    assert!(env.writes().await.is_empty());

    // Server dry run: exactly one dry-run PATCH, nothing stored.
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "server", "-o", "json"]);
    let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "3", &extra)).await;
    let server = Expect {
        dry_run: "server",
        ..client
    };
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, server.preview());
    let result: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(result["accepted"], true);
    assert_eq!(result["applied"], false);
    assert_eq!(result["dryRun"], "server");
    assert_eq!(
        result["message"],
        "API dry-run accepted; no changes persisted."
    );
    assert_eq!(result["target"]["resourceVersion"], rv0.as_str());
    // `null` when there are none (website.md §3).
    assert_eq!(result["scale"]["issues"], serde_json::Value::Null);
    assert_eq!(env.stored("chat-engine").await, (2, rv0.clone()));
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert!(writes[0].is_dry_run());
    assert_eq!(writes[0].verb, "patch");
    assert_eq!(writes[0].resource(), "inferencereplicas/scale");
    assert_eq!(writes[0].code(), 200);

    // Step 2: the real request stores 3.
    let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "3", &CONFIRMED)).await;
    let real = Expect {
        dry_run: "none",
        ..client
    };
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, real.preview());
    assert_eq!(run.stdout, real.table(true, true));
    assert!(run.stdout.contains(&row(
        "target",
        &format!("InferenceReplica/{ns}/chat-engine")
    )));
    assert!(run.stdout.contains(&row("replicas", "2 -> 3")));
    let (replicas, rv1) = env.stored("chat-engine").await;
    assert_eq!(replicas, 3);
    assert_ne!(rv1, rv0);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 2, "{writes:#?}");
    assert_eq!(writes.iter().filter(|w| !w.is_dry_run()).count(), 1);
    let stored = cluster().audit().stored_writes_by(ns, "scaler").unwrap();
    assert_eq!(stored.len(), 1);

    // The stand-in controller observes the new count and the new Instance becomes Ready.
    env.ctl.observe_replica(ns, "chat-engine").await.unwrap();
    env.ctl
        .mark_instances_ready(ns, "chat-engine")
        .await
        .unwrap();

    // Clean up: scale back to 2.
    let isvc = env.isvc().await;
    let ir = env.ir("chat-engine").await;
    let (_, rv2) = env.stored("chat-engine").await;
    let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "2", &CONFIRMED)).await;
    let back = Expect {
        isvc: &isvc,
        ir: &ir,
        prior: 3,
        requested: 2,
        dry_run: "none",
        instances: "3 total; 3 ready; 3 serving; 3 available",
        ..client
    };
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, back.preview());
    assert_eq!(run.stdout, back.table(true, true));
    assert!(run.stdout.contains(&row("replicas", "3 -> 2")));
    let (replicas, rv3) = env.stored("chat-engine").await;
    assert_eq!(replicas, 2);
    assert_ne!(rv3, rv2);
    assert_eq!(env.writes().await.len(), 3);
}

#[tokio::test]
async fn yaml_and_wide_results() {
    let env = Env::new("scale-formats", chat()).await;
    let ns = env.ns.as_str();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client", "-o", "yaml"]);
    let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "03", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.starts_with("accepted: false\naction: scale\napiVersion: cli.ome.io/v1alpha1\napplied: false\ncollectedAt: \""), "{}", run.stdout);
    assert!(run.stdout.contains("\n  issues: null\n"), "{}", run.stdout);
    assert!(run.stdout.contains("\n  requestedReplicas: 3\n"));

    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client", "-o", "wide"]);
    let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "4", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    let ir = env.ir("chat-engine").await;
    assert!(run.stdout.contains(&format!(
        "\nIR RV               {}\n",
        ir["metadata"]["resourceVersion"].as_str().unwrap()
    )));
    assert!(
        run.stdout
            .contains("\nsource identity     ClusterServingRuntime/srt-llama-3-2-1b-instruct-pd\n")
    );
    assert!(
        run.stdout
            .ends_with("warning             TransientReplicaRequest\n")
    );
    // Only the follow-up command may be wider: it is never shortened (difference z).
    for line in run.stdout.lines().chain(run.stderr.lines()) {
        assert!(
            line.chars().count() <= 80 || line.starts_with("follow-up "),
            "{line}"
        );
    }
    assert!(env.writes().await.is_empty());
}
