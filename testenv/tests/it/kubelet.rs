//! The kubelet stand-in behind the real API server's `pods/log`.

#![cfg(test)]

use futures::{AsyncBufReadExt, TryStreamExt};
use k8s_openapi::api::core::v1::Pod;
use kube::api::{Api, LogParams};
use ome_testenv::kubelet::shared_kubelet;
use ome_testenv::shared;
use std::time::Duration;

#[tokio::test]
async fn pods_log_reaches_the_kubelet_with_the_query() {
    let cluster = shared().unwrap();
    let kubelet = shared_kubelet().unwrap();
    let ns = cluster.namespace("kubelet").await.unwrap();
    let client = cluster.admin().await.unwrap();
    kubelet
        .create_pod(&client, &ns, "p", &[("app", "x")], &["ome-container"])
        .await
        .unwrap();
    let log = kubelet.log(&ns, "p", "ome-container");
    log.write_aged(Duration::from_secs(600), "old\n")
        .write("a\nb\nc\n");
    let pods: Api<Pod> = Api::namespaced(client, &ns);
    let all = pods.logs("p", &LogParams::default()).await.unwrap();
    assert_eq!(all, "old\na\nb\nc\n");
    let tail = LogParams {
        tail_lines: Some(2),
        ..LogParams::default()
    };
    assert_eq!(pods.logs("p", &tail).await.unwrap(), "b\nc\n");
    let since = LogParams {
        since_seconds: Some(60),
        ..LogParams::default()
    };
    assert_eq!(pods.logs("p", &since).await.unwrap(), "a\nb\nc\n");
    let limit = LogParams {
        limit_bytes: Some(5),
        ..LogParams::default()
    };
    assert_eq!(pods.logs("p", &limit).await.unwrap(), "old\na");
    let follow = LogParams {
        follow: true,
        tail_lines: Some(0),
        ..LogParams::default()
    };
    let mut lines = pods.log_stream("p", &follow).await.unwrap().lines();
    log.write("later\n");
    let first = tokio::time::timeout(Duration::from_secs(20), lines.try_next()).await;
    assert_eq!(first.unwrap().unwrap().as_deref(), Some("later"));
    log.end();
    let end = tokio::time::timeout(Duration::from_secs(20), lines.try_next()).await;
    assert_eq!(end.unwrap().unwrap(), None);
}
