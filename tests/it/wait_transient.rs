//! `kubectl ome wait` rides out transient faults (docs/wait.md): a 429, 5xx, reset or timed-out
//! read or watch is counted and skipped (after the server's `Retry-After`, capped), and the
//! wait still matches; when no read succeeded before the deadline it ends with its own error,
//! exit 1, instead of "predicate unmet". The test proxy injects the faults in front of the
//! real API server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{support, wait_support};
use ome_testenv::{Hook, KubeconfigBuilder, Proxy};
use serde_json::json;
use std::time::Duration;
use support::{Run, spawn};
use wait_support::{
    assert_matched, assert_read_by, await_proxy, current_three, engine_reports_three, field, gets,
    proxied, set_ready, setup, spawn_with, watches,
};

/// A Status body as the API server sends it, with `details.retryAfterSeconds` when given.
fn status(code: u16, reason: &str, retry_after: Option<u64>) -> String {
    let mut body = json!({"kind": "Status", "apiVersion": "v1", "metadata": {},
                          "status": "Failure", "message": "injected", "reason": reason,
                          "code": code});
    if let Some(seconds) = retry_after {
        body["details"] = json!({"retryAfterSeconds": seconds});
    }
    body.to_string()
}

fn service(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat")
}

fn services(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices")
}

/// `wait chat --for=condition=Ready[=status]` with extra arguments.
async fn wait_ready(kubeconfig: &std::path::Path, ns: &str, extra: &[&str]) -> Run {
    let mut args = vec!["wait", "chat", "-n", ns, "--for=condition=Ready"];
    args.extend_from_slice(extra);
    spawn(kubeconfig, &args).finish().await
}

fn seconds_between(proxy: &Proxy, path: &str) -> Duration {
    let log = proxy.requests();
    let reads: Vec<_> = log.iter().filter(|r| r.path() == path).collect();
    assert_eq!(reads.len(), 2, "{log:#?}");
    reads[1].start.duration_since(reads[0].start)
}

#[tokio::test]
async fn a_failed_first_read_is_skipped_and_the_next_poll_matches() {
    let (cluster, ns, _controller, _) = setup("transient-first").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    proxy.add_hook(
        Hook::new("GET", &service(&ns)).respond(503, &status(503, "ServiceUnavailable", None)),
    );
    let run = wait_ready(&kubeconfig, &ns, &["--timeout=30s"]).await;
    assert_matched(&run);
    assert_read_by(&run, "Poll", "2 / 0 / 1");
    assert_eq!(field(&run.stdout, "Skipped reads"), "1");
    // The next read came at the 5 s tick of the wait (which started a little before its
    // first request), not at once.
    assert!(seconds_between(&proxy, &service(&ns)) >= Duration::from_millis(4500));
}

#[tokio::test]
async fn retry_after_delays_the_next_read() {
    let (cluster, ns, _controller, _) = setup("transient-429").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    proxy.add_hook(
        Hook::new("GET", &service(&ns)).respond(429, &status(429, "TooManyRequests", Some(7))),
    );
    let run = wait_ready(&kubeconfig, &ns, &["--timeout=30s", "-o", "json"]).await;
    let report = run.json();
    assert_eq!(report["content"]["outcome"], "Matched");
    assert_eq!(report["content"]["counts"]["skipped"], 1);
    assert!(report["content"]["elapsedMilliseconds"].as_u64().unwrap() >= 7000);
    // Not at the 5 s tick: after the 7 s the server asked for.
    assert!(seconds_between(&proxy, &service(&ns)) >= Duration::from_secs(7));
}

#[tokio::test]
async fn a_reset_and_a_5xx_watch_are_reopened_and_the_wait_still_matches() {
    let (cluster, ns, controller, _) = setup("transient-watch").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    proxy.add_hook(Hook::new("GET", &services(&ns)).cut_before_forward());
    proxy.add_hook(Hook::new("GET", &services(&ns)).respond(504, &status(504, "Timeout", None)));
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
    let log = await_proxy(&proxy, |log| watches(log, "inferenceservices").len() == 3).await;
    let opened = watches(&log, "inferenceservices");
    // Backoff 1 s, then 2 s.
    assert!(opened[1].start.duration_since(opened[0].start) >= Duration::from_secs(1));
    assert!(opened[2].start.duration_since(opened[1].start) >= Duration::from_secs(2));
    set_ready(&controller, &ns, "False").await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_read_by(&run, "Watch", "1 / 3 / 0");
    assert_eq!(field(&run.stdout, "Polling fallback"), "false");
    assert_eq!(field(&run.stdout, "Skipped reads"), "2");
}

#[tokio::test]
async fn a_read_past_its_time_limit_is_skipped() {
    let (cluster, ns, _controller, _) = setup("transient-timeout").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    proxy.add_hook(Hook::new("GET", &service(&ns)).before(|_| async {
        tokio::time::sleep(Duration::from_secs(3)).await;
        Ok(())
    }));
    let run = wait_ready(&kubeconfig, &ns, &["--timeout=30s", "--request-timeout=1s"]).await;
    assert_matched(&run);
    assert_eq!(field(&run.stdout, "Source method"), "Poll");
    assert_eq!(field(&run.stdout, "Skipped reads"), "1");
}

#[tokio::test]
async fn a_match_whose_confirming_read_fails_is_found_by_the_next_poll() {
    let (cluster, ns, controller, _) = setup("transient-confirm").await;
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    // The third GET of the service is the re-read that confirms the match seen through the
    // watch (the first read makes two).
    proxy.add_hook(
        Hook::new("GET", &service(&ns))
            .nth(3)
            .respond(500, &status(500, "InternalError", None)),
    );
    let wait = spawn_with(&kubeconfig, &current_three(&ns, "--timeout=30s"));
    await_proxy(&proxy, |log| watches(log, "inferencereplicas").len() == 1).await;
    engine_reports_three(&controller, &ns).await;
    let run = wait.finish().await;
    assert_matched(&run);
    assert_read_by(&run, "Poll", "3 / 2 / 1");
    assert_eq!(field(&run.stdout, "Skipped reads"), "1");
}

#[tokio::test]
async fn no_read_succeeding_before_the_deadline_is_its_own_error() {
    let (cluster, ns, _controller, _) = setup("transient-never").await;
    let unavailable = "error: AcquisitionUnavailable: no read succeeded before the timeout\n";

    // Every read answered 503: one at once, one at the 5 s tick, then the deadline.
    let (proxy, kubeconfig) = proxied(cluster, "reader");
    proxy.add_hook(
        Hook::new("GET", &service(&ns))
            .every()
            .respond(503, &status(503, "ServiceUnavailable", None)),
    );
    let run = wait_ready(&kubeconfig, &ns, &["--timeout=7s"]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", unavailable)
    );
    assert_eq!(gets(&proxy.requests(), "inferenceservices").len(), 2);

    // A server that never answers (each read ends at its own 10 s limit).
    let (silent, kubeconfig) = proxied(cluster, "reader");
    silent.set_latency(Duration::from_secs(20));
    let run = wait_ready(&kubeconfig, &ns, &["--timeout=3s"]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", unavailable)
    );
}

#[tokio::test]
async fn a_server_tls_does_not_trust_is_an_error_at_once() {
    let (cluster, ns, _controller, _) = setup("transient-untrusted").await;
    // The only trust anchor is a certificate that did not sign the server's: no retry can
    // change that, so it is not a transient fault.
    let other = std::fs::read(cluster.dir().join("client-admin.crt")).unwrap();
    let kubeconfig = cluster.scratch_path("untrusted.yaml");
    KubeconfigBuilder::new()
        .cluster("untrusted", cluster.url(), &other)
        .user_token("reader", cluster.token("reader").unwrap())
        .context("reader", "untrusted", "reader", None)
        .current_context("reader")
        .write(&kubeconfig)
        .unwrap();
    let run = wait_ready(&kubeconfig, &ns, &["--timeout=8s"]).await;
    let expected = format!(
        "wait check: read object=InferenceService/{ns}/chat cause=TLS\nerror: AcquisitionFailed\n"
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", expected.as_str())
    );
}
