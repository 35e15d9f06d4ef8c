//! kubectl's generic connection flags against the real API server, each proven by its effect:
//! who the server saw (audit log), which certificate checks passed, what reached the wire
//! (through the test proxy), and kubectl's refusals, which send nothing.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::audit::AuditEvent;
use ome_testenv::{ChatFixture, Proxy, ProxyOptions, TcpForwarder, TestCluster, shared};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use support::{Run, assert_rejected_without_requests, plugin_async};

const SERVICE: &str = "chat";

async fn service_in(cluster: &TestCluster, prefix: &str) -> String {
    let ns = cluster.namespace(prefix).await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new()
        .without_scalers()
        .create(&admin, &ns)
        .await
        .unwrap();
    ns
}

/// `autoscale status chat -n NS` plus `flags`, with `kubeconfig` as the only kubeconfig.
async fn status(kubeconfig: Option<&Path>, ns: &str, flags: &[&str]) -> Run {
    let mut args = vec!["autoscale", "status", SERVICE, "-n", ns];
    args.extend_from_slice(flags);
    plugin_async(kubeconfig, &args).await
}

fn ok_status(run: &Run) {
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
    assert!(run.stdout.starts_with("FIELD "), "{}", run.stdout);
}

/// A refused connection: exit 1, nothing on stdout, one error line after the lines naming the
/// failed read (difference y).
fn failed(run: &Run) {
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    let (last, before) = lines.split_last().unwrap();
    assert!(last.starts_with("error: "), "{run:?}");
    assert!(
        before
            .iter()
            .all(|l| l.starts_with("autoscale status check: read ") || l.starts_with("next: ")),
        "{run:?}"
    );
}

fn ca_file(cluster: &TestCluster) -> String {
    cluster.dir().join("ca.crt").display().to_string()
}

/// A kubeconfig (JSON is YAML) with one cluster, one user and one current context.
fn kubeconfig(cluster: &TestCluster, name: &str, cluster_entry: Value, user: Value) -> PathBuf {
    let path = cluster.scratch_path(name);
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "c", "cluster": cluster_entry}],
        "users": [{"name": "u", "user": user}],
        "contexts": [{"name": "main", "context": {"cluster": "c", "user": "u"}}],
    });
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

/// The plugin's requests in `ns` since `mark`.
async fn requests_in(
    cluster: &TestCluster,
    mark: ome_testenv::audit::AuditMark,
    ns: &str,
) -> Vec<AuditEvent> {
    cluster.audit().sync().await.unwrap();
    cluster
        .audit()
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.namespace() == ns)
        .collect()
}

async fn mark(cluster: &TestCluster) -> ome_testenv::audit::AuditMark {
    cluster.audit().sync().await.unwrap();
    cluster.audit().mark().unwrap()
}

fn user_agent() -> String {
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        other => other,
    };
    format!(
        "kubectl-ome/v{} ({}/{arch})",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS
    )
}

#[tokio::test]
async fn token_and_server_alone_reach_the_server_as_that_user_with_the_plugins_user_agent() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "token").await;
    let token = cluster.token("reader").unwrap();
    let ca = ca_file(cluster);
    let since = mark(cluster).await;
    let run = status(
        None,
        &ns,
        &[
            "--server",
            cluster.url(),
            "--token",
            token,
            "--certificate-authority",
            &ca,
        ],
    )
    .await;
    ok_status(&run);
    let events = requests_in(cluster, since, &ns).await;
    assert!(!events.is_empty());
    for event in &events {
        assert_eq!(event.user.username, "reader", "{event:?}");
        assert_eq!(event.user_agent, user_agent(), "{event:?}");
    }
    // Without the CA the server's certificate is not trusted (the system's CAs do not sign it).
    let run = status(None, &ns, &["-s", cluster.url(), "--token", token]).await;
    failed(&run);
}

#[tokio::test]
async fn certificate_authority_flag_trusts_a_server_whose_ca_is_not_in_the_kubeconfig() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "ca").await;
    let token = cluster.token("reader").unwrap();
    let without_ca = kubeconfig(
        cluster,
        "no-ca.json",
        json!({"server": cluster.url()}),
        json!({"token": token}),
    );
    failed(&status(Some(&without_ca), &ns, &[]).await);
    let ca = ca_file(cluster);
    ok_status(&status(Some(&without_ca), &ns, &["--certificate-authority", &ca]).await);
    // The insecure flag skips verification instead.
    ok_status(&status(Some(&without_ca), &ns, &["--insecure-skip-tls-verify"]).await);
    // A kubeconfig that is insecure is made secure again by --certificate-authority.
    let insecure = kubeconfig(
        cluster,
        "insecure.json",
        json!({"server": cluster.url(), "insecure-skip-tls-verify": true}),
        json!({"token": token}),
    );
    ok_status(&status(Some(&insecure), &ns, &[]).await);
    ok_status(&status(Some(&insecure), &ns, &["--certificate-authority", &ca]).await);
}

#[tokio::test]
async fn client_certificate_and_key_flags_authenticate_without_a_kubeconfig() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "cert").await;
    let dir = cluster.dir();
    let (crt, key) = (dir.join("client-admin.crt"), dir.join("client-admin.key"));
    let ca = ca_file(cluster);
    let since = mark(cluster).await;
    let run = status(
        None,
        &ns,
        &[
            "--server",
            cluster.url(),
            "--certificate-authority",
            &ca,
            "--client-certificate",
            crt.to_str().unwrap(),
            "--client-key",
            key.to_str().unwrap(),
        ],
    )
    .await;
    ok_status(&run);
    let users: Vec<String> = requests_in(cluster, since, &ns)
        .await
        .into_iter()
        .map(|e| e.user.username)
        .collect();
    assert!(
        !users.is_empty() && users.iter().all(|u| u == "cert-admin"),
        "{users:?}"
    );
}

#[tokio::test]
async fn tls_server_name_verifies_a_certificate_made_for_another_name() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "sni").await;
    let upstream: std::net::SocketAddr = cluster
        .url()
        .trim_start_matches("https://")
        .parse()
        .unwrap();
    // 127.0.0.2 reaches the server, but its certificate names only localhost and 127.0.0.1.
    let forwarder = TcpForwarder::start([127, 0, 0, 2].into(), upstream).unwrap();
    let other = format!("https://{}", forwarder.addr());
    let live = cluster.kubeconfig("reader").unwrap();
    failed(&status(Some(&live), &ns, &["--server", &other]).await);
    ok_status(
        &status(
            Some(&live),
            &ns,
            &["--server", &other, "--tls-server-name", "localhost"],
        )
        .await,
    );
    // tls-server-name from the kubeconfig works too, and --server drops it (kubectl's rule).
    let token = cluster.token("reader").unwrap();
    let named = kubeconfig(
        cluster,
        "tls-name.json",
        json!({"server": other, "tls-server-name": "localhost",
               "certificate-authority": ca_file(cluster)}),
        json!({"token": token}),
    );
    ok_status(&status(Some(&named), &ns, &[]).await);
    failed(&status(Some(&named), &ns, &["--server", &other]).await);
    assert!(forwarder.connections() >= 4);
}

#[tokio::test]
async fn impersonation_shows_in_the_audit_log_and_needs_the_impersonate_permission() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "as").await;
    let admin = cluster.kubeconfig("admin").unwrap();
    let since = mark(cluster).await;
    // alice has no role of her own: only the impersonated group lets her read.
    let run = status(
        Some(&admin),
        &ns,
        &[
            "--as",
            "alice",
            "--as-group",
            "system:masters",
            "--as-group",
            "team-a",
            "--as-uid",
            "u-42",
        ],
    )
    .await;
    ok_status(&run);
    let events = requests_in(cluster, since, &ns).await;
    assert!(!events.is_empty());
    for event in &events {
        assert_eq!(event.user.username, "admin");
        let as_user = event.impersonated_user.as_ref().expect("impersonated user");
        assert_eq!(as_user.username, "alice");
        assert_eq!(
            as_user.groups,
            vec!["system:masters", "team-a", "system:authenticated"]
        );
        assert_eq!(as_user.uid, "u-42");
    }
    // The impersonated user's own permissions apply: nobody may not read.
    failed(&status(Some(&admin), &ns, &["--as", "nobody"]).await);
    // reader may not impersonate at all.
    let reader = cluster.kubeconfig("reader").unwrap();
    let since = mark(cluster).await;
    failed(&status(Some(&reader), &ns, &["--as", "admin"]).await);
    cluster.audit().sync().await.unwrap();
    let refused: Vec<AuditEvent> = cluster
        .audit()
        .events_since(since)
        .unwrap()
        .into_iter()
        // Other tests of this binary read as `reader` at the same time: only this namespace.
        .filter(|e| {
            e.user.username == "reader" && e.request_uri.contains(&format!("/namespaces/{ns}/"))
        })
        .collect();
    assert!(
        !refused.is_empty() && refused.iter().all(|e| e.code() == 403),
        "{refused:?}"
    );
}

#[tokio::test]
async fn disable_compression_stops_asking_for_gzip() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "gzip").await;
    let proxy = Proxy::start(cluster, ProxyOptions::default()).unwrap();
    let via = proxy.kubeconfig_via_proxy("reader").unwrap();
    ok_status(&status(Some(&via), &ns, &[]).await);
    let asked: Vec<Option<String>> = proxy
        .requests()
        .into_iter()
        .map(|r| r.accept_encoding)
        .collect();
    assert!(
        !asked.is_empty() && asked.iter().all(|a| a.as_deref() == Some("gzip")),
        "{asked:?}"
    );
    proxy.clear_log();
    ok_status(&status(Some(&via), &ns, &["--disable-compression"]).await);
    let asked: Vec<Option<String>> = proxy
        .requests()
        .into_iter()
        .map(|r| r.accept_encoding)
        .collect();
    assert!(
        !asked.is_empty() && asked.iter().all(Option::is_none),
        "{asked:?}"
    );
}

#[tokio::test]
async fn large_compressed_responses_are_read_like_plain_ones() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("big").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::large_engine(2000)
        .create(&admin, &ns)
        .await
        .unwrap();
    let proxy = Proxy::start(cluster, ProxyOptions::default()).unwrap();
    let via = proxy.kubeconfig_via_proxy("reader").unwrap();
    let args = ["instance", "list", SERVICE, "-n", &ns, "-o", "json"];
    let compressed = plugin_async(Some(&via), &args).await;
    let gzipped = proxy
        .requests()
        .into_iter()
        .any(|r| r.content_encoding.as_deref() == Some("gzip"));
    assert!(gzipped, "the server compressed at least the large replica");
    let plain = plugin_async(
        Some(&via),
        &[&args[..], &["--disable-compression"]].concat(),
    )
    .await;
    let content = compressed.json()["content"].clone();
    assert_eq!(
        content["summary"]["truncated"],
        json!(true),
        "2000 rows are over the row limit"
    );
    assert_eq!(content, plain.json()["content"]);
}

#[tokio::test]
async fn cache_dir_is_accepted() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "cache").await;
    let live = cluster.kubeconfig("reader").unwrap();
    ok_status(&status(Some(&live), &ns, &["--cache-dir", "/nonexistent/cache"]).await);
}

#[tokio::test]
async fn kubectls_refusals_send_nothing() {
    let cluster = shared().unwrap();
    let ca = ca_file(cluster);
    let base = ["autoscale", "status", SERVICE, "-n", "default"];
    let with = |extra: &[&'static str]| -> Vec<&str> { [&base[..], extra].concat() };
    let ca_static: &'static str = Box::leak(ca.into_boxed_str());
    let cases = vec![
        (
            with(&["--user", "nope"]),
            "autoscale status check: kubeconfig user=nope cause=NotFound\n\
             error: resolve namespace: user \"nope\" does not exist in the kubeconfig",
        ),
        (
            with(&["--cluster", "nope"]),
            "autoscale status check: kubeconfig cluster=nope cause=NotFound\n\
             error: resolve namespace: cluster \"nope\" does not exist in the kubeconfig",
        ),
        (
            with(&["--context", "nope"]),
            "autoscale status check: kubeconfig context=nope cause=NotFound\n\
             error: resolve namespace: context \"nope\" does not exist in the kubeconfig",
        ),
        (
            with(&[
                "--insecure-skip-tls-verify",
                "--certificate-authority",
                ca_static,
            ]),
            "resolve namespace: insecure-skip-tls-verify cannot be used together with a certificate authority: use one of them",
        ),
        (
            with(&["--as-group", "g"]),
            "resolve namespace: --as-group and --as-uid need --as, the user to impersonate",
        ),
        (
            with(&["--client-certificate", ca_static]),
            "resolve namespace: a client certificate needs a client key as well",
        ),
        (
            with(&["--certificate-authority", "/nonexistent/ca.crt"]),
            "resolve namespace: certificate authority /nonexistent/ca.crt: file not found",
        ),
        (
            with(&["--server", "ftp://x"]),
            "resolve namespace: the server address is not a valid URL (expected https://host:port)",
        ),
    ];
    assert_rejected_without_requests(cluster, "nobody", &cases).await;
}

#[tokio::test]
async fn a_kubeconfig_that_is_insecure_and_has_a_ca_is_refused() {
    let cluster = shared().unwrap();
    let token = cluster.token("reader").unwrap();
    let both = kubeconfig(
        cluster,
        "both.json",
        json!({"server": cluster.url(), "insecure-skip-tls-verify": true,
               "certificate-authority": ca_file(cluster)}),
        json!({"token": token}),
    );
    let run = status(Some(&both), "default", &[]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            "error: resolve namespace: insecure-skip-tls-verify cannot be used together with a certificate authority: use one of them\n"
        )
    );
    // --insecure-skip-tls-verify replaces the kubeconfig's CA, as in kubectl.
    let ns = service_in(cluster, "both").await;
    ok_status(&status(Some(&both), &ns, &["--insecure-skip-tls-verify"]).await);
}

#[tokio::test]
async fn kubeconfig_flag_wins_over_the_environment() {
    let cluster = shared().unwrap();
    let ns = service_in(cluster, "kcflag").await;
    let live = cluster.kubeconfig("reader").unwrap();
    let dead = cluster.kubeconfig_unreachable("reader").unwrap();
    let live_flag = live.display().to_string();
    ok_status(&status(Some(&dead), &ns, &["--kubeconfig", &live_flag]).await);
}

#[tokio::test]
async fn scale_and_wait_keep_their_fixed_messages_for_a_refused_connection() {
    let cluster = shared().unwrap();
    let live = cluster.kubeconfig("scaler").unwrap();
    let scale = plugin_async(
        Some(&live),
        &[
            "scale",
            SERVICE,
            "-n",
            "default",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "--user",
            "nope",
        ],
    )
    .await;
    assert_eq!(
        (scale.code, scale.stderr.as_str()),
        (
            1,
            "error: required Kubernetes API request failed; check access and connectivity\n"
        )
    );
    let wait = plugin_async(
        Some(&live),
        &[
            "wait",
            SERVICE,
            "-n",
            "default",
            "--for=condition=Ready",
            "--as-uid",
            "u",
        ],
    )
    .await;
    assert_eq!(
        (wait.code, wait.stderr.as_str()),
        (1, "error: WaitConfigurationUnavailable\n")
    );
}
