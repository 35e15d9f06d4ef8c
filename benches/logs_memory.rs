//! Benchmark (not a test): the peak resident memory and wall time of `kubectl ome logs` against
//! the local API server and its test kubelet, for what a server may send (issue 42):
//!   * hostile: a pod LIST (answered by the test proxy) giving one Pod a 4 KB component label
//!     and another one that would forge a prefix (`engine] [router/x`); one Pod's log is 4 MiB
//!     of empty lines the kubelet sends as one frame through the API server, and the proxy
//!     answers a third Pod's log request itself with one 4 MiB frame of empty lines;
//!   * 1 GiB: one Pod's log of 1 GiB in lines of 128 bytes.
//!
//! Each run is measured by `/usr/bin/time -v` (Debian package `time`); stdout is read and its
//! lines counted as they come. Every run must stay at or under 64 MiB of peak RSS: the bench
//! fails otherwise.
//!
//! Run: `cargo bench --bench logs_memory` (this run's binary), or with
//! `LOGS_MEMORY_BINS=/path/a:/path/b` to compare builds; `LOGS_MEMORY_ROUNDS` (default 3).

use anyhow::{Context, Result, ensure};
use k8s_openapi::api::core::v1::Pod;
use ome_testenv::kubelet::shared_kubelet;
use ome_testenv::{Hook, Proxy, ProxyOptions, shared};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The bound of issue 42: whatever the server sends.
const PEAK_RSS_LIMIT_KIB: u64 = 64 << 10;
/// Empty lines in each 4 MiB frame.
const EMPTY_LINES: u64 = 4 << 20;
/// The size of the large, ordinary log.
const GIB: u64 = 1 << 30;

/// One measured run: peak RSS, wall time, lines on stdout.
struct Measured {
    peak_rss_kib: u64,
    wall: Duration,
    lines: u64,
}

/// `binary logs chat -n ns` under `/usr/bin/time -v`, stdout read and its lines counted.
fn measure(binary: &Path, kubeconfig: &Path, ns: &str) -> Result<Measured> {
    let report = tempfile::NamedTempFile::new()?;
    let mut child = Command::new("/usr/bin/time")
        .args(["-v", "-o"])
        .arg(report.path())
        .arg(binary)
        .args(["logs", "chat", "-n", ns])
        .env("KUBECONFIG", kubeconfig)
        .env("HOME", "/nonexistent-home-for-benchmarks")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("running the plugin under /usr/bin/time (install the `time` package)")?;
    let started = Instant::now();
    let stdout = child.stdout.take().context("the plugin's stdout")?;
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut lines = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        lines += buffer.iter().filter(|b| **b == b'\n').count() as u64;
        let n = buffer.len();
        reader.consume(n);
    }
    let status = child.wait()?;
    let wall = started.elapsed();
    ensure!(status.success(), "{}: {status}", binary.display());
    let text = std::fs::read_to_string(report.path())?;
    let peak_rss_kib = text
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.parse().ok())
        .context("no peak RSS in /usr/bin/time's report")?;
    Ok(Measured {
        peak_rss_kib,
        wall,
        lines,
    })
}

/// The hostile scenario's namespace and the kubeconfig through its proxy (kept alive by the
/// returned proxy).
async fn hostile() -> Result<(String, PathBuf, Proxy, u64)> {
    let cluster = shared()?;
    let ns = cluster.namespace("bench-hostile-logs").await?;
    let admin = cluster.admin().await?;
    let kubelet = shared_kubelet()?;
    let labels = [("ome.io/inferenceservice", "chat"), ("component", "engine")];
    let pods = ["chat-engine-0", "chat-engine-1", "chat-engine-2"];
    for pod in pods {
        kubelet
            .create_pod(&admin, &ns, pod, &labels, &["ome-container"])
            .await?;
    }
    let empty = usize::try_from(EMPTY_LINES)?;
    kubelet
        .log(&ns, "chat-engine-0", "ome-container")
        .write(vec![b'\n'; empty]);
    kubelet
        .log(&ns, "chat-engine-1", "ome-container")
        .write("INFO ready\n");
    let stored = kube::Api::<Pod>::namespaced(admin, &ns)
        .list(&Default::default())
        .await?;
    let mut list = serde_json::to_value(&stored)?;
    let hostile = [
        "x".repeat(4096),
        "engine] [router/x".into(),
        "Engine".into(),
    ];
    let items = list
        .get_mut("items")
        .and_then(|items| items.as_array_mut())
        .context("a pod list")?;
    for (item, label) in items.iter_mut().zip(&hostile) {
        if let Some(labels) = item
            .pointer_mut("/metadata/labels")
            .and_then(|l| l.as_object_mut())
        {
            labels.insert("component".into(), json!(label));
        }
    }
    let proxy = Proxy::start(cluster, ProxyOptions::default())?;
    proxy.add_hook(
        Hook::new("GET", &format!("/api/v1/namespaces/{ns}/pods"))
            .every()
            .respond(200, &list.to_string()),
    );
    proxy.add_hook(
        Hook::new(
            "GET",
            &format!("/api/v1/namespaces/{ns}/pods/chat-engine-2/log"),
        )
        .every()
        .respond(200, &"\n".repeat(empty)),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("reader")?;
    Ok((ns, kubeconfig, proxy, 2 * EMPTY_LINES + 1))
}

/// The 1 GiB scenario: one Pod, no prefix.
async fn one_gib() -> Result<(String, PathBuf, u64)> {
    let cluster = shared()?;
    let ns = cluster.namespace("bench-gib-logs").await?;
    let admin = cluster.admin().await?;
    let kubelet = shared_kubelet()?;
    let labels = [("ome.io/inferenceservice", "chat"), ("component", "engine")];
    kubelet
        .create_pod(&admin, &ns, "chat-engine-0", &labels, &["ome-container"])
        .await?;
    let line = format!("{:0>127}\n", "INFO token");
    let lines = GIB / line.len() as u64;
    kubelet
        .log(&ns, "chat-engine-0", "ome-container")
        .generate(line, GIB);
    Ok((ns, cluster.kubeconfig("reader")?, lines))
}

#[tokio::main]
async fn main() -> Result<()> {
    let binaries: Vec<PathBuf> = match std::env::var_os("LOGS_MEMORY_BINS") {
        Some(list) => std::env::split_paths(&list).collect(),
        None => vec![PathBuf::from(env!("CARGO_BIN_EXE_kubectl-ome"))],
    };
    let rounds: u32 = match std::env::var("LOGS_MEMORY_ROUNDS") {
        Ok(value) => value.parse()?,
        Err(_) => 3,
    };
    let (hostile_ns, hostile_kubeconfig, _proxy, hostile_lines) = hostile().await?;
    let (gib_ns, gib_kubeconfig, gib_lines) = one_gib().await?;
    let scenarios = [
        ("hostile", hostile_ns, hostile_kubeconfig, hostile_lines),
        ("1 GiB", gib_ns, gib_kubeconfig, gib_lines),
    ];
    let results = tokio::task::spawn_blocking(move || -> Result<Vec<String>> {
        let mut rows = Vec::new();
        let mut over = Vec::new();
        for (name, ns, kubeconfig, expected_lines) in &scenarios {
            for binary in &binaries {
                for round in 1..=rounds {
                    let run = measure(binary, kubeconfig, ns)?;
                    ensure!(
                        run.lines == *expected_lines,
                        "{name}: {} lines, expected {expected_lines}",
                        run.lines
                    );
                    rows.push(format!(
                        "{name:<8} round {round}  peak RSS {:>7} KiB  wall {:>6.2} s  {:>10} lines  {}",
                        run.peak_rss_kib,
                        run.wall.as_secs_f64(),
                        run.lines,
                        binary.display()
                    ));
                    if run.peak_rss_kib > PEAK_RSS_LIMIT_KIB {
                        over.push(format!("{name}: {} KiB", run.peak_rss_kib));
                    }
                }
            }
        }
        for row in &rows {
            println!("{row}");
        }
        ensure!(
            over.is_empty(),
            "peak RSS over {PEAK_RSS_LIMIT_KIB} KiB: {}",
            over.join(", ")
        );
        Ok(rows)
    })
    .await??;
    println!(
        "logs memory: {} runs, every one at or under {} KiB",
        results.len(),
        PEAK_RSS_LIMIT_KIB
    );
    Ok(())
}
