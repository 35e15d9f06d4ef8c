//! `kubectl ome logs` against the real API server (after-the-write.md §1): its `pods/log`
//! requests reach the test kubelet (`ome_testenv::kubelet`) of the Pods' Node. One-shot reads
//! over several Pods, `--follow` until the streams end, a Pod deleted mid-stream, the per-pod
//! bounds, the line bound, sanitised workload output in a pipe and on a terminal, the memory
//! of a 1 GiB log, and the requests each run sends (never a write).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::terminal::plugin_on_terminal;
use crate::support::{Run, binary, cluster, plugin_async, spawn};
use futures::StreamExt;
use k8s_openapi::api::core::v1::Pod;
use kube::api::{Api, DeleteParams};
use ome_testenv::kubelet::{Kubelet, LogHandle, shared_kubelet};
use ome_testenv::wait::poll_until;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn kubelet() -> &'static Kubelet {
    shared_kubelet().expect("test kubelet")
}

/// A namespace with Pods of `chat` on the test kubelet's Node: (name, component, containers).
async fn pods(prefix: &str, specs: &[(&str, &str, &[&str])]) -> String {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    let admin = c.admin().await.unwrap();
    for (name, component, containers) in specs {
        let labels = [
            ("ome.io/inferenceservice", "chat"),
            ("component", *component),
        ];
        kubelet()
            .create_pod(&admin, &ns, name, &labels, containers)
            .await
            .unwrap();
    }
    ns
}

fn log(ns: &str, pod: &str) -> LogHandle {
    kubelet().log(ns, pod, "ome-container")
}

async fn logs(ns: &str, extra: &[&str]) -> Run {
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let mut args = vec!["logs", "chat", "-n", ns];
    args.extend_from_slice(extra);
    plugin_async(Some(&kubeconfig), &args).await
}

/// The requests `reader` sent in `ns` (verb, resource), after checking none was a write.
async fn requests(ns: &str) -> Vec<(String, String)> {
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    let events = audit.requests_by(ns, "reader").unwrap();
    assert!(events.iter().all(|e| !e.is_write()), "{events:#?}");
    events
        .iter()
        .map(|e| (e.verb.clone(), e.resource()))
        .collect()
}

fn pair(verb: &str, resource: &str) -> (String, String) {
    (verb.to_string(), resource.to_string())
}

#[tokio::test]
async fn one_shot_reads_every_pod_in_name_order_with_prefixes() {
    let ns = pods(
        "logs-oneshot",
        &[
            ("chat-router-0", "router", &["ome-container"]),
            ("chat-engine-1", "engine", &["ome-container", "sidecar"]),
            ("chat-engine-0", "engine", &["ome-container"]),
        ],
    )
    .await;
    let admin = cluster().admin().await.unwrap();
    let other = [
        ("ome.io/inferenceservice", "other"),
        ("component", "engine"),
    ];
    kubelet()
        .create_pod(&admin, &ns, "other-engine-0", &other, &["ome-container"])
        .await
        .unwrap();
    log(&ns, "chat-engine-0").write("INFO ready on :8080\nINFO served 12 requests\n");
    log(&ns, "chat-engine-1").write("INFO ready\r\n\nWARN slow\tp99=812ms");
    log(&ns, "chat-router-0").write("route a\nroute b\nroute c\n");
    log(&ns, "other-engine-0").write("not ours\n");

    let all = logs(&ns, &["--tail", "2"]).await;
    assert_eq!((all.code, all.stderr.as_str()), (0, ""), "{}", all.stdout);
    assert_eq!(
        all.stdout,
        "[engine/chat-engine-0] INFO ready on :8080\n\
         [engine/chat-engine-0] INFO served 12 requests\n\
         [engine/chat-engine-1] \n\
         [engine/chat-engine-1] WARN slow\tp99=812ms\n\
         [router/chat-router-0] route b\n\
         [router/chat-router-0] route c\n"
    );
    let one = logs(&ns, &["-c", "router"]).await;
    assert_eq!(
        (one.code, one.stdout.as_str(), one.stderr.as_str()),
        (0, "route a\nroute b\nroute c\n", "")
    );
    let none = logs(&ns, &["-c", "engine", "--instance", "7"]).await;
    let message = format!(
        "error: no pods found for InferenceService \"chat\" in namespace \"{ns}\" (selector component=engine,ome.io/inferenceservice=chat,ome.io/instance-index=7,ome.io/managed-by=OMENative)\n"
    );
    assert_eq!(
        (none.code, none.stdout.as_str(), none.stderr.as_str()),
        (1, "", message.as_str())
    );
    let (list, get_log) = (pair("list", "pods"), pair("get", "pods/log"));
    assert_eq!(
        requests(&ns).await,
        vec![
            list.clone(),
            get_log.clone(),
            get_log.clone(),
            get_log.clone(),
            list.clone(),
            get_log,
            list
        ]
    );
}

#[tokio::test]
async fn since_and_limit_bytes_apply_per_pod() {
    let ns = pods(
        "logs-bounds",
        &[
            ("chat-engine-0", "engine", &["ome-container"]),
            ("chat-engine-1", "engine", &["ome-container"]),
        ],
    )
    .await;
    for pod in ["chat-engine-0", "chat-engine-1"] {
        log(&ns, pod)
            .write_aged(Duration::from_secs(3600), "old line\n")
            .write(format!("new line of {pod}\n"));
    }
    let since = logs(&ns, &["--since", "10m"]).await;
    assert_eq!(
        (since.code, since.stdout.as_str(), since.stderr.as_str()),
        (
            0,
            "[engine/chat-engine-0] new line of chat-engine-0\n\
             [engine/chat-engine-1] new line of chat-engine-1\n",
            ""
        )
    );
    // The cut line is ended with a newline.
    let limited = logs(&ns, &["--limit-bytes", "12"]).await;
    assert_eq!(
        (
            limited.code,
            limited.stdout.as_str(),
            limited.stderr.as_str()
        ),
        (
            0,
            "[engine/chat-engine-0] old line\n[engine/chat-engine-0] new\n\
             [engine/chat-engine-1] old line\n[engine/chat-engine-1] new\n",
            ""
        )
    );
}

#[tokio::test]
async fn a_line_over_the_bound_fails_after_the_lines_before_it() {
    let ns = pods(
        "logs-long",
        &[
            ("chat-engine-0", "engine", &["ome-container"]),
            ("chat-engine-1", "engine", &["ome-container"]),
        ],
    )
    .await;
    log(&ns, "chat-engine-0").write("before\n");
    let mut long = vec![b'x'; 1 << 20];
    long.push(b'\n');
    log(&ns, "chat-engine-1").write("first\n").write(long);
    let run = logs(&ns, &[]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "[engine/chat-engine-0] before\n[engine/chat-engine-1] first\n",
            "error: streaming logs for pod chat-engine-1: log line exceeds 1048576 bytes\n"
        )
    );
    // One byte less is a line.
    let ns = pods(
        "logs-long-ok",
        &[("chat-engine-0", "engine", &["ome-container"])],
    )
    .await;
    let mut at_bound = vec![b'y'; (1 << 20) - 1];
    at_bound.push(b'\n');
    log(&ns, "chat-engine-0").write(at_bound.clone());
    let run = logs(&ns, &[]).await;
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.stdout.as_bytes(), at_bound.as_slice());
}

#[tokio::test]
async fn escape_sequences_are_shown_escaped_in_a_pipe_and_on_a_terminal() {
    let ns = pods(
        "logs-escape",
        &[("chat-engine-0", "engine", &["ome-container"])],
    )
    .await;
    log(&ns, "chat-engine-0").write(
        "\x1b[33mWARN\x1b[0m slow batch\tp99=812ms\n\x1b]0;owned\x07 title\rover \u{202E}rtl\x7f\n\
         user\u{200B}=admin\u{2060}\u{FEFF}\u{3164}\u{E0041}\n",
    );
    let expected = "\\u001B[33mWARN\\u001B[0m slow batch\tp99=812ms\n\
                    \\u001B]0;owned\\u0007 title\\rover \\u202Ertl\\u007F\n\
                    user\\u200B=admin\\u2060\\uFEFF\\u3164\\uDB40\\uDC41\n";
    let piped = logs(&ns, &[]).await;
    assert_eq!(
        (piped.code, piped.stdout.as_str(), piped.stderr.as_str()),
        (0, expected, "")
    );
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let screen = plugin_on_terminal(&kubeconfig, &["logs", "chat", "-n", &ns]).await;
    // The terminal turns LF into CR LF; nothing else differs from the pipe.
    assert_eq!(screen.replace("\r\n", "\n"), expected);
}

#[tokio::test]
async fn a_waiting_container_fails_after_earlier_pods_were_printed() {
    let ns = pods(
        "logs-waiting",
        &[
            ("chat-engine-0", "engine", &["ome-container"]),
            ("chat-engine-1", "engine", &["ome-container"]),
        ],
    )
    .await;
    log(&ns, "chat-engine-0").write("up\n");
    log(&ns, "chat-engine-1").fail(
        400,
        "container \"ome-container\" in pod \"chat-engine-1\" is waiting to start: ContainerCreating",
    );
    let run = logs(&ns, &[]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "[engine/chat-engine-0] up\n",
            "error: streaming logs for pod chat-engine-1: container \"ome-container\" in pod \"chat-engine-1\" is waiting to start: ContainerCreating\n"
        )
    );
    // With --follow no line is printed before every stream is open.
    let follow = logs(&ns, &["-f"]).await;
    assert_eq!((follow.code, follow.stdout.as_str()), (1, ""));
    assert!(
        follow
            .stderr
            .starts_with("error: streaming logs for pod chat-engine-1: ")
    );
}

#[tokio::test]
async fn follow_ends_when_every_stream_ends_and_a_deleted_pod_ends_its_own() {
    let ns = pods(
        "logs-follow",
        &[
            ("chat-engine-0", "engine", &["ome-container"]),
            ("chat-engine-1", "engine", &["ome-container"]),
        ],
    )
    .await;
    let (zero, one) = (log(&ns, "chat-engine-0"), log(&ns, "chat-engine-1"));
    zero.write("0 old\n");
    one.write("1 old\n");
    let too_many = logs(&ns, &["-f", "--max-log-requests", "1"]).await;
    assert_eq!(
        (
            too_many.code,
            too_many.stdout.as_str(),
            too_many.stderr.as_str()
        ),
        (
            1,
            "",
            "error: you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit\n"
        )
    );
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let started = Instant::now();
    let background = spawn(
        &kubeconfig,
        &["logs", "chat", "-n", &ns, "-f", "--tail", "1"],
    );
    poll_until(
        Duration::from_secs(30),
        Duration::from_millis(50),
        || async { Ok((zero.followers() == 1 && one.followers() == 1).then_some(())) },
    )
    .await
    .unwrap();
    zero.write("0 new a\n");
    one.write("1 new a\n");
    // The kubelet ends the stream of a deleted Pod; the other one goes on.
    let admin = cluster().admin().await.unwrap();
    Api::<Pod>::namespaced(admin, &ns)
        .delete("chat-engine-1", &DeleteParams::default().grace_period(0))
        .await
        .unwrap();
    one.end();
    zero.write("0 new b\n");
    zero.end();
    let run = background.finish().await;
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let of = |pod: &str| -> Vec<&str> {
        run.stdout
            .lines()
            .filter(|l| l.starts_with(&format!("[engine/{pod}] ")))
            .collect()
    };
    assert_eq!(
        of("chat-engine-0"),
        [
            "[engine/chat-engine-0] 0 old",
            "[engine/chat-engine-0] 0 new a",
            "[engine/chat-engine-0] 0 new b"
        ]
    );
    assert_eq!(
        of("chat-engine-1"),
        [
            "[engine/chat-engine-1] 1 old",
            "[engine/chat-engine-1] 1 new a"
        ]
    );
    assert_eq!(run.stdout.lines().count(), 5, "{}", run.stdout);
    let (list, get_log) = (pair("list", "pods"), pair("get", "pods/log"));
    // The refused --follow sent only its LIST.
    assert_eq!(
        requests(&ns).await,
        vec![list.clone(), list, get_log.clone(), get_log]
    );
}

#[tokio::test]
async fn arguments_are_refused_before_any_request() {
    let c = cluster();
    crate::support::assert_rejected_without_requests(
        c,
        "reader",
        &[
            (vec!["logs"], "accepts 1 arg(s), received 0".to_string()),
            (
                vec!["logs", "chat", "--tail", "x"],
                "invalid argument \"x\" for \"--tail\" flag".to_string(),
            ),
            (
                vec!["logs", "chat", "-c", "gpu"],
                "invalid component \"gpu\" (valid: engine, decoder, router)".to_string(),
            ),
            (
                vec!["logs", "chat", "-f", "--limit-bytes", "10"],
                "--limit-bytes cannot be used with --follow".to_string(),
            ),
            (
                vec!["logs", "chat", "--revision", "other-engine-0a1b2c3d"],
                "revision \"other-engine-0a1b2c3d\" does not belong to InferenceService \"chat\""
                    .to_string(),
            ),
        ],
    )
    .await;
}

/// Peak resident memory of the plugin while one Pod's log of 1 GiB streams through it to a
/// pipe: under 64 MiB, whatever the log's size (measured by `/usr/bin/time -v`).
#[tokio::test]
async fn a_one_gib_log_streams_in_bounded_memory() {
    const TOTAL: u64 = 1 << 30;
    let ns = pods(
        "logs-gib",
        &[("chat-engine-0", "engine", &["ome-container"])],
    )
    .await;
    let line = format!("{:0>127}\n", "INFO token");
    log(&ns, "chat-engine-0").generate(line.clone(), TOTAL);
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let report = tempfile::NamedTempFile::new().unwrap();
    let report_path = report.path().to_path_buf();
    let ns_arg = ns.clone();
    let (bytes, last, code, wall) = tokio::task::spawn_blocking(move || {
        let mut child = Command::new("/usr/bin/time")
            .arg("-v")
            .arg("-o")
            .arg(&report_path)
            .arg(binary())
            .args(["logs", "chat", "-n", &ns_arg])
            .env_remove("KUBECONFIG")
            .env("KUBECONFIG", &kubeconfig)
            .env("HOME", "/nonexistent-home-for-tests")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run kubectl-ome under /usr/bin/time");
        let started = Instant::now();
        let mut stdout = child.stdout.take().unwrap();
        let mut buffer = vec![0u8; 1 << 16];
        let (mut bytes, mut last) = (0u64, Vec::new());
        loop {
            let n = stdout.read(&mut buffer).unwrap();
            if n == 0 {
                break;
            }
            bytes += n as u64;
            last = buffer[..n].to_vec();
        }
        let status = child.wait().unwrap();
        (bytes, last, status.code(), started.elapsed())
    })
    .await
    .unwrap();
    let text = std::fs::read_to_string(report.path()).unwrap();
    let peak_kib: u64 = text
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.parse().ok())
        .unwrap();
    eprintln!("logs: 1 GiB streamed in {wall:?}, peak RSS {peak_kib} KiB");
    assert_eq!((code, bytes), (Some(0), TOTAL));
    assert!(last.ends_with(b"\n"));
    assert!(peak_kib < 64 * 1024, "peak RSS {peak_kib} KiB");
}

/// `| head` closes stdout: the command ends at once, quietly, with exit 1 (no `error:` line).
#[tokio::test]
async fn a_closed_stdout_ends_the_command_quietly() {
    let ns = pods(
        "logs-pipe",
        &[("chat-engine-0", "engine", &["ome-container"])],
    )
    .await;
    // Far more than a pipe buffers, so the plugin meets the closed pipe.
    log(&ns, "chat-engine-0").generate(format!("{:0>63}\n", "line"), 64 << 20);
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let script = format!(
        "kubectl ome logs chat -n {ns} 2>stderr.txt | head -n 1; \
         echo \"exit=${{PIPESTATUS[0]}}\"; cat stderr.txt"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut command = crate::support::shell(Some(&kubeconfig), &script);
    command.current_dir(dir.path());
    let run: Run =
        tokio::task::spawn_blocking(move || crate::support::checked_output(&mut command))
            .await
            .unwrap()
            .into();
    let first = format!("{:0>63}", "line");
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, format!("{first}\nexit=1\n").as_str(), "")
    );
}

/// Discovery is paged and bounded: 201 pods are more than it reads (an error naming the LIST
/// requests sent), and an expired continuation (410) restarts from page one, once.
#[tokio::test]
async fn discovery_pages_restarts_once_after_410_and_stops_at_its_bound() {
    let c = cluster();
    let ns = c.namespace("logs-pages").await.unwrap();
    let admin = c.admin().await.unwrap();
    let names: Vec<(String, &str)> = (0..201)
        .map(|i| match i < 60 {
            true => (format!("chat-engine-{i:03}"), "engine"),
            false => (format!("chat-router-{i:03}"), "router"),
        })
        .collect();
    let creates = names.iter().map(|(name, component)| {
        let (admin, ns) = (&admin, &ns);
        async move {
            let labels = [
                ("ome.io/inferenceservice", "chat"),
                ("component", *component),
            ];
            kubelet()
                .create_pod(admin, ns, name, &labels, &["ome-container"])
                .await
                .unwrap();
            log(ns, name).write(format!("{name} up\n"));
        }
    });
    futures::stream::iter(creates)
        .buffer_unordered(16)
        .collect::<Vec<()>>()
        .await;
    let all = logs(&ns, &[]).await;
    assert_eq!(
        (all.code, all.stdout.as_str(), all.stderr.as_str()),
        (
            1,
            "",
            "error: pod discovery was truncated after 5 requests; narrow the query with --component, --instance, or --revision\n"
        )
    );
    let proxy = ome_testenv::Proxy::start(c, ome_testenv::ProxyOptions::default()).unwrap();
    let expired = r#"{"kind":"Status","apiVersion":"v1","status":"Failure","code":410,"reason":"Expired","message":"The provided continue parameter is too old"}"#;
    let list_path = format!("/api/v1/namespaces/{ns}/pods");
    proxy.add_hook(
        ome_testenv::Hook::new("GET", &list_path)
            .nth(2)
            .respond(410, expired),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();
    let engines = plugin_async(
        Some(&kubeconfig),
        &["logs", "chat", "-n", &ns, "-c", "engine"],
    )
    .await;
    assert_eq!((engines.code, engines.stderr.as_str()), (0, ""));
    let expected: String = (0..60)
        .map(|i| format!("[engine/chat-engine-{i:03}] chat-engine-{i:03} up\n"))
        .collect();
    assert_eq!(engines.stdout, expected);
    let lists: Vec<String> = proxy
        .requests()
        .into_iter()
        .filter(|r| r.path() == list_path)
        .map(|r| r.uri)
        .collect();
    assert_eq!(lists.len(), 4, "{lists:#?}");
    assert!(!lists[0].contains("continue=") && lists[1].contains("continue="));
    assert!(!lists[2].contains("continue=") && lists[3].contains("continue="));
}
