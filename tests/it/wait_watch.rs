//! `kubectl ome wait` observes what it reads through exact watches (docs/wait.md): a match
//! through a watch event, a dropped watch that reconnects, `410 Gone` followed by one fresh list, a
//! watch the user may not open falling back to polling, and objects deleted and recreated
//! during the watch never matching. Against the real API server; the test proxy cuts a stream
//! or answers what the server cannot be made to answer on demand (an expired resourceVersion).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{support, wait_support};
use k8s_openapi::api::rbac::v1::{Role, RoleBinding};
use kube::api::{Api, PostParams};
use ome_testenv::crds::isvc_resource;
use ome_testenv::objects::{self, resource_version};
use ome_testenv::wait::poll_until;
use ome_testenv::{Hook, TestCluster};
use serde_json::json;
use std::time::Duration;
use support::spawn;
use wait_support::{
    assert_matched, assert_read_by, assert_unmet, await_proxy, await_request, current_three,
    engine_reports_three, field, gets, is_current, proxied, query, reads_ir, setup, spawn_with,
    watches,
};

/// The first number of the `Events / observations` row.
fn events(stdout: &str) -> u64 {
    field(stdout, "Events / observations")
        .split(" / ")
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn replicas_current_matches_through_a_watch_event_from_current_versions() {
    let (cluster, ns, controller, _) = setup("watch-current").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=30s"));
    let log = await_proxy(&proxy, |log| {
        watches(log, "inferenceservices").len() == 1 && watches(log, "inferencereplicas").len() == 1
    })
    .await;
    // Each watch names exactly one object and starts from its current state (a streaming
    // watch list), never from the version the first read saw (README difference k).
    let service = watches(&log, "inferenceservices")[0];
    let replica = watches(&log, "inferencereplicas")[0];
    assert_eq!(
        query(service, "fieldSelector").unwrap(),
        "metadata.name%3Dchat"
    );
    assert_eq!(
        query(replica, "fieldSelector").unwrap(),
        "metadata.name%3Dchat-engine"
    );
    for watch in [service, replica] {
        assert!(is_current(watch), "{watch:?}");
    }
    assert_eq!(query(replica, "allowWatchBookmarks").unwrap(), "true");

    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Spec replicas"), "3");
    assert_eq!(field(&run.stdout, "Current replicas"), "3");
    assert_read_by(&run, "Watch", "2 / 2 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    // The scale and the status write, at least (the service's lifecycle mirror may follow).
    assert!(events(&run.stdout) >= 2, "{}", run.stdout);
    // The server saw the first read (service, replica, service), the two watches, and one
    // re-read of the service after the matching event; no poll.
    let log = proxy.requests();
    assert_eq!(gets(&log, "inferenceservices").len(), 3, "{log:#?}");
    assert_eq!(gets(&log, "inferencereplicas").len(), 1, "{log:#?}");
    assert_eq!(log.len(), 6, "{log:#?}");
}

#[tokio::test]
async fn a_dropped_watch_reconnects_from_its_last_resource_version() {
    let (cluster, ns, controller, _) = setup("watch-drop").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let replicas = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas");
    proxy.add_hook(Hook::new("GET", &replicas).cut_stream_after(Duration::from_secs(3)));
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=30s"));
    await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 1).await;
    // A change while the first watch is open moves its resourceVersion on.
    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    let scaled = controller.ir(&ns, "chat-engine").await.unwrap();
    let log = await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 2).await;
    let (first, second) = (
        watches(&log, "inferencereplicas")[0],
        watches(&log, "inferencereplicas")[1],
    );
    assert!(first.cut, "{first:?}");
    assert!(is_current(first), "{first:?}");
    // The reconnect continues from the last version the stream delivered: the scale's event,
    // or the bookmark that ended the initial events when the scale fell before them (that
    // bookmark carries the server's current version, which may be later than the scale's).
    let continued: u64 = query(second, "resourceVersion").unwrap().parse().unwrap();
    let scaled: u64 = resource_version(&scaled).parse().unwrap();
    assert!(continued >= scaled, "{second:?}");
    assert_eq!(query(second, "sendInitialEvents"), None);
    // Reopened after the first backoff (1 s), not at once.
    assert!(second.start.duration_since(first.start) >= Duration::from_secs(4));

    controller
        .observe_replica(&ns, "chat-engine")
        .await
        .unwrap();
    let run = wait.finish().await;
    assert_matched(&run);
    assert_read_by(&run, "Watch", "2 / 3 / 0");
    assert_eq!(field(&run.stdout, "Skipped reads"), "1");
}

/// The Status the API server sends for a resourceVersion that is too old.
fn expired() -> serde_json::Value {
    json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
           "message": "too old resource version: 1 (2)", "reason": "Expired", "code": 410})
}

#[tokio::test]
async fn gone_is_followed_by_one_fresh_list_and_no_re_read() {
    let (cluster, ns, controller, _) = setup("watch-gone").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let replicas = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas");
    // The watch cache's form (an ERROR event in an open stream), then the form of a watch
    // opened from a compacted version (HTTP 410). The server cannot be made to expire a
    // version on demand, so the proxy answers with exactly what it sends.
    let event = format!("{}\n", json!({"type": "ERROR", "object": expired()}));
    proxy.add_hook(Hook::new("GET", &replicas).respond(200, &event));
    proxy.add_hook(Hook::new("GET", &replicas).respond(410, &expired().to_string()));
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=30s"));
    let log = await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 3).await;
    // Each expired watch is followed at once by one fresh list: a streaming watch list of the
    // replica's current state, never a retry from the expired version, and no re-read.
    let replica_watches = watches(&log, "inferencereplicas");
    assert!(replica_watches.iter().all(|w| is_current(w)), "{log:#?}");
    assert_eq!(gets(&log, "inferencereplicas").len(), 1, "{log:#?}");

    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Source method"), "Watch");
    // The first read and the confirming re-read; the service's watch and three openings of
    // the replica's.
    assert_eq!(field(&run.stdout, "GET / WATCH / polls"), "2 / 4 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    assert!(!run.stdout.contains("Skipped reads"), "{}", run.stdout);
    let log = proxy.requests();
    assert_eq!(gets(&log, "inferencereplicas").len(), 1, "{log:#?}");
    assert_eq!(gets(&log, "inferenceservices").len(), 3, "{log:#?}");
}

/// Lets `nobody` get and list (but not watch) the OME objects of `ns`, and waits until the
/// authorizer agrees.
async fn grant_reads_without_watch(cluster: &TestCluster, ns: &str) {
    let admin = cluster.admin().await.unwrap();
    let role: Role = serde_json::from_value(json!({
        "metadata": {"name": "get-no-watch"},
        "rules": [{"apiGroups": ["ome.io"], "resources": ["inferenceservices", "inferencereplicas"],
                   "verbs": ["get", "list"]}],
    }))
    .unwrap();
    let binding: RoleBinding = serde_json::from_value(json!({
        "metadata": {"name": "get-no-watch"},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "get-no-watch"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "nobody"}],
    }))
    .unwrap();
    Api::<Role>::namespaced(admin.clone(), ns)
        .create(&PostParams::default(), &role)
        .await
        .unwrap();
    Api::<RoleBinding>::namespaced(admin, ns)
        .create(&PostParams::default(), &binding)
        .await
        .unwrap();
    let nobody = cluster.client_for("nobody").await.unwrap();
    poll_until(Duration::from_secs(30), Duration::from_millis(100), || {
        let nobody = nobody.clone();
        async move {
            let read = objects::get(&nobody, &isvc_resource(), Some(ns), "chat").await;
            Ok(read.is_ok().then_some(()))
        }
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn a_watch_the_user_may_not_open_falls_back_to_polling() {
    let (cluster, ns, controller, _) = setup("watch-forbidden").await;
    grant_reads_without_watch(cluster, &ns).await;
    let kubeconfig = cluster.kubeconfig("nobody").unwrap();
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=30s"));
    // The server refused the watch (403) after the reads succeeded.
    await_request(cluster, &ns, "nobody", |e| {
        e.verb == "watch" && e.code() == 403
    })
    .await;
    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Source method"), "Poll");
    assert_eq!(field(&run.stdout, "Polling fallback"), "true");
    // The first read, then the poll 5 s later; the refused watch is not retried.
    assert_eq!(field(&run.stdout, "GET / WATCH / polls"), "2 / 2 / 1");
    assert_eq!(field(&run.stdout, "Events / observations"), "0 / 2");
    assert!(!run.stdout.contains("Skipped reads"), "{}", run.stdout);
}

#[tokio::test]
async fn a_service_deleted_and_recreated_during_the_watch_never_matches() {
    let (cluster, ns, controller, kubeconfig) = setup("watch-service-replaced").await;
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=30s"));
    await_request(cluster, &ns, "reader", reads_ir).await;
    let admin = cluster.admin().await.unwrap();
    let old = controller.isvc(&ns, "chat").await.unwrap();
    objects::delete(&admin, &isvc_resource(), Some(&ns), "chat")
        .await
        .unwrap();
    poll_until(
        Duration::from_secs(10),
        Duration::from_millis(50),
        || async {
            let gone = objects::get_opt(&admin, &isvc_resource(), Some(&ns), "chat")
                .await?
                .is_none();
            Ok(gone.then_some(()))
        },
    )
    .await
    .unwrap();
    let m = &old["metadata"];
    let manifest = json!({
        "metadata": {"name": "chat", "labels": m["labels"], "annotations": m["annotations"]},
        "spec": old["spec"],
    });
    objects::create(&admin, &isvc_resource(), Some(&ns), manifest)
        .await
        .unwrap();
    controller
        .patch_isvc_status(&ns, "chat", json!({"status": old["status"]}))
        .await
        .unwrap();
    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    // The deletion ended the wait; the new service (and a matching count) never counted.
    assert_unmet(&run);
    assert_eq!(field(&run.stdout, "Outcome"), "Deleted");
    assert_eq!(field(&run.stdout, "Reason"), "ReplicaScaleNotRecorded");
    assert_eq!(field(&run.stdout, "Spec replicas"), "<unavailable>");
    assert_eq!(field(&run.stdout, "GET / WATCH / polls"), "1 / 2 / 0");
}

#[tokio::test]
async fn replicas_ready_follows_the_listed_replicas_through_one_watch() {
    let (cluster, ns, controller, _) = setup("watch-ready").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let wait = spawn(
        &kubeconfig,
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=ready",
            "--component=engine",
            "--replicas=3",
            "--timeout=30s",
        ],
    );
    let log = await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 1).await;
    // The watch follows exactly what the LIST read: the service's InferenceReplicas by label,
    // from the LIST's resourceVersion.
    let replica = watches(&log, "inferencereplicas")[0];
    assert_eq!(
        query(replica, "labelSelector").unwrap(),
        "ome.io%2Finferenceservice%3Dchat"
    );
    assert!(query(replica, "resourceVersion").is_some(), "{replica:?}");
    engine_reports_three(&controller, &ns).await;
    controller
        .mark_instances_ready(&ns, "chat-engine")
        .await
        .unwrap();
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Observed ready"), "3");
    assert_read_by(&run, "Watch", "1 / 2 / 0");
    // One GET of the service and one LIST page; everything after came as events.
    let log = proxy.requests();
    assert_eq!(gets(&log, "inferenceservices").len(), 1, "{log:#?}");
    assert_eq!(gets(&log, "inferencereplicas").len(), 1, "{log:#?}");
}
