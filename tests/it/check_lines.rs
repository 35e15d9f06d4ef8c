//! Every command names what failed (README difference y): before its unchanged final `error:`
//! line, `<command> check: read object=… cause=…` for a failed read (and what to run next), and
//! `<command> check: kubeconfig context=<name> cause=NotFound` for a context the kubeconfig
//! does not have; never server text. And a `wait` on a service that does not exist is an error,
//! exit 1, after its report (difference x). Against the real API server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{self, Run, plugin_async};
use crate::wait_support::{field, setup};

/// Each command that reads one named service, as `args(service, namespace)`, and the final
/// error line when that service cannot be found (`{ns}`, `{name}` filled in).
type Args = fn(&str, &str) -> Vec<String>;

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_string()).collect()
}

fn commands() -> Vec<(&'static str, Args, &'static str)> {
    vec![
        (
            "status",
            |s, n| strings(&["status", s, "-n", n]),
            "status InferenceService was not found",
        ),
        (
            "autoscale status",
            |s, n| strings(&["autoscale", "status", s, "-n", n]),
            "get InferenceService \"{ns}/{name}\": inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "autoscale explain",
            |s, n| strings(&["autoscale", "explain", s, "-n", n]),
            "get InferenceService \"{ns}/{name}\": inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "instance list",
            |s, n| strings(&["instance", "list", s, "-n", n]),
            "get InferenceService \"{ns}/{name}\": inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "instance status",
            |s, n| {
                strings(&[
                    "instance",
                    "status",
                    s,
                    "0",
                    "--component",
                    "engine",
                    "-n",
                    n,
                ])
            },
            "get InferenceService \"{ns}/{name}\": inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "instance retry-blocks",
            |s, n| {
                strings(&[
                    "instance",
                    "retry-blocks",
                    s,
                    "--component",
                    "engine",
                    "-n",
                    n,
                ])
            },
            "get InferenceService \"{ns}/{name}\": inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "rollout status",
            |s, n| strings(&["rollout", "status", s, "-n", n]),
            "inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "migration status",
            |s, n| strings(&["migration", "status", s, "-n", n]),
            "collect migration status: get InferenceService: inferenceservices.ome.io \"{name}\" not found",
        ),
        (
            "admin doctor",
            |s, n| strings(&["admin", "doctor", "--isvc", s, "-n", n]),
            "doctor collection failed",
        ),
        (
            "wait",
            |s, n| strings(&["wait", s, "-n", n, "--for=condition=Ready", "--timeout=20s"]),
            "InferenceService \"{ns}/{name}\" not found",
        ),
    ]
}

/// `<command> check: <id> <token> …`: one whole line, never wrapped or shortened (README
/// difference ae).
fn check(command: &str, id: &str, tokens: &[String]) -> String {
    format!("{command} check: {id} {}\n", tokens.join(" "))
}

/// The `read` check of the service `namespace/service`: one whole line.
fn read_check(command: &str, namespace: &str, service: &str, cause: &str) -> String {
    format!("{command} check: read object=InferenceService/{namespace}/{service} cause={cause}\n")
}

async fn run(kubeconfig: &std::path::Path, args: &[String], extra: &[&str]) -> Run {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend_from_slice(extra);
    plugin_async(Some(kubeconfig), &all).await
}

/// A service or namespace that does not exist: the read is named, then the list of services
/// in that namespace, with the namespace and the context given.
#[tokio::test]
async fn a_missing_service_or_namespace_is_named_before_the_error() {
    let (cluster, ns, _controller, kubeconfig) = setup("check-lines").await;
    let absent_ns = format!("{ns}-absent");
    for (command, args, message) in commands() {
        for (namespace, service, extra, scope) in [
            (ns.as_str(), "absent", &[][..], format!(" -n {ns}")),
            (
                absent_ns.as_str(),
                "chat",
                &[][..],
                format!(" -n {absent_ns}"),
            ),
            (
                ns.as_str(),
                "absent",
                &["--context", "reader"][..],
                format!(" -n {ns} --context reader"),
            ),
        ] {
            let run = run(&kubeconfig, &args(service, namespace), extra).await;
            let error = message
                .replace("{ns}", namespace)
                .replace("{name}", service);
            let expected = format!(
                "{}next: kubectl get inferenceservices.ome.io{scope}\nerror: {error}\n",
                read_check(command, namespace, service, "NotFound")
            );
            assert_eq!(
                run.stderr, expected,
                "{command} {namespace}/{service} {extra:?}"
            );
            assert_eq!(run.code, 1, "{command}: {run:?}");
            if command == "wait" {
                // The report is printed, with the outcome that says why (difference x).
                assert_eq!(field(&run.stdout, "Outcome"), "NotFound");
            } else {
                assert_eq!(run.stdout, "", "{command}");
            }
        }
    }
    // Every command only read.
    cluster.audit().sync().await.unwrap();
    assert!(cluster.audit().writes_by(&ns, "reader").unwrap().is_empty());
}

/// A context the kubeconfig does not have is named, not the kubeconfig's contents.
#[tokio::test]
async fn a_missing_context_is_named_before_the_error() {
    let (_cluster, ns, _controller, kubeconfig) = setup("check-context").await;
    for (command, args, _) in commands() {
        let run = run(
            &kubeconfig,
            &args("chat", &ns),
            &["--context", "absent-ctx"],
        )
        .await;
        let head = check(
            command,
            "kubeconfig",
            &strings(&["context=absent-ctx", "cause=NotFound"]),
        );
        assert!(run.stderr.starts_with(&head), "{command}: {run:?}");
        assert_eq!(run.stderr.lines().count(), 2, "{command}: {run:?}");
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, ""),
            "{command}: {run:?}"
        );
    }
}

/// A forbidden read names the read and the access check, with no server text.
#[tokio::test]
async fn a_forbidden_read_points_to_the_access_check() {
    let (_cluster, ns, _controller, _) = setup("check-forbidden").await;
    let nobody = support::cluster().kubeconfig("nobody").unwrap();
    for (command, args, _) in commands() {
        let run = run(&nobody, &args("chat", &ns), &[]).await;
        let head = format!(
            "{}next: kubectl ome admin doctor --access -n {ns}\nerror: ",
            read_check(command, &ns, "chat", "Forbidden")
        );
        assert!(run.stderr.starts_with(&head), "{command}: {run:?}");
        assert_eq!(run.code, 1, "{command}: {run:?}");
    }
}

/// A check line is never cut (README difference ae): a long namespace and a long service name
/// are printed whole, and `cause=` stays on the line that names the object, for `scale` and the
/// guarded actions alike.
#[tokio::test]
async fn a_long_namespace_and_name_stay_whole_on_one_line() {
    let (_cluster, ns, _controller, kubeconfig) =
        setup("check-whole-a-namespace-longer-than-half-a-line").await;
    let service = format!("s{}", "-long-service-name".repeat(5));
    let next = format!("next: kubectl get inferenceservices.ome.io -n {ns}\n");
    let api = "error: required Kubernetes API request failed; check access and connectivity\n";
    let scale = [
        "scale",
        &service,
        "-n",
        &ns,
        "--component",
        "engine",
        "--replicas",
        "3",
        "--override-autoscaler",
        "--yes",
    ];
    let pause = ["rollout", "pause", &service, "-n", &ns, "--yes"];
    for (prefix, args) in [("scale", &scale[..]), ("pause", &pause[..])] {
        let run = plugin_async(Some(&kubeconfig), args).await;
        let line =
            format!("{prefix} check: read object=InferenceService/{ns}/{service} cause=NotFound\n");
        assert!(line.len() > 120, "{line}");
        let expected = format!("{line}{next}{api}");
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", expected.as_str())
        );
    }
}
