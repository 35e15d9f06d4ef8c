//! Every read is bounded in size and time by default (issue 10): against a server that streams
//! an endless body, declares a body of 1 TiB, never answers, or sends headers and then nothing,
//! each command exits 1 with its fixed message within its stated time limit (docs/commands.md,
//! "Limits on every read"), its peak memory (measured by `/usr/bin/time`) under 64 MiB, and
//! nothing on stdout. No `--request-timeout` is given: the defaults do it.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::{MisbehavingServer, Misbehaviour, shared};
use std::time::Duration;
use support::measure::{Measured, plugin_measured};

/// The bound of the issue: far under what one buffered body of the endless server would take.
const PEAK_RSS_LIMIT_KIB: u64 = 64 << 10;
/// Process start, TLS and exit on a busy 2-core machine, on top of a command's limit.
const SLACK: Duration = Duration::from_secs(8);

const SCALE_READ_FAILED: &str =
    "required Kubernetes API request failed; check access and connectivity";

/// One command, its time limit without `--request-timeout`, and its stderr for a read that
/// timed out and for a body over the cap.
struct Case {
    args: &'static [&'static str],
    limit: Duration,
    timed_out: Expected,
    too_large: Expected,
}

/// How a command ends.
#[derive(Debug, Clone, Copy)]
enum Expected {
    /// Exit 1, nothing on stdout, this one `error:` line.
    Error(&'static str),
    /// Exit 1, nothing on stdout, this `scale check:` line, then the `error:` line.
    Checked(&'static str, &'static str),
}

use Expected::{Checked, Error};

fn cases() -> Vec<Case> {
    let secs = Duration::from_secs;
    vec![
        Case {
            args: &["autoscale", "status", "chat", "-n", "prod"],
            limit: secs(30),
            timed_out: Checked(
                "autoscale status check: read object=InferenceService/prod/chat cause=Timeout",
                "get InferenceService \"prod/chat\": context deadline exceeded",
            ),
            too_large: Checked(
                "autoscale status check: read object=InferenceService/prod/chat cause=TooLarge",
                "get InferenceService \"prod/chat\": response body exceeds the size limit",
            ),
        },
        Case {
            args: &["instance", "list", "chat", "-n", "prod"],
            limit: secs(30),
            timed_out: Checked(
                "instance list check: read object=InferenceService/prod/chat cause=Timeout",
                "get InferenceService \"prod/chat\": context deadline exceeded",
            ),
            too_large: Checked(
                "instance list check: read object=InferenceService/prod/chat cause=TooLarge",
                "get InferenceService \"prod/chat\": response body exceeds the size limit",
            ),
        },
        Case {
            args: &["rollout", "status", "chat", "-n", "prod"],
            limit: secs(30),
            timed_out: Checked(
                "rollout status check: read object=InferenceService/prod/chat cause=Timeout",
                "context deadline exceeded",
            ),
            too_large: Checked(
                "rollout status check: read object=InferenceService/prod/chat cause=TooLarge",
                "response body exceeds the size limit",
            ),
        },
        Case {
            args: &["migration", "status", "chat", "-n", "prod"],
            limit: secs(10),
            timed_out: Checked(
                "migration status check: read object=InferenceService/prod/chat cause=Timeout",
                "collect migration status: get InferenceService: context deadline exceeded",
            ),
            too_large: Checked(
                "migration status check: read object=InferenceService/prod/chat cause=TooLarge",
                "collect migration status: get InferenceService: response body exceeds the size limit",
            ),
        },
        Case {
            args: &["autoscale", "explain", "chat", "-n", "prod"],
            limit: secs(10),
            // The command's own 10 s bound over all its reads ends it first.
            timed_out: Error("context deadline exceeded"),
            too_large: Checked(
                "autoscale explain check: read object=InferenceService/prod/chat cause=TooLarge",
                "get InferenceService \"prod/chat\": response body exceeds the size limit",
            ),
        },
        Case {
            args: &[
                "instance",
                "status",
                "chat",
                "0",
                "--component",
                "engine",
                "-n",
                "prod",
            ],
            limit: secs(10),
            timed_out: Error("context deadline exceeded"),
            too_large: Checked(
                "instance status check: read object=InferenceService/prod/chat cause=TooLarge",
                "get InferenceService \"prod/chat\": response body exceeds the size limit",
            ),
        },
        Case {
            args: &["status", "chat", "-n", "prod"],
            limit: secs(10),
            timed_out: Error("status read was cancelled or timed out"),
            too_large: Checked(
                "status check: read object=InferenceService/prod/chat cause=TooLarge",
                "status InferenceService could not be read",
            ),
        },
        Case {
            args: &[
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
            ],
            limit: secs(10),
            timed_out: Checked(
                "scale check: read object=InferenceService/prod/chat cause=Timeout",
                "context deadline exceeded",
            ),
            too_large: Checked(
                "scale check: read object=InferenceService/prod/chat cause=TooLarge",
                SCALE_READ_FAILED,
            ),
        },
        Case {
            args: &[
                "instance",
                "retry-blocks",
                "chat",
                "--component",
                "engine",
                "-n",
                "prod",
            ],
            // Its service read is capped at 10 s.
            limit: secs(10),
            timed_out: Checked(
                "instance retry-blocks check: read object=InferenceService/prod/chat cause=Timeout",
                "context deadline exceeded",
            ),
            too_large: Checked(
                "instance retry-blocks check: read object=InferenceService/prod/chat cause=TooLarge",
                "get InferenceService \"prod/chat\": response body exceeds the size limit",
            ),
        },
        Case {
            args: &["runtime", "effective", "chat", "-n", "prod"],
            // Its service read is capped at 10 s; the runtime reads after it are evidence.
            limit: secs(10),
            timed_out: Checked(
                "runtime effective check: read object=InferenceService/prod/chat cause=Timeout",
                "get InferenceService: context deadline exceeded",
            ),
            too_large: Checked(
                "runtime effective check: read object=InferenceService/prod/chat cause=TooLarge",
                "get InferenceService: response body exceeds the size limit",
            ),
        },
        Case {
            args: &["admin", "doctor", "--isvc", "chat", "-n", "prod"],
            // Discovery and the manager Deployment are evidence; the service read is fatal.
            // Seven discovery reads of 10 s each meet the command's 30 s bound first.
            limit: secs(30),
            timed_out: Error("doctor canceled or timed out"),
            too_large: Checked(
                "admin doctor check: read object=InferenceService/prod/chat cause=TooLarge",
                "doctor collection failed",
            ),
        },
        Case {
            args: &[
                "wait",
                "chat",
                "-n",
                "prod",
                "--for=condition=Ready",
                "--timeout=20s",
            ],
            limit: secs(20),
            // Every read timed out and was skipped until the wait's own `--timeout`
            // (difference l, docs/wait.md).
            timed_out: Error("AcquisitionUnavailable: no read succeeded before the timeout"),
            too_large: Checked(
                "wait check: read object=InferenceService/prod/chat cause=TooLarge",
                "AcquisitionFailed",
            ),
        },
    ]
}

/// Runs every command against one misbehaving server, concurrently, and checks each.
fn run_all(misbehaviour: Misbehaviour, expect: fn(&Case) -> Expected) {
    let cluster = shared().unwrap();
    let server = MisbehavingServer::start(cluster, misbehaviour.clone()).unwrap();
    let kubeconfig = server.kubeconfig("reader").unwrap();
    let runs: Vec<(Case, Measured)> = std::thread::scope(|scope| {
        let handles: Vec<_> = cases()
            .into_iter()
            .map(|case| {
                let kubeconfig = kubeconfig.clone();
                scope.spawn(move || {
                    let measured = plugin_measured(Some(&kubeconfig), case.args);
                    (case, measured)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (case, m) in &runs {
        eprintln!(
            "{misbehaviour:?} {:?}: exit {} in {:.1}s, peak RSS {} KiB, stderr {:?}",
            case.args,
            m.run.code,
            m.wall.as_secs_f64(),
            m.peak_rss_kib,
            m.run.stderr
        );
    }
    for (case, m) in &runs {
        let context = format!("{misbehaviour:?} {:?}", case.args);
        let stderr = match expect(case) {
            Error(message) => format!("error: {message}\n"),
            Checked(line, message) => format!("{line}\nerror: {message}\n"),
        };
        assert_eq!(
            (m.run.code, m.run.stdout.as_str(), m.run.stderr.as_str()),
            (1, "", stderr.as_str()),
            "{context}"
        );
        assert!(
            m.wall <= case.limit + SLACK,
            "{misbehaviour:?} {:?} took {:?} (limit {:?})",
            case.args,
            m.wall,
            case.limit
        );
        assert!(
            m.peak_rss_kib < PEAK_RSS_LIMIT_KIB,
            "{misbehaviour:?} {:?} peaked at {} KiB",
            case.args,
            m.peak_rss_kib
        );
    }
    assert!(
        server.requests() >= runs.len(),
        "every command reached the server"
    );
}

#[test]
fn an_endless_body_is_refused_at_the_cap() {
    run_all(Misbehaviour::EndlessBody, |c| c.too_large);
}

#[test]
fn a_declared_huge_body_is_refused_before_reading() {
    run_all(Misbehaviour::HugeDeclaredBody, |c| c.too_large);
}

#[test]
fn a_server_that_never_answers_meets_the_time_limit() {
    run_all(Misbehaviour::NeverAnswer, |c| c.timed_out);
}

#[test]
fn headers_then_silence_meet_the_time_limit() {
    run_all(Misbehaviour::SilentBody, |c| c.timed_out);
}

/// `version` and completion never fail on the server, but they wait for it only so long: the
/// server version for 5 s, service names for 2 s.
#[test]
fn version_and_completion_stay_bounded() {
    let cluster = shared().unwrap();
    for misbehaviour in [Misbehaviour::NeverAnswer, Misbehaviour::EndlessBody] {
        let server = MisbehavingServer::start(cluster, misbehaviour.clone()).unwrap();
        let kubeconfig = server.kubeconfig("reader").unwrap();
        let m = plugin_measured(Some(&kubeconfig), &["version"]);
        eprintln!(
            "{misbehaviour:?} version: exit {} in {:.1}s, peak RSS {} KiB",
            m.run.code,
            m.wall.as_secs_f64(),
            m.peak_rss_kib
        );
        assert_eq!(
            (m.run.code, m.run.stderr.as_str()),
            (0, ""),
            "{misbehaviour:?}"
        );
        let server_line = m
            .run
            .stdout
            .lines()
            .find(|l| l.starts_with("Server Version"));
        assert!(
            server_line.is_some_and(|l| l.starts_with("Server Version: unknown (")),
            "{misbehaviour:?}: {}",
            m.run.stdout
        );
        assert!(
            m.wall <= Duration::from_secs(5) + SLACK,
            "{misbehaviour:?}: {:?}",
            m.wall
        );
        assert!(m.peak_rss_kib < PEAK_RSS_LIMIT_KIB, "{misbehaviour:?}");

        let started = std::time::Instant::now();
        let completion = support::completion_command(Some(&kubeconfig))
            .args(["rollout", "status", "-n", "prod", ""])
            .output()
            .unwrap();
        let wall = started.elapsed();
        eprintln!("{misbehaviour:?} completion: {:.1}s", wall.as_secs_f64());
        assert_eq!(String::from_utf8_lossy(&completion.stdout), ":4\n");
        assert!(completion.stderr.is_empty(), "{misbehaviour:?}");
        assert!(
            wall <= Duration::from_secs(2) + SLACK,
            "{misbehaviour:?}: {wall:?}"
        );
    }
}

/// A misbehaving read after real ones: the proxy lets the real server answer everything but the
/// hooked requests, so each command meets the endless body where it reads a list page, a
/// runtime, a `/scale` or a watch.
mod behind_the_proxy {
    use super::*;
    use ome_testenv::fixtures::CHAT_RUNTIME;
    use ome_testenv::{ChatFixture, Hook, Proxy, ProxyOptions};
    use std::path::PathBuf;

    async fn measured(kubeconfig: &std::path::Path, ns: &str, args: &[&str]) -> Measured {
        let kubeconfig: PathBuf = kubeconfig.to_path_buf();
        let args: Vec<String> = args
            .iter()
            .copied()
            .chain(["-n", ns])
            .map(String::from)
            .collect();
        let shown = args.clone();
        let m = tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            plugin_measured(Some(&kubeconfig), &args)
        })
        .await
        .unwrap();
        eprintln!(
            "{shown:?}: exit {} in {:.1}s, peak RSS {} KiB",
            m.run.code,
            m.wall.as_secs_f64(),
            m.peak_rss_kib
        );
        assert!(
            m.peak_rss_kib < PEAK_RSS_LIMIT_KIB,
            "{shown:?}: {} KiB",
            m.peak_rss_kib
        );
        m
    }

    /// A refused scale: its `scale check:` lines (diagnose.md §5.1), then the error line.
    fn refused(m: &Measured, checks: &[&str], message: &str) {
        let stderr: String = checks
            .iter()
            .map(|line| format!("{line}\n"))
            .chain([format!("error: {message}\n")])
            .collect();
        assert_eq!(
            (m.run.code, m.run.stdout.as_str(), m.run.stderr.as_str()),
            (1, "", stderr.as_str())
        );
    }

    /// The value of a `FIELD   VALUE...` row.
    fn row<'a>(table: &'a str, field: &str) -> Vec<&'a str> {
        table
            .lines()
            .find(|l| l.starts_with(field))
            .map(|l| l.trim_start_matches(field).split_whitespace().collect())
            .unwrap_or_default()
    }

    async fn chat_behind_proxy(prefix: &str) -> (String, Proxy) {
        let cluster = shared().unwrap();
        let ns = cluster.namespace(prefix).await.unwrap();
        let admin = cluster.admin().await.unwrap();
        ChatFixture::new().create(&admin, &ns).await.unwrap();
        (ns, Proxy::start(cluster, ProxyOptions::default()).unwrap())
    }

    #[tokio::test]
    async fn an_endless_list_page_is_refused_at_the_page_cap() {
        let (ns, proxy) = chat_behind_proxy("bounded-list").await;
        let list = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas");
        proxy.add_hook(
            Hook::new("GET", &list)
                .every()
                .misbehave(Misbehaviour::EndlessBody),
        );
        let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();

        // The failed LIST is evidence: the report says the source is unavailable.
        let m = measured(&kubeconfig, &ns, &["instance", "list", "chat"]).await;
        assert_eq!(
            m.run.ok(),
            "COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
             -      -         -       -      -      ---   SOURCE-UNAVL\n"
        );
        let m = measured(&kubeconfig, &ns, &["migration", "status", "chat"]).await;
        let list_line = |c: &str| {
            format!("{c} check: read object=InferenceReplicaList/{ns}/chat cause=TooLarge")
        };
        refused(
            &m,
            &[&list_line("migration status")],
            "collect migration status: list related InferenceReplicas: response body exceeds the size limit",
        );
        let wait = [
            "wait",
            "chat",
            "--for=replicas=ready",
            "--component",
            "engine",
            "--replicas",
            "2",
        ];
        refused(
            &measured(&kubeconfig, &ns, &wait).await,
            &[&list_line("wait")],
            "AcquisitionFailed",
        );
    }

    #[tokio::test]
    async fn endless_runtime_scale_and_watch_reads_are_refused() {
        let (ns, proxy) = chat_behind_proxy("bounded-later").await;
        let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
        let scale = [
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
        ];

        let runtime = format!("/apis/ome.io/v1beta1/clusterservingruntimes/{CHAT_RUNTIME}");
        proxy.add_hook(
            Hook::new("GET", &runtime)
                .every()
                .misbehave(Misbehaviour::EndlessBody),
        );
        let m = measured(&kubeconfig, &ns, &scale).await;
        refused(
            &m,
            &[
                "scale check: native-runtime runtime=ClusterServingRuntime/srt-llama-3-2-1b-instruct-pd pin=AutoSync cause=Unreadable",
            ],
            "action refused: active runtime is unavailable, inconsistent or unbound",
        );

        proxy.clear_hooks();
        let live =
            format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine/scale");
        proxy.add_hook(
            Hook::new("GET", &live)
                .every()
                .misbehave(Misbehaviour::EndlessBody),
        );
        let m = measured(
            &kubeconfig,
            &ns,
            &["autoscale", "status", "chat", "--live-scale"],
        )
        .await;
        let table = m.run.ok();
        assert_eq!(
            row(table, "LIVE-EVIDENCE"),
            ["-", "Unavailable", "Reported", "Reported"]
        );
        let m = measured(&kubeconfig, &ns, &scale).await;
        // The read line names the whole object and its cause (difference ae).
        assert_eq!(
            m.run.stderr,
            format!(
                "scale check: read object=InferenceReplica/{ns}/chat-engine/scale cause=TooLarge\n\
                 error: {SCALE_READ_FAILED}\n"
            )
        );
        assert_eq!((m.run.code, m.run.stdout.as_str()), (1, ""));

        // The watch's one event line never ends: the wait falls back to polling and times out.
        proxy.clear_hooks();
        let watch = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices");
        proxy.add_hook(
            Hook::new("GET", &watch)
                .every()
                .misbehave(Misbehaviour::EndlessLine),
        );
        let wait = [
            "wait",
            "chat",
            "--for=condition=Ready=False",
            "--timeout",
            "10s",
        ];
        let m = measured(&kubeconfig, &ns, &wait).await;
        assert_eq!(
            (m.run.code, m.run.stderr.as_str()),
            (2, "error: RequestedConditionUnmet\n")
        );
        assert_eq!(row(&m.run.stdout, "Polling fallback"), ["true"]);
        assert_eq!(row(&m.run.stdout, "Outcome"), ["TimedOut"]);
        assert!(
            proxy
                .requests()
                .iter()
                .any(|r| r.uri.contains("watch=true")),
            "the watch was opened"
        );
    }
}
