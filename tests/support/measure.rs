//! Runs the plugin under `/usr/bin/time` (GNU time, Debian package `time`) to read what a user
//! would measure: its peak resident memory and wall time.

use super::{Run, binary, isolate};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// A run with its peak resident set size and wall time.
#[derive(Debug)]
pub struct Measured {
    pub run: Run,
    /// Peak resident set size in KiB.
    pub peak_rss_kib: u64,
    pub wall: Duration,
}

/// Runs `kubectl-ome args` like [`super::plugin`] (same isolated environment), measured by
/// `/usr/bin/time -v` (its "Maximum resident set size").
pub fn plugin_measured(kubeconfig: Option<&Path>, args: &[&str]) -> Measured {
    let report = tempfile::NamedTempFile::new().expect("temp file for /usr/bin/time");
    let mut command = Command::new("/usr/bin/time");
    command
        .args(["-v", "-o"])
        .arg(report.path())
        .arg(binary())
        .args(args);
    isolate(&mut command, kubeconfig);
    let started = Instant::now();
    let output = command
        .output()
        .expect("run kubectl-ome under /usr/bin/time (install the `time` package)");
    let wall = started.elapsed();
    let text = std::fs::read_to_string(report.path()).expect("read /usr/bin/time's report");
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
