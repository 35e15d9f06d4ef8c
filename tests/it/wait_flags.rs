//! `kubectl ome wait` refusals before any API request: the flag matrix of read-commands.md
//! §4.3, each with its exact message, exit 1 and empty stdout.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use std::io::Write;
use support::plugin;

const CURRENT: &str = "InvalidCurrentReplicaFlags: require --component=engine|decoder|router and positive --replicas=N; --ir-name and --ir-uid must be paired";
const READY: &str = "InvalidReadyReplicaFlags: require --component=engine|decoder|router and --replicas=N only with replicas=ready; N must be nonnegative";
const PREDICATE: &str = "InvalidWaitPredicate: require condition=Ready[=True|False|Unknown], rollout=stable|failed|rolled-back, migration=terminal, replicas=ready|current, runtime-sync=acknowledged, or held-revision=unheld";
const MIGRATION_ID: &str =
    "InvalidMigrationRequestID: require canonical UUID only with migration=terminal";
const RUNTIME_ID: &str =
    "InvalidRuntimeSyncRequestID: require canonical v4 UUID with runtime-sync=acknowledged";
const HELD: &str = "InvalidHeldRevisionTarget: require --component, full --revision, --ir-name and --ir-uid only with held-revision=unheld";
const TIMEOUT: &str = "InvalidWaitTimeout: require positive duration no greater than 24h";
const OUTPUT: &str = "InvalidOutputFormat: supported table, wide, json, yaml";
const UUID: &str = "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234";

/// A kubeconfig that loads but names a server nobody listens on (no request is ever made).
fn offline_kubeconfig() -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    write!(
        file,
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:9\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user:\n    token: t\n"
    )
    .unwrap();
    file
}

#[test]
fn flag_matrix() {
    let kubeconfig = offline_kubeconfig();
    let id = format!("--request-id={UUID}");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["wait", "chat", "--for=replicas=current", "--bogus"],
            "wait check: flags flag=--bogus rule=unknown-flag\nInvalidWaitFlags",
        ),
        (
            vec!["wait", "chat", "--for=replicas=current", "--timeout=30"],
            "wait check: flags flag=--timeout rule=duration-needs-unit example=30s\nInvalidWaitFlags",
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
                "--replicas=x",
            ],
            "wait check: flags flag=--replicas rule=integer\nInvalidWaitFlags",
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=condition=Ready",
                "--request-timeout=soon",
            ],
            "wait check: flags flag=--request-timeout rule=seconds-or-duration example=10s\nInvalidWaitFlags",
        ),
        (
            vec!["wait", "--for=condition=Ready"],
            "accepts 1 arg(s), received 0",
        ),
        (
            vec!["wait", "a", "b", "--for=condition=Ready"],
            "accepts 1 arg(s), received 2",
        ),
        (
            vec!["wait", "Chat_1", "--for=condition=Ready"],
            "InvalidInferenceServiceName",
        ),
        (vec!["wait", "chat"], PREDICATE),
        (vec!["wait", "chat", "--for=replicas=all"], PREDICATE),
        (
            vec!["wait", "chat", "--for=migration=terminal"],
            MIGRATION_ID,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=migration=terminal",
                "--request-id=0B9A4C8E-6F1D-4E2A-9B3C-5D7E8F901234",
            ],
            MIGRATION_ID,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", &id],
            MIGRATION_ID,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=runtime-sync=acknowledged",
                "--request-id=0b9a4c8e-6f1d-1e2a-9b3c-5d7e8f901234",
            ],
            RUNTIME_ID,
        ),
        (
            vec!["wait", "chat", "--for=replicas=ready", "--replicas=2"],
            READY,
        ),
        (
            vec!["wait", "chat", "--for=replicas=ready", "--component=engine"],
            READY,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=ready",
                "--component=engine",
                "--replicas=-1",
            ],
            READY,
        ),
        (
            vec!["wait", "chat", "--for=rollout=stable", "--replicas=1"],
            READY,
        ),
        (
            vec!["wait", "chat", "--for=replicas=current", "--replicas=3"],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
                "--replicas=0",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=Engine",
                "--replicas=3",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
                "--replicas=3",
                "--ir-uid=abc",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
                "--replicas=3",
                "--ir-name=chat-engine",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
                "--replicas=3",
                "--ir-name=Bad_Name",
                "--ir-uid=abc",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=replicas=current",
                "--component=engine",
                "--replicas=3",
                "--ir-name=chat-engine",
                "--ir-uid=a/b",
            ],
            CURRENT,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=held-revision=unheld",
                "--component=engine",
                "--revision=chat-engine-0a1b2c3d",
            ],
            HELD,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=held-revision=unheld",
                "--component=engine",
                "--revision=chat-decoder-0a1b2c3d",
                "--ir-name=chat-engine",
                "--ir-uid=abc",
            ],
            HELD,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=held-revision=unheld",
                "--component=engine",
                "--revision=chat-engine-0a1b2c3d",
                "--ir-name=chat-engine",
                "--ir-uid=abc",
                "--replicas=1",
            ],
            HELD,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=condition=Ready",
                "--revision=chat-engine-0a1b2c3d",
            ],
            HELD,
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=rollout=stable",
                "--ir-name=chat-engine",
                "--ir-uid=abc",
            ],
            HELD,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "--timeout=0s"],
            TIMEOUT,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "--timeout=-1m"],
            TIMEOUT,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "--timeout=25h"],
            TIMEOUT,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "-o", "name"],
            OUTPUT,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "-o", "JSON"],
            OUTPUT,
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "-n", "Bad_NS"],
            "InvalidNamespace",
        ),
    ];
    for (args, message) in cases {
        let run = plugin(Some(kubeconfig.path()), &args);
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", support::stderr_of(message).as_str()),
            "{args:?}"
        );
    }
}

#[test]
fn without_any_configuration_the_wait_cannot_start() {
    let run = plugin(None, &["wait", "chat", "--for=condition=Ready"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "error: WaitConfigurationUnavailable\n");
}

#[test]
fn a_bad_value_is_never_echoed() {
    let run = plugin(
        None,
        &[
            "wait",
            "chat",
            "--for=replicas=current",
            "--timeout=secret-value",
        ],
    );
    assert_eq!(
        run.stderr,
        "wait check: flags flag=--timeout rule=go-duration example=1m30s\nerror: InvalidWaitFlags\n"
    );
    assert!(!run.stderr.contains("secret-value"));
}
