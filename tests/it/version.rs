//! `kubectl ome version` against the real API server: the client line with its commit, the OME
//! operator's version from the image of its `ome-controller-manager` Deployment, the Kubernetes
//! server version; what cannot be read says why and still exits 0.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::operator::ManagerDeployment;
use ome_testenv::{TestCluster, shared};
use serde_json::json;
use support::{Run, plugin_async};

fn client_line() -> String {
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".to_string());
    format!(
        "Client Version: v{} (commit {commit})\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// The operator's Deployment with `containers` (name, image): the testenv fixture that
/// `admin doctor` reads too.
async fn manager_deployment(cluster: &TestCluster, ns: &str, containers: &[(&str, &str)]) {
    let admin = cluster.admin().await.unwrap();
    ManagerDeployment::default()
        .containers(containers)
        .create(&admin, ns)
        .await
        .unwrap();
}

async fn version(cluster: &TestCluster, user: &str, args: &[&str]) -> Run {
    let kubeconfig = cluster.kubeconfig(user).unwrap();
    plugin_async(Some(&kubeconfig), &[&["version"], args].concat()).await
}

#[tokio::test]
async fn version_reports_the_operator_from_the_manager_image_and_the_server() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("ome").await.unwrap();
    manager_deployment(
        cluster,
        &ns,
        &[
            ("kube-rbac-proxy", "quay.io/brancz/kube-rbac-proxy:v0.18.0"),
            ("manager", "ghcr.io/ome-projects/ome-manager:v1.2.3"),
        ],
    )
    .await;
    let run = version(cluster, "admin", &["--ome-namespace", &ns]).await;
    assert_eq!(
        run.ok(),
        format!(
            "{}OME Version: v1.2.3\nServer Version: v1.37.2\n",
            client_line()
        )
    );
    let json = version(cluster, "admin", &["--ome-namespace", &ns, "-o", "json"])
        .await
        .json();
    assert_eq!(json["omeVersion"], json!({"version": "v1.2.3"}));
    assert_eq!(json["serverVersion"], json!({"version": "v1.37.2"}));
    assert_eq!(
        json["clientVersion"]["version"],
        json!(format!("v{}", env!("CARGO_PKG_VERSION")))
    );
    let yaml = version(cluster, "admin", &["--ome-namespace", &ns, "-o", "yaml"]).await;
    assert!(
        yaml.ok().contains("omeVersion:\n  version: v1.2.3\n"),
        "{}",
        yaml.stdout
    );

    // An image without a version tag.
    let other = cluster.namespace("ome-digest").await.unwrap();
    manager_deployment(
        cluster,
        &other,
        &[("manager", "ghcr.io/ome/manager@sha256:0123abcd")],
    )
    .await;
    let run = version(cluster, "admin", &["--ome-namespace", &other]).await;
    assert!(
        run.ok().contains(
            "OME Version: unknown (the manager image is pinned by digest, without a version tag)\n"
        ),
        "{}",
        run.stdout
    );
}

#[tokio::test]
async fn version_without_a_manager_deployment_or_permission_says_why_and_exits_0() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("no-ome").await.unwrap();
    let run = version(cluster, "admin", &["--ome-namespace", &ns]).await;
    assert_eq!(
        run.ok(),
        format!(
            "{}OME Version: unknown (no ome-controller-manager Deployment in namespace \"{ns}\")\nServer Version: v1.37.2\n",
            client_line()
        )
    );
    // ome-reader may not read Deployments (reader may: `admin doctor` reads the manager);
    // the default namespace is `ome`.
    let run = version(cluster, "ome-reader", &[]).await;
    assert_eq!(
        run.ok(),
        format!(
            "{}OME Version: unknown (reading the Deployment ome/ome-controller-manager is forbidden)\nServer Version: v1.37.2\n",
            client_line()
        )
    );
}

#[tokio::test]
async fn version_with_the_server_unreachable_exits_0() {
    let cluster = shared().unwrap();
    let dead = cluster.kubeconfig_unreachable("reader").unwrap();
    let run = plugin_async(Some(&dead), &["version"]).await;
    assert_eq!(
        run.ok(),
        format!(
            "{}OME Version: unknown (the server is unreachable)\nServer Version: unknown (the server is unreachable)\n",
            client_line()
        )
    );
    let json = plugin_async(Some(&dead), &["version", "-o", "json"])
        .await
        .json();
    assert_eq!(
        json["serverVersion"],
        json!({"version": "unknown", "reason": "the server is unreachable"})
    );
    // No kubeconfig at all.
    let run = plugin_async(None, &["version"]).await;
    assert!(
        run.ok().ends_with("Server Version: unknown (invalid configuration: no configuration has been provided, try setting KUBECONFIG)\n"),
        "{}",
        run.stdout
    );
}

#[tokio::test]
async fn version_client_reads_nothing() {
    let cluster = shared().unwrap();
    // A twin of nobody: other tests run as nobody at the same time.
    let twin = cluster.twin("nobody").await.unwrap();
    let client = |args: &'static [&'static str]| {
        let kubeconfig = twin.kubeconfig.clone();
        async move { plugin_async(Some(&kubeconfig), &[&["version"], args].concat()).await }
    };
    cluster.audit().sync().await.unwrap();
    let mark = cluster.audit().mark().unwrap();
    let run = client(&["--client"]).await;
    assert_eq!(run.ok(), client_line());
    let json = client(&["--client", "-o", "json"]).await.json();
    assert_eq!(
        json.as_object().unwrap().keys().collect::<Vec<_>>(),
        vec!["clientVersion"]
    );
    assert!(
        json["clientVersion"]["platform"]
            .as_str()
            .unwrap()
            .contains('/')
    );
    cluster.audit().sync().await.unwrap();
    let mine: Vec<_> = cluster
        .audit()
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == twin.username())
        .collect();
    assert!(mine.is_empty(), "{mine:?}");
}

#[tokio::test]
async fn version_refuses_a_bad_output_or_namespace() {
    let cluster = shared().unwrap();
    for (args, message) in [
        (
            vec!["-o", "table"],
            "error: unsupported output format \"table\" (supported: json, yaml)\n",
        ),
        (
            vec!["--ome-namespace", "Bad@ns"],
            "error: --ome-namespace must be a DNS-1123 label\n",
        ),
    ] {
        let run = version(cluster, "reader", &args).await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", message)
        );
    }
}
