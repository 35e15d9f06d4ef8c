//! Names read from the cluster are validated before they become a request path (issue 10): a
//! runtime's `ome.io/inherit-from`, `spec.runtime.revision`, `status.pinnedRevisionName` and a
//! component's `scaleTargetRef.name` that are not valid Kubernetes names (`a?watch=1`, `../x`,
//! an over-long name) make the command refuse with the spec's message, and the audit log shows
//! that no request was made for them.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use kube::api::{Api, DynamicObject, Patch, PatchParams};
use ome_testenv::crds::serving_runtime_resource;
use ome_testenv::fixtures::CHAT_RUNTIME;
use ome_testenv::{ChatFixture, Controller, TestCluster, shared};
use serde_json::{Value, json};
use support::plugin_async;

const ERR_RUNTIME: &str = "action refused: active runtime is unavailable, inconsistent or unbound";

fn unsafe_names() -> Vec<String> {
    vec![
        "a?watch=1".into(),
        "../x".into(),
        // Kubernetes limits a subdomain's total length (253), not each dot-separated part.
        "a".repeat(254),
        format!("{}.b", "a".repeat(252)),
        "Chat".into(),
    ]
}

fn scale_args(ns: &str) -> Vec<String> {
    [
        "scale",
        "chat",
        "-n",
        ns,
        "--component",
        "engine",
        "--replicas",
        "3",
        "--override-autoscaler",
        "--yes",
    ]
    .map(String::from)
    .to_vec()
}

/// The refusal of a runtime that cannot be bound: its `scale check:` lines (diagnose.md §5.1),
/// then the error line.
fn runtime_refusal(runtime: &str, pin: &str) -> String {
    format!(
        "scale check: native-runtime runtime={runtime} pin={pin} cause=Unbound\n\
         error: {ERR_RUNTIME}\n"
    )
}

/// Runs `args` as a twin of `user` (its rights and context name: other tests run as `user` at
/// the same time) and returns every request the server saw from the twin meanwhile.
async fn requests_during(
    cluster: &TestCluster,
    user: &str,
    args: &[String],
    expected_stderr: &str,
) -> Vec<String> {
    let twin = cluster.twin(user).await.unwrap();
    let (kubeconfig, user) = (twin.kubeconfig.clone(), twin.username());
    let audit = cluster.audit();
    audit.sync().await.unwrap();
    let mark = audit.mark().unwrap();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = plugin_async(Some(&kubeconfig), &args).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", expected_stderr),
        "{args:?}"
    );
    audit.sync().await.unwrap();
    audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == user)
        .map(|e| format!("{} {}", e.verb, e.request_uri))
        .collect()
}

async fn patch_runtime(cluster: &TestCluster, ns: &str, patch: Value) {
    let admin = cluster.admin().await.unwrap();
    let api: Api<DynamicObject> = Api::namespaced_with(admin, ns, &serving_runtime_resource());
    api.patch(CHAT_RUNTIME, &PatchParams::default(), &Patch::Merge(patch))
        .await
        .unwrap();
}

/// The runtime declares a parent whose name is not a name: `scale` refuses after reading the
/// runtime itself, and never asks for the parent.
#[tokio::test]
async fn an_unsafe_inherit_from_is_refused_unread() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("names-inherit").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new()
        .namespaced_runtime()
        .create(&admin, &ns)
        .await
        .unwrap();
    let runtimes = format!("/apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes");
    for name in unsafe_names() {
        patch_runtime(
            cluster,
            &ns,
            json!({"metadata": {"annotations": {"ome.io/inherit-from": name}}}),
        )
        .await;
        let refusal = runtime_refusal(&format!("ServingRuntime/{CHAT_RUNTIME}"), "AutoSync");
        let requests = requests_during(cluster, "scaler", &scale_args(&ns), &refusal).await;
        let runtime_reads: Vec<&String> = requests
            .iter()
            .filter(|r| r.contains("servingruntimes"))
            .collect();
        assert_eq!(
            runtime_reads,
            [&format!("get {runtimes}/{CHAT_RUNTIME}")],
            "inherit-from {name:?}: {requests:#?}"
        );
        assert!(
            requests
                .iter()
                .all(|r| r.starts_with("get ") && !r.contains("watch")),
            "{requests:#?}"
        );
    }
}

/// A pinned revision (requested or reported) that is not a name is refused before stage 2:
/// no ControllerRevision is read.
#[tokio::test]
async fn unsafe_revision_names_are_refused_unread() {
    let cluster = shared().unwrap();
    let cases = unsafe_names().into_iter().flat_map(|name| {
        [
            (
                json!({"autoSync": false, "revision": name}),
                json!(null),
                "ExplicitPin",
            ),
            (
                json!({"autoSync": false, "revision": null}),
                json!(name),
                "ManagedPin",
            ),
        ]
        .map(|case| (format!("{name:?} as {}", case.2), case))
    });
    support::each_case(cases, |what, (spec, status, pin)| async move {
        let ns = cluster.namespace("names-revision").await.unwrap();
        let admin = cluster.admin().await.unwrap();
        ChatFixture::new().create(&admin, &ns).await.unwrap();
        let controller = Controller::new(admin);
        controller
            .patch_isvc(&ns, "chat", json!({"spec": {"runtime": spec}}))
            .await
            .unwrap();
        controller
            .patch_isvc_status(
                &ns,
                "chat",
                json!({"status": {"pinnedRevisionName": status}}),
            )
            .await
            .unwrap();
        controller.observe_isvc(&ns, "chat").await.unwrap();
        // The runtime is named whole (difference ae).
        let refusal = runtime_refusal(&format!("ClusterServingRuntime/{CHAT_RUNTIME}"), pin);
        let requests = requests_during(cluster, "scaler", &scale_args(&ns), &refusal).await;
        assert!(
            requests.iter().all(|r| !r.contains("controllerrevisions")
                && !r.contains("servingruntimes")
                && !r.contains("watch")),
            "{what}: {requests:#?}"
        );
    })
    .await;
}

/// `wait --for=replicas=current` reads the IR its service names in `scaleTargetRef`: a name
/// that is not one is invalid evidence, never a path.
#[tokio::test]
async fn an_unsafe_scale_target_is_never_read() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("names-target").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    let kubeconfig = cluster.kubeconfig("reader").unwrap();
    for name in unsafe_names() {
        controller
            .patch_isvc_status(
                &ns,
                "chat",
                json!({"status": {"components": {"engine": {"scaleTargetRef": {"name": name}}}}}),
            )
            .await
            .unwrap();
        let audit = cluster.audit();
        audit.sync().await.unwrap();
        let mark = audit.mark().unwrap();
        let args = [
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component=engine",
            "--replicas=2",
            "--timeout=1s",
            "-o",
            "json",
        ];
        let run = plugin_async(Some(&kubeconfig), &args).await;
        assert_eq!(
            (run.code, run.stderr.as_str()),
            (2, "error: RequestedConditionUnmet\n")
        );
        let report: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(
            report["content"]["reason"], "InvalidReplicaScaleEvidence",
            "{report:#}"
        );
        assert_eq!(
            report["content"]["scale"]["validity"], "Invalid",
            "{report:#}"
        );
        audit.sync().await.unwrap();
        let requests: Vec<String> = audit
            .events_since(mark)
            .unwrap()
            .into_iter()
            .filter(|e| {
                e.user.username == "reader" && e.request_uri.contains(&format!("/namespaces/{ns}/"))
            })
            .map(|e| e.request_uri)
            .collect();
        assert!(
            requests.iter().all(|r| !r.contains("inferencereplicas")),
            "{name:?}: {requests:#?}"
        );
    }
}
