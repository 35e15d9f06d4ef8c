//! A kubeconfig user's `auth-provider`, by kubectl's rule: only `oidc` exists (kubectl 1.26+
//! refuses `gcp` and `azure`), and of it only the stored `id-token` is used. A provider's
//! command is never run: a `gcp` provider whose `cmd-path` sleeps for two minutes is refused at
//! once, in our words, with nothing sent.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A kubeconfig (in its own directory) whose user `u` has `user`; the server is a closed port,
/// so any request would fail with another message.
fn kubeconfig(name: &str, user: Value) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "c", "cluster": {"server": "https://127.0.0.1:9"}}],
        "users": [{"name": "u", "user": user}],
        "contexts": [{"name": "main", "context": {"cluster": "c", "user": "u", "namespace": "ns"}}],
    });
    let path = dir.path().join(name);
    std::fs::write(&path, doc.to_string()).unwrap();
    (dir, path)
}

fn sleeping_provider(name: &str, marker: &std::path::Path) -> Value {
    // If the command ever ran, the marker file would exist.
    json!({"auth-provider": {"name": name, "config": {
        "cmd-path": "/bin/sh",
        "cmd-args": format!("-c touch${{IFS}}{};sleep${{IFS}}120", marker.display()),
    }}})
}

#[test]
fn gcp_and_azure_providers_are_refused_at_once_and_never_run() {
    // Names kubectl removed are named; any other provider name is kubeconfig text, never shown
    // (one with an escape sequence proves it).
    for (name, shown) in [
        ("gcp", "the auth-provider \"gcp\""),
        ("azure", "the auth-provider \"azure\""),
        ("openstack", "an auth-provider other than oidc"),
        ("x\u{1b}[31mred", "an auth-provider other than oidc"),
    ] {
        let marker_dir = tempfile::tempdir().unwrap();
        let marker = marker_dir.path().join("ran");
        let (_dir, path) = kubeconfig("provider.json", sleeping_provider(name, &marker));
        let started = Instant::now();
        let run = support::plugin(Some(&path), &["autoscale", "status", "chat"]);
        let took = started.elapsed();
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (
                1,
                "",
                format!(
                    "error: create OME client: user \"u\" in the kubeconfig uses {shown}, which kubectl no longer supports: use an exec credential plugin instead (for example gke-gcloud-auth-plugin or kubelogin)\n"
                )
                .as_str()
            )
        );
        assert!(took < Duration::from_secs(1), "{name}: {took:?}");
        assert!(!marker.exists(), "{name}: the provider's command ran");
    }
}

#[test]
fn the_sleeping_gcp_provider_of_the_issue_is_refused_within_a_second() {
    let (_dir, path) = kubeconfig(
        "gcp.json",
        json!({"auth-provider": {"name": "gcp", "config": {
            "cmd-path": "/bin/sleep", "cmd-args": "120"}}}),
    );
    for args in [
        &["instance", "list", "chat"][..],
        &["wait", "chat", "--for=condition=Ready", "--timeout=2s"][..],
    ] {
        let started = Instant::now();
        let run = support::plugin(Some(&path), args);
        assert!(started.elapsed() < Duration::from_secs(1), "{args:?}");
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{args:?}");
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
}

#[test]
fn oidc_without_an_id_token_is_refused_and_never_refreshed() {
    let (_dir, path) = kubeconfig(
        "oidc.json",
        json!({"auth-provider": {"name": "oidc", "config": {
            "idp-issuer-url": "https://127.0.0.1:9", "client-id": "c",
            "refresh-token": "r"}}}),
    );
    let run = support::plugin(Some(&path), &["autoscale", "status", "chat"]);
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            "error: create OME client: user \"u\" in the kubeconfig uses the oidc auth-provider without an id-token: log in again to store one\n"
        )
    );
}
