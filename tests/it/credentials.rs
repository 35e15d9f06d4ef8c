//! Credentials against the real API server: the exec credential plugin runs once per
//! invocation, within a time limit inside the command's deadline, stops on a signal, and its
//! failures name only its file name and exit status; a broken kubeconfig names the file, line
//! and column. Sentinel secrets are planted next to every failure, and `tests/support` checks
//! every output of every run for them and for the test users' tokens and keys.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::secrets::SENTINEL;
use ome_testenv::{ChatFixture, TestCluster, shared};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::{Run, plugin_async, spawn};

const PLUGIN: &str = "leaky-login";

async fn chat(cluster: &TestCluster, prefix: &str) -> String {
    let ns = cluster.namespace(prefix).await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    ns
}

/// An executable `leaky-login` script in its own directory.
fn plugin_script(cluster: &TestCluster, body: &str) -> PathBuf {
    let dir = cluster.scratch_path("plugin");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(PLUGIN);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o700)).unwrap();
    path
}

/// A kubeconfig whose user gets credentials from `exec`.
fn exec_kubeconfig(cluster: &TestCluster, exec: Value) -> PathBuf {
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "c", "cluster": {
            "server": cluster.url(), "certificate-authority": cluster.dir().join("ca.crt")}}],
        "users": [{"name": "u", "user": {"exec": exec}}],
        "contexts": [{"name": "main", "context": {"cluster": "c", "user": "u"}}],
    });
    let path = cluster.scratch_path("exec.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

/// A plugin printing `user`'s token that appends a line to `counter` on every run and checks
/// it was told the cluster.
fn counting_plugin(cluster: &TestCluster, user: &str, counter: &Path) -> PathBuf {
    let credential = json!({
        "apiVersion": "client.authentication.k8s.io/v1", "kind": "ExecCredential",
        "status": {"token": cluster.token(user).unwrap()},
    });
    let script = plugin_script(
        cluster,
        &format!(
            "echo run >> '{}'\ncase \"$KUBERNETES_EXEC_INFO\" in *'\"server\":\"{}\"'*) ;; *) exit 9;; esac\ncat <<'EOF'\n{credential}\nEOF",
            counter.display(),
            cluster.url()
        ),
    );
    exec_kubeconfig(
        cluster,
        json!({"apiVersion": "client.authentication.k8s.io/v1", "command": script,
               "interactiveMode": "Never", "provideClusterInfo": true}),
    )
}

fn runs(counter: &Path) -> usize {
    std::fs::read_to_string(counter).map_or(0, |t| t.lines().count())
}

#[tokio::test]
async fn the_exec_plugin_runs_once_per_invocation() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "once").await;
    let counter = cluster.scratch_path("runs.txt");
    let reader = counting_plugin(cluster, "reader", &counter);
    let invocations: [&[&str]; 4] = [
        &[
            "autoscale",
            "status",
            "chat",
            "-n",
            &ns,
            "--live-scale",
            "--live-scaler",
        ],
        &["instance", "list", "chat", "-n", &ns],
        &["migration", "status", "chat", "-n", &ns],
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component",
            "engine",
            "--replicas",
            "2",
        ],
    ];
    for (n, args) in invocations.iter().enumerate() {
        plugin_async(Some(&reader), args).await.ok();
        assert_eq!(runs(&counter), n + 1, "{args:?}");
    }
    let scaler = counting_plugin(cluster, "scaler", &counter);
    let run = plugin_async(
        Some(&scaler),
        &[
            "scale",
            "chat",
            "-n",
            &ns,
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "--dry-run",
            "server",
        ],
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(runs(&counter), invocations.len() + 1);
    cluster.audit().sync().await.unwrap();
    assert!(
        !cluster
            .audit()
            .requests_by(&ns, "scaler")
            .unwrap()
            .is_empty()
    );
}

/// Every command with `kubeconfig`: (what it printed, the expected error text of the read
/// commands after their prefix).
async fn every_command(kubeconfig: &Path, ns: &str) -> Vec<(String, Run)> {
    let commands: Vec<Vec<&str>> = vec![
        vec!["autoscale", "status", "chat", "-n", ns],
        vec!["instance", "list", "chat", "-n", ns],
        vec!["rollout", "status", "chat", "-n", ns],
        vec!["migration", "status", "chat", "-n", ns],
        vec![
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
        ],
        vec![
            "wait",
            "chat",
            "-n",
            ns,
            "--for=condition=Ready",
            "--timeout",
            "5s",
        ],
        vec!["version"],
    ];
    let mut out = Vec::new();
    for args in commands {
        out.push((args.join(" "), plugin_async(Some(kubeconfig), &args).await));
    }
    let completion =
        support::checked_output(support::completion_command(Some(kubeconfig)).args(["scale", ""]));
    out.push(("completion".to_string(), completion.into()));
    out
}

/// The read commands print `<prefix>: <problem>`; scale and wait keep their fixed messages;
/// version still exits 0 and says why the server is unknown; completion offers nothing.
fn assert_every_command_says(results: &[(String, Run)], problem: &str, prefix_stderr: &str) {
    for (command, run) in results {
        let (code, expected_end) = match command.split(' ').next() {
            Some("scale") => (
                1,
                "error: required Kubernetes API request failed; check access and connectivity\n"
                    .to_string(),
            ),
            Some("wait") => (1, "error: WaitConfigurationUnavailable\n".to_string()),
            Some("version") => {
                assert_eq!(run.code, 0, "{command}: {run:?}");
                assert!(
                    run.stdout
                        .contains(&format!("Server Version: unknown ({problem})")),
                    "{command}: {run:?}"
                );
                continue;
            }
            Some("completion") => {
                assert_eq!(run.stdout, ":4\n", "{command}");
                continue;
            }
            _ => (1, format!("{problem}\n")),
        };
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (code, ""),
            "{command}: {run:?}"
        );
        assert!(run.stderr.starts_with(prefix_stderr), "{command}: {run:?}");
        assert!(run.stderr.ends_with(&expected_end), "{command}: {run:?}");
    }
}

#[tokio::test]
async fn a_failing_exec_plugin_is_named_by_file_name_and_status_and_leaks_nothing() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "failexec").await;
    let script = plugin_script(
        cluster,
        &format!(
            "echo 'please log in first' >&2\necho \"{SENTINEL}-stdout $AWS_SECRET_ACCESS_KEY $1\"\nexit 3"
        ),
    );
    let kubeconfig = exec_kubeconfig(
        cluster,
        json!({"apiVersion": "client.authentication.k8s.io/v1", "command": script,
               "args": [format!("--password={SENTINEL}-arg")],
               "env": [{"name": "AWS_SECRET_ACCESS_KEY", "value": format!("{SENTINEL}-env")}],
               "interactiveMode": "Never"}),
    );
    let results = every_command(&kubeconfig, &ns).await;
    // The plugin's own stderr passes through, as kubectl lets it (login prompts).
    assert_every_command_says(
        &results,
        &format!("exec credential plugin \"{PLUGIN}\" failed with exit status 3"),
        "please log in first\n",
    );
    let (_, status) = &results[0];
    assert_eq!(
        status.stderr,
        format!(
            "please log in first\nerror: create OME client: exec credential plugin \"{PLUGIN}\" failed with exit status 3\n"
        )
    );
}

#[tokio::test]
async fn a_kubeconfig_syntax_error_names_the_file_line_and_column_and_leaks_nothing() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "badyaml").await;
    let path = cluster.scratch_path("broken-kubeconfig.yaml");
    let text = format!(
        "apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    token: {SENTINEL}-token\n    password: [{SENTINEL}-unclosed\ncontexts: []\n"
    );
    std::fs::write(&path, text).unwrap();
    let problem = format!(
        "kubeconfig {}: line 7 column 15: invalid YAML",
        path.display()
    );
    let results = every_command(&path, &ns).await;
    assert_every_command_says(&results, &problem, "error: ");
    let (_, status) = &results[0];
    assert_eq!(
        status.stderr,
        format!("error: resolve namespace: {problem}\n")
    );

    // A field of the wrong type is told apart from broken YAML.
    let path = cluster.scratch_path("typed-kubeconfig.yaml");
    std::fs::write(
        &path,
        format!("apiVersion: v1\nclusters:\n- name: c\n  cluster:\n    server: https://x\n    insecure-skip-tls-verify: {SENTINEL}\n"),
    )
    .unwrap();
    let run = plugin_async(Some(&path), &["autoscale", "status", "chat", "-n", &ns]).await;
    assert_eq!(
        run.stderr,
        format!(
            "error: resolve namespace: kubeconfig {}: line 6 column 31: not a valid kubeconfig (a field has the wrong type or value)\n",
            path.display()
        )
    );
}

#[tokio::test]
async fn a_hanging_exec_plugin_ends_within_the_wait_timeout() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "hangexec").await;
    let script = plugin_script(cluster, "exec sleep 120");
    let kubeconfig = exec_kubeconfig(
        cluster,
        json!({"apiVersion": "client.authentication.k8s.io/v1", "command": script,
               "interactiveMode": "Never"}),
    );
    let started = Instant::now();
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=condition=Ready",
            "--timeout",
            "2s",
        ],
    )
    .await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", "error: WaitConfigurationUnavailable\n")
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

/// The plugin writes its process ID and then hangs.
fn hanging_plugin(cluster: &TestCluster, pid_file: &Path) -> PathBuf {
    let script = plugin_script(
        cluster,
        &format!("echo $$ > '{}'\nexec sleep 120", pid_file.display()),
    );
    exec_kubeconfig(
        cluster,
        json!({"apiVersion": "client.authentication.k8s.io/v1", "command": script,
               "interactiveMode": "Never"}),
    )
}

async fn pid_in(file: &Path) -> u32 {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(pid) = std::fs::read_to_string(file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        assert!(Instant::now() < deadline, "the plugin did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Alive and not a zombie.
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit(')')
                .next()
                .map(|rest| !rest.trim_start().starts_with('Z'))
        })
        .unwrap_or(false)
}

#[tokio::test]
async fn a_signal_while_the_exec_plugin_runs_cancels_the_command_and_stops_the_plugin() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "sigexec").await;
    let scale: Vec<&str> = vec![
        "scale",
        "chat",
        "-n",
        &ns,
        "--component",
        "engine",
        "--replicas",
        "3",
        "--override-autoscaler",
        "--yes",
    ];
    let cases: [(Vec<&str>, &str); 3] = [
        (
            vec!["instance", "list", "chat", "-n", &ns],
            "error: context canceled\n",
        ),
        (scale, "error: context canceled\n"),
        (
            vec!["wait", "chat", "-n", &ns, "--for=condition=Ready"],
            "error: Canceled\n",
        ),
    ];
    for (args, expected) in cases {
        let pid_file = cluster.scratch_path("plugin.pid");
        let kubeconfig = hanging_plugin(cluster, &pid_file);
        let command = spawn(&kubeconfig, &args);
        let plugin_pid = pid_in(&pid_file).await;
        let started = Instant::now();
        let status = std::process::Command::new("kill")
            .args(["-INT", &command.pid().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let run = command.finish().await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", expected),
            "{args:?}"
        );
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
        let deadline = Instant::now() + Duration::from_secs(10);
        while running(plugin_pid) {
            assert!(
                Instant::now() < deadline,
                "the plugin {plugin_pid} still runs: {args:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    cluster.audit().sync().await.unwrap();
    assert!(cluster.audit().writes_in(&ns).unwrap().is_empty());
}

#[test]
#[should_panic(expected = "the plugin printed the leak sentinel on stderr")]
fn the_leak_check_catches_a_planted_sentinel() {
    support::assert_nothing_leaked("", &format!("error: token {SENTINEL}-x"));
}

#[tokio::test]
async fn the_leak_check_knows_every_test_users_token_and_key() {
    let cluster = shared().unwrap();
    let known = ome_testenv::secrets::known();
    for user in ome_testenv::TOKEN_USERS {
        let token = cluster.token(user).unwrap();
        assert!(known.iter().any(|s| s.value == token), "{user}");
        let leaked = std::panic::catch_unwind(|| support::assert_nothing_leaked(token, ""));
        assert!(leaked.is_err(), "{user}");
    }
    let key = std::fs::read_to_string(cluster.dir().join("client-admin.key")).unwrap();
    let body_line = key.lines().nth(1).unwrap();
    assert!(std::panic::catch_unwind(|| support::assert_nothing_leaked("", body_line)).is_err());
}

#[tokio::test]
async fn an_expiring_exec_token_is_renewed_while_a_long_command_runs() {
    let cluster = shared().unwrap();
    let ns = chat(cluster, "renew").await;
    let counter = cluster.scratch_path("renewals.txt");
    let token = cluster.token("reader").unwrap();
    // Valid for 62 s: renewed a minute ahead, but not within 5 s of the last run.
    let script = plugin_script(
        cluster,
        &format!(
            "echo run >> '{}'\nexpiry=$(date -u -d '+62 seconds' +%Y-%m-%dT%H:%M:%SZ)\necho '{{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{{\"token\":\"{token}\",\"expirationTimestamp\":\"'$expiry'\"}}}}'",
            counter.display()
        ),
    );
    let kubeconfig = exec_kubeconfig(
        cluster,
        json!({"apiVersion": "client.authentication.k8s.io/v1", "command": script,
               "interactiveMode": "Never"}),
    );
    // A short command: one run.
    plugin_async(Some(&kubeconfig), &["instance", "list", "chat", "-n", &ns])
        .await
        .ok();
    assert_eq!(runs(&counter), 1);
    // A wait that outlives the renewal point: a second run, and the wait still ends as unmet
    // (exit 2), not as an error.
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "wait",
            "chat",
            "-n",
            &ns,
            "--for=replicas=current",
            "--component",
            "engine",
            "--replicas",
            "4",
            "--timeout",
            "8s",
        ],
    )
    .await;
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(runs(&counter), 3);
}
