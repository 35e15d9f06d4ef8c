//! `kubectl ome wait` on a service nobody wrote for a while (README difference k): the
//! service's and its InferenceReplica's last writes have aged out of the API server's watch
//! cache, so a watch from their own resourceVersions would be answered `410 Gone`. The wait
//! watches from a current version instead and matches through the watch, with no polling and
//! no re-read; a watch from a stale version answered `410 Gone` lists once and goes on
//! watching; a server without streaming watch lists is listed by name and watched from the
//! LIST's version. Against the real API server, which ages the objects for real (about 80 s).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::wait_support;
use ome_testenv::Hook;
use ome_testenv::crds::{ir_resource, isvc_resource};
use ome_testenv::watch_cache::{Target, age_out, expired};
use serde_json::json;
use std::time::Duration;
use wait_support::{
    assert_matched, assert_read_by, await_proxy, current_three, engine_reports_three, field, gets,
    is_current, proxied, query, setup, setup_on, spawn_with, watches,
};

#[tokio::test]
async fn replicas_current_on_a_service_aged_past_the_watch_cache_matches_through_the_watch() {
    // Its own server: on the shared one, how long aging takes would depend on the other tests.
    let quiet = ome_testenv::shared_quiet().unwrap();
    let (cluster, ns, controller, _) = setup_on(quiet, "wait-aged").await;
    let admin = cluster.admin().await.unwrap();
    // The state one status write away from the match, then left alone until it ages out.
    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    let targets = [
        Target::of(
            isvc_resource(),
            &controller.isvc(&ns, "chat").await.unwrap(),
        ),
        Target::of(
            ir_resource(),
            &controller.ir(&ns, "chat-engine").await.unwrap(),
        ),
    ];
    age_out(&admin, &targets, Duration::from_secs(300))
        .await
        .unwrap();
    // The precondition, as a client meets it: a watch from either object's own version is
    // answered 410 Gone.
    for target in &targets {
        assert!(expired(&admin, target).await.unwrap(), "{target:?}");
    }

    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=60s"));
    let log = await_proxy(&proxy, |log| {
        watches(log, "inferenceservices").len() == 1 && watches(log, "inferencereplicas").len() == 1
    })
    .await;
    // Both watches start from the current state, not from the versions just aged out.
    for watch in [
        watches(&log, "inferenceservices")[0],
        watches(&log, "inferencereplicas")[0],
    ] {
        assert!(is_current(watch), "{watch:?}");
    }
    controller
        .observe_replica(&ns, "chat-engine")
        .await
        .unwrap();
    let run = wait.finish().await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Current replicas"), "3");
    // The first read and the re-read that confirms the match; two watches, no poll.
    assert_read_by(&run, "Watch", "2 / 2 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    assert!(!run.stdout.contains("Skipped reads"), "{}", run.stdout);
    // Six requests in all: service, replica, service; the two watches (neither answered 410);
    // the service once more after the matching event.
    let log = proxy.requests();
    assert_eq!(gets(&log, "inferenceservices").len(), 3, "{log:#?}");
    assert_eq!(gets(&log, "inferencereplicas").len(), 1, "{log:#?}");
    assert!(log.iter().all(|r| r.status != Some(410)), "{log:#?}");
    assert_eq!(log.len(), 6, "{log:#?}");
}

/// The Status the API server sends for a resourceVersion that is too old.
fn expired_status() -> String {
    json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
           "message": "too old resource version: 1 (2)", "reason": "Expired", "code": 410})
    .to_string()
}

#[tokio::test]
async fn a_watch_from_a_stale_version_answered_gone_lists_once_and_matches_through_the_watch() {
    let (cluster, ns, controller, _) = setup("wait-stale").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let replicas = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas");
    // The first watch of the replica (its current state) drops after its initial events; the
    // reconnect, from the last version it delivered, is answered as if that version had
    // expired meanwhile (the server cannot be made to expire a version on demand).
    proxy.add_hook(Hook::new("GET", &replicas).cut_stream_after(Duration::from_secs(2)));
    proxy.add_hook(Hook::new("GET", &replicas).respond(410, &expired_status()));
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=60s"));
    let log = await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 3).await;
    let opened = watches(&log, "inferencereplicas");
    let stale = query(opened[1], "resourceVersion");
    assert!(stale.is_some(), "{:?}", opened[1]);
    assert_eq!(opened[1].status, Some(410), "{:?}", opened[1]);
    // One fresh list, at once: the replica's current state, not the expired version again.
    assert!(is_current(opened[2]), "{:?}", opened[2]);
    assert!(opened[2].start.duration_since(opened[1].start) < Duration::from_secs(1));

    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    // The first read and the confirming re-read; no re-read after the 410 and no poll.
    assert_read_by(&run, "Watch", "2 / 4 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    // The dropped stream.
    assert_eq!(field(&run.stdout, "Skipped reads"), "1");
    let log = proxy.requests();
    assert_eq!(gets(&log, "inferencereplicas").len(), 1, "{log:#?}");
    assert_eq!(gets(&log, "inferenceservices").len(), 3, "{log:#?}");
    assert_eq!(watches(&log, "inferencereplicas").len(), 3, "{log:#?}");
}

#[tokio::test]
async fn a_server_without_streaming_watch_lists_is_listed_then_watched_from_the_list() {
    let (cluster, ns, controller, _) = setup("wait-no-watch-list").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    let replicas = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas");
    // What a server with the WatchList feature off answers a streaming watch list.
    let invalid = json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
        "message": "sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled",
        "reason": "Invalid", "code": 422});
    proxy.add_hook(Hook::new("GET", &replicas).respond(422, &invalid.to_string()));
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=60s"));
    let log = await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 2).await;
    let opened = watches(&log, "inferencereplicas");
    assert!(is_current(opened[0]), "{:?}", opened[0]);
    // The LIST by the same field selector, then a watch from the LIST's resourceVersion.
    let list = log
        .iter()
        .find(|r| r.path() == replicas && !r.uri.contains("watch=true"))
        .expect("a LIST of the replica");
    assert_eq!(
        query(list, "fieldSelector").as_deref(),
        Some("metadata.name%3Dchat-engine")
    );
    assert!(list.start > opened[0].start && list.start < opened[1].start);
    assert!(
        query(opened[1], "resourceVersion").is_some(),
        "{:?}",
        opened[1]
    );
    assert_eq!(query(opened[1], "sendInitialEvents"), None);

    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_read_by(&run, "Watch", "2 / 2 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
}
