//! `kubectl ome version` against the real API server: the client line with its commit, the OME
//! operator's version (`Operator Version:`, website.md §2) from the image of its
//! `ome-controller-manager` Deployment, the Kubernetes server version; what cannot be read says
//! why (`get deployments.apps <ns>/ome-controller-manager: <cause>`) and still exits 0. No `-o`.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::operator::ManagerDeployment;
use ome_testenv::{TestCluster, shared};
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
            "{}Operator Version: v1.2.3\nServer Version: v1.37.2\n",
            client_line()
        )
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
            "Operator Version: unknown (the manager image is pinned by digest, without a version tag)\n"
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
            "{}Operator Version: unknown (get deployments.apps {ns}/ome-controller-manager: NotFound)\nServer Version: v1.37.2\n",
            client_line()
        )
    );
    // ome-reader may not read Deployments (reader may: `admin doctor` reads the manager);
    // the default namespace is `ome`.
    let run = version(cluster, "ome-reader", &[]).await;
    assert_eq!(
        run.ok(),
        format!(
            "{}Operator Version: unknown (get deployments.apps ome/ome-controller-manager: Forbidden)\nServer Version: v1.37.2\n",
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
            "{}Operator Version: unknown (get deployments.apps ome/ome-controller-manager: Unreachable)\nServer Version: unknown (the server is unreachable)\n",
            client_line()
        )
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

/// `version` takes no `-o` (website.md §2): the read commands' unknown-flag message.
#[tokio::test]
async fn version_refuses_an_output_flag_or_a_bad_namespace() {
    let cluster = shared().unwrap();
    for (args, message) in [
        (vec!["-o", "json"], "error: unknown flag: -o\n"),
        (vec!["--output=yaml"], "error: unknown flag: --output\n"),
        (vec!["--client", "-o", "json"], "error: unknown flag: -o\n"),
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
