//! Shared helpers of the `wait` integration tests: a fixture in a fresh namespace, running the
//! plugin, waiting for its requests in the audit log, reading report rows, and the status
//! writes that make a predicate true.

use crate::support::{Run, spawn};
use ome_testenv::wait::poll_until;
use ome_testenv::{
    AuditEvent, ChatFixture, Controller, Proxy, ProxyOptions, RequestRecord, TestCluster, shared,
};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Runs the plugin to completion (bounded).
pub async fn plugin(kubeconfig: &Path, args: &[&str]) -> Run {
    spawn(kubeconfig, args).finish().await
}

/// Waits until the audit log shows a request by `user` in `ns` that satisfies `pred`.
pub async fn await_request(
    cluster: &TestCluster,
    ns: &str,
    user: &str,
    pred: impl Fn(&AuditEvent) -> bool,
) {
    await_requests(cluster, ns, user, pred, 1).await;
}

/// How many requests by `user` in `ns` that satisfy `pred` the audit log shows now.
pub async fn count_requests(
    cluster: &TestCluster,
    ns: &str,
    user: &str,
    pred: impl Fn(&AuditEvent) -> bool,
) -> usize {
    cluster.audit().sync().await.unwrap();
    let requests = cluster.audit().requests_by(ns, user).unwrap();
    requests.iter().filter(|e| pred(e)).count()
}

/// Waits until the audit log shows `at_least` requests by `user` in `ns` that satisfy `pred`
/// (after earlier runs in the same namespace: their count plus one).
pub async fn await_requests(
    cluster: &TestCluster,
    ns: &str,
    user: &str,
    pred: impl Fn(&AuditEvent) -> bool,
    at_least: usize,
) {
    poll_until(
        Duration::from_secs(30),
        Duration::from_millis(100),
        || async {
            cluster.audit().sync().await?;
            let requests = cluster.audit().requests_by(ns, user)?;
            let seen = requests.iter().filter(|e| pred(e)).count() >= at_least;
            Ok(seen.then_some(()))
        },
    )
    .await
    .expect("the plugin made the expected request");
}

pub fn reads_ir(e: &AuditEvent) -> bool {
    e.verb == "get" && e.resource() == "inferencereplicas"
}

pub fn lists_irs(e: &AuditEvent) -> bool {
    e.verb == "list" && e.resource() == "inferencereplicas"
}

/// The initial named GET of the service. A watch is only logged when it closes, but it starts
/// from this read's resourceVersion, so any change made after this read reaches it as an event.
pub fn reads_service(e: &AuditEvent) -> bool {
    e.verb == "get" && e.resource() == "inferenceservices"
}

/// The value of one FIELD row of the report table.
pub fn field(stdout: &str, name: &str) -> String {
    stdout
        .lines()
        .find_map(|line| {
            line.strip_prefix(name)
                .filter(|rest| rest.starts_with("  ") || rest.is_empty())
                .map(|rest| rest.trim().to_string())
        })
        .unwrap_or_else(|| panic!("no row {name:?} in:\n{stdout}"))
}

pub async fn setup(prefix: &str) -> (&'static TestCluster, String, Controller, PathBuf) {
    setup_on(shared().unwrap(), prefix).await
}

/// [`setup`] on the given cluster.
pub async fn setup_on(
    cluster: &'static TestCluster,
    prefix: &str,
) -> (&'static TestCluster, String, Controller, PathBuf) {
    let ns = cluster.namespace(prefix).await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    (
        cluster,
        ns,
        controller,
        cluster.kubeconfig("reader").unwrap(),
    )
}

pub fn assert_unmet(run: &Run) {
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.stderr, "error: RequestedConditionUnmet\n");
}

/// How the last observation was made: the `Source method` and `GET / WATCH / polls` rows.
pub fn assert_read_by(run: &Run, method: &str, counts: &str) {
    assert_eq!(
        (
            field(&run.stdout, "Source method"),
            field(&run.stdout, "GET / WATCH / polls")
        ),
        (method.to_string(), counts.to_string()),
        "{}",
        run.stdout
    );
}

pub fn assert_matched(run: &Run) {
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, "");
    assert_eq!(field(&run.stdout, "Outcome"), "Matched");
}

/// Sets the status of the InferenceService's `Ready` condition.
pub async fn set_ready(controller: &Controller, ns: &str, status: &str) {
    let isvc = controller.isvc(ns, "chat").await.unwrap();
    let mut conditions = isvc["status"]["conditions"].as_array().cloned().unwrap();
    for c in &mut conditions {
        if c["type"] == "Ready" {
            c["status"] = json!(status);
        }
    }
    controller
        .patch_isvc_status(ns, "chat", json!({"status": {"conditions": conditions}}))
        .await
        .unwrap();
}

/// Sets the phase of the migration record `id` on the engine IR.
pub async fn set_migration_phase(controller: &Controller, ns: &str, id: &str, phase: &str) {
    let ir = controller.ir(ns, "chat-engine").await.unwrap();
    let mut records = ir["status"]["migrations"].as_array().cloned().unwrap();
    for r in &mut records {
        if r["requestUUID"] == id {
            // A consistent terminal record (evidence-strictness.md §2.6): completed now, after
            // its allocation; `succeeded` only on automatic records.
            r["phase"] = json!(phase);
            r["completedAt"] = json!(ome_testenv::util::rfc3339_in(0));
        }
    }
    controller
        .patch_ir_status(
            ns,
            "chat-engine",
            json!({"status": {"migrations": records}}),
        )
        .await
        .unwrap();
}

/// A proxy in front of the shared server and a kubeconfig for `user` through it.
pub fn proxied(cluster: &TestCluster, user: &str) -> (Proxy, PathBuf) {
    let proxy = Proxy::start(cluster, ProxyOptions::default()).unwrap();
    let kubeconfig = proxy.kubeconfig_via_proxy(user).unwrap();
    (proxy, kubeconfig)
}

/// Waits (at most 30 s) until the proxy log satisfies `pred`; returns the log.
pub async fn await_proxy(
    proxy: &Proxy,
    pred: impl Fn(&[RequestRecord]) -> bool,
) -> Vec<RequestRecord> {
    poll_until(
        Duration::from_secs(30),
        Duration::from_millis(20),
        || async {
            let log = proxy.requests();
            Ok(pred(&log).then_some(log))
        },
    )
    .await
    .expect("the plugin made the expected requests")
}

/// A WATCH request.
pub fn is_watch(r: &RequestRecord) -> bool {
    r.uri.contains("watch=true")
}

/// The WATCH requests of `resource` (`inferenceservices` or `inferencereplicas`).
pub fn watches<'a>(log: &'a [RequestRecord], resource: &str) -> Vec<&'a RequestRecord> {
    log.iter()
        .filter(|r| is_watch(r) && r.path().ends_with(&format!("/{resource}")))
        .collect()
}

/// The GET requests (not watches) of `resource`.
pub fn gets<'a>(log: &'a [RequestRecord], resource: &str) -> Vec<&'a RequestRecord> {
    log.iter()
        .filter(|r| !is_watch(r) && r.method == "GET" && r.path().contains(&format!("/{resource}")))
        .collect()
}

/// The value of query parameter `key` of a request.
pub fn query(r: &RequestRecord, key: &str) -> Option<String> {
    let query = r.uri.split_once('?')?.1;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{key}=")))
        .map(str::to_string)
}

/// A streaming watch list: the object's current state, then its changes; no resourceVersion
/// (README difference k).
pub fn is_current(watch: &RequestRecord) -> bool {
    query(watch, "sendInitialEvents").as_deref() == Some("true")
        && query(watch, "resourceVersionMatch").as_deref() == Some("NotOlderThan")
        && query(watch, "resourceVersion").is_none()
}

/// The wait's arguments for `--for=replicas=current` of 3 engine Instances.
pub fn current_three(ns: &str, timeout: &str) -> Vec<String> {
    [
        "wait",
        "chat",
        "-n",
        ns,
        "--for=replicas=current",
        "--component=engine",
        "--replicas=3",
        timeout,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Starts the plugin with owned arguments.
pub fn spawn_with(kubeconfig: &Path, args: &[String]) -> crate::support::Background {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    spawn(kubeconfig, &refs)
}

/// The engine InferenceReplica asks for and reports 3 Instances (as after a scale).
pub async fn engine_reports_three(controller: &Controller, ns: &str) {
    controller
        .scale_ir_as_autoscaler(ns, "chat-engine", 3)
        .await
        .unwrap();
    controller.observe_replica(ns, "chat-engine").await.unwrap();
}
