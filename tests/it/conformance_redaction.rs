//! Redaction of credential-shaped names (conformance.md §4, difference v) against the real API
//! server: a service, its InferenceReplicas and its namespace named like API keys print
//! `[REDACTED]` in every read command's every format, and the names themselves appear nowhere in
//! stdout or stderr, error lines included.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::scale_support::{Env, cluster};
use crate::support::plugin_async;
use ome_testenv::ChatFixture;

/// `sk-` + 26 characters: shape 2 of §4.1 at the start of the name.
const SERVICE: &str = "sk-proj-0123456789abcdefghijklmn";
/// The namespace prefix (the harness appends `-<n>-<hex>`): `sk-` + 20 characters.
const NAMESPACE: &str = "sk-0123456789abcdefghij";

fn assert_nothing_leaks(args: &[&str], run: &crate::support::Run, service: &str, ns: &str) {
    for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        for secret in [service, ns, "0123456789abcdefghij"] {
            assert!(
                !text.contains(secret),
                "{args:?}: {stream} shows {secret}:\n{text}"
            );
        }
    }
}

#[tokio::test]
async fn credential_shaped_names_are_redacted_in_every_read_command_and_format() {
    let env = Env::new(NAMESPACE, ChatFixture::new().name(SERVICE)).await;
    let ns = env.ns.clone();
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["wait", SERVICE, "--for=condition=Ready", "--timeout=5s"],
        vec!["wait", SERVICE, "--for=rollout=stable", "--timeout=1s"],
        vec![
            "wait",
            SERVICE,
            "--for=replicas=current",
            "--component",
            "engine",
            "--replicas",
            "2",
            "--timeout=5s",
        ],
        vec!["rollout", "status", SERVICE],
        vec!["instance", "list", SERVICE],
        vec!["autoscale", "status", SERVICE],
        vec!["autoscale", "explain", SERVICE],
        vec!["status", SERVICE],
    ];
    for command in commands {
        for output in ["table", "wide", "json", "yaml"] {
            let mut args = command.clone();
            args.extend(["-n", ns.as_str(), "-o", output]);
            let run = plugin_async(Some(&kubeconfig), &args).await;
            assert_nothing_leaks(&args, &run, SERVICE, &ns);
            if output == "wide"
                && run.stderr
                    == "error: unsupported output format \"wide\" (supported: table, json, yaml)\n"
            {
                continue;
            }
            assert!(matches!(run.code, 0 | 2), "{args:?}: {run:?}");
            // Reports name the service in their metadata; not every table names it.
            if matches!(output, "json" | "yaml") {
                assert!(
                    run.stdout.contains("[REDACTED]"),
                    "{args:?}: {}",
                    run.stdout
                );
            }
            assert_nothing_leaks(&args, &run, SERVICE, &ns);
        }
    }
}

#[tokio::test]
async fn error_lines_redact_the_name_and_keep_their_shape() {
    let env = Env::new(NAMESPACE, ChatFixture::new().name(SERVICE)).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let missing = format!("{SERVICE}x");
    let args = ["rollout", "status", missing.as_str(), "-n", env.ns.as_str()];
    let run = plugin_async(Some(&kubeconfig), &args).await;
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    assert!(run.stderr.contains("[REDACTED]"), "{run:?}");
    assert_nothing_leaks(&args, &run, &missing, &env.ns);
}
