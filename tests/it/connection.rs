//! The kubectl connection flags against the real API server: kubeconfig selection (flag,
//! KUBECONFIG with several files), context/cluster/user overrides, the namespace fallback,
//! exec credential plugins, client certificates, and an unreachable server.
//!
//! Namespace resolution is observed through the completion entry, which lists the
//! InferenceServices of the resolved namespace with the same connection code as every command.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::{ChatFixture, TestCluster, shared};
use std::path::Path;
use support::{Run, plugin_async};

const CLUSTER: &str = "ome-testenv";

/// Runs the completion entry for `scale <prefix>` with `KUBECONFIG=kubeconfig` (a path list).
async fn names(kubeconfig: &str, extra: &[&str]) -> Vec<String> {
    let kubeconfig = kubeconfig.to_string();
    let mut args: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
    args.extend(["scale".to_string(), String::new()]);
    let output = tokio::task::spawn_blocking(move || {
        support::checked_output(
            support::completion_command(Some(Path::new(&kubeconfig))).args(&args),
        )
    })
    .await
    .unwrap();
    assert!(
        output.stderr.is_empty(),
        "completion never prints on stderr"
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    assert_eq!(
        lines.pop().as_deref(),
        Some(":4"),
        "Cobra directive NoFileComp last"
    );
    lines
}

async fn service(cluster: &TestCluster, ns: &str, name: &str) {
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new()
        .name(name)
        .without_scalers()
        .create(&admin, ns)
        .await
        .unwrap();
}

fn version_of(run: &Run) -> &str {
    run.stdout
        .lines()
        .find_map(|l| l.strip_prefix("Server Version: "))
        .unwrap_or_default()
}

#[tokio::test]
async fn context_switch_selects_cluster_user_and_namespace() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("ctx").await.unwrap();
    service(cluster, &ns, "ctx-svc").await;
    let dead_server = ome_testenv::kubeconfig::unreachable_server().unwrap();
    let path = cluster.scratch_path("contexts.yaml");
    cluster
        .base_kubeconfig()
        .unwrap()
        .cluster("dead", &dead_server, cluster.ca_pem())
        .context("live", CLUSTER, "reader", Some(&ns))
        .context("dead", "dead", "reader", Some(&ns))
        .context("nobody", CLUSTER, "nobody", Some(&ns))
        .current_context("dead")
        .write(&path)
        .unwrap();
    let path = path.to_string_lossy().into_owned();

    // The current context points at a closed port: nothing can be listed.
    assert!(names(&path, &[]).await.is_empty());
    // --context switches cluster, user and namespace together.
    assert_eq!(names(&path, &["--context", "live"]).await, vec!["ctx-svc"]);
    // --cluster and --user override parts of the selected context.
    assert_eq!(names(&path, &["--cluster", CLUSTER]).await, vec!["ctx-svc"]);
    assert!(
        names(&path, &["--context", "live", "--user", "nobody"])
            .await
            .is_empty(),
        "nobody may not list"
    );

    let run = plugin_async(Some(Path::new(&path)), &["--context", "live", "version"]).await;
    assert_eq!(version_of(&run), "v1.37.2");
    let run = plugin_async(Some(Path::new(&path)), &["version"]).await;
    assert_eq!(version_of(&run), "unknown (the server is unreachable)");
}

#[tokio::test]
async fn namespace_is_the_flag_then_the_context_namespace_then_default() {
    let cluster = shared().unwrap();
    let ns_a = cluster.namespace("ns-a").await.unwrap();
    let ns_b = cluster.namespace("ns-b").await.unwrap();
    service(cluster, &ns_a, "in-a").await;
    service(cluster, &ns_b, "in-b").await;
    service(cluster, "default", "in-default").await;
    let path = cluster.scratch_path("namespaces.yaml");
    cluster
        .base_kubeconfig()
        .unwrap()
        .context("with-ns", CLUSTER, "reader", Some(&ns_a))
        .context("without-ns", CLUSTER, "reader", None)
        .current_context("with-ns")
        .write(&path)
        .unwrap();
    let path = path.to_string_lossy().into_owned();

    assert_eq!(
        names(&path, &[]).await,
        vec!["in-a"],
        "the context's namespace"
    );
    assert_eq!(names(&path, &["-n", &ns_b]).await, vec!["in-b"], "-n wins");
    assert_eq!(names(&path, &["--namespace", &ns_b]).await, vec!["in-b"]);
    let in_default = names(&path, &["--context", "without-ns"]).await;
    assert!(
        in_default.contains(&"in-default".to_string()),
        "fallback to default: {in_default:?}"
    );
    assert!(!in_default.contains(&"in-a".to_string()));
}

#[tokio::test]
async fn kubeconfig_merges_several_files_first_wins() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("merge").await.unwrap();
    service(cluster, &ns, "merged").await;
    let builder = cluster
        .base_kubeconfig()
        .unwrap()
        .context("split", CLUSTER, "reader", Some(&ns))
        .current_context("split");
    let list = builder
        .write_split(
            &cluster.scratch_path("clusters-users.yaml"),
            &cluster.scratch_path("contexts.yaml"),
        )
        .unwrap();
    assert_eq!(
        names(&list, &[]).await,
        vec!["merged"],
        "contexts in file two, users in file one"
    );

    // A first file that sets current-context wins over the second file's.
    let first = cluster.scratch_path("first.yaml");
    cluster
        .base_kubeconfig()
        .unwrap()
        .context("first", CLUSTER, "reader", Some(&ns))
        .current_context("first")
        .write(&first)
        .unwrap();
    let dead = cluster.kubeconfig_unreachable("reader").unwrap();
    let both = std::env::join_paths([first.as_path(), dead.as_path()]).unwrap();
    assert_eq!(names(&both.to_string_lossy(), &[]).await, vec!["merged"]);
    // A missing file in the list is skipped, as kubectl does.
    let with_missing = format!("/nonexistent/kubeconfig:{}", first.display());
    assert_eq!(names(&with_missing, &[]).await, vec!["merged"]);
}

#[tokio::test]
async fn exec_credential_plugins_and_client_certificates_authenticate() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("auth").await.unwrap();
    service(cluster, &ns, "authed").await;
    let exec = cluster.kubeconfig_exec("reader", Some(&ns)).unwrap();
    assert_eq!(names(&exec.to_string_lossy(), &[]).await, vec!["authed"]);
    let cert = cluster.kubeconfig("cert-admin").unwrap();
    assert_eq!(
        names(&cert.to_string_lossy(), &["-n", &ns]).await,
        vec!["authed"]
    );
}

#[tokio::test]
async fn an_unreachable_server_gives_the_fixed_message() {
    let cluster = shared().unwrap();
    let dead = cluster.kubeconfig_unreachable("scaler").unwrap();
    let run = plugin_async(
        Some(&dead),
        &[
            "scale",
            "chat",
            "-n",
            "prod",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "--dry-run",
            "client",
        ],
    )
    .await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "scale check: read object=InferenceService/prod/chat cause=Unreachable\n\
         error: required Kubernetes API request failed; check access and connectivity\n"
    );
}
