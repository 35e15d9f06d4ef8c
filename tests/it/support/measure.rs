//! Runs the plugin under `/usr/bin/time` (GNU time, Debian package `time`) to read what a user
//! would measure: its peak resident memory and wall time.

use super::{Run, binary, isolate};
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A run with its peak resident set size and wall time.
#[derive(Debug)]
pub struct Measured {
    pub run: Run,
    /// Peak resident set size in KiB.
    pub peak_rss_kib: u64,
    pub wall: Duration,
}

/// `/usr/bin/time -v -o report kubectl-ome args`, isolated like [`super::command`].
fn timed(kubeconfig: Option<&Path>, args: &[&str], report: &Path) -> Command {
    let mut command = Command::new("/usr/bin/time");
    command
        .args(["-v", "-o"])
        .arg(report)
        .arg(binary())
        .args(args);
    isolate(&mut command, kubeconfig);
    command
}

/// The run, with the "Maximum resident set size" of `/usr/bin/time -v`'s report.
fn measured(output: Output, wall: Duration, report: &Path) -> Measured {
    let text = std::fs::read_to_string(report).expect("read /usr/bin/time's report");
    let peak_rss_kib = text
        .lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|kib| kib.parse().ok())
        .unwrap_or_else(|| panic!("/usr/bin/time report: {text:?}"));
    Measured {
        run: output.into(),
        peak_rss_kib,
        wall,
    }
}

const NO_TIME: &str = "run kubectl-ome under /usr/bin/time (install the `time` package)";

/// Runs `kubectl-ome args` like [`super::plugin`] (same isolated environment), measured by
/// `/usr/bin/time -v`.
pub fn plugin_measured(kubeconfig: Option<&Path>, args: &[&str]) -> Measured {
    let report = tempfile::NamedTempFile::new().expect("temp file for /usr/bin/time");
    let mut command = timed(kubeconfig, args, report.path());
    let started = Instant::now();
    let output = command.output().expect(NO_TIME);
    measured(output, started.elapsed(), report.path())
}

/// [`plugin_measured`] without blocking the runtime, for many runs at once.
pub async fn plugin_measured_async(kubeconfig: Option<&Path>, args: &[&str]) -> Measured {
    let report = tempfile::NamedTempFile::new().expect("temp file for /usr/bin/time");
    let mut command = tokio::process::Command::from(timed(kubeconfig, args, report.path()));
    let started = Instant::now();
    let output = command.kill_on_drop(true).output().await.expect(NO_TIME);
    measured(output, started.elapsed(), report.path())
}

/// Runs `kubectl-ome args` measured like [`plugin_measured`], reading its stdout as it comes
/// (never holding it): each distinct line and how often it came. For outputs of many lines of
/// few kinds (a hostile log of millions of empty lines). `run.stdout` stays empty.
pub fn plugin_measured_line_counts(
    kubeconfig: Option<&Path>,
    args: &[&str],
) -> (Measured, std::collections::BTreeMap<String, u64>) {
    use std::io::BufRead;
    let report = tempfile::NamedTempFile::new().expect("temp file for /usr/bin/time");
    let mut command = timed(kubeconfig, args, report.path());
    command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn().expect(NO_TIME);
    let stderr = child.stderr.take().expect("piped stderr");
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::BufReader::new(stderr), &mut text).map(|_| text)
    });
    let mut counts = std::collections::BTreeMap::new();
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut line = Vec::new();
    while stdout.read_until(b'\n', &mut line).expect("read stdout") > 0 {
        *counts
            .entry(String::from_utf8_lossy(&line).into_owned())
            .or_insert(0) += 1;
        line.clear();
    }
    let status = child.wait().expect("wait for the plugin");
    let wall = started.elapsed();
    let output = Output {
        status,
        stdout: Vec::new(),
        stderr: errors
            .join()
            .expect("stderr reader")
            .expect("read stderr")
            .into_bytes(),
    };
    (measured(output, wall, report.path()), counts)
}
