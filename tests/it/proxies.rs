//! Proxies as kubectl uses them, against the real API server behind the test environment's
//! forward proxy (HTTP CONNECT and SOCKS5). The server is addressed as `ome-apiserver.test`, a
//! name only the proxy resolves: a command that works sent every request through the proxy.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::secrets::SENTINEL;
use ome_testenv::{ChatFixture, ForwardOptions, ForwardProxy, PROXIED_HOST, TestCluster, shared};
use serde_json::{Value, json};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use support::{Run, plugin_async_with_env};

fn server_addr(cluster: &TestCluster) -> SocketAddr {
    cluster
        .url()
        .trim_start_matches("https://")
        .parse()
        .unwrap()
}

/// A proxy that resolves `ome-apiserver.test` to the test server.
fn proxy(cluster: &TestCluster, credentials: Option<(&str, &str)>) -> ForwardProxy {
    ForwardProxy::start(ForwardOptions {
        hosts: vec![(PROXIED_HOST.to_string(), server_addr(cluster))],
        credentials: credentials.map(|(u, p)| (u.to_string(), p.to_string())),
    })
    .unwrap()
}

fn proxied_server(cluster: &TestCluster) -> String {
    format!("https://{PROXIED_HOST}:{}", server_addr(cluster).port())
}

/// A kubeconfig for `user` whose server is `server` (certificate checked for `localhost`),
/// with `proxy_url` when given.
fn kubeconfig(cluster: &TestCluster, user: &str, server: &str, proxy_url: Option<&str>) -> PathBuf {
    let mut entry = json!({
        "server": server,
        "certificate-authority": cluster.dir().join("ca.crt"),
        "tls-server-name": "localhost",
    });
    if let Some(url) = proxy_url {
        entry["proxy-url"] = Value::from(url);
    }
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "proxied", "cluster": entry}],
        "users": [{"name": user, "user": {"token": cluster.token(user).unwrap()}}],
        "contexts": [{"name": "main", "context": {"cluster": "proxied", "user": user}}],
    });
    let path = cluster.scratch_path("proxied.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

async fn chat(cluster: &TestCluster, prefix: &str) -> String {
    let ns = cluster.namespace(prefix).await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    ns
}

/// `scale --dry-run server`: the InferenceService, the replica, `/scale`, the runtime, the
/// revalidation reads and the PATCH.
async fn dry_run_scale(kubeconfig: &Path, ns: &str, env: &[(&str, &str)]) -> Run {
    plugin_async_with_env(
        Some(kubeconfig),
        &[
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
            "--dry-run",
            "server",
            "-o",
            "json",
        ],
        env,
    )
    .await
}

async fn status(kubeconfig: &Path, ns: &str, env: &[(&str, &str)]) -> Run {
    plugin_async_with_env(
        Some(kubeconfig),
        &["autoscale", "status", "chat", "-n", ns],
        env,
    )
    .await
}

fn all_through(proxy: &ForwardProxy, protocol: &str, cluster: &TestCluster) {
    let tunnels = proxy.tunnels();
    let target = format!("{PROXIED_HOST}:{}", server_addr(cluster).port());
    assert!(!tunnels.is_empty());
    for tunnel in &tunnels {
        assert_eq!(
            (
                tunnel.protocol,
                tunnel.target.as_str(),
                tunnel.authorized,
                tunnel.established
            ),
            (protocol, target.as_str(), true, true)
        );
    }
}

#[test]
fn the_proxied_name_resolves_nowhere_else() {
    assert!((PROXIED_HOST, 443).to_socket_addrs().is_err());
}

#[tokio::test]
async fn proxy_url_routes_every_request_of_a_scale_through_an_http_or_socks5_proxy() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "proxyurl").await;
    let forward = proxy(cluster, None);
    for (url, protocol) in [
        (forward.http_url(), "CONNECT"),
        (forward.socks5_url(), "SOCKS5"),
    ] {
        forward.clear();
        let config = kubeconfig(cluster, "scaler", &proxied_server(cluster), Some(&url));
        let run = dry_run_scale(&config, &ns, &[]).await;
        assert_eq!(run.code, 0, "{run:?}");
        let result: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(result["dryRun"], json!("server"), "{result}");
        all_through(&forward, protocol, cluster);
    }
    cluster.audit().sync().await.unwrap();
    let patches: Vec<_> = cluster
        .audit()
        .writes_by(&ns, "scaler")
        .unwrap()
        .into_iter()
        .filter(|e| e.is_dry_run())
        .collect();
    assert_eq!(patches.len(), 2, "one dry-run PATCH per proxy");
}

#[tokio::test]
async fn https_proxy_from_the_environment_routes_requests_and_no_proxy_bypasses_it() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "envproxy").await;
    let forward = proxy(cluster, None);
    let config = kubeconfig(cluster, "reader", &proxied_server(cluster), None);
    let url = forward.http_url();
    for name in ["HTTPS_PROXY", "https_proxy"] {
        forward.clear();
        let run = status(&config, &ns, &[(name, &url)]).await;
        run.ok();
        all_through(&forward, "CONNECT", cluster);
    }
    // A scheme-less value means http://, as in Go.
    forward.clear();
    let bare = url.trim_start_matches("http://");
    status(&config, &ns, &[("HTTPS_PROXY", bare)]).await.ok();
    all_through(&forward, "CONNECT", cluster);

    // NO_PROXY matches the server: no tunnel, and the name cannot be reached directly.
    for no_proxy in [PROXIED_HOST, ".test", "example.com,ome-apiserver.test", "*"] {
        forward.clear();
        let run = status(
            &config,
            &ns,
            &[("HTTPS_PROXY", &url), ("NO_PROXY", no_proxy)],
        )
        .await;
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, ""),
            "{no_proxy}: {run:?}"
        );
        assert!(forward.tunnels().is_empty(), "{no_proxy}");
    }
    // A NO_PROXY that does not match keeps the proxy.
    forward.clear();
    status(
        &config,
        &ns,
        &[("HTTPS_PROXY", &url), ("no_proxy", "other.test")],
    )
    .await
    .ok();
    all_through(&forward, "CONNECT", cluster);
    // HTTP_PROXY is for http:// servers only.
    forward.clear();
    let run = status(&config, &ns, &[("HTTP_PROXY", &url)]).await;
    assert_eq!(run.code, 1);
    assert!(forward.tunnels().is_empty());
}

#[tokio::test]
async fn loopback_servers_never_use_an_environment_proxy() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "loopback").await;
    let forward = proxy(cluster, None);
    let direct = cluster.kubeconfig("reader").unwrap();
    status(&direct, &ns, &[("HTTPS_PROXY", &forward.http_url())])
        .await
        .ok();
    assert!(forward.tunnels().is_empty());
    // The kubeconfig's proxy-url applies to loopback servers too.
    let via = kubeconfig(cluster, "reader", cluster.url(), Some(&forward.http_url()));
    status(&via, &ns, &[]).await.ok();
    assert!(!forward.tunnels().is_empty());
}

#[tokio::test]
async fn proxy_credentials_are_sent_and_never_shown() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "proxyauth").await;
    let password = format!("{SENTINEL}-proxy-password");
    let forward = proxy(cluster, Some(("ops", &password)));
    let good = forward.url_with_credentials("http", "ops", &password);
    let config = kubeconfig(cluster, "reader", &proxied_server(cluster), Some(&good));
    status(&config, &ns, &[]).await.ok();
    all_through(&forward, "CONNECT", cluster);
    forward.clear();
    let env_config = kubeconfig(cluster, "reader", &proxied_server(cluster), None);
    status(&env_config, &ns, &[("HTTPS_PROXY", &good)])
        .await
        .ok();
    all_through(&forward, "CONNECT", cluster);

    // A wrong password is refused by the proxy; the output names neither URL nor password
    // (every run is checked for the sentinel).
    forward.clear();
    let wrong = forward.url_with_credentials("http", "ops", &format!("{SENTINEL}-wrong"));
    let config = kubeconfig(cluster, "reader", &proxied_server(cluster), Some(&wrong));
    let run = status(&config, &ns, &[]).await;
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(forward.tunnels().iter().all(|t| !t.authorized));
    let run = plugin_async_with_env(Some(&config), &["version"], &[]).await;
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains("Server Version: unknown ("),
        "{}",
        run.stdout
    );

    // A proxy URL that is not usable is named by where it came from, never shown.
    let bad = format!("ftp://ops:{SENTINEL}@proxy:21");
    let config = kubeconfig(cluster, "reader", &proxied_server(cluster), Some(&bad));
    let run = status(&config, &ns, &[]).await;
    assert_eq!(
        run.stderr,
        "error: resolve namespace: the proxy-url of cluster \"proxied\" uses an unsupported scheme (supported: http, https, socks5)\n"
    );
    let socks = format!("socks5://ops:{SENTINEL}@127.0.0.1:1");
    let config = kubeconfig(cluster, "reader", &proxied_server(cluster), None);
    let run = status(&config, &ns, &[("HTTPS_PROXY", &socks)]).await;
    assert_eq!(
        run.stderr,
        "error: resolve namespace: the HTTPS_PROXY environment variable is a SOCKS5 proxy with a user and password, which is not supported (use an http proxy)\n"
    );
}
